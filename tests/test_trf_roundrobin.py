"""Round-robins in TRF: recognised on reading (declared, or shown by the results) and written as the FIDE
rating report (092 tournament type, 192 system code, rounds, forfeits of a player who left, ranks)."""

from __future__ import annotations

from swisspair import trf
from swisspair.builder import record_round
from swisspair.model import Player, Result, Tournament
from swisspair.roundrobin import berger_schedule, round_pairing
from swisspair.standings import compute_standings
from swisspair.team_roundrobin import team_round_pairing, team_schedule
from swisspair.teams import TeamEntry
from swisspair.trf.roundrobin import detect_round_robin, rating_report

# The C.07 (2023) tie-break exercise's 6-player round-robin is written like this: 5 rounds, XXR, no 092,
# pairing numbers by rating (not the Berger numbers), one forfeit in round 4.
EXERCISE = """012 Tie-break exercise
042 2024-08-01
062 6
XXR 5
001    1 m    Alyx                              2200 NOR           0 1990/01/01  3.5    1     5 w =     2 w 1     3 b 1     4 w 0     6 b 1
001    2 m    Bruno                             2150 NOR           0 1990/01/01  3.5    2     6 w 1     1 b 0     5 w 1     3 w =     4 b 1
001    3 m    Charline                          2100 NOR           0 1990/01/01  3.5    3     4 w 1     6 b 1     1 w 0     2 b =     5 w 1
001    4 m    David                             2050 NOR           0 1990/01/01  1.5    4     3 b 0     5 b 0     6 w =     1 b 1     2 w 0
001    5 m    Franck                            1950 NOR           0 1990/01/01  1.5    5     1 b =     4 w 1     2 b 0     6 w -     3 b 0
001    6 m    Helene                            2000 NOR           0 1990/01/01  1.5    6     2 b 0     3 w 0     4 b =     5 b +     1 w 0
"""

# An all-play-all of four with the bare minimum of headers, ids where the rating would be (the ICU's files).
FOUR = """012 U-19 all-play-all
042 2010-04-11
052 2010-04-13
001    1      Ames,Robin                        2225            6897 1993-12-20  3.0    1     4 w 1     2 w 1     3 b 1
001    2      Bell,Jamie                        1633            5226             2.0    2     3 w 1     1 b 0     4 w 1
001    3      Cole,Leon                         1466            6409             1.0    3     2 b 0     4 b 1     1 w 0
001    4      dunn,thomas                                      10914 1992-01-16  0.0    4     1 b 0     3 w 0     2 b 0
"""


def round_robin(n: int, cycles: int = 1, leaver: int | None = None, played: int = 0) -> Tournament:
    """``n`` players by Berger number; White wins; ``leaver`` loses by forfeit after ``played`` games."""
    t = Tournament(players={tpn: Player(tpn, f"P{tpn}", rating=2300 - tpn) for tpn in range(1, n + 1)},
                   rounds=len(berger_schedule(n, cycles=cycles)))
    games = 0
    for rnd in berger_schedule(n, cycles=cycles):
        results = []
        for board in rnd.boards:
            if leaver in (board.white, board.black):
                games += 1
                if games > played:
                    white_left = board.white == leaver
                    results.append((Result.FORFEIT_LOSS, Result.FORFEIT_WIN) if white_left
                                   else (Result.FORFEIT_WIN, Result.FORFEIT_LOSS))
                    continue
            results.append("1-0")
        record_round(t, round_pairing(rnd), results)
    return t


def test_the_results_show_a_round_robin() -> None:
    """Every pair met once over m - 1 rounds: a round-robin, though neither file says so."""
    for text, n in ((EXERCISE, 6), (FOUR, 4)):
        found = detect_round_robin(trf.loads(text).tournament)
        assert found is not None
        assert (found.participants, found.cycles, found.teams, found.declared) == (n, 1, False, False)
        assert found.reason == f"every participant met every other once in {n - 1} rounds"


