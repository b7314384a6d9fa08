"""Team matches as core model objects, read once (FIDE C.04.6 arts. 1.2-1.6, C.07 (2026) art. 11).

The team pairing, the team tie-breaks and the manager use :func:`swisspair.team_matches.team_event`:
these tests hold that they see one and the same event, and check the reading itself.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from test_tiebreaks_support import build

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import Colour, Outcome, Result, Scoring
from swisspair.pairing.team import TeamSystem, _state, generate_team_tournament
from swisspair.team_matches import TeamBoard, TeamMatch, team_event
from swisspair.teams import MatchPoints, TeamEntry, TeamForfeit, TeamLineup, TeamPab
from swisspair.tiebreaks.event import RoundKind
from swisspair.tiebreaks.team import standings_event

W, B, N = Colour.WHITE, Colour.BLACK, Colour.NONE

PLAYERS = """
1: 3w1 5w1 H
2: 4b= 6b1 H
3: 1b0 7w= 5w1
4: 2w= 8b= 6b0
5: 7w0 1b0 3b0
6: 8b1 2w0 4w1
7: 5b1 3b= U
8: 6w0 4w= U
"""
"""Four teams of two boards (Alpha 1-2, Beta 3-4, Gamma 5-6, Delta 7-8); in round 3 Alpha has a
half-point bye on both boards and Delta the PAB."""


def tournament():  # type: ignore[no-untyped-def]
    t = build(PLAYERS)
    t.teams = tuple(TeamEntry(n, name, (2 * n - 1, 2 * n)) for n, name in
                    enumerate(("Alpha", "Beta", "Gamma", "Delta"), start=1))
    return t


def test_one_reading_for_the_pairing_and_the_tie_breaks() -> None:
    """Every team's every round: the same opponent, MP and GP in the core, the team pairing's state and the
    team tie-breaks' records."""
    t = generate_team_tournament(9, 3, 5, seed=8)
    core = team_event(t)
    engine = TeamSystem().event(t)
    standings = standings_event(t)
    for number, team in core.teams.items():
        assert engine.teams[number].history == team.history
        for r, played in enumerate(team.history, start=1):
            record = standings.competitors[number].rounds[r - 1]
            assert (record.opponent, record.points["MP"], record.points["GP"]) == (
                played.opponent, played.match_points, played.game_points)
    assert core.boards == 3 and len(core.matches) == 5 * 4  # 4 matches a round, one team with the PAB


def test_match_points_from_game_points_1_2() -> None:
    event = team_event(tournament())
    alpha = event.teams[1].history
    assert [(m.opponent, m.game_points, m.match_points, m.result) for m in alpha[:2]] == [
        (2, Fraction(3, 2), 2, Result.WIN), (3, 2, 2, Result.WIN)]
    assert event.teams[2].history[0].opponent_points == Fraction(3, 2)
    [first, second] = [m for m in event.matches if m.round == 1]
    assert (first.teams, first.game_points, first.match_points) == ((1, 2), (Fraction(3, 2), Fraction(1, 2)),
                                                                   (2, 0))
    assert (second.teams, second.game_points, second.match_points) == ((3, 4), (1, 1), (1, 1))
    assert [board.players for board in first.boards] == [(1, 3), (2, 4)]


def test_colour_of_a_played_match_is_the_board_1_colour_1_6_1() -> None:
    event = team_event(tournament())
    assert [m.colour for m in event.teams[1].history[:2]] == [W, W]
    assert [m.colour for m in event.teams[3].history[:2]] == [W, B]
    assert [m.colour for m in event.teams[4].history[:2]] == [B, B]


