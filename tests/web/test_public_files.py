"""Public pages rendered to files when they change, and served before the application runs."""

from __future__ import annotations

import pytest

import json
import tempfile
from collections.abc import Iterable
from io import BytesIO
from pathlib import Path
from datetime import timedelta
from typing import Any
from unittest import mock

from django.db import connection, transaction
from django.db.models import F
from django.contrib import admin
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages import sections as section_pages
from swisspair_web.tournaments.public import ahead, caching, changes, render, sections, store
from swisspair_web.tournaments.public.serve import PublicFiles
from swisspair_web.tournaments.rows import PublicRender, PublicWant, Round, Section
from swisspair_web.tournaments.reads import norms as norms_reads
from swisspair_web.tournaments.reads import ratings as ratings_reads
from swisspair_web.tournaments.reads import rounds as rounds_reads
from swisspair_web.tournaments.reads import standings as standings_reads
from swisspair_web.tournaments.services import categories as category_services

from .helpers import BaseTestCase

ORIGIN = "http://testserver"


def anonymous(path: str, language: str = "en") -> bytes:
    """What a visitor who is not logged in gets from the application itself."""
    response = Client(HTTP_ACCEPT_LANGUAGE=language).get(path)
    assert response.status_code == 200, (path, response.status_code)
    return render.CSRF_INPUT.sub(b"", response.content)


class PublicFilesTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        directory = tempfile.TemporaryDirectory(prefix="swisspair-public-")
        self.addCleanup(directory.cleanup)
        self.root = Path(directory.name)
        override = override_settings(SWISSPAIR_PUBLIC_DIR=self.root, SWISSPAIR_PUBLIC_FILES=True)
        override.enable()
        self.addCleanup(override.disable)
        store.recorded.clear()
        # the seeding's commit callbacks never run in a test's transaction: the tests run theirs
        transaction.get_connection().run_on_commit.clear()

    def pair(self) -> services.PairingOutcome:
        with self.captureOnCommitCallbacks(execute=True):
            return super().pair()

    def play_round(self, number: int | None = None, code: str = "10") -> None:
        with self.captureOnCommitCallbacks(execute=True):
            super().play_round(number, code)

    def render(self) -> int:
        return render.render_event(self.event.pk)

    def files(self) -> dict[str, bytes]:
        return {str(p.relative_to(self.root)): p.read_bytes() for p in self.root.rglob("*")
                if p.is_file() and not p.relative_to(self.root).parts[0] == "state"}

    def wish(self, page: str, target: int = 0, language: str = "en") -> None:
        json_page = render.is_json(page)
        changes.want(self.event.pk, self.section.pk, page, target, "" if json_page else language,
                          ORIGIN if json_page else "")

    def wish_everything(self) -> None:
        """Every page of the section, in English and Russian, and its JSON, is wanted (players included)."""
        for p in render.PAGES:
            for language in ("en", "ru"):
                self.wish(p.name, 1, language)
                self.wish(p.name, 2, language)

    def assert_files_are_the_application(self, files: Iterable[str]) -> None:
        """Every served file is what the application shows a visitor now."""
        for name in files:
            kind, rest = name.split("/", 1)
            if kind == "html":
                language, path = rest.split("/", 1)
                expected = anonymous("/" + path.removesuffix("index.html"), language)
            else:
                path = "/" + rest.split("/", 2)[2]
                expected = anonymous(path)
            self.assertEqual((self.root / name).read_bytes(), expected, name)

    def publish(self, number: int, publish: bool = True) -> None:
        with self.captureOnCommitCallbacks(execute=True):
            services.publish_round(Round.objects.get(section=self.section, number=number), self.alice, publish)

    def round_results(self, number: int, code: str) -> None:
        rnd = Round.objects.get(section=self.section, number=number)
        with self.captureOnCommitCallbacks(execute=True):
            services.set_results(rnd, self.alice, {b.number: (code, services.seen(b)) for b in rnd.boards.all()},
                                 withdraw_no_shows=False)


