"""A team event (FIDE C.04.6) run through the public API agrees with the same event run in the manager and
with the command line: the same matches and games round by round (line-ups, board colours, the team PAB),
and the same team standings from ``compute_standings(..., teams=True)``, the manager's team table and
``swisspair standings --teams``."""

from __future__ import annotations

import json
import tempfile
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

import swisspair
from swisspair.cli import cli
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Board, Bye, Player, Round, Team

from .test_teams import TeamBase

CODES = {"10": "1-0", "01": "0-1", "==": "1/2-1/2", "+-": "+-"}
RESULTS = ["10", "==", "01", "10", "+-", "=="]
"""The result of game g of round r is RESULTS[(g + r) % 6]: wins, draws, losses and a forfeit."""


class TeamEventThroughTheApiTestCase(TeamBase):
    def test_the_api_the_manager_and_the_command_line_agree(self) -> None:
        section = self.make_section(5, 3)
        rosters = {team.number: [(p.name, p.rating, p.tpn) for p in teams.roster(team)]
                   for team in Team.objects.filter(section=section).order_by("number")}
        t = swisspair.new_tournament("Teams", rounds=4, boards=2, initial_colour=swisspair.Colour.WHITE)
        for number, roster in rosters.items():
            entry = swisspair.add_team(t, f"Club {number}", [(name, rating) for name, rating, _ in roster])
            self.assertEqual((entry.number, entry.members), (number, tuple(tpn for _, _, tpn in roster)))
        # a board-1 player of team 2 asks for a half-point bye in round 2: the reserve plays (C.04.6 1.6.1)
        absent = rosters[2][0][2]
        services.request_bye(Player.objects.get(section=section, tpn=absent), self.alice, 2, Bye.HALF)
        swisspair.add_bye(t, absent, "H", 2)
        for number in range(1, 5):
            section.refresh_from_db()
            services.teams.pair_team_round(section, self.alice)
            pairing = swisspair.pair(t)
            assert isinstance(pairing, swisspair.TeamPairing)
            rnd = Round.objects.get(section=section, number=number)
            stored = [(m.white.number, m.black.number,
                       tuple((g.white.tpn, g.black.tpn) for g in m.games.order_by("number")))
                      for m in rnd.matches.order_by("number")]
            self.assertEqual(stored, [(m.white, m.black, tuple((g.white, g.black) for g in m.games))
                                      for m in pairing.matches])
            self.assertEqual(rnd.team_bye.number if rnd.team_bye else None, pairing.bye)
            if number == 2:
                played = {tpn for game in pairing.games for tpn in (game.white, game.black)}
                self.assertNotIn(absent, played)
                self.assertIn(rosters[2][2][2], played if pairing.bye != 2 else pairing.bye_players)  # the reserve
            codes = [RESULTS[(g + number) % 6] for g in range(len(pairing.games))]
            boards = {b.number: b for b in Board.objects.filter(round=rnd)}
            services.set_results(rnd, self.alice, {n: (code, services.seen(boards[n]))
                                                   for n, code in enumerate(codes, start=1)}, withdraw_no_shows=False)
            services.publish_round(rnd, self.alice)
            swisspair.record_round(t, pairing, [CODES[code] for code in codes])
        self.assertIn(absent, [tpn for _, _, tpn in rosters[2]])
        self.assertEqual(t.player(absent).result(2).result, swisspair.Result.HALF_BYE)

        table = teams.team_table(SectionData.load(section))
        manager = [(row.rank, row.team.number, row.match_points, row.game_points, row.tiebreaks) for row in table.rows]
        tiebreaks = ",".join(table.codes)
        api = swisspair.compute_standings(t, tiebreaks, teams=True)
        self.assertEqual([d.label for d in api.tiebreaks], table.codes)
        self.assertEqual([(r.place_text, r.tpn, api.event.total(r.tpn, "MP"), api.event.total(r.tpn, "GP"),
                           [_text(v) for v in r.values]) for r in api.rows], manager)
        self.assertGreater(len({row[2] for row in manager}), 1)  # the match points tell the teams apart

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "teams.trf"
            swisspair.write_trf(t, path)
            result = CliRunner().invoke(cli, ["standings", str(path), "--teams", "--tiebreaks", tiebreaks, "--json"])
        self.assertEqual(result.exit_code, 0, result.output)
        rows = json.loads(result.stdout)["standings"]
        self.assertEqual([(r["rank"], r["tpn"], Fraction(str(r["points"])), [_number(r["tiebreaks"][c]) for c in
                                                                             table.codes]) for r in rows],
                         [(rank, number, mp, values) for rank, number, mp, _, values in manager])


def _text(value: Fraction | None) -> str:
    """A tie-break value as the manager's table prints it."""
    from swisspair_web.tournaments.reads.standings import fmt

    return "" if value is None else fmt(value)


def _number(value: float | int | None) -> str:
    return "" if value is None else _text(Fraction(str(value)))
