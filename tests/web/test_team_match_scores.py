"""The manager's team matches are the core's (FIDE C.04.6 art. 1.2): the scores it shows come from
:meth:`swisspair.team_matches.TeamMatch.scored`, and the standings read the same matches back from the
section's tournament (:func:`swisspair.team_matches.team_event`); its result codes are the core's
:class:`~swisspair.model.BoardResult` codes and labels."""

from __future__ import annotations

import pytest

from swisspair.model import BOARD_RESULTS, BoardResult
from swisspair.team_matches import team_event
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import teams
from swisspair_web.tournaments.reads.convert import SectionData, board_results, to_tournament
from swisspair_web.tournaments.rows import RESULT_CHOICES, RESULTS, Round

from .test_teams import TeamBase


class TeamMatchScoresTestCase(TeamBase):
    @pytest.mark.slow
    def test_it_shows_the_scores_the_core_reads_from_the_section(self) -> None:
        section = self.make_section(4, 3)  # a third player: a forfeit's no-show is withdrawn from the next round
        codes = ["10", "==", "-+", "01", "WL", "+-", "==", "DD"]
        for number in (1, 2):
            services.teams.pair_team_round(section, self.alice)
            rnd = Round.objects.get(section=section, number=number)
            self.enter(number, {board.number: codes[(number * 3 + index) % len(codes)]
                                for index, board in enumerate(rnd.boards.order_by("number"))})
            section.refresh_from_db()
        core = team_event(to_tournament(SectionData.load(section)).tournament)
        for number in (1, 2):
            shown = {(s.match.white.number, s.match.black.number): s
                     for s in teams.match_scores(Round.objects.get(section=section, number=number))}
            read = {m.teams: m for m in core.matches if m.round == number}
            self.assertEqual(set(shown), set(read))
            for pair, score in shown.items():
                self.assertEqual((score.white_points, score.black_points), read[pair].game_points)
                self.assertEqual((score.white_match_points, score.black_match_points), read[pair].match_points)

    def test_a_match_has_match_points_once_every_board_has_a_result(self) -> None:
        section = self.make_section(2, 2)
        services.teams.pair_team_round(section, self.alice)
        rnd = Round.objects.get(section=section, number=1)
        first = rnd.boards.order_by("number").first()
        assert first is not None
        self.enter(1, {first.number: "1"})
        [score] = teams.match_scores(rnd)
        self.assertFalse(score.complete)
        self.assertIsNone(score.white_match_points)


    @pytest.mark.slow
    def test_a_match_neither_team_played_is_lost_by_both(self) -> None:
        """Both teams absent (*Forfeited match*, both): every board ``--``; the match is lost by both
        (C.04.6 (2026) 1.2, TRF26 ``330 --``), 0 MP each, on the results page and in the standings."""
        section = self.make_section(4, 2)
        services.teams.pair_team_round(section, self.alice)
        rnd = Round.objects.get(section=section, number=1)
        first, second = rnd.matches.order_by("number")
        services.teams.forfeit_match(second, self.alice, "both", {b.number: services.seen(b) for b in second.games.all()})
        self.enter(1, {b.number: "1" for b in first.games.all()})
        scores = {s.match.pk: s for s in teams.match_scores(rnd)}
        forfeited = scores[second.pk]
        self.assertEqual((forfeited.white_points, forfeited.black_points, forfeited.white_match_points,
                          forfeited.black_match_points), (0, 0, 0, 0))
        section.refresh_from_db()
        rows = {row.team.number: row for row in teams.team_table(SectionData.load(section)).rows}
        for team in (second.white, second.black):
            self.assertEqual((rows[team.number].match_points, rows[team.number].game_points), (0, 0))


class ResultCodesTestCase(TeamBase):
    def test_the_result_codes_are_the_cores(self) -> None:
        self.assertEqual(RESULTS, {"": "", **{r.code: r.label for r in BOARD_RESULTS}})
        self.assertEqual([code for code, _ in RESULT_CHOICES], ["", *(r.code for r in BOARD_RESULTS)])
        for result in BOARD_RESULTS:
            self.assertEqual(board_results(result.code), (result.white, result.black))
            self.assertEqual(services.parse_result(result.code.lower()), result.code)
        for typed in ("1", "1/2", "½", "d", "+", "-", "0-0", "lw", ""):
            parsed = BoardResult.parse(typed)
            self.assertEqual(services.parse_result(typed), parsed.code if parsed else "")
        with self.assertRaises(services.OperationError):
            services.parse_result("2-0")