@pytest.mark.slow
class UnpublishedRoundTest(PublicFilesTestCase):
    def mentions_round(self, files: dict[str, bytes], number: int) -> list[str]:
        """Files that show round ``number``: its page, or its boards in a JSON."""
        found = [name for name in files if f"/rounds/{number}/" in name or f"/rounds/{number}.json" in name]
        for name, body in files.items():
            if name.endswith(".json"):
                data = json.loads(body)
                rounds = [r for key in ("rounds", "paired_rounds") if isinstance(data.get(key), list)
                          for r in data[key]]
                if any(isinstance(r, dict) and (r.get("round") == number or r.get("number") == number)
                       for r in rounds) or data.get("after_round", 0) >= number:
                    found.append(name)
        return found

    def test_it_never_serves_a_round_that_is_not_published(self) -> None:
        """C.04.2 (the pairings are made public when published): an unpublished round is in no served file,
        before it is published and once it is withdrawn, in any language or JSON."""
        self.wish_everything()
        self.play_round()  # round 1 paired and played, not published
        self.render()
        files = self.files()
        self.assertTrue(files)
        self.assertEqual(self.mentions_round(files, 1), [])
        self.assert_files_are_the_application(files)
        self.publish(1)
        self.render()
        self.assertTrue(self.mentions_round(self.files(), 1))
        self.publish(1, publish=False)  # withdrawn: its files go in the arbiter's request
        self.assertEqual(self.mentions_round(self.files(), 1), [])
        self.render()
        files = self.files()
        self.assertTrue(files)
        self.assertEqual(self.mentions_round(files, 1), [])
        self.assert_files_are_the_application(files)

    def test_it_takes_the_files_down_when_a_published_round_is_unpaired(self) -> None:
        self.wish_everything()
        self.pair()
        self.publish(1)
        self.render()
        self.assertTrue(self.mentions_round(self.files(), 1))
        with self.captureOnCommitCallbacks(execute=True):
            services.unpair_last_round(self.section, self.alice)
        self.assertEqual(self.mentions_round(self.files(), 1), [])

    def test_it_takes_the_files_down_when_a_round_is_withdrawn_without_an_audit_entry(self) -> None:
        """The admin site saves a round without the manager's audit entry: its files go all the same."""
        self.wish_everything()
        self.play_round()
        self.publish(1)
        self.render()
        self.assertTrue(self.mentions_round(self.files(), 1))
        rnd = Round.objects.get(section=self.section, number=1)
        rnd.published_at = None
        request = RequestFactory().post("/admin/")
        request.user = self.alice
        with self.captureOnCommitCallbacks(execute=True):
            admin.site.get_model_admin(Round).save_model(request, rnd, None, True)
        self.assertEqual(self.mentions_round(self.files(), 1), [])

    def test_it_takes_the_files_down_when_the_event_is_made_private(self) -> None:
        self.play_round()
        self.publish(1)
        self.render()
        self.assertTrue(self.files())
        with self.captureOnCommitCallbacks(execute=True):  # as the event's settings page saves it
            self.event.public = False
            services.update_event(self.event, self.alice, ["public"])
        self.assertEqual(self.files(), {})
        self.render()
        self.assertEqual(self.files(), {})


