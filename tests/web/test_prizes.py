"""The prize list page and files: prizes per category, one per player, ties decided by the tie-breaks or
shared (equally, Hort); published once complete, re-computed when a result is corrected, the old list kept
in the audit log."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import categories, prizes, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import AuditEntry, AwardSettings, Category, Player

from .helpers import BaseTestCase
from .pdfcheck import read_pdf


class PrizeTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        cls.event.start_date = "2026-01-01"
        cls.event.save()
        Player.objects.filter(section=cls.section, tpn__in=[6, 8, 9]).update(birth_date="2011/01/01")
        settings = categories.settings_of(cls.section)
        Category.objects.filter(section=cls.section, code="").update(prizes="1000 600 400 200")
        Category.objects.create(section=cls.section, code="U16", name="Under 16", age_below=16, order=2,
                                prizes="100 50")
        cls.settings = settings

    def finish(self) -> None:
        for number in range(1, self.section.rounds + 1):
            self.play_round()
            services.publish_round(self.section.round_set.get(number=number), self.alice)

    def sharing(self, how: str) -> None:
        AwardSettings.objects.filter(pk=self.settings.pk).update(sharing=how)

    def view(self) -> prizes.PrizeView:
        return prizes.compute(SectionData.load(self.section))

    @pytest.mark.slow
    def test_it_lists_one_prize_per_player_decided_by_the_tiebreaks(self) -> None:
        self.finish()
        view = self.view()
        table = standings.table(SectionData.load(self.section))
        first_four = [r.player.tpn for r in table.rows[:4]]
        assert view.result is not None
        overall = view.result.of_category("")
        self.assertEqual([a.tpn for a in overall], first_four)
        self.assertEqual([a.amount for a in overall], [1000, 600, 400, 200])
        u16 = [a.tpn for a in view.result.of_category("U16")]
        self.assertEqual(u16, [r.player.tpn for r in table.rows if r.player.tpn in {6, 8, 9}
                               and r.player.tpn not in first_four][:2])

    @pytest.mark.slow
    def test_players_level_on_points_share_equally_or_by_hort(self) -> None:
        self.finish()
        table = standings.table(SectionData.load(self.section))
        amounts = [Fraction(1000), Fraction(600), Fraction(400), Fraction(200)]
        for how in ("equal", "hort"):
            self.sharing(how)
            view = self.view()
            assert view.result is not None
            got = {a.tpn: a.amount for a in view.result.of_category("")}
            position = 0
            while position < 4:
                group = [r for r in table.rows if r.points == table.rows[position].points]
                places = range(position, position + len(group))
                pool = sum((amounts[p] for p in places if p < 4), Fraction(0))
                for index, row in enumerate(group):
                    own = amounts[position + index] / 2 if position + index < 4 else Fraction(0)
                    expected = pool / len(group) if how == "equal" else own + pool / 2 / len(group)
                    if row.player.tpn in got:
                        self.assertEqual(got[row.player.tpn], expected, (how, row.player.tpn))
                position += len(group)
            self.assertEqual(sum(got.values()), 2200, how)

    @pytest.mark.slow
    def test_it_is_published_once_complete_and_shown_to_the_public(self) -> None:
        self.client.login(username="bob", password="password")
        self.play_round()
        response = self.client.post(self.url("sp-prizes-publish"), {"version": str(self.settings.version)},
                                    follow=True)
        self.assertContains(response, "once every round has all its results")
        self.client.logout()
        self.assertContains(self.client.get(self.url("sp-prizes")), "not published yet")
        api = self.client.get(self.url("sp-api-prizes"))
        self.assertEqual(api.status_code, 404)
        self.assertEqual(api.json(), {"error": "not found"})
        for _ in range(2, self.section.rounds + 1):
            self.play_round()
        for rnd in self.section.round_set.all():  # the public's list is on the rounds published
            services.publish_round(rnd, self.alice)
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-prizes-publish"), {"version": str(categories.settings_of(self.section).version)})
        self.assertTrue(AuditEntry.objects.filter(action="prize-list-published").exists())
        self.client.logout()
        page = self.client.get(self.url("sp-prizes")).content.decode()
        winner = standings.table(SectionData.load(self.section)).rows[0].player.name
        self.assertIn(winner, page)
        data = self.client.get(self.url("sp-api-prizes")).json()
        self.assertEqual(data["categories"][0]["awards"][0]["amount"], "1000")
        self.assertTrue(data["final"])

    @pytest.mark.slow
    def test_a_correction_after_publication_changes_the_list_and_the_audit_log_keeps_the_old_one(self) -> None:
        self.finish()
        services.prizes.publish(self.section, self.alice, categories.settings_of(self.section).version)
        before = categories.settings_of(self.section).published_list
        rnd = self.section.round_set.get(number=self.section.rounds)
        board = rnd.boards.get(number=1)
        with self.captureOnCommitCallbacks(execute=True) as callbacks:
            services.set_results(rnd, self.bob, {1: ("01", services.seen(board)), 2: ("01", services.seen(rnd.boards.get(number=2)))},
                                 withdraw_no_shows=False)
        # the whole write, two boards of one round: one check of the prize list, one rendering of the pages queued,
        # and the round's public pages written after the response (public.ahead.render_results)
        self.assertEqual(len(callbacks), 3)
        entry = AuditEntry.objects.get(action="prize-list-changed")
        self.assertEqual(entry.params["list"], prizes.prize_rows(before))
        self.assertEqual(entry.detail, "\n".join(
            f"{c['name'] or c['code'] or 'Overall'}: " + "; ".join(f"{a['place']}. {a['tpn']} {a['name']} {a['amount']}" for a in c["awards"])
            for c in before["categories"]))
        after = categories.settings_of(self.section).published_list
        self.assertNotEqual(after, before)
        self.assertEqual(after, self.view().as_dict())
        # nothing changes, nothing is written
        with self.captureOnCommitCallbacks(execute=True):
            services.set_withdrawn(Player.objects.get(section=self.section, tpn=10), self.bob, None)
        self.assertEqual(AuditEntry.objects.filter(action="prize-list-changed").count(), 1)

    @pytest.mark.slow
    def test_a_correction_in_a_withdrawn_round_changes_nothing_published(self) -> None:
        """The list kept is the public's: a result corrected in a round withdrawn from the public writes no
        audit entry and keeps the list; publishing the round again brings the change out."""
        self.finish()
        services.prizes.publish(self.section, self.alice, categories.settings_of(self.section).version)
        rnd = self.section.round_set.get(number=self.section.rounds)
        with self.captureOnCommitCallbacks(execute=True):
            services.publish_round(rnd, self.alice, publish=False)  # the public's list: after the round before
        entries = AuditEntry.objects.filter(action="prize-list-changed").count()
        before = categories.settings_of(self.section).published_list
        with self.captureOnCommitCallbacks(execute=True):
            services.set_results(rnd, self.bob, {1: ("01", services.seen(rnd.boards.get(number=1))),
                                                 2: ("01", services.seen(rnd.boards.get(number=2)))},
                                 withdraw_no_shows=False)
        self.assertEqual(AuditEntry.objects.filter(action="prize-list-changed").count(), entries)
        self.assertEqual(categories.settings_of(self.section).published_list, before)
        with self.captureOnCommitCallbacks(execute=True):
            services.publish_round(self.section.round_set.get(number=self.section.rounds), self.alice)
        self.assertEqual(AuditEntry.objects.filter(action="prize-list-changed").count(), entries + 1)
        self.assertEqual(categories.settings_of(self.section).published_list, self.view().as_dict())

    @pytest.mark.slow
    def test_a_publication_from_a_page_older_than_the_results_is_refused(self) -> None:
        self.finish()
        self.client.login(username="bob", password="password")
        seen = self.section.version
        rnd = self.section.round_set.get(number=1)
        services.set_results(rnd, self.alice, {1: ("01", services.seen(rnd.boards.get(number=1)))}, withdraw_no_shows=False)
        response = self.client.post(self.url("sp-prizes-publish"), {
            "version": str(categories.settings_of(self.section).version), "section_version": str(seen)}, follow=True)
        self.assertContains(response, "The results changed since this page was loaded")
        self.assertIsNone(categories.settings_of(self.section).published_at)

    @pytest.mark.slow
    def test_the_list_kept_does_not_depend_on_the_visitors_language(self) -> None:
        self.finish()
        services.prizes.publish(self.section, self.alice, categories.settings_of(self.section).version)
        self.client.cookies["django_language"] = "ru"
        page = self.client.get(self.url("sp-prizes")).content.decode()
        self.assertIn("Общий зачёт", page)
        self.assertFalse(AuditEntry.objects.filter(action="prize-list-changed").exists())

    @pytest.mark.slow
    def test_a_change_found_when_the_list_is_shown(self) -> None:
        self.finish()
        services.prizes.publish(self.section, self.alice, categories.settings_of(self.section).version)
        Category.objects.filter(section=self.section, code="").update(prizes="2000 600 400 200")  # not audited
        self.client.get(self.url("sp-prizes"))
        self.assertEqual(AuditEntry.objects.filter(action="prize-list-changed").count(), 1)

    @pytest.mark.slow
    def test_the_files(self) -> None:
        self.finish()
        AwardSettings.objects.filter(pk=self.settings.pk).update(currency="EUR")
        self.client.login(username="bob", password="password")
        rows = list(csv.reader(io.StringIO(self.client.get(self.url("sp-prizes-export", "csv")).content.decode())))
        self.assertEqual(rows[0], ["category", "place", "tpn", "name", "points", "amount"])
        self.assertEqual([r[5] for r in rows[1:5]], ["1000", "600", "400", "200"])
        self.assertEqual(rows[5][0], "Under 16")
        pdf = read_pdf(self.client.get(self.url("sp-prizes-export", "pdf")).content)
        self.assertIn("Prize list", pdf.text)
        self.assertIn("(EUR)", pdf.text)
        self.assertIn("Under 16", pdf.text)
        self.assertEqual(pdf.problems, [])
        data = json.loads(self.client.get(self.url("sp-prizes-export", "json")).content)
        self.assertEqual([c["code"] for c in data["categories"]], ["", "U16"])
        self.assertEqual(self.client.get(self.url("sp-prizes-export", "xls")).status_code, 404)

    def test_a_bad_prize_table_is_shown_not_crashed(self) -> None:
        Category.objects.filter(section=self.section, code="U16").update(prizes="50 100")
        self.client.login(username="bob", password="password")
        self.assertContains(self.client.get(self.url("sp-prizes")), "a lower place has a larger prize")
