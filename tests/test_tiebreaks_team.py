"""Team tie-breaks (FIDE C.07 (2026) arts. 11-13) on a hand-made four-team event.

Four teams of two boards play a round robin (MP 2/1/0):

======  ==============  ==============  ==============
round   Alpha           Beta            Gamma / Delta
======  ==============  ==============  ==============
1       Alpha 1.5-0.5 Beta (1-0, 1/2-1/2); Gamma 1-1 Delta (0-1, 1-0)
2       Alpha 2-0 Gamma (1-0, 1-0); Beta 1-1 Delta (1/2, 1/2)
3       Alpha 0.5-1.5 Delta (0-1, 1/2-1/2); Beta 1-1 Gamma (1-0, 0-1)
======  ==============  ==============  ==============

MP: Alpha 4, Delta 4, Beta 2, Gamma 2. GP: Alpha 4, Delta 3.5, Beta 2.5, Gamma 2.
"""

from __future__ import annotations

import pytest
from test_tiebreaks_support import F, build

from swisspair.standings import compute_standings
from swisspair.teams import MatchPoints, TeamEntry
from swisspair.trf import dumps, loads
from swisspair.errors import InvalidTieBreakError
from swisspair.tiebreaks.context import Context
from swisspair.tiebreaks.team import standings_event

PLAYERS = """
1: 3w1 5w1 7w0
2: 4b= 6b1 8b=
3: 1b0 7w= 5w1
4: 2w= 8b= 6b0
5: 7w0 1b0 3b0
6: 8b1 2w0 4w1
7: 5b1 3b= 1b1
8: 6w0 4w= 2w=
"""
TEAMS = [("Alpha", 1, 2), ("Beta", 3, 4), ("Gamma", 5, 6), ("Delta", 7, 8)]


def _event(system: str | None = None):  # type: ignore[no-untyped-def]
    t = build(PLAYERS, system=system)
    t.teams = tuple(TeamEntry(number, name, (a, b), "013") for number, (name, a, b) in enumerate(TEAMS, start=1))
    return standings_event(t)


def _values(ctx: Context, d: str) -> dict[int, object]:
    return {c: v.value for c, v in ctx.values(d).items()}


def test_match_and_game_points_11_1() -> None:
    ev = _event()
    assert ev.scores == ("MP", "GP") and ev.team_size == 2
    assert {c.id: ev.total(c.id, "MP") for c in ev} == {1: 4, 2: 2, 3: 2, 4: 4}
    assert {c.id: ev.total(c.id, "GP") for c in ev} == {1: 4, 2: F("2.5"), 3: 2, 4: F("3.5")}
    assert _event("FIDE_TEAM_GP_MP").scores == ("GP", "MP")


def test_extended_sonneborn_berger_13_2() -> None:
    ctx = Context(_event())
    # EMGSB for Alpha: Beta's MP 2 x 1.5 + Gamma's 2 x 2 + Delta's 4 x 0.5 = 9
    assert _values(ctx, "EMGSB")[1] == 9
    # EMMSB for Alpha: 2 x 2 + 2 x 2 + 4 x 0 = 8; EGGSB: 2.5 x 1.5 + 2 x 2 + 3.5 x 0.5 = 9.5
    assert _values(ctx, "EMMSB")[1] == 8
    assert _values(ctx, "EGGSB")[1] == F("9.5")
    # EGMSB for Delta: Gamma's GP 2 x 1 + Beta's 2.5 x 1 + Alpha's 4 x 2 = 12.5
    assert _values(ctx, "EGMSB")[4] == F("12.5")


def test_buchholz_on_either_score() -> None:
    ctx = Context(_event())
    assert _values(ctx, "BH:MP")[1] == 8   # 2 + 2 + 4
    assert _values(ctx, "BH:GP")[1] == 8   # 2.5 + 2 + 3.5


def test_mpvgp_13_1() -> None:
    assert _values(Context(_event()), "MPVGP") == {1: 4, 2: F("2.5"), 3: 2, 4: F("3.5")}


def test_board_count_12_1() -> None:
    ctx = Context(_event())
    # Alpha: board 1 scored 1 + 1 + 0 = 2, board 2 0.5 + 1 + 0.5 = 2 -> 1 x 2 + 2 x 2 = 6
    assert _values(ctx, "BC")[1] == 6