def test_an_unfinished_or_repeated_event_is_no_round_robin() -> None:
    """Until the last round a Swiss looks like a round-robin; a pair meeting twice in one cycle is a Swiss."""
    t = trf.loads(EXERCISE).tournament
    assert detect_round_robin(t.truncated(4)) is None
    repeated = trf.loads(EXERCISE.replace("XXR 5", "XXR 6")).tournament
    assert detect_round_robin(repeated) is None
    assert detect_round_robin(Tournament()) is None
    swiss = trf.loads(EXERCISE.replace("XXR 5", "XXR 5\n092 Individual: Swiss-System")).tournament
    assert detect_round_robin(swiss) is None  # it says what it is


def test_a_declared_round_robin_is_taken_at_its_word() -> None:
    """192 FIDE_DOUBLEROUNDROBIN or 092 'Individual: Round-Robin' (Swiss-Manager's words) say it, even
    before the first round; the cycles come from the code, else from the planned rounds."""
    start = "\n".join(line[:89] for line in EXERCISE.splitlines()) + "\n"
    said = trf.loads(start.replace("XXR 5", "XXR 10\n092 Individual: Round-Robin")).tournament
    found = detect_round_robin(said)
    assert found is not None and found.declared and (found.participants, found.cycles) == (6, 2)
    assert found.reason == "the file says so (Individual: Round-Robin)"
    coded = trf.loads(start + "192 FIDE_DOUBLEROUNDROBIN\n").tournament
    found = detect_round_robin(coded)
    assert found is not None and found.cycles == 2 and found.declared


def test_rating_report_of_a_round_robin_with_a_player_who_left() -> None:
    """The report: 092 and 192 name the round-robin, every game stays with its points (15 for 15 games), the
    unplayed ones as forfeits, ranks from the standings with the player not counted (C.05 art. 6.6) last;
    reading it back gives the same round-robin and the same standings."""
    t = round_robin(6, leaver=6, played=2)
    report = rating_report(t)
    text = trf.dumps(report)
    assert "092 Individual: Round-Robin" in text and "192 FIDE_ROUNDROBIN" in text and "XXR 5" in text
    again = trf.loads(text).tournament
    assert sum(p.points or 0 for p in again) == 15
    assert again.players[6].rank == 6
    assert sorted(p.rank or 0 for p in again)[-1] == 6 and all(p.rank for p in again)
    found = detect_round_robin(again)
    assert found is not None and found.declared and found.cycles == 1
    assert [(r.tpn, r.points) for r in compute_standings(again, "SB").rows] == \
        [(r.tpn, r.points) for r in compute_standings(t, "SB", round_robin=True).rows]
    assert len(compute_standings(again, "SB").rows) == 5


def test_rating_report_of_a_double_round_robin() -> None:
    """A double round-robin is FIDE_DOUBLEROUNDROBIN, 2(m - 1) rounds; a rest round stays a zero-point round."""
    t = round_robin(5, cycles=2)
    text = trf.dumps(rating_report(t), trf26=True)
    assert "192 FIDE_DOUBLEROUNDROBIN" in text and "142 10" in text
    assert text.count("0000 - Z") == 10
    lines = [line for line in text.splitlines() if line.startswith("001 ")]
    assert all(line[80:84] == " 4.0" for line in lines)  # White wins: four Whites each


def test_team_round_robin_is_recognised_and_reported() -> None:
    """Six teams that all met once: a team round-robin (also under a 092 'Team League', which names no system);
    its report says 'Team: Round-Robin'."""
    players = {tpn: Player(tpn, f"Player {tpn}") for tpn in range(1, 25)}
    teams = tuple(TeamEntry(k, f"Team {k}", tuple(range(4 * k - 3, 4 * k + 1))) for k in range(1, 7))
    t = Tournament(players=players, teams=teams, board_colours="WBWB", rounds=5)
    for rnd in team_schedule(6):
        pairing = team_round_pairing(t, rnd)
        record_round(t, pairing, ["1-0"] * len(pairing.boards))
    found = detect_round_robin(t)
    assert found is not None and (found.participants, found.teams, found.declared) == (6, True, False)
    t.headers["092"] = ["Team League"]  # a tournament type that names no system: the results decide
    assert detect_round_robin(t) == found
    text = trf.dumps(rating_report(t), trf26=True)
    assert "092 Team: Round-Robin" in text and "142 5" in text