@pytest.mark.slow
class CorrectionTest(PublicFilesTestCase):
    def test_it_brings_a_correction_to_every_public_form_of_the_page(self) -> None:
        """A result corrected after the round (C.04.1 results as recorded) is in the round page, the
        standings, the crosstable, the player cards, their JSON, in every language rendered."""
        self.wish_everything()
        self.play_round(code="10")
        self.publish(1)
        self.render()
        before = self.files()
        self.assert_files_are_the_application(before)
        board = Round.objects.get(section=self.section, number=1).boards.get(number=1)
        with self.captureOnCommitCallbacks(execute=True):
            services.set_results(board.round, self.alice, {1: ("01", services.seen(board))})
        built = self.render()
        after = self.files()
        self.assertGreater(built, 0)
        self.assert_files_are_the_application(after)
        changed = {name for name in after if after[name] != before.get(name)}
        for needle in ("rounds/1/", "rounds/1.json", "standings/", "standings.json", "crosstable/"):
            self.assertTrue(any(needle in name for name in changed), needle)
        for language in ("en", "ru"):
            self.assertTrue(any(name.startswith(f"html/{language}/") and "standings" in name for name in changed))
        players = {board.white.tpn, board.black.tpn} & {1, 2}
        for tpn in players:
            self.assertTrue(any(f"players/{tpn}/" in name for name in changed), tpn)
            self.assertTrue(any(f"players/{tpn}.json" in name for name in changed), tpn)

    def test_it_sweeps_up_a_change_that_queued_nothing(self) -> None:
        """A write that neither audits nor commits through the manager (a script, a restore) is found by
        the worker's sweeper from the event's stamp, and rendered."""
        self.play_round()
        self.publish(1)
        self.render()
        self.assertEqual(changes.sweep(), 0)
        Section.objects.filter(pk=self.section.pk).update(version=F("version") + 1)
        self.assertEqual(changes.sweep(), 1)
        self.assertTrue(PublicRender.objects.get(event=self.event).dirty_at)
        self.render()
        self.assertEqual(changes.sweep(), 0)

    def test_it_sweeps_up_an_event_whose_pass_left_for_later_was_lost(self) -> None:
        """An event whose pages left for later wait for their pass is left to it by the sweeper, until that pass
        has waited longer than a first pass lets it (its task may have died): then it is rendered again."""
        self.play_round()
        self.publish(1)
        self.render()
        Section.objects.filter(pk=self.section.pk).update(version=F("version") + 1)
        marks = PublicRender.objects.filter(event=self.event)
        marks.update(rest_at=timezone.now())
        self.assertEqual(changes.sweep(), 0)
        marks.update(rest_at=timezone.now() - render.CATCH_UP - timedelta(seconds=1))
        self.assertEqual(changes.sweep(), 1)

    def test_it_builds_only_what_changed(self) -> None:
        self.wish_everything()
        self.play_round()
        self.publish(1)
        self.render()
        self.assertEqual(self.render(), 0)

    def test_it_brings_a_players_details_to_the_rating_report(self) -> None:
        """The K typed on the players' details page (B.02 7.1.2, 8.3.3) is in the public rating report as the
        application shows it: a player's details are part of what the section's pages are built from."""
        self.play_round()
        self.publish(1)
        self.render()
        before = self.files()
        section = Section.objects.get(pk=self.section.pk)
        with self.captureOnCommitCallbacks(execute=True):
            category_services.save_player_details(section, self.alice, {1: ("Chess Club", 32, False, False)},
                                                  category_services.make_defaults(section).version)
        self.assertGreater(self.render(), 0)
        after = self.files()
        ratings = [name for name in after if name.startswith("html/en/") and "/ratings/" in name]
        self.assertTrue(ratings)
        for name in ratings:
            self.assertNotEqual(after[name], before[name], name)
            self.assertIn(b"K 32", after[name])
        self.assert_files_are_the_application(after)

    def test_a_round_published_renders_the_standings_pages_without_computing_them_again(self) -> None:
        """Publishing a round changes every page of its section (their tabs name the rounds) and none of the
        standings after the rounds before it, nor the pairings of those rounds: the standings, the norm checks,
        the rating report and the earlier rounds' pairing lists are taken from the rendering before, and the
        pages are still what the application shows."""
        self.play_round()
        self.publish(1)
        self.render()
        before = self.files()
        self.pair()
        self.publish(2)
        with mock.patch.object(norms_reads, "compute", wraps=norms_reads.compute) as norms, \
                mock.patch.object(ratings_reads, "compute", wraps=ratings_reads.compute) as ratings, \
                mock.patch.object(standings_reads, "_build_table", wraps=standings_reads._build_table) as table, \
                mock.patch.object(rounds_reads, "_listing", wraps=rounds_reads._listing) as pairings:
            self.assertGreater(self.render(), 0)
        after = self.files()
        for page in ("standings/", "norms/", "ratings/", "crosstable/", "rounds/1/"):
            name = next(name for name in after if name.startswith("html/en/") and page in name)
            self.assertNotEqual(after[name], before[name], name)
        # the new round's page was written when its publication was answered, and its pairing list kept
        self.assertEqual((norms.call_count, ratings.call_count, table.call_count, pairings.call_count), (0, 0, 0, 0))
        self.assert_files_are_the_application(after)

    def test_an_arbiters_standings_page_builds_the_standings_once(self) -> None:
        """Outside a rendering nothing keeps the standings from the page's table to its list: the page gives the
        table it built to the list."""
        self.play_round()
        self.publish(1)
        self.client.force_login(self.alice)
        with mock.patch.object(standings_reads, "_build_table", wraps=standings_reads._build_table) as table:
            response = self.client.get(self.url("sp-standings"))
        self.assertEqual(response.status_code, 200)
        self.assertEqual(table.call_count, 1)