def test_the_pab_is_a_drawn_match_1_4_and_a_team_half_point_bye_too() -> None:
    """The PAB: TD and a draw on every board; a half-point bye of every player: a drawn match as well, in the
    pairing's score as in the standings (the pairing read it as nothing before)."""
    t = tournament()
    event = team_event(t)
    delta, alpha = event.teams[4].history[2], event.teams[1].history[2]
    assert (delta.pab, delta.result, delta.match_points, delta.game_points) == (True, Result.PAB, 1, 1)
    assert (alpha.result, alpha.match_points, alpha.game_points, alpha.pab) == (Result.HALF_BYE, 1, 1, False)
    assert TeamSystem().event(t).score(1, "MP") == 5
    record = standings_event(t).competitors[1].rounds[2]
    assert (record.kind, record.points["MP"], record.points["GP"]) == (RoundKind.HALF_BYE, 1, 1)


def test_320_gives_the_pab_value_and_330_the_forfeit() -> None:
    t = tournament()
    t.team_pabs = (TeamPab(Fraction(2), Fraction(2), (0, 0, 4)),)
    t.team_forfeits = (TeamForfeit("-+", 2, 1, 3),)
    t.match_points = MatchPoints(Fraction(3), Fraction(1), Fraction(0))
    event = team_event(t)
    assert (event.teams[4].history[2].match_points, event.teams[4].history[2].game_points) == (2, 2)
    assert event.teams[3].history[1].forfeit_win and not event.teams[1].history[1].forfeit_win
    assert event.teams[1].history[0].match_points == 3  # 362: TW 3
    assert [m.forfeit for m in event.matches if m.round == 2 and 1 in m.teams] == ["-+"]


DOUBLE_FORFEIT = """
1: 3w- 5w1
2: 4b- 6b1
3: 1b- 7w=
4: 2w- 8b=
5: 7w0 1b0
6: 8b1 2w0
7: 5b1 3b=
8: 6w0 4w=
"""
"""Round 1: nobody of Alpha (1-2) nor of Beta (3-4) came, every board ``-`` on both sides; Gamma and Delta
drew 1-1. Round 2: Alpha beat Gamma 2-0, Beta and Delta drew."""


def test_a_match_neither_team_played_is_lost_by_both_1_2() -> None:
    """C.04.6 (2026) 1.2 gives the match to the team with more game points; a match whose every board was
    forfeited by both players has no winner and is no draw: both teams lost it (TRF26 ``330 --``), each
    scoring the match points of a lost match. The pairing, the tie-breaks and the manager read it from the
    same object."""
    t = build(DOUBLE_FORFEIT)
    t.teams = tuple(TeamEntry(n, name, (2 * n - 1, 2 * n)) for n, name in
                    enumerate(("Alpha", "Beta", "Gamma", "Delta"), start=1))
    event = team_event(t)
    forfeited, drawn = (m for m in event.matches if m.round == 1)
    assert (forfeited.teams, forfeited.played, forfeited.game_points) == ((1, 2), False, (0, 0))
    assert (forfeited.outcomes, forfeited.match_points) == ((Outcome.LOSS, Outcome.LOSS), (0, 0))
    assert (drawn.outcomes, drawn.match_points) == ((Outcome.DRAW, Outcome.DRAW), (1, 1))
    for number in (1, 2):
        side = event.teams[number].history[0]
        assert (side.match_points, side.outcome, side.result, side.forfeit_win, side.played) == (
            0, Outcome.LOSS, Result.FORFEIT_LOSS, False, False)
    # the pairing: no match point from it, no forfeit win (the PAB stays open, C2), no meeting (C1)
    engine = TeamSystem().event(t)
    assert (engine.score(1, "MP"), engine.score(2, "MP")) == (2, 1)
    state = _state(engine, 3)
    assert state[1].pab_eligible and state[2].pab_eligible and 2 not in state[1].opponents
    # the tie-breaks: a forfeit lost, 0 MP
    record = standings_event(t).competitors[1].rounds[0]
    assert (record.kind, record.outcome, record.points["MP"]) == (RoundKind.FORFEIT_LOSS, Outcome.LOSS, 0)
    # the manager's view: the match scored from its boards
    boards = tuple(TeamBoard((a, b), (W, B), (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS)) for a, b in ((1, 3), (2, 4)))
    scored = TeamMatch.scored(1, (1, 2), boards, Scoring(), MatchPoints(Fraction(3), Fraction(1), Fraction(0)))
    assert (scored.game_points, scored.match_points) == ((0, 0), (0, 0))


