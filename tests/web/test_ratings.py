"""The rating report page and files (FIDE B.02 5.1, 8.2, 8.3): K from the details page or the rules, an
estimated rating counted as unrated, forfeits and byes not rated; the public sees published rounds only."""

from __future__ import annotations

import csv
import io

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import ratings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Player, PlayerDetail

from .helpers import BaseTestCase
from .pdfcheck import read_pdf


class RatingReportTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        cls.event.start_date = "2026-03-01"
        cls.event.save()
        # player 10 has a rating estimated from the INGO scale: unrated for FIDE
        Player.objects.filter(section=cls.section, tpn=10).update(rating=1800, rating_estimate="INGO 130")
        Player.objects.filter(section=cls.section, tpn=9).update(birth_date="2010/02/02", rating=2250)

    def test_it_computes_every_players_figures(self) -> None:
        self.play_round()
        rnd = self.section.round_set.get(number=1)
        board = rnd.boards.get(number=1)
        services.set_results(rnd, self.alice, {1: ("+-", services.seen(board))}, withdraw_no_shows=False)
        PlayerDetail.objects.create(player=Player.objects.get(section=self.section, tpn=3), k_factor=40)
        view = ratings.compute(SectionData.load(self.section), 1)
        report = view.report
        self.assertEqual(report.player(10).rating, 0)  # an estimate is no FIDE rating
        self.assertIsNotNone(report.player(10).initial)
        self.assertEqual(report.player(3).k, 40)  # as typed (the rating list's K)
        self.assertEqual(report.player(9).k, 40)  # a junior under 2300 (8.3.3)
        self.assertEqual(report.player(1).k, 10)  # rated 2400 (8.3.3)
        white, black = board.white.tpn, board.black.tpn
        for tpn in (white, black):  # a forfeit is not rated (5.1)
            self.assertEqual(report.player(tpn).rated_games, [])
            self.assertEqual(report.player(tpn).change, 0)
        # every rated game: K x (score - PD) with PD from table 8.1.2; the sum over players of the same K is 0
        changes = [line.change_exact for line in report.players if line.k == 20 and line.change_exact is not None]
        self.assertTrue(changes)

    @pytest.mark.slow
    def test_the_ratings_reached_and_the_missing_dates_8_3_3(self) -> None:
        """8.3.3: a junior once rated 2300 no longer gets 40; a published rating once 2400 keeps K at 10. The
        arbiter marks both on Labels and K; a player without a birth date, and an event without dates, are
        named on the page with the rule that could not be applied."""
        self.play_round()
        self.client.login(username="bob", password="password")
        settings_version = self.client.get(self.url("sp-player-details")).context["version"]
        response = self.client.post(self.url("sp-player-details"), {
            "version": str(settings_version), "labels-9": "", "k-9": "", "r2300-9": "on"}, follow=True)
        self.assertContains(response, "1 player changed.")
        detail = PlayerDetail.objects.get(player__section=self.section, player__tpn=9)
        self.assertEqual((detail.reached_2300, detail.reached_2400), (True, False))
        self.assertEqual(ratings.compute(SectionData.load(self.section), 1).report.player(9).k, 20)
        PlayerDetail.objects.filter(pk=detail.pk).update(reached_2300=False, reached_2400=True)
        self.assertEqual(ratings.compute(SectionData.load(self.section), 1).report.player(9).k, 10)
        page = self.client.get(self.url("sp-player-details")).content.decode()
        self.assertIn('name="r2400-9" checked', page)
        Player.objects.filter(section=self.section, tpn=5).update(birth_date="", rating=2100)
        self.section.event.start_date = self.section.event.end_date = None
        self.section.event.save()
        view = ratings.compute(SectionData.load(self.section), 1)
        self.assertTrue(view.no_dates)
        page = self.client.get(self.url("sp-ratings")).content.decode()
        self.assertIn('<p class="small listing-note">The event has no dates', page)  # a note under the report
        self.assertIn("The event has no dates", page)
        self.assertIn("has no birth date: whether K is 40", page)

    @pytest.mark.slow
    def test_the_page_and_the_files(self) -> None:
        for _ in range(2):
            self.play_round()
        self.client.login(username="bob", password="password")
        page = self.client.get(self.url("sp-ratings")).content.decode()
        self.assertIn("8.3.1 as amended from 1 October 2025", page)
        self.assertIn('id="rating-1"', page)
        self.assertRegex(page, r'(?s)id="group-unrated".*id="rating-10"')  # unrated: under its own heading
        self.assertIn("opponent unrated", page)  # the game against player 10 does not count for a rated player
        rows = list(csv.reader(io.StringIO(self.client.get(self.url("sp-ratings-export", "csv")).content.decode())))
        self.assertEqual(rows[0][:6], ["tpn", "name", "federation", "rating", "k", "games"])
        self.assertEqual(len(rows), 11)
        line = ratings.compute(SectionData.load(self.section), 2).report.player(1)
        self.assertEqual(rows[1][9], f"{line.change:+d}" if line.change else "0")
        pdf = read_pdf(self.client.get(self.url("sp-ratings-export", "pdf")).content)
        self.assertIn("Rating report after round 2", pdf.text)
        self.assertIn("Player00, Test", pdf.text)
        self.assertEqual(pdf.problems, [])

    def test_the_public_sees_published_rounds_only(self) -> None:
        self.play_round()
        page = self.client.get(self.url("sp-ratings")).content.decode()
        self.assertIn("after round 0", page)
        services.publish_round(self.section.round_set.get(number=1), self.alice)
        page = self.client.get(self.url("sp-ratings")).content.decode()
        self.assertIn("after round 1", page)

    def test_it_is_translated(self) -> None:
        self.play_round()
        self.client.cookies["django_language"] = "ru"
        self.client.login(username="bob", password="password")
        page = self.client.get(self.url("sp-ratings")).content.decode()
        self.assertIn("Рейтинговый отчёт", page)
