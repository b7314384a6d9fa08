"""Public pages: an ETag from the section's stamp (304 responses) and the shared cache."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.http import http_date

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import AuditEntry, Board

from .helpers import BaseTestCase, play_next

PAGES = ["/e/test/open/rounds/1/", "/e/test/open/standings/", "/e/test/open/crosstable/", "/e/test/open/",
         "/e/test/open/players/1/", "/e/test/", "/api/e/test/open/rounds/1.json", "/api/e/test/open/standings.json",
         "/api/e/test/open.json", "/api/e/test/open/players/1.json", "/api/e/test.json",
         "/e/test/open/export/standings.csv", "/e/test/open/print/standings/"]


class CachingTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        play_next(cls.section, cls.alice)
        cls.round = cls.section.round_set.get(number=1)
        services.publish_round(cls.round, cls.alice)

    @pytest.mark.slow
    def test_it_answers_304_when_nothing_changed(self) -> None:
        for page in PAGES:
            self.client.get(page)  # the first visit sets the CSRF cookie (part of the ETag)
            first = self.client.get(page)
            self.assertEqual(first.status_code, 200, page)
            self.assertTrue(first.has_header("ETag") and not first.has_header("Last-Modified"), page)
            self.assertIn("no-cache", first["Cache-Control"])
            again = self.client.get(page, headers={"If-None-Match": first["ETag"]})
            self.assertEqual(again.status_code, 304, page)
            self.assertEqual(again.content, b"")

    def test_a_date_alone_never_gets_a_304(self) -> None:
        """A change in the second of the copy a browser holds: HTTP dates count whole seconds, so a browser
        asking by date alone (Chromium does with an HTTP/1.0 server) gets the page again, not a 304."""
        page = "/api/e/test/open/rounds/1.json"
        before = self.client.get(page)
        board = Board.objects.get(round=self.round, number=1)
        services.set_results(self.round, self.alice, {1: ("01", services.seen(board))})
        newest = AuditEntry.objects.filter(event=self.event).latest("at", "id").at
        after = self.client.get(page, headers={"If-Modified-Since": http_date(newest.timestamp())})
        self.assertEqual(after.status_code, 200)
        self.assertNotEqual(after.content, before.content)

    def test_a_new_result_changes_the_etag_and_the_page(self) -> None:
        standings = self.client.get("/api/e/test/open/standings.json")
        self.client.get("/e/test/open/rounds/1/")
        rnd = self.client.get("/e/test/open/rounds/1/")
        board = Board.objects.get(round=self.round, number=1)
        services.set_results(self.round, self.alice, {1: ("01", services.seen(board))})
        for before, page in ((standings, "/api/e/test/open/standings.json"), (rnd, "/e/test/open/rounds/1/")):
            after = self.client.get(page, headers={"If-None-Match": before["ETag"]})
            self.assertEqual(after.status_code, 200, page)
            self.assertNotEqual(after["ETag"], before["ETag"])
            self.assertNotEqual(after.content, before.content)
        table = json.loads(self.client.get("/api/e/test/open/standings.json").content)
        points = {row["name"]: row["points"] for row in table["standings"]}
        self.assertEqual((points[board.white.name], points[board.black.name]), ("0", "1"))

    def test_publishing_a_round_changes_the_etag(self) -> None:
        self.pair()
        section = self.client.get("/api/e/test/open.json")
        self.assertEqual([r["number"] for r in json.loads(section.content)["paired_rounds"]], [1])
        services.publish_round(self.section.round_set.get(number=2), self.alice)
        after = self.client.get("/api/e/test/open.json", headers={"If-None-Match": section["ETag"]})
        self.assertEqual([r["number"] for r in json.loads(after.content)["paired_rounds"]], [1, 2])

    def test_the_shared_cache_serves_other_visitors_without_building_the_page(self) -> None:
        first = self.client.get("/api/e/test/open/standings.json")
        with CaptureQueriesContext(connection) as queries:
            other = Client().get("/api/e/test/open/standings.json")
        self.assertEqual(other.content, first.content)
        self.assertEqual((first["X-Swisspair-Cache"], other["X-Swisspair-Cache"]), ("miss", "hit"))
        self.assertLessEqual(len(queries), 2, [q["sql"] for q in queries])  # the stamp and the cache

    def test_a_failing_cache_only_makes_the_page_slower(self) -> None:
        from unittest import mock

        from django.db import OperationalError

        with mock.patch("swisspair_web.tournaments.public.caching.cache") as broken:
            broken.get.side_effect = broken.set.side_effect = OperationalError("deadlock detected")
            with self.assertLogs("swisspair_web.tournaments.public.caching", "WARNING"):
                response = self.client.get("/api/e/test/open/standings.json")
        self.assertEqual(response.status_code, 200)
        self.assertEqual(json.loads(response.content)["after_round"], 1)

    @pytest.mark.slow
    def test_exports_are_kept_with_their_headers(self) -> None:
        first = self.client.get("/e/test/open/export/standings.pdf")
        other = Client().get("/e/test/open/export/standings.pdf")
        self.assertEqual((first["X-Swisspair-Cache"], other["X-Swisspair-Cache"]), ("miss", "hit"))
        self.assertEqual(other.content, first.content)
        for header in ("Content-Type", "Content-Disposition"):
            self.assertEqual(other[header], first[header])
        self.assertEqual(other["Content-Type"], "application/pdf")

    def test_each_visitor_gets_their_own_csrf_token_from_the_shared_copy(self) -> None:
        self.client.get("/e/test/open/standings/")  # kept in the cache, with this visitor's token taken out
        other = Client(enforce_csrf_checks=True)
        page = other.get("/e/test/open/standings/")
        self.assertNotIn(b"__swisspair_csrf_token__", page.content)
        token = page.content.split(b'name="csrfmiddlewaretoken" value="')[1].split(b'"')[0].decode()
        response = other.post("/i18n/setlang/", {"language": "cs", "next": "/", "csrfmiddlewaretoken": token})
        self.assertEqual(response.status_code, 302)

    def test_arbiters_and_private_events_are_not_cached(self) -> None:
        self.pair()  # round 2, not published
        self.client.login(username="bob", password="password")
        page = self.client.get("/e/test/open/rounds/2/")
        self.assertEqual(page.status_code, 200)
        self.assertFalse(page.has_header("ETag"))
        self.client.logout()
        self.assertEqual(self.client.get("/e/test/open/rounds/2/").status_code, 404)
        self.event.public = False
        self.event.save()
        self.assertEqual(self.client.get("/e/test/open/standings/").status_code, 404)