class OrderTest(PublicFilesTestCase):
    """The worker renders first what a result changes (a round's pages and JSON, the cards) and the pages not on
    disk yet, and the rest (standings, crosstable...) in a pass queued after it, once however often it changes."""

    def setUp(self) -> None:
        super().setUp()
        self.pair()
        self.publish(1)
        self.wish("sp-player", 3)
        self.wish("sp-api-round", 1)  # the JSON, for this address
        self.render()
        self.before = self.files()

    def changed(self, kind: str) -> list[str]:
        return sorted(name for name, body in self.files().items()
                      if kind in name and self.before.get(name) != body)

    def queued(self, task: Any) -> list[DBTaskResult]:
        return list(DBTaskResult.objects.filter(task_path=task.module_path, status="READY"))

    @pytest.mark.slow
    def test_a_first_pass_renders_the_round_and_leaves_the_rest_for_the_pass_after_it(self) -> None:
        self.round_results(1, "10")  # the round complete: its page, the cards and the standings change
        self.render_first()
        self.assertEqual(self.changed("/rounds/1"), ["html/en/e/test/open/rounds/1/index.html",
                                                     "json/http/testserver/api/e/test/open/rounds/1.json"])
        self.assert_files_are_the_application(self.changed("/rounds/1") + self.changed("players/3"))
        self.assertEqual(self.changed("standings") + self.changed("crosstable"), [])
        self.assertTrue(PublicRender.objects.get(event=self.event).rest_at)
        self.assertEqual([t.priority for t in self.queued(render.render_rest)], [render.REST_PRIORITY])
        self.assertEqual(changes.sweep(), 0)  # the rest is queued: the sweeper leaves it be
        self.round_results(1, "01")  # a correction meanwhile: the rest is queued once
        self.render_first()
        self.assertEqual(len(self.queued(render.render_rest)), 1)
        self.assertGreater(render.render_event(self.event.pk, "rest"), 0)
        self.assertFalse(PublicRender.objects.get(event=self.event).rest_at)
        self.assertTrue(self.changed("standings") and self.changed("crosstable"))
        self.assert_files_are_the_application(self.changed("standings") + self.changed("crosstable"))
        self.assertEqual(changes.sweep(), 0)

    def render_first(self) -> None:
        render.render_event(self.event.pk, "first")

    @pytest.mark.slow
    def test_a_page_not_on_disk_yet_is_rendered_in_a_first_pass(self) -> None:
        self.wish("sp-player", 5)
        self.render_first()
        self.assertEqual(self.changed("players"), ["html/en/e/test/open/players/5/index.html"])
        self.assertFalse(self.queued(render.render_rest))

    @pytest.mark.slow
    def test_a_first_pass_renders_everything_when_the_rest_waited_too_long(self) -> None:
        self.round_results(1, "10")
        self.render_first()
        self.assertEqual(self.changed("standings"), [])
        PublicRender.objects.filter(event=self.event).update(
            rest_at=timezone.now() - render.CATCH_UP - timedelta(seconds=1))
        self.round_results(1, "01")
        self.render_first()
        self.assertTrue(self.changed("standings"))
        self.assertFalse(PublicRender.objects.get(event=self.event).rest_at)

    def test_a_worker_leaves_an_event_being_rendered_to_its_renderer(self) -> None:
        """A second worker does not wait for the lock of an event another one renders: its task is queued
        again a moment later, the event still marked as changed."""
        self.round_results(1, "10")
        self.before = self.files()  # the round's pages, written by the save (``ahead.render_results``)
        before = self.queued(render.render_public)
        with store.event_lock(self.event.pk):
            self.assertEqual(render.render_public.call(self.event.pk), 0)
        again = [t for t in self.queued(render.render_public) if t not in before]
        self.assertEqual(len(again), 1)
        self.assertGreater(again[0].run_after, timezone.now())
        self.assertTrue(PublicRender.objects.get(event=self.event).dirty_at)
        self.assertEqual(self.changed("/"), [])  # not the cards the results change either