def test_top_board_and_bottom_board_12_2_12_3() -> None:
    ctx = Context(_event())
    # board 1: Beta 0 + 0.5 + 1 = 1.5, Gamma 0 + 0 + 0 = 0 -> Beta first
    assert ctx.split("TBR", [2, 3]).parts == ((2,), (3,))
    # without the last board, the same here
    assert ctx.split("BBE", [2, 3]).parts == ((2,), (3,))


def test_extended_direct_encounter_13_3() -> None:
    ctx = Context(_event())
    # Alpha and Delta on 4 MP: Delta won their match -> Delta first
    assert ctx.split("EDE", [1, 4]).parts == ((4,), (1,))
    # Beta and Gamma drew 1-1 on MP and GP: EDE cannot separate them ...
    assert ctx.split("EDE", [2, 3]).parts == ((2, 3),)
    # ... EDET looks at board 1 of their match (Beta won it), EDEBT first at BC in that match:
    # Beta scored on board 1 (1 x 1), Gamma on board 2 (2 x 1): lower is better -> Beta
    assert ctx.split("EDET", [2, 3]).parts == ((2,), (3,))
    assert ctx.split("EDEBT", [2, 3]).parts == ((2,), (3,))
    # EDEB: game points without the last board of the match: 1 against 0
    assert ctx.split("EDEB", [2, 3]).parts == ((2,), (3,))


def test_sssc_13_4() -> None:
    ctx = Context(_event())
    # factor = floor(2 MP x 3 rounds / 2 GP per match) = 3; Alpha: GP 4 + BH:MP 8 / 3 = 6.67
    assert _values(ctx, "SSSC")[1] == F("6.67")
    assert _values(ctx, "SSSC/E")[1] == F(4) + F(8) / 3
    assert _values(ctx, "SSSC/K2")[1] == F(8)


def test_team_standings_sample_list() -> None:
    s = compute_standings(_event(), "team-swiss")
    # Alpha and Delta on 4 MP: EDET/P puts Delta (winner of their match) first
    assert [r.tpn for r in s.rows][:2] == [4, 1]


def test_team_tiebreak_on_an_individual_event_is_refused() -> None:
    with pytest.raises(InvalidTieBreakError, match="team"):
        compute_standings(build(PLAYERS), "BC")


def test_trf26_team_records_310() -> None:
    t = build(PLAYERS)
    for number, (name, a, b) in enumerate(TEAMS, start=1):
        t.extra_lines.append(f"310 {number:3d} {name:<32}".ljust(73) + f"{a:4d} {b:4d}")
    t.extra_lines.append("362 TW 3.0 TD 1.0 TL 0.0")
    t = loads(dumps(t)).tournament  # the reader turns the records into Tournament.teams, .match_points
    assert t.match_points == MatchPoints(F(3), F(1), F(0)) and not t.extra_lines
    ev = standings_event(t)
    assert [c.name for c in ev] == ["Alpha", "Beta", "Gamma", "Delta"]
    # 3 / 1 / 0 match points: Alpha two wins, Delta a win and two draws
    assert ev.total(1, "MP") == 6 and ev.total(4, "MP") == 5


def test_team_pab_scores_a_drawn_match_and_a_win_on_every_board() -> None:
    """C.04.6 art. 1.4: the team PAB is worth a drawn match (the value the team pairing uses);
    C.07 art. 12: for the board tie-breaks it counts as a win on every board."""
    t = build("""
1: 3w1 U
2: 4b= U
3: 1b0 5w1
4: 2w= 6b1
5: U 3b0
6: U 4w0
""")
    t.teams = (TeamEntry(1, "Alpha", (1, 2)), TeamEntry(2, "Beta", (3, 4)), TeamEntry(3, "Gamma", (5, 6)))
    ev = standings_event(t)
    assert {c.id: ev.total(c.id, "MP") for c in ev} == {1: 3, 2: 2, 3: 1}
    assert {c.id: ev.total(c.id, "GP") for c in ev} == {1: F("2.5"), 2: F("2.5"), 3: 1}
    ctx = Context(ev)
    assert _values(ctx, "BC")[3] == 1 + 2  # round 1: a win on boards 1 and 2
    from swisspair.team_matches import team_event
    pab = team_event(t).teams[3].history[0]
    assert pab.pab and pab.match_points == 1 and pab.game_points == 1
