"""Older tie-break methods, as named tie-breaks.

* U. Jahr (Szachy 3/1981): a tenth of the opponent's points (JAHR);
* the FIDE Swiss rules 1987-89, art. 16: SRO with cuts, progressive scores with cuts;
* the FIDE Dutch system, 1992 rules, F 10: direct encounter for first place, then ARO;
* the Swiss for any sport, rule 6: score difference, scores for, second pair.
"""

from __future__ import annotations

import io
from fractions import Fraction

from test_tiebreaks_support import EXAMPLE, F, build, context, values

from swisspair.model import Scoring
from swisspair.standings import RECOMMENDED, compute_standings
from swisspair.tiebreaks.descriptors import parse_list
from swisspair.tiebreaks.event import Event
from swisspair.tiebreaks.jahr import jahr_order, jahr_totals, tenth
from swisspair.tiebreaks.sports import read_match_scores

# ---------------------------------------------------------------- U. Jahr, 1981


def test_jahr_worked_example_point_5() -> None:
    # "Before the round 3.55; opponent 3.62, a tenth is 0.36; lost: 0.00. After the round: 3.91."
    assert F("3.55") + tenth(F("3.62")) + 0 == F("3.91")


def test_jahr_bye_example_point_8() -> None:
    # "After 7 rounds 2.83, pauses in round 8: 0.5 of game points plus 0.28."
    assert F("0.5") + tenth(F("2.83")) == F("3.61") - F("2.83")
    assert tenth(F("2.83")) == F("0.28")


def test_jahr_rounding_point_4() -> None:
    # 0.001-0.004 down, 0.006-0.009 up, 0.005 to the even ending: 0.155 -> 0.16, 0.145 -> 0.14
    assert tenth(F("1.55")) == F("0.16")
    assert tenth(F("1.45")) == F("0.14")
    assert tenth(F("1.54")) == F("0.15") and tenth(F("1.56")) == F("0.16")
    assert tenth(F("1.55"), exact=True) == F("0.155")


JAHR_GAMES = """
1: 2w1 3b= 4w0
2: 1b0 4w0 3b1
3: 4w= 1w= 2w0
4: 3b= 2b1 1b1
"""


def test_jahr_running_totals() -> None:
    event = Event.from_tournament(build(JAHR_GAMES))
    totals = jahr_totals(event)
    # R1: 1 = 0 + 0 + 1; 3 and 4 = 0.5
    # R2: 1 = 1 + 0.05 (a tenth of 3's 0.5) + 0.5 = 1.55; 3 = 0.5 + 0.1 + 0.5 = 1.1
    #     2 = 0 + 0.05 + 0 = 0.05; 4 = 0.5 + 0 + 1 = 1.5
    # R3: 1 = 1.55 + 0.15 + 0 = 1.7; 4 = 1.5 + (0.155 -> 0.16) + 1 = 2.66
    #     2 = 0.05 + 0.11 + 1 = 1.16; 3 = 1.1 + (0.005 -> 0.00) + 0 = 1.1
    assert totals == {
        1: [F(1), F("1.55"), F("1.7")],
        2: [F(0), F("0.05"), F("1.16")],
        3: [F("0.5"), F("1.1"), F("1.1")],
        4: [F("0.5"), F("1.5"), F("2.66")],
    }
    exact = jahr_totals(event, exact=True)
    assert exact[4][-1] == F("2.655") and exact[3][-1] == F("1.105")


def test_jahr_pause_and_forfeits_points_8_9() -> None:
    # The 1981 pause is worth half a point: PAB = 1/2 here.
    ctx = context("""
1: 2w1 3b= U
2: 1b0 U 3w1
3: U 1w= 2b0
""", scoring=Scoring(pab=Fraction(1, 2)))
    # R1: 3 pauses: 0 + 0.5 + 0.1 x 0 = 0.5
    # R2: 1 = 1 + 0.05 + 0.5 = 1.55; 3 = 0.5 + 0.1 + 0.5 = 1.1; 2 pauses: 0 + 0.5 + 0 = 0.5
    # R3: 2 = 0.5 + 0.11 + 1 = 1.61; 3 = 1.1 + 0.05 + 0 = 1.15; 1 pauses: 1.55 + 0.5 + (0.155 -> 0.16) = 2.21
    assert values(ctx, "JAHR") == {1: F("2.21"), 2: F("1.61"), 3: F("1.15")}
    forfeits = context("""
1: 2w1 3w+
2: 1b0 .
3: . 1b-
""")
    # A forfeit win scores 1 and nothing more; a forfeit loss nothing
    assert values(forfeits, "JAHR") == {1: F(2), 2: F(0), 3: F(0)}