def test_a_330_record_says_how_a_forfeited_match_ended() -> None:
    """TRF26 ``330 --``: both teams lost the match, whatever its boards say."""
    t = build(DOUBLE_FORFEIT)
    t.teams = tuple(TeamEntry(n, name, (2 * n - 1, 2 * n)) for n, name in
                    enumerate(("Alpha", "Beta", "Gamma", "Delta"), start=1))
    t.team_forfeits = (TeamForfeit("--", 2, 2, 4),)
    event = team_event(t)
    [match] = [m for m in event.matches if m.round == 2 and 2 in m.teams]
    assert (match.forfeit, match.outcomes, match.match_points) == ("--", (Outcome.LOSS, Outcome.LOSS), (0, 0))
    assert event.teams[2].history[1].match_points == event.teams[4].history[1].match_points == 0


def test_a_300_line_up_orders_the_boards() -> None:
    t = tournament()
    t.team_lineups = (TeamLineup(1, 1, 2, (2, 1)),)
    event = team_event(t)
    assert event.teams[1].history[0].colour is B  # board 1 is player 2, with Black (1.6.1)
    assert event.teams[1].history[0].boards == (Fraction(1, 2), 1)


def test_a_match_scored_from_its_boards_has_match_points_once_complete() -> None:
    scoring, points = Scoring(), MatchPoints()
    boards = (TeamBoard((1, 3), (W, B), (Result.WIN, Result.LOSS)), TeamBoard((2, 4), (B, W), None))
    pending = TeamMatch.scored(4, (1, 2), boards, scoring, points)
    assert (pending.game_points, pending.match_points, pending.complete) == ((1, 0), None, False)
    boards = boards[:1] + (TeamBoard((2, 4), (B, W), (Result.FORFEIT_LOSS, Result.FORFEIT_WIN)),)
    done = TeamMatch.scored(4, (1, 2), boards, scoring, points)
    assert (done.game_points, done.match_points, done.played) == ((1, 1), (1, 1), True)


def test_boards_352_else_the_largest_match_else_the_smallest_roster() -> None:
    """The one rule for the boards of a team event: ``352``, else the most boards a match had, else the
    smallest roster (a team fields every board, C.04.6 1.6.1; a longer roster lists reserves)."""
    t = tournament()
    assert team_event(t).boards == 2
    t.board_colours = "WBWB"
    assert team_event(t).boards == 4
    t = build("1:\n2:\n3:\n4:\n5:")
    t.teams = (TeamEntry(1, "Alpha", (1, 2, 3)), TeamEntry(2, "Beta", (4, 5)))
    assert team_event(t).boards == 2


def test_absent_in_the_next_round_and_no_team_records() -> None:
    t = tournament()
    for tpn in (5, 6):
        t.players[tpn].results.append(t.players[tpn].results[0].bye(Result.ZERO_BYE))
    event = team_event(t)
    assert [n for n, team in event.teams.items() if team.absent] == [3]
    t.teams = ()
    with pytest.raises(UnsupportedFeatureError, match="team records"):
        team_event(t)


def test_the_team_records_are_read_in_one_module() -> None:
    """No consumer reads 300, 320 or 330 records itself (the reader and the writer apart)."""
    from pathlib import Path

    src = Path(__file__).resolve().parent.parent / "src"
    readers = sorted(str(path.relative_to(src)) for path in src.rglob("*.py")
                     if any(name in path.read_text(encoding="utf-8")
                            for name in (".team_pabs", ".team_lineups", ".team_forfeits")))
    assert readers == ["swisspair/team_matches.py", "swisspair/trf/records.py", "swisspair/trf/writer.py",
                       "swisspair_web/tournaments/reads/trf_export.py"]  # the manager writes its 330 records there