class AheadTest(PublicFilesTestCase):
    """Pages many readers ask for at once are on disk before the worker gets to them: a round's pairings once it
    is published, a page the application served because it had no file yet."""

    def setUp(self) -> None:
        super().setUp()
        self.pair()
        self.publish(1)
        self.wish("sp-api-round", 1)
        self.render()

    def test_a_round_is_on_disk_when_its_publication_is_answered(self) -> None:
        self.round_results(1, "10")
        self.pair()
        self.assertFalse(any("rounds/2" in name for name in self.files()))
        self.publish(2)
        written = sorted(name for name in self.files() if "rounds/2" in name)
        self.assertEqual(written, ["html/en/e/test/open/rounds/2/index.html",
                                   "json/http/testserver/api/e/test/open/rounds/2.json"])
        self.assert_files_are_the_application(written)
        # the queued pass still comes (the standings, the sweeper's stamp): its mark is left to it
        self.assertTrue(PublicRender.objects.get(event=self.event).dirty_at)

    def save(self, board: int, code: str) -> None:
        """One result of round 1 saved, as the results page saves it (its commit's callbacks run)."""
        rnd = Round.objects.get(section=self.section, number=1)
        seen = services.seen(rnd.boards.get(number=board))
        with self.captureOnCommitCallbacks(execute=True):
            services.set_results(rnd, self.alice, {board: (code, seen)}, withdraw_no_shows=False)

    ROUND_1 = ["html/en/e/test/open/rounds/1/index.html", "json/http/testserver/api/e/test/open/rounds/1.json"]

    def test_a_result_is_on_disk_when_its_save_is_answered(self) -> None:
        before = self.files()
        self.save(1, "10")
        self.assertEqual(sorted(n for n, body in self.files().items() if before.get(n) != body), self.ROUND_1)
        self.assert_files_are_the_application(self.ROUND_1)
        self.save(2, "01")  # the rows kept from the save before: the round that changed is read again
        self.assert_files_are_the_application(self.ROUND_1)
        # the queued pass renders what else changed and does the accounting; the round's pages have the
        # fingerprints it gives them, so it does not build them again
        self.assertTrue(PublicRender.objects.get(event=self.event).dirty_at)
        with mock.patch.object(render, "render", wraps=render.render) as built:
            render.render_event(self.event.pk, "first")
        self.assertFalse([c for c in built.call_args_list if "/rounds/1" in c.args[2]])
        self.assertFalse(PublicRender.objects.get(event=self.event).dirty_at)
        self.assert_files_are_the_application(self.ROUND_1)

    def test_a_result_saved_while_the_event_is_rendered_is_left_to_the_pass(self) -> None:
        before = self.files()
        with mock.patch.object(ahead, "LOCK_WAIT", 0), store.event_lock(self.event.pk):
            self.save(1, "10")
        self.assertEqual(self.files(), before)
        self.assertTrue(PublicRender.objects.get(event=self.event).dirty_at)
        render.render_event(self.event.pk, "first")
        self.assert_files_are_the_application(self.ROUND_1)

    def test_a_result_of_a_round_not_public_writes_nothing(self) -> None:
        self.publish(1, False)
        self.save(1, "10")
        self.assertFalse(any("rounds/1" in name for name in self.files()))

    def test_a_result_of_an_event_never_rendered_whole_is_left_to_the_pass(self) -> None:
        PublicRender.objects.filter(event=self.event).update(rendered_at=None)
        before = self.files()
        self.save(1, "10")
        self.assertEqual(self.files(), before)  # the queued pass renders everything

    def test_a_page_served_by_the_application_is_written_by_its_request(self) -> None:
        card = "html/en/e/test/open/players/3/index.html"
        self.assertNotIn(card, list(self.files()))
        self.assertEqual(Client().get("/e/test/open/players/3/").status_code, 200)
        self.assertIn(card, list(self.files()))
        self.assert_files_are_the_application([card])
        self.assertNotIn(b"csrfmiddlewaretoken", self.files()[card])
        self.assertEqual(store.read_manifest(self.event.pk)[card], ahead.SERVED)
        self.round_results(1, "01")  # the next pass builds it again (its fingerprint matches none)
        render.render_event(self.event.pk, "first")
        self.assertNotEqual(store.read_manifest(self.event.pk)[card], ahead.SERVED)
        self.assert_files_are_the_application([card])

    def test_a_served_page_is_not_written_after_a_change_nor_during_a_rendering(self) -> None:
        body = Client().get("/e/test/open/players/4/").content
        store.remove("html/en/e/test/open/players/4/index.html")
        manifest = store.read_manifest(self.event.pk)
        manifest.pop("html/en/e/test/open/players/4/index.html", None)
        store.write_manifest(self.event.pk, manifest)
        address = {"slug": "test", "section": "open", "tpn": 4}
        self.assertFalse(ahead.write_served(self.event.pk, "sp-player", address, "en", body, lambda: False))
        with store.event_lock(self.event.pk):
            self.assertFalse(ahead.write_served(self.event.pk, "sp-player", address, "en", body, lambda: True))
        self.assertFalse(any("players/4/" in name for name in self.files()))
        self.assertTrue(ahead.write_served(self.event.pk, "sp-player", address, "en", body, lambda: True))
        # what the application asks: nothing changed since the page's stamp was read
        stamps = [caching._stamp_of("test", s, caching._row("test", s)) for s in ("open", None)]
        self.assertEqual([caching._still(stamp) for stamp in stamps], [True, True])
        self.round_results(1, "01")
        self.assertEqual([caching._still(stamp) for stamp in stamps], [False, False])