def test_jahr_orders_score_groups_for_pairing_point_7() -> None:
    t = build(JAHR_GAMES)
    # after round 2: scores 1 1.5, 4 1.5, 3 1, 2 0; inside the 1.5 group 1 (1.55) before 4 (1.5)
    assert jahr_order(t, after_round=2) == [1, 4, 3, 2]


def test_jahr_standings_point_6() -> None:
    s = compute_standings(build(JAHR_GAMES), "jahr")
    assert [d.label for d in s.tiebreaks] == ["JAHR", "JAHR/E"]
    # 4 has 2.5 points; 1 has 1.5; 2 and 3 have 1 each, 2 ahead on the running total (1.16 > 1.1)
    assert [r.tpn for r in s.rows] == [4, 1, 2, 3]


# ---------------------------------------------------------------- FIDE Swiss rules 1987-89


def test_fide_1987_chains_expand() -> None:
    assert [str(d) for d in parse_list("SRO/C*", rounds=4)] == ["SRO/C1", "SRO/C2", "SRO/C3"]
    assert [str(d) for d in parse_list("PS/C*", rounds=3)] == ["PS", "PS/C1", "PS/C2"]


def test_fide_1987_rated_sro_chain_breaks_the_tie() -> None:
    # 1 and 2 both met 2000, 1800 and 1600 and a fourth opponent rated 1500 (1) or 1900 (2)...
    ctx = context(EXAMPLE)
    # 2 met 2000, 1900, 2200, 2100; 5 met 2150, 2100, 1900: SRO/C1 6300 vs 4250
    assert values(ctx, "SRO/C1")[2] == 6300 and values(ctx, "SRO/C1")[5] == 4250
    s = compute_standings(build(EXAMPLE), "fide-1987-rated")
    assert [d.label for d in s.tiebreaks] == ["SRO/C1", "SRO/C2", "SRO/C3"]


# ---------------------------------------------------------------- FIDE Dutch system, 1992 rules


def test_dutch_1992_first_place_by_direct_encounter_then_aro() -> None:
    t = build("""
1(2000): 2w0 3b1 4w1
2(1900): 1b1 4w0 3b1
3(1800): 4w1 1w0 2w0
4(2100): 3b0 2b1 1b0
""")
    s = compute_standings(t, "dutch-1992")
    # 1 and 2 share first place on 2 points: 2 beat 1 -> 2 first (DE1); 3 and 4 (1 point) are not
    # competing for first place, so DE1 leaves them and ARO decides: 3 met 2100, 2000, 1900 (2000);
    # 4 met 1800, 1900, 2000 (1900) -> 3 ahead although 4 beat 3
    assert [r.tpn for r in s.rows] == [2, 1, 3, 4]
    assert RECOMMENDED["dutch-1992"][0] == "DE1,ARO/E"


# ---------------------------------------------------------------- the Swiss for any sport


def test_any_sport_rule_6_score_criteria() -> None:
    t = build("""
1: 2w1 3w=
2: 1b0 4b1
3: 4w1 1b=
4: 3b0 2w0
""")
    scores = read_match_scores(io.StringIO(
        "round,tpn,for,against,for2,against2\n"
        "1,1,3,1,5,4\n1,2,1,3,4,5\n1,3,2,0,6,1\n1,4,0,2,1,6\n"
        "2,1,2,2,3,3\n2,3,2,2,4,4\n2,2,1,0,2,2\n2,4,0,1,2,2\n"))
    event = Event.from_tournament(t)
    event.match_scores = scores
    s = compute_standings(event, "sports")
    # 1 and 3 on 1.5: goal difference +2 each; goals for 5 vs 4 -> 1 first
    assert [r.tpn for r in s.rows][:2] == [1, 3]
    detail = {r.tpn: r.values for r in s.rows}
    assert detail[1][:2] == [F(2), F(5)] and detail[3][:2] == [F(2), F(4)]
    # second pair for 3: (6 - 1) + (4 - 4) = 5
    assert detail[3][2] == F(5)
