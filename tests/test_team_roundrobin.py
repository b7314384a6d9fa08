"""Team round-robins: Berger schedule of teams (FIDE C.05 Annex 1), boards (C.04.6 1.6.1), match points and
game points (C.04.6 1.2) and the standings (C.07 (2026) arts. 11-13, as a round-robin)."""

from __future__ import annotations

import pytest

from swisspair import trf
from swisspair.builder import record_round
from swisspair.model import Board, Player, Tournament
from swisspair.team_matches import team_event
from swisspair.team_roundrobin import (
    TEAM_ROUND_ROBIN_TIEBREAKS,
    TeamRoundRobinError,
    match_boards,
    team_round_pairing,
    team_schedule,
    team_standings,
)
from swisspair.teams import TeamEntry
from swisspair.tiebreaks.descriptors import Descriptor
from swisspair.tiebreaks.registry import TIEBREAKS

BOARDS = 4


def teams_event(count: int, cycles: int = 1) -> Tournament:
    """``count`` teams of four; team k has players 4k-3 .. 4k in board order."""
    players = {tpn: Player(tpn, f"Player {tpn}") for tpn in range(1, BOARDS * count + 1)}
    teams = tuple(TeamEntry(k, f"Team {k}", tuple(range(BOARDS * (k - 1) + 1, BOARDS * k + 1)))
                  for k in range(1, count + 1))
    return Tournament(players=players, teams=teams, board_colours="WBWB",
                      rounds=len(team_schedule(count, cycles=cycles)))


def team_of(tpn: int) -> int:
    return (tpn - 1) // BOARDS + 1


def play(t: Tournament, count: int, cycles: int = 1) -> None:
    """Every round of the schedule: the lower-numbered team wins 3-1 (its players win boards 1-3, lose board
    4), except teams 5 and 6, who draw 2-2 (every board drawn)."""
    for rnd in team_schedule(count, cycles=cycles):
        pairing = team_round_pairing(t, rnd)
        results = []
        for board in pairing.boards:
            white_team, black_team = team_of(board.white), team_of(board.black)
            if {white_team, black_team} == {5, 6}:
                results.append("1/2-1/2")
                continue
            low = min(white_team, black_team)
            low_player = board.white if white_team == low else board.black
            low_wins = (low_player - 1) % BOARDS != 3
            results.append("1-0" if (board.white == low_player) == low_wins else "0-1")
        record_round(t, pairing, results)


def test_six_teams_match_points_and_board_points() -> None:
    """C.04.6 1.2 in a team round-robin of 6 teams: a match won 3-1 is 2 MP, drawn 2-2 is 1 MP each.
    Team k beats the higher numbers and loses to the lower: MP 2(6-k), GP 3(6-k) + (k-1); teams 5 and 6 draw
    and are level on everything (MP, GP, their match, Sonneborn-Berger 10+8+6+4+1x2 = 30): they share 5th place."""
    t = play_six()
    event = team_event(t)
    mp = {k: event.score(k, "MP") for k in range(1, 7)}
    gp = {k: event.score(k, "GP") for k in range(1, 7)}
    assert mp == {1: 10, 2: 8, 3: 6, 4: 4, 5: 1, 6: 1}
    assert gp == {1: 15, 2: 13, 3: 11, 4: 9, 5: 4 + 2, 6: 4 + 2}
    s = team_standings(t)
    assert [d.label for d in s.tiebreaks] == list(TEAM_ROUND_ROBIN_TIEBREAKS)
    assert [(row.place_text, row.tpn, row.points) for row in s.rows] == [
        ("1", 1, 10), ("2", 2, 8), ("3", 3, 6), ("4", 4, 4), ("5-6", 5, 1), ("5-6", 6, 1)]
    assert [row.values[0] for row in s.rows] == [15, 13, 11, 9, 6, 6]  # MPvGP: the game points
    assert [row.values[2] for row in s.rows][4:] == [30, 30]  # EMGSB
    assert s.event.round_robin


def play_six() -> Tournament:
    t = teams_event(6)
    play(t, 6)
    return t


def test_boards_and_colours_of_a_match() -> None:
    """C.04.6 1.6.1: the team with White on board 1 has White on the odd boards; the table's first team
    has White on board 1 (C.05 Annex 1: 1-6 in round 1 of 6)."""
    t = teams_event(6)
    first = team_round_pairing(t, team_schedule(6)[0])
    assert first.boards[:4] == (Board(1, 21), Board(22, 2), Board(3, 23), Board(24, 4))
    assert len(first.boards) == 12
    assert match_boards((1, 2), (3, 4), "BW") == (Board(3, 1), Board(2, 4))
    with pytest.raises(TeamRoundRobinError):
        match_boards((1, 2), (3,))
    with pytest.raises(TeamRoundRobinError):
        match_boards((1, 2), (3, 4), "WWW")


def test_double_round_robin_reverses_the_second_cycle() -> None:
    """C.05 Annex 1: in the second cycle every match has the colours reversed: board 1 goes to the other team."""
    schedule = team_schedule(6, double=True)
    assert len(schedule) == 10
    t = teams_event(6, cycles=2)
    play(t, 6, cycles=2)
    event = team_event(t)
    assert event.score(1, "MP") == 20 and event.score(5, "MP") == 2
    first = {frozenset((m.white, m.black)): m for m in schedule[0].boards}
    for match in schedule[5].boards:
        original = first[frozenset((match.white, match.black))]
        assert (match.white, match.black) == (original.black, original.white)


def test_odd_number_of_teams_rests() -> None:
    """C.05 Annex 1: five teams, the highest number is the bye: one team rests each round and scores nothing."""
    t = teams_event(5)
    for rnd in team_schedule(5):
        pairing = team_round_pairing(t, rnd)
        assert len(pairing.boards) == 2 * BOARDS
        assert rnd.rests is not None and f"team {rnd.rests} rests" in pairing.explanation[0]
        record_round(t, pairing, ["1-0"] * len(pairing.boards))
    resting = {rnd.rests for rnd in team_schedule(5)}
    assert resting == {1, 2, 3, 4, 5}
    event = team_event(t)
    assert all(sum(1 for r in event.teams[k].history if r.opponent is None) == 1 for k in range(1, 6))
    assert sum(event.score(k, "GP") for k in range(1, 6)) == 10 * BOARDS


def test_line_ups_and_errors() -> None:
    """A line-up given for the round is used in board order; one too short, or an unknown team, is an error."""
    t = teams_event(4)
    rnd = team_schedule(4)[0]
    pairing = team_round_pairing(t, rnd, {1: (4, 3, 2, 1)})
    assert pairing.boards[0] == Board(4, 13)
    with pytest.raises(TeamRoundRobinError):
        team_round_pairing(t, rnd, {1: (1, 2, 3)})
    with pytest.raises(TeamRoundRobinError):
        team_round_pairing(t, team_schedule(6)[0])
    with pytest.raises(TeamRoundRobinError):
        team_round_pairing(Tournament(), rnd)


def test_survives_a_trf_round_trip() -> None:
    """The team round-robin as a TRF (310 teams, 352 colours) reads back to the same standings."""
    t = play_six()
    again = trf.loads(trf.dumps(t, trf26=True)).tournament
    assert [(r.tpn, r.points, r.values) for r in team_standings(again).rows] == \
        [(r.tpn, r.points, r.values) for r in team_standings(t).rows]


def test_default_lists_are_registered() -> None:
    """C.07: every tie-break of the default team round-robin list is in the registry."""
    for acronym in TEAM_ROUND_ROBIN_TIEBREAKS:
        assert Descriptor.parse(acronym).spec is TIEBREAKS[acronym]