class FrontTest(PublicFilesTestCase):
    def call(self, path: str, **environ: Any) -> tuple[str, dict[str, str], bytes]:
        app_called = []

        def application(env: dict[str, Any], start_response: Any) -> list[bytes]:
            app_called.append(env["PATH_INFO"])
            start_response("200 OK", [("X-From", "application")])
            return [b"application"]

        front = PublicFiles(application)
        answer: dict[str, Any] = {}

        def start_response(status: str, headers: list[tuple[str, str]]) -> None:
            answer["status"], answer["headers"] = status, dict(headers)

        env = {"REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": "", "wsgi.url_scheme": "http",
               "HTTP_HOST": "testserver", "wsgi.input": BytesIO(b""), **environ}
        body = b"".join(front(env, start_response))
        return answer["status"], answer["headers"], body

    @pytest.mark.slow
    def test_it_serves_the_files_with_etag_and_cache_headers(self) -> None:
        self.wish("sp-standings", 0, "ru")
        self.wish("sp-api-standings")
        self.play_round()
        self.publish(1)
        self.render()
        path = f"/e/{self.event.slug}/{self.section.slug}/standings/"
        status, headers, body = self.call(path)
        self.assertEqual(status, "200 OK")
        self.assertEqual(headers["X-Swisspair-Cache"], "file")
        self.assertEqual(headers["Cache-Control"], "public, no-cache")
        self.assertEqual(headers["Content-Language"], "en")
        self.assertEqual(body, anonymous(path))
        status, again, body = self.call(path, HTTP_IF_NONE_MATCH=headers["ETag"])
        self.assertEqual((status, body), ("304 Not Modified", b""))
        status, headers, body = self.call(path, HTTP_ACCEPT_LANGUAGE="ru,en;q=0.5")
        self.assertEqual(headers["Content-Language"], "ru")
        self.assertEqual(body, anonymous(path, "ru"))
        status, headers, body = self.call(path, HTTP_COOKIE="django_language=ru")
        self.assertEqual(headers["Content-Language"], "ru")
        status, headers, body = self.call(f"/api/e/{self.event.slug}/{self.section.slug}/standings.json")
        self.assertEqual(json.loads(body), json.loads(anonymous(
            f"/api/e/{self.event.slug}/{self.section.slug}/standings.json")))

    def test_it_leaves_the_rest_to_the_application(self) -> None:
        self.play_round()
        self.publish(1)
        self.render()
        path = f"/e/{self.event.slug}/{self.section.slug}/standings/"
        self.assertEqual(self.call(path)[2][:15], b"<!DOCTYPE html>")
        for environ in ({"HTTP_COOKIE": "sessionid=abc"}, {"QUERY_STRING": "round=1"},
                        {"REQUEST_METHOD": "POST"}, {"HTTP_COOKIE": "messages=x"}):
            self.assertEqual(self.call(path, **environ)[2], b"application", environ)
        self.assertEqual(self.call(f"/e/{self.event.slug}/{self.section.slug}/players/3/")[2], b"application")
        self.assertEqual(self.call("/e/../../etc/passwd/")[2], b"application")
        self.assertEqual(self.call(f"/api/e/{self.event.slug}.json", HTTP_HOST="evil.example")[2], b"application")


