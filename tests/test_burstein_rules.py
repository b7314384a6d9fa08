"""Hand-worked cases for the Burstein System, each citing the rule it checks.

C.04.4.2 = Burstein System; the engine implements the text in force before
1 February 2026 as bbpPairings 6.0.0 reads it (see the module docstring of
:mod:`swisspair.pairing.burstein`). C.04.1 = Basic Rules, C.04.3 = Dutch
(whose colour rules 5.2.1-5.2.3 Burstein shares).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import make_tournament

from swisspair.errors import NoValidPairingError
from swisspair.model import Colour, Scoring, Tournament
from swisspair.pairing import find_system, pair
from swisspair.pairing.burstein import (
    BursteinSystem,
    Index,
    _BursteinRound,
    _eligible_for_bye,
    merge_sort,
    opposition_index_2026,
    seeding_rounds,
)
from swisspair.pairing.state import build_state


def boards(t: Tournament, acceleration: str = "auto") -> tuple[list[tuple[int, int]], int | None]:
    result = BursteinSystem(acceleration).pair(t)
    return [(b.white, b.black) for b in result.boards], result.bye


def indices(t: Tournament) -> dict[int, tuple[Fraction, Fraction]]:
    """(SB, Buchholz) per TPN in points."""
    state = build_state(t)
    s = state.scale
    return {tpn: (Fraction(i.sonneborn_berger, s * s), Fraction(i.buchholz, s))
            for tpn, i in _BursteinRound(state, Scoring()).index.items()}


def test_registry_names() -> None:
    """TRF26 192 code FIDE_BURSTEIN selects the system; the engine form uses --burstein."""
    assert find_system("FIDE_BURSTEIN").name == "burstein"
    assert find_system("burstein").article.startswith("FIDE C.04.4.2")


def test_round_one_with_the_default_acceleration() -> None:
    """Default acceleration (previous text, as the engine reads it): rounds 1-2, +1 for the upper half.

    Six players: 1-3 score 1, 4-6 score 0. The odd top group floats its middle
    player: 1 takes the lowest-ranked, 3; 2 floats into 0.0 and, ranked first
    there, meets the last, 6; then 4-5. Colours: neither has played, so the
    lower pairing number gets the initial colour when it is odd (counting
    from 1), the other colour when even.
    """
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900])
    assert boards(t) == ([(1, 3), (6, 2), (5, 4)], None)


def test_round_one_without_acceleration_is_top_against_bottom() -> None:
    """C.04.4.2: in a scoregroup the top player meets the bottom one (1-6, 2-5, 3-4)."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900])
    assert boards(t, "none") == ([(1, 6), (5, 2), (3, 4)], None)


def test_an_xxa_line_replaces_the_default_acceleration() -> None:
    """Explicit virtual points (XXA/250) replace the default acceleration, as in the engine."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900])
    t.accelerations = {6: {1: Fraction(0)}}
    assert boards(t) == boards(t, "none")


def test_pab_first_to_the_lowest_ranked() -> None:
    """C.04.4.2: the PAB is given before pairing, to the lowest-ranked player (round 1: the last TPN)."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000])
    assert boards(t, "none") == ([(1, 4), (3, 2)], 5)


def test_pab_skips_players_who_had_one_even_at_the_top() -> None:
    """C.04.1 art. 4 / C.04.4.2: 2 and 3 had a PAB, so the leader 1 gets it, and 2-3 play."""
    t = make_tournament(5, [2400, 2300, 2200], [["1-2 1-0", "3 U"], ["1-3 1-0", "2 U"]])
    pairs, bye = boards(t)
    assert bye == 1
    assert [sorted(p) for p in pairs] == [[2, 3]]


