"""Round-robin sections in the manager: the numbers drawn (Varma, FIDE C.05 Annex 2) and audited, every round
from the Berger tables (C.05 Annex 1), a player who leaves (C.05 art. 6.6) in the standings and the grid, the
rating report exported and read back, and a team round-robin with match and board points."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.conf import settings
from django.test import TestCase

from swisspair import trf
from swisspair.roundrobin import berger_schedule
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import roundrobin, standings, teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.trf_export import trf_text
from swisspair_web.tournaments.rows import AuditEntry, Board, Player, Round, Section
from swisspair_web.tournaments.rows.registry import ROUND_ROBIN, ROUND_ROBIN_TIEBREAKS, TEAM_ROUND_ROBIN_TIEBREAKS
from swisspair_web.tournaments.services import roundrobin as rr_services
from swisspair_web.tournaments.services import teams as team_services

from .helpers import BaseTestCase

FEDERATIONS = ["NOR", "NOR", "NOR", "GER", "GER", "FRA", "FRA", "ESP", "ESP", "ESP"]
TITLES = ["GM", "GM", "GM", "GM", "GM", "IM", "IM", "FM", "", ""]
CANDIDATE = "Player09, Test"
"""Untitled, 2310, of Spain: wins every game, an IM norm (B.01 1.4.5 f: 7 of his 9 opponents IM or GM)."""


def _result(white: Player, black: Player, r: int) -> str:
    """A deterministic game: the candidate wins; else a win, a draw or a loss by the numbers and the round."""
    if CANDIDATE in (white.name, black.name):
        return "10" if white.name == CANDIDATE else "01"
    return ("10", "==", "01")[(white.tpn * 3 + black.tpn + r) % 3]


class DoubleRoundRobinTestCase(BaseTestCase):
    """Ten players of four federations, drawn by Varma, two cycles; one leaves after 3 games (not counted),
    one after 12 (counted)."""

    players = 10

    @classmethod
    def build(cls) -> None:
        Section.objects.filter(pk=cls.section.pk).update(system=ROUND_ROBIN, cycles=2, tiebreaks=ROUND_ROBIN_TIEBREAKS)
        for index, (fed, title) in enumerate(zip(FEDERATIONS, TITLES, strict=True), start=1):
            Player.objects.filter(section=cls.section, tpn=index).update(federation=fed, title=title)
        cls.section.refresh_from_db()

    def _play(self, until: int, leaving: dict[str, int], first: int = 1) -> None:
        for number in range(first, until + 1):
            for name, first in leaving.items():
                if first == number:
                    player = Player.objects.get(section=self.section, name=name)
                    services.set_withdrawn(player, self.alice, first)
            rnd = self.pair().round
            changes = {b.number: (_result(b.white, b.black, number), services.seen(b))
                       for b in rnd.boards.select_related("white", "black") if not b.result}
            services.set_results(rnd, self.alice, changes)

    @pytest.mark.slow
    def test_the_draw_is_audited_and_every_round_is_the_berger_table(self) -> None:
        draw = rr_services.draw(self.section, self.alice, "varma", seed=7)
        self.section.refresh_from_db()
        self.assertEqual(self.section.rounds, 18)
        self.assertEqual(self.section.numbering, Section.FIXED_ORDER)
        entry = AuditEntry.objects.get(action="numbers-drawn")
        self.assertIn("Varma", entry.detail)
        self.assertEqual(self.section.number_draw["lines"], list(draw.lines()))
        numbers = dict(Player.objects.filter(section=self.section).values_list("pk", "tpn"))
        self.assertEqual(numbers, draw.numbers())
        self._play(18, {})
        tables = berger_schedule(10, cycles=2)
        for rnd in Round.objects.filter(section=self.section).order_by("number"):
            got = [(b.white.tpn, b.black.tpn) for b in rnd.boards.select_related("white", "black").order_by("number")]
            self.assertEqual(got, [(b.white, b.black) for b in tables[rnd.number - 1].boards], rnd.number)
        with self.assertRaises(services.OperationError):  # the table is drawn once
            rr_services.draw(self.section, self.alice, "lot", seed=1)

    @pytest.mark.slow
    def test_a_player_who_leaves_is_counted_by_the_half_of_his_games(self) -> None:
        rr_services.draw(self.section, self.alice, "varma", seed=3)
        early, late = "Player03, Test", "Player07, Test"
        self._play(18, {early: 4, late: 13})
        early_tpn = Player.objects.get(section=self.section, name=early).tpn
        late_tpn = Player.objects.get(section=self.section, name=late).tpn
        for tpn, first in ((early_tpn, 4), (late_tpn, 13)):  # his games from then on: forfeits, by the pairing
            for board in Board.objects.filter(round__section=self.section, round__number__gte=first).select_related(
                    "white", "black"):
                if tpn in (board.white.tpn, board.black.tpn):
                    self.assertIn(board.result, ("-+", "--") if board.white.tpn == tpn else ("+-", "--"))
        data = SectionData.load(self.section)
        table = standings.table(data)
        ranks = {row.player.tpn: row.rank for row in table.rows}
        self.assertEqual(ranks[early_tpn], "")  # 3 of 18 games: not counted
        self.assertNotEqual(ranks[late_tpn], "")  # 12 of 18: counted
        self.assertEqual(table.rows[-1].player.tpn, early_tpn)
        self.assertIn("6.6", table.note)
        self.assertEqual(table.codes[:2], ["DE", "WIN"])
        grid = roundrobin.grid_list(data, 18)
        self.assertEqual(grid.cycles, 2)
        row = next(r for r in grid.rows if r.player.tpn == late_tpn)
        cell = row.cells[early_tpn - 1]
        assert cell is not None
        self.assertEqual(len(cell), 2)
        self.assertIn("+", cell)  # his second game against the leaver was not played
        self.assertFalse(next(r for r in grid.rows if r.player.tpn == early_tpn).counted)
        # the counted points: nobody has points from a game against the player not counted
        row_points = {r.player.tpn: Fraction(r.points_text) for r in table.rows if r.rank}
        self.assertTrue(all(points <= 16 for points in row_points.values()))
        schedule = roundrobin.schedule_list(data)
        self.assertEqual(len(schedule.rounds), 18)
        self.assertTrue(all(g.result for r in schedule.rounds for g in r.games))

    @pytest.mark.slow
    def test_the_export_is_the_rating_report_and_reads_back_as_a_round_robin(self) -> None:
        rr_services.draw(self.section, self.alice, "lot", seed=11)
        self._play(18, {"Player03, Test": 4})
        text = trf_text(self.section)
        tournament = trf.loads(text).tournament
        self.assertEqual(tournament.system, "FIDE_DOUBLEROUNDROBIN")
        self.assertEqual(tournament.headers["092"], ["Individual: Round-Robin"])
        section = services.import_trf(self.event, self.alice, text, name="Again", slug="again")
        self.assertEqual((section.system, section.cycles, section.tiebreaks), (ROUND_ROBIN, 2, ROUND_ROBIN_TIEBREAKS))
        left = Player.objects.get(section=section, name="Player03, Test")
        self.assertEqual(left.withdrawn_from, 4)
        again = standings.table(SectionData.load(section))
        first = standings.table(SectionData.load(self.section))
        self.assertEqual([(r.rank, r.player.name, r.points_text) for r in again.rows],
                         [(r.rank, r.player.name, r.points_text) for r in first.rows])

    def test_byes_adjustments_and_new_players_are_refused(self) -> None:
        rr_services.draw(self.section, self.alice, "fixed",
                         fixed={p.pk: p.tpn for p in Player.objects.filter(section=self.section)})
        player = Player.objects.get(section=self.section, tpn=1)
        with self.assertRaises(services.OperationError):
            services.request_bye(player, self.alice, 2, "H")
        rnd = self.pair().round
        with self.assertRaises(services.OperationError):
            services.adjust_round(rnd, self.alice, "flip", 1)
        with self.assertRaises(services.OperationError):
            services.add_players(self.section, self.alice, [services.PlayerData(name="Late, Comer")])


    @pytest.mark.slow
    def test_the_pages_draw_pair_and_render_every_list(self) -> None:
        self.client.login(username="alice", password="password")
        manage = self.url("sp-section-manage")
        page = self.client.get(manage).content.decode()
        self.assertIn('id="draw-form"', page)
        self.assertNotIn('id="bye-form"', page)
        for bad in ({"seed": "five"}, {"method": "random"}):  # refused, said, nothing drawn
            self.client.post(self.url("sp-draw-numbers"), {"version": self.section.version, "method": "lot", **bad})
        self.section.refresh_from_db()
        self.assertEqual(self.section.number_draw, {})
        self.client.post(self.url("sp-draw-numbers"), {"version": self.section.version, "method": "varma",
                                                         "seed": "5", "table": "handbook"})
        self.section.refresh_from_db()
        self.assertEqual(self.section.number_draw["method"], "varma")
        page = self.client.get(manage).content.decode()
        self.assertIn('id="draw-lines"', page)
        self.assertIn("Varma", page)
        self.client.post(self.url("sp-pair"), {"round": 1, "version": self.section.version})
        self.assertEqual(Round.objects.filter(section=self.section).count(), 1)
        self.section.refresh_from_db()
        self._play_from(2, 18, {"Player03, Test": 4, "Player07, Test": 13})
        schedule = self.client.get(self.url("sp-schedule")).content.decode()
        self.assertIn('id="group-round-18"', schedule)
        for name in ("sp-schedule-print", "sp-grid-print"):
            self.assertIn("window.print()", self.client.get(self.url(name)).content.decode())
        for name, fmt in (("sp-schedule-export", "pdf"), ("sp-grid-export", "pdf")):
            response = self.client.get(self.url(name, fmt))
            self.assertEqual((response.status_code, response["Content-Type"]), (200, "application/pdf"))
        grid = self.client.get(self.url("sp-grid-export", "json")).json()
        self.assertEqual(grid["cycles"], 2)
        self.assertEqual(len(grid["rows"]), 10)
        self.assertEqual(len(self.client.get(self.url("sp-schedule-export", "json")).json()["games"]), 90)
        self.assertIn("tb0", self.client.get(self.url("sp-grid-export", "csv")).content.decode().splitlines()[0])
        self.assertTrue(any("6.6" in note for note in grid["notes"]))
        self.assertIn('id="grid"', self.client.get(self.url("sp-grid")).content.decode())
        standings_page = self.client.get(self.url("sp-standings")).content.decode()
        self.assertIn("6.6", standings_page)  # the standings say who is not counted, and why
        for kind in ("boards", "slips"):  # the cards and slips of a round, as in a Swiss section
            response = self.client.get(self.url("sp-cards-pdf", 18, kind))
            self.assertEqual((response.status_code, response["Content-Type"]), (200, "application/pdf"))
        self.assertIn("start-list-pdf", self.client.get(self.url("sp-start-list")).content.decode())
        norms_page = self.client.get(self.url("sp-norms")).content.decode()
        self.assertIn("norm-certificate", norms_page)
        tpn = Player.objects.get(section=self.section, name=CANDIDATE).tpn
        response = self.client.get(self.url("sp-norm-certificate", tpn, "IM"))
        self.assertEqual((response.status_code, response["Content-Type"]), (200, "application/pdf"))
        self.assertEqual(self.client.get(self.url("sp-norm-certificate", tpn, "GM")).status_code, 404)
        # the public sees the published rounds only, until the schedule is published
        self.client.logout()
        self.assertNotIn("group-round-1", self.client.get(self.url("sp-schedule")).content.decode())
        self.client.login(username="alice", password="password")
        self.client.post(self.url("sp-schedule-publish"), {"publish": "1"})
        self.client.logout()
        self.assertIn('id="group-round-18"', self.client.get(self.url("sp-schedule")).content.decode())
        self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
        self.assertIn("Расписание всех туров", self.client.get(self.url("sp-schedule")).content.decode())

    def _play_from(self, first: int, last: int, leaving: dict[str, int]) -> None:
        rnd = Round.objects.get(section=self.section, number=first - 1)
        services.set_results(rnd, self.alice, {b.number: (_result(b.white, b.black, rnd.number), services.seen(b))
                                               for b in rnd.boards.select_related("white", "black")})
        self._play(last, leaving, first=first)


class TeamRoundRobinTestCase(TestCase):
    """Six teams of four, one cycle: match points (2-1-0) and board points; team 6 withdrawn after round 3."""

    def test_match_points_and_board_points(self) -> None:
        from django.contrib.auth import get_user_model

        alice = get_user_model().objects.create_user("alice", password="x")
        event = services.create_event(alice, name="League", slug="league")
        section = Section.objects.create(event=event, name="League", slug="league", kind=Section.TEAM,
                                         system=ROUND_ROBIN, rounds=5, boards=4, tiebreaks=TEAM_ROUND_ROBIN_TIEBREAKS)
        for t in range(1, 7):
            team = team_services.create_team(section, alice, f"Team {t}")
            for b in range(4):
                team_services.add_member(team, alice, services.PlayerData(name=f"T{t} Board{b}, P",
                                                                          rating=2300 - 10 * t - b))
        rr_services.draw(section, alice, "lot", seed=5)
        section.refresh_from_db()
        self.assertEqual(section.rounds, 5)
        self.assertEqual(sorted(section.teams.values_list("number", flat=True)), [1, 2, 3, 4, 5, 6])
        mp: dict[int, int] = dict.fromkeys(range(1, 7), 0)
        gp: dict[int, Fraction] = dict.fromkeys(range(1, 7), Fraction(0))
        for r in range(1, 6):
            section.refresh_from_db()
            if r == 4:
                team_services.withdraw_team(section.teams.get(number=6), alice, 4)
                section.refresh_from_db()
            rnd = team_services.pair_team_round(section, alice).round
            pairs = [(m.white.number, m.black.number) for m in rnd.matches.order_by("number")]
            self.assertEqual(pairs, [(b.white, b.black) for b in berger_schedule(6)[r - 1].boards])
            changes = {}  # the lower team number wins 3-1: boards 1-2 drawn, 3-4 won
            for board in rnd.boards.select_related("white__team", "black__team").order_by("number"):
                first = 1 + (board.number - 1) % 4
                white_lower = board.white.team.number < board.black.team.number
                if not board.result:
                    changes[board.number] = ("==" if first in (1, 2) else "10" if white_lower else "01",
                                             services.seen(board))
            services.set_results(rnd, alice, changes, withdraw_no_shows=False)
            for a, b in pairs:
                low, high = min(a, b), max(a, b)
                if high == 6 and r >= 4:  # team 6 left: every board lost by forfeit
                    mp[low], gp[low] = mp[low] + 2, gp[low] + 4
                else:
                    mp[low], gp[low], gp[high] = mp[low] + 2, gp[low] + 3, gp[high] + 1
        forfeits = Board.objects.filter(round__section=section, round__number__gte=4, result__in=("-+", "+-"))
        self.assertEqual(forfeits.count(), 2 * 4)
        table = teams.team_table(SectionData.load(section))
        self.assertEqual({row.team.number: (row.match_points, row.game_points) for row in table.rows},
                         {t: (mp[t], gp[t]) for t in range(1, 7)})
        self.assertEqual([row.team.number for row in table.rows], [1, 2, 3, 4, 5, 6])
        schedule = roundrobin.schedule_list(SectionData.load(section))
        game = schedule.rounds[0].games[0]
        self.assertEqual(game.result, "3 : 1" if game.white.number < game.black.number else "1 : 3")