class WantTest(PublicFilesTestCase):
    @pytest.mark.slow
    def test_it_renders_a_player_card_once_somebody_asked_for_it(self) -> None:
        self.play_round()
        self.publish(1)
        self.render()
        self.assertFalse(any("players/3/" in name for name in self.files()))
        self.assertEqual(Client().get(f"/e/{self.event.slug}/{self.section.slug}/players/3/").status_code, 200)
        self.assertTrue(PublicWant.objects.filter(page="sp-player", target=3, language="en").exists())
        self.render()
        self.assertTrue(any("players/3/" in name for name in self.files()))

    @pytest.mark.slow
    def test_it_renders_the_pairings_by_name_and_the_hall_once_somebody_asked_for_them(self) -> None:
        """Pages read at an open by some (the pairings by name, the hall screen) are rendered from the first
        visit on; a result typed meanwhile rebuilds nothing of them."""
        self.play_round()
        self.publish(1)
        self.render()
        base = f"/e/{self.event.slug}/{self.section.slug}"
        self.assertFalse(any("by-name" in name or "hall" in name for name in self.files()))
        for path in (f"{base}/rounds/1/by-name/", f"{base}/hall/", f"/api{base}/hall.json"):
            self.assertEqual(Client().get(path).status_code, 200, path)
        self.render()
        rendered = [name for name in self.files() if "by-name" in name or "hall" in name]
        self.assertEqual(len(rendered), 3, rendered)

    @pytest.mark.slow
    def test_it_renders_nothing_of_a_page_behind_a_login(self) -> None:
        """A page registered by mistake whose view needs a login is rendered as the public sees it: not at all."""
        render.register("sp-section-manage", "section", section_pages.section_manage)
        self.addCleanup(render.PAGES.pop)
        self.play_round()
        self.publish(1)
        self.render()
        self.assertTrue(self.files())
        self.assertFalse(any("manage" in name for name in self.files()))

    @pytest.mark.slow
    def test_a_card_not_rendered_yet_reads_the_players_own_boards(self) -> None:
        """Cards not rendered yet are served by the application from the player's own boards and byes (and
        which rounds are still being played), not from the section's boards, before and after a change."""
        self.play_round()
        self.publish(1)
        base = f"/e/{self.event.slug}/{self.section.slug}/players/"

        def reads(path: str) -> list[str]:
            with CaptureQueriesContext(connection) as queries:
                self.assertEqual(Client().get(path).status_code, 200)
            return [q["sql"] for q in queries if 'FROM "tournaments_board"' in q["sql"]]

        for tpn in (3, 4):
            for sql in reads(base + f"{tpn}/"):
                self.assertTrue('"white_id" = ' in sql or '"result" = \'\'' in sql, sql)
        self.play_round()
        self.publish(2)
        sql = reads(base + "5/")
        self.assertTrue(sql and all('"white_id" = ' in q or '"result" = \'\'' in q for q in sql), sql)

    def test_it_refuses_an_unknown_scope(self) -> None:
        with self.assertRaises(ValueError):
            render.register("sp-section", "everything", sections.section_page)


def test_a_file_replaced_within_the_second_gets_a_later_second(tmp_path: Path) -> None:
    """A result corrected within one second (``1-0`` to ``0-1``: the same size) must change what a web
    server that counts whole seconds (nginx's ``ETag`` and ``Last-Modified``) says of the file."""
    page = tmp_path / "rounds" / "1.json"
    store.write(page, b'{"result": "1-0"}')
    first = page.stat().st_mtime
    store.write(page, b'{"result": "0-1"}')
    assert int(page.stat().st_mtime) > int(first)
    assert page.read_bytes() == b'{"result": "0-1"}'