def test_pab_eligibility_is_the_pre_2026_rule() -> None:
    """Previous text (C.04.1 (2017) d): a PAB or a forfeit win blocks the PAB; a requested
    full-point bye or a half-point bye does not (in 2026, BR 4 also counts the full-point bye)."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900, 1800],
                        [["1-2 +-", "3 U", "4 F", "5 H", "6-7 1-0"]])
    state = build_state(t)
    assert {p.tpn: _eligible_for_bye(p) for p in state.to_pair} == {
        1: False, 2: True, 3: False, 4: True, 5: True, 6: True, 7: True}


def test_no_two_equal_absolute_preferences_even_for_topscorers() -> None:
    """C.04.4.2 C3 has no topscorer exception (C.04.3 C3 has one in the last round).

    After two rounds 1 and 2 have 2 points and WW (both must have Black). In the
    last round Dutch pairs them (topscorers); Burstein cannot, merges the top
    scoregroup with the next one and pairs 1 and 2 against players of 1 point.
    """
    t = make_tournament(3, [2400] * 8, [["1-5 1-0", "2-6 1-0", "7-3 0-1", "8-4 0-1"],
                                        ["1-3 1-0", "2-4 1-0", "5-7 1-0", "6-8 1-0"]])
    assert sorted(tuple(sorted(b)) for b in boards(t)[0]) == [(1, 6), (2, 3), (4, 5), (7, 8)]
    assert (2, 1) in [(b.white, b.black) for b in pair(t, "dutch").boards]


def test_no_valid_pairing() -> None:
    """C.04.1 art. 2 (no rematch): four players who have all met but 1-2 and 3-4, both forbidden by C3."""
    t = make_tournament(3, [2400] * 4, [["1-3 1-0", "2-4 1-0"], ["1-4 1-0", "2-3 1-0"]])
    with pytest.raises(NoValidPairingError):
        boards(t)


def test_index_with_unplayed_rounds() -> None:
    """The Index of an unplayed round (previous text; the 2009 virtual opponent).

    Round 3 of: R1 1 half-point bye, 2-3 1-0, 4 zero-point bye; R2 1-3 1-0, 2-4 1-0.

    * 1's opponents' scores: R1 a virtual opponent with 1's score before the
      round (0) + its side of the draw (1/2) + a draw for the remaining round
      (1/2) = 1; R2 player 3, who lost twice: 0. Buchholz 1, SB 1/2 x 1 = 1/2.
    * 2's: 3 (0) and 4, whose zero-point bye counts as a draw for its
      opponents (1/2). Buchholz 1/2, SB 1 x 0 + 1 x 1/2 = 1/2.
    * 4's: R1 a virtual opponent with 0 + 1 (the win it was given) + 1/2 =
      3/2; R2 player 2 (2). Buchholz 7/2, SB 0.
    """
    t = make_tournament(3, [2400] * 4, [["1 H", "2-3 1-0", "4 Z"], ["1-3 1-0", "2-4 1-0"]])
    values = indices(t)
    assert values[1] == (Fraction(1, 2), Fraction(1))
    assert values[2] == (Fraction(1, 2), Fraction(1, 2))
    assert values[4] == (Fraction(0), Fraction(7, 2))


def test_index_sonneborn_berger_before_buchholz() -> None:
    """Previous text as read by the engine: SB, then Buchholz, then median, then TPN.

    (The 2026 text, C.04.4.2 1.8, puts Buchholz first.)
    """
    high_sb = Index(score=4, sonneborn_berger=9, buchholz=5, median=0, rank_index=7)
    high_bh = Index(score=4, sonneborn_berger=8, buchholz=9, median=0, rank_index=0)
    assert high_bh.below(high_sb) and not high_sb.below(high_bh)
    tie = Index(score=4, sonneborn_berger=9, buchholz=5, median=0, rank_index=3)
    assert high_sb.below(tie)


def test_floater_is_weighed_by_its_score() -> None:
    """A player of another score (a floater) is compared by SB, then Buchholz x score, as in the engine."""
    floater = Index(score=4, sonneborn_berger=0, buchholz=0, median=0, rank_index=9)
    resident = Index(score=2, sonneborn_berger=0, buchholz=3, median=0, rank_index=5)
    assert floater.below(resident)
    # Buchholz 2 < 3, but 2 x 4 > 3 x 2: the floater ranks higher.
    assert resident.below(Index(score=4, sonneborn_berger=0, buchholz=2, median=0, rank_index=9))


def test_merge_sort_is_stable_and_follows_the_list_merges() -> None:
    """The scoregroup order is sorted like std::list::sort: stable, same merges."""
    assert merge_sort([3, 1, 2, 1, 0], lambda a, b: a < b) == [0, 1, 1, 2, 3]
    pairs = [(1, "a"), (0, "b"), (1, "c"), (0, "d")]
    assert merge_sort(pairs, lambda a, b: a[0] < b[0]) == [(0, "b"), (0, "d"), (1, "a"), (1, "c")]


def test_colour_follows_the_higher_index_when_preferences_clash() -> None:
    """C.04.3 5.2.1-5.2.3 then the higher-ranked player's preference (ranking by the Index).

    Round 2 without acceleration: 1 and 2 both won with White and want Black
    (mild); they meet in the 1-point group, equal SB and Buchholz (0), so 1 ranks
    higher and gets Black.
    """
    t = make_tournament(5, [2400, 2300, 2200, 2100], [["1-3 1-0", "2-4 1-0"]])
    pairs, _ = boards(t, "none")
    assert pairs[0] == (2, 1)
    assert build_state(t).players[1].colour_preference is Colour.BLACK


def test_baku_instead_of_the_default() -> None:
    """FIDE_BURSTEIN_BAKU: C.04.7 virtual points replace the default acceleration (8 players, 9 rounds:
    1-4 get +1), so the top scoregroup is 1-4 and nobody floats."""
    t = make_tournament(9, [2400 - 10 * i for i in range(8)])
    t.system = "FIDE_BURSTEIN_BAKU"
    result = pair(t)
    assert sorted(tuple(sorted((b.white, b.black))) for b in result.boards) == [(1, 4), (2, 3), (5, 8), (6, 7)]


# -- the 2026 text (burstein-2026) ------------------------------------------

def boards_2026(t: Tournament) -> tuple[list[tuple[int, int]], int | None]:
    result = find_system("burstein-2026").pair(t)
    return [(b.white, b.black) for b in result.boards], result.bye


def test_2026_seeding_rounds_are_dutch() -> None:
    """C.04.4.2 (2026) 1.6: the first min(floor(R/2), 4) rounds are paired with the Dutch system."""
    assert [seeding_rounds(r) for r in (3, 5, 8, 9, 13)] == [1, 2, 4, 4, 4]
    t = make_tournament(5, [2400 - 10 * i for i in range(7)])
    result = find_system("burstein-2026").pair(t)
    assert result.boards == pair(t, "dutch").boards
    assert result.explanation[0].startswith("Seeding round 1 of 2")


def test_2026_index_buchholz_then_sb_and_zero_point_byes() -> None:
    """C.04.4.2 (2026) 1.7: Buchholz and SB on current scores; an unplayed round is a game
    against oneself; a run of zero-point byes up to now counts as draws for the opponents (1.7.2).

    R1 1-4 1-0, 2-5 1-0, 3-6 0-1; R2 1-2 1-0, 3-4 1-0, 5 and 6 absent (Z).
    5 (0 points) is seen by its opponent 2 as 1/2, 6 (1 point) by 3 as 3/2:
    2 has Buchholz 1/2 + 2 = 5/2, SB 1/2; 3 has 3/2 + 0, SB 0; 6 has 1 + its own 1 = 2, SB 1.
    """
    t = make_tournament(4, [2400 - 10 * i for i in range(6)],
                        [["1-4 1-0", "2-5 1-0", "3-6 0-1"], ["1-2 1-0", "3-4 1-0", "5 Z", "6 Z"]])
    state = build_state(t)
    s = state.scale
    values = {tpn: (Fraction(bh, s), Fraction(sb, s * s)) for tpn, (bh, sb) in opposition_index_2026(state).items()}
    assert values[2] == (Fraction(5, 2), Fraction(1, 2))
    assert values[3] == (Fraction(3, 2), Fraction(0))
    assert values[6] == (Fraction(2), Fraction(1))


def test_2026_pab_completion_then_score_then_games() -> None:
    """C.04.4.2 (2026) 3.1 and C4: R = 4, round 3 of five players.

    2 and 4 both have 0 points; 2 played two games, 4 one (absent in round 2), so 2
    gets the PAB although it ranks higher on the Index (3.1.4 before 3.1.5). Then 1
    and 5 (2 points) cannot meet, or 3 and 4 (who met) would be left (C4): both
    float; 3 takes 5, and 1 meets 4, who must have White.
    """
    t = make_tournament(4, [2400 - 10 * i for i in range(5)],
                        [["1-2 1-0", "3-4 1-0", "5 U"], ["1-3 1-0", "5-2 1-0", "4 Z"]])
    assert boards_2026(t) == ([(3, 5), (4, 1)], 2)


def test_2026_floaters_with_the_lowest_scores_then_colours() -> None:
    """C.04.4.2 (2026) C6 then C8: R = 4, round 3 of six players.

    2 (2 points) floats into the 1.5 bracket {1, 6}, who met. C6 keeps 2 paired
    (a 1.5 player floats instead); C8 chooses 1 (due White) over 6 (due Black,
    like 2): 1-2, then 4-6 and 3-5 below.
    """
    t = make_tournament(4, [2400 - 10 * i for i in range(6)],
                        [["1-6 =-=", "5-2 0-1", "3-4 0-1"], ["5-1 0-1", "2-4 1-0", "6-3 1-0"]])
    assert boards_2026(t) == ([(1, 2), (4, 6), (3, 5)], None)


def test_2026_first_pairing_in_the_order_of_article_4() -> None:
    """C.04.4.2 (2026) 4.1-4.3 and 5.2, worked by hand: R = 4, round 3 of eight players.

    The 1-point bracket {2, 4, 5, 7}: nobody in it has met, all four are due Black (B then W),
    so C5-C8 do not tell its three pairings apart. Buchholz 2, Sonneborn-Berger 0 for all four
    (1.7), so the BSNs follow the TPNs: 2, 4, 5, 7 (1.8). 4.3: the first pairing gives BSN 1
    the largest BSN: 2-7, then 4-5 (the Dutch top half against bottom half would be 2-5, 4-7).
    Colours 5.2: identical histories, so the higher in the Index order gets its preference:
    2 and 4 have Black; 1 (W B) gets White against 3 (W B), 6 against 8.
    """
    t = make_tournament(4, [2400 - 10 * i for i in range(8)],
                        [["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 0-1"], ["2-1 0-1", "4-3 0-1", "5-6 1-0", "7-8 1-0"]])
    boards, bye = boards_2026(t)
    assert sorted(boards) == [(1, 3), (5, 4), (6, 8), (7, 2)] and bye is None


def test_2026_pab_to_the_lowest_in_the_index_order() -> None:
    """C.04.4.2 (2026) 3.1.5, worked by hand: R = 4, round 3 of seven players.

    7 and 6 had the PAB (C2). 4 and 5 have the lowest score (½) and two games each (3.1.3,
    3.1.4). Buchholz (1.7.1): 4 met 2 (1 point) and 5 (½): 3/2; 5 met 1 (2) and 4 (½): 5/2.
    4 ranks lower (1.8) and gets the PAB, although its TPN is the smaller one.
    """
    t = make_tournament(4, [2400 - 10 * i for i in range(7)],
                        [["1-5 1-0", "4-2 0-1", "3-6 1-0", "7 U"], ["1-2 1-0", "7-3 0-1", "4-5 =-=", "6 U"]])
    assert boards_2026(t)[1] == 4
