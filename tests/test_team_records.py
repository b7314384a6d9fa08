"""Teams in the model: one reading of the team records (``310``/``013``/``352``/``362``) for
every consumer (numbering rule in docs/trf.md, "Teams")."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from test_tiebreaks_support import build
from test_tiebreaks_team import PLAYERS, TEAMS  # the same 8-player, 4-team event

from swisspair import trf
from swisspair.model import Colour
from swisspair.pairing.team import TeamSystem, generate_team_tournament
from swisspair.team_matches import team_event as pairing_event
from swisspair.teams import MatchPoints, TeamEntry, TeamForfeit, TeamLineup, TeamPab
from swisspair.tiebreaks.team import standings_event as tiebreak_event


def _both_records() -> str:
    """A file whose ``310`` records number the teams the other way round from the order of
    its ``013`` records (``310`` first, so that a reader taking both overwrites team 1)."""
    t = build(PLAYERS, system="FIDE_TEAM")
    t.rounds = 4
    for number, (name, a, b) in enumerate(reversed(TEAMS), start=1):
        t.extra_lines.append(f"310 {number:3d} {name:<32}".ljust(73) + f"{a:4d} {b:4d}")
    for name, a, b in TEAMS:
        t.extra_lines.append(f"013 {name:<32}{a:4d} {b:4d}")
    t.extra_lines += ["352 WB", "362 TW 3.0 TD 1.0 TL 0.0"]
    return trf.dumps(t)


def test_both_310_and_013_one_numbering_everywhere() -> None:
    """The 310 records define the teams (docs/trf.md): the pairing and the tie-breaks agree."""
    t = trf.loads(_both_records()).tournament
    expected = {1: "Delta", 2: "Gamma", 3: "Beta", 4: "Alpha"}
    assert {team.number: team.name for team in t.teams} == expected
    assert {n: team.name for n, team in pairing_event(t).teams.items()} == expected
    assert {c.id: c.name for c in tiebreak_event(t)} == expected
    assert pairing_event(t).teams[1].members == (7, 8)
    # match points from 362 in both: Delta won a match (3) and drew two (1 each)
    assert pairing_event(t).score(1, "MP") == 5 and tiebreak_event(t).total(1, "MP") == 5
    assert [line[:3] for line in t.extra_lines] == ["013"] * 4


def test_round_trip_keeps_the_team_records() -> None:
    text = _both_records()
    t = trf.loads(text).tournament
    assert t.board_colours == "WB" and t.match_points == MatchPoints(Fraction(3), Fraction(1), Fraction(0))
    again = trf.loads(trf.dumps(t)).tournament
    assert again == t
    assert [line for line in trf.dumps(t).splitlines() if line[:3] in ("310", "013", "352", "362")] == [
        line for line in text.splitlines() if line[:3] in ("352", "362")] + [
        line for line in text.splitlines() if line[:3] in ("310", "013")]


def test_013_only_numbers_in_file_order() -> None:
    t = trf.loads("\n".join(line for line in _both_records().splitlines() if line[:3] != "310")).tournament
    assert [(team.number, team.name, team.code) for team in t.teams] == [
        (1, "Alpha", "013"), (2, "Beta", "013"), (3, "Gamma", "013"), (4, "Delta", "013")]


def test_team_entry_310_columns() -> None:
    team = TeamEntry(12, "Knights", (1, 2, 3), "310", "KNI", Fraction("2426.7"), Fraction(2), Fraction("3.5"), 1)
    t = build("1: .\n2: .\n3: .")
    t.teams = (team,)
    line = trf.writer.lines(t)[-1]
    assert line[4:7] == " 12" and line[8:40].rstrip() == "Knights" and line[41:46] == "KNI  "
    assert line[47:53] == "2426.7" and line[54:60] == "   2.0" and line[61:67] == "   3.5" and line[68:71] == "  1"
    assert line[73:] == "   1    2    3"
    assert trf.loads(trf.dumps(t)).tournament.teams == (team,)


def test_generated_team_event_pairs_from_the_model() -> None:
    t = generate_team_tournament(teams=5, boards=2, rounds=2, seed=3)
    assert [team.members for team in t.teams][:2] == [(1, 2), (3, 4)] and t.board_colours == "WB"
    again = trf.loads(trf.dumps(t)).tournament
    assert TeamSystem().pair(again) == TeamSystem().pair(t)


def test_team_records_are_checked_with_located_warnings() -> None:
    """What the manager refuses and the engines would misread: each problem named at its line and
    column, the roster left consistent (every member a player, in one team)."""
    head = "012 Checks\n" + trf.dumps(build("1: .\n2: .\n3: .\n4: ."))
    lines = [
        "310   1 Knights".ljust(73) + "   1    2",
        "310   1 Rooks".ljust(73) + "   3    2    9",
        "310    ".ljust(73) + "   4",
        "362 TW 3.0 TD x",
    ]
    result = trf.loads(head + "\n".join(lines) + "\n")
    first = len(head.splitlines()) + 1
    found = [(w.location.line, w.location.column, w.location.record, w.message) for w in result.warnings]
    assert found == [
        (first + 3, 5, "362", "match points: 'TD x' not understood (expected TW, TD, TL and a number); ignored"),
        (first + 1, 5, "310", "team number 1 is used twice"),
        (first + 1, 79, "310", "player 2 is already in team 1 (left out of the roster)"),
        (first + 1, 84, "310", "member 9 is not a player of the file (left out of the roster)"),
        (first + 2, 5, "310", "a 310 record needs a team number (columns 5-7); numbered 3 by its position"),
        (first + 2, 9, "310", "the team has no name"),
    ]
    assert [(team.number, team.members) for team in result.tournament.teams] == [(1, (1, 2)), (1, (3,)), (3, (4,))]
    assert result.tournament.match_points == MatchPoints(Fraction(3), Fraction(1), Fraction(0))


def test_team_round_records_are_model_objects() -> None:
    """300 (line-up, C.04.6 art. 1.6.1), 320 (team PAB, art. 1.4) and 330 (forfeited match) are read
    once into the model and written back; a malformed one is kept as written, with a warning."""
    t = trf.loads(_both_records()).tournament
    t.team_lineups = (TeamLineup(1, 1, 4, (8, 7)),)
    t.team_pabs = (TeamPab(Fraction(1), Fraction("1.5"), (0, 3)),)
    t.team_forfeits = (TeamForfeit("-+", 2, 2, 3),)
    text = trf.dumps(t)
    assert "300   1   1   4    8    7" in text and "320  1.0  1.5   0   3" in text and "330 -+   2   2   3" in text
    assert trf.loads(text).tournament == t
    # the pairing reads them: Delta's board 1 in round 1 is player 8 (White against 6), not 7 (Black)
    assert pairing_event(t).teams[1].history[0].colour is Colour.WHITE
    assert pairing_event(replace(t, team_lineups=())).teams[1].history[0].colour is Colour.BLACK
    bad = trf.loads(text.replace("330 -+   2   2   3", "330 x+   2   2   3"))
    assert bad.tournament.team_forfeits == () and "330 x+   2   2   3" in bad.tournament.extra_lines
    assert [w.message for w in bad.warnings if w.location.record == "330"] == [
        "team forfeit: expected +-, -+ or --, got 'x+' (line kept as written)"]


def test_a_team_pab_written_on_every_member_is_one_pab() -> None:
    """C.04.6 1.4: a team's PAB is written as ``U`` on each member (``0000 - U``); the reader takes
    it as the one PAB of the round (TRF: at most one per round) and says nothing. ``U`` on members
    of two teams in one round is still reported."""
    t = generate_team_tournament(5, 4, 3, seed=2)
    text = trf.dumps(t)
    result = trf.loads(text)
    assert [w.message for w in result.warnings] == []
    assert pairing_event(result.tournament).teams[5].history[0].pab
    # team 1's board 1 also "had" a PAB in round 1, when team 5 had it: two teams, one warning
    lines = text.splitlines()
    first = next(k for k, line in enumerate(lines) if line.startswith("001    1 "))
    lines[first] = lines[first][:91] + "0000 - U" + lines[first][99:]
    warnings = [w.message for w in trf.loads("\n".join(lines), lenient=True).warnings]
    assert [m for m in warnings if "more than one pairing-allocated bye" in m] == [
        "round 1: more than one pairing-allocated bye (players [1, 17, 18, 19, 20])"]
