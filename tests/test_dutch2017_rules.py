"""Hand-built cases for the FIDE (Dutch) System as in force until 31 January 2026.

Article numbers are those of C.04.3 (2017) (sections A-E) and of the 2017
Basic Rules C.04.1 (letters a-i). Every expected pairing was also produced by
the reference engine for those rules (bbpPairings 5.0.1); where the 2026
system pairs differently, the test says why.
"""

from __future__ import annotations

import pytest
from helpers import make_tournament

from swisspair.errors import NoValidPairingError
from swisspair.model import Colour, ForbiddenPairs, Tournament
from swisspair.pairing import find_system, pair, system_names
from swisspair.pairing.state import Float, build_state


def boards(t: Tournament, system: str = "dutch-2017") -> tuple[list[tuple[int, int]], int | None]:
    result = pair(t, system)
    return [(b.white, b.black) for b in result.boards], result.bye


def explanation(t: Tournament) -> str:
    return "\n".join(pair(t, "dutch-2017").explanation)


def test_registry_names() -> None:
    """The system is selectable by name and by its aliases."""
    assert "dutch-2017" in system_names()
    for name in ("dutch-2017", "FIDE_DUTCH_2017", "dutch2017"):
        system = find_system(name)
        assert system.name == "dutch-2017"
        assert system.article == "FIDE C.04.3 (2017)"


def test_round_one() -> None:
    """B.1/B.2 (S1 against S2 in the single scoregroup), E.5 (odd pairing number gets the initial colour)."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900], initial=Colour.BLACK)
    assert boards(t) == ([(4, 1), (2, 5), (6, 3)], None)
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000])
    assert boards(t) == ([(1, 3), (4, 2)], 5)


def test_every_unplayed_round_is_a_downfloat() -> None:
    """A.4: a player who, for whatever reason, does not play in a round receives a downfloat.

    The 2026 text (art. 1.4.3-1.4.4) gives none for a zero-point bye, a
    forfeit loss or an absence.
    """
    t = make_tournament(3, [2400, 2300, 2200, 2100, 2000, 1900, 1800],
                        [["1-2 +-", "3 Z", "4 H", "5 F", "6 U"]])
    state = build_state(t)
    floats17 = {tpn: state.float_of(p, 1, rules="2017") for tpn, p in state.players.items()}
    floats26 = {tpn: state.float_of(p, 1) for tpn, p in state.players.items()}
    assert all(f is Float.DOWN for f in floats17.values())
    assert floats26 == {1: Float.DOWN, 2: Float.NONE, 3: Float.NONE, 4: Float.DOWN, 5: Float.DOWN,
                        6: Float.DOWN, 7: Float.NONE}


def test_pab_eligibility() -> None:
    """C.2 and C.04.1 (2017) d: only an earlier PAB or a forfeit win blocks the PAB.

    A requested full-point bye does not (it does in 2026, C.04.1 art. 4).
    """
    t = make_tournament(3, [2400, 2300, 2200, 2100, 2000, 1900],
                        [["1-2 +-", "3 U", "4 F", "5 H", "6 Z"]])
    state = build_state(t)
    eligible17 = {p.tpn: state.eligible_for_bye(p, rules="2017") for p in state.to_pair}
    eligible26 = {p.tpn: state.eligible_for_bye(p) for p in state.to_pair}
    assert eligible17 == {1: False, 2: True, 3: False, 4: True, 5: True, 6: True}
    assert eligible26 == {1: False, 2: True, 3: False, 4: False, 5: True, 6: True}


def test_a_full_point_bye_does_not_block_the_pab() -> None:
    """C.2: 3 (full-point bye in round 1) may get the PAB; 1 (forfeit win) may not.

    1 and 3 may not meet (XXP), so the PAB must go to 1 or 3: under the 2026
    rules neither is eligible and no pairing exists.
    """
    t = make_tournament(2, [2400, 2300, 2200], [["1-2 +-", "3 F"]])
    t.forbidden_pairs.append(ForbiddenPairs((1, 3)))
    assert boards(t) == ([(1, 2)], 3)
    with pytest.raises(NoValidPairingError):
        boards(t, "dutch")


def test_zero_point_bye_counts_as_a_downfloat() -> None:
    """A.4 and C.12: 6 was absent in round 2, which was a downfloat, so 2 floats down instead.

    Round 3: 1 (2 points) moves down to the 1-point bracket {2, 3, 5, 6};
    one resident must float down to 4 (who already met 1 and 3). 5 had the
    PAB and 6 a zero-point bye in round 2: both were downfloats, so C.12
    (fewest players with the same downfloat as the previous round) sends 2
    down. Under the 2026 rules the zero-point bye is no float and 6, the
    lowest resident, goes down.
    """
    t = make_tournament(3, [2400, 2300, 2200, 2100, 2000, 1900],
                        [["1-4 1-0", "2-3 1-0", "5-6 0-1"], ["1-2 1-0", "3-4 1-0", "5 U", "6 Z"]])
    assert boards(t) == ([(6, 1), (3, 5), (4, 2)], None)
    assert "downfloaters: 2" in explanation(t)
    assert sorted(boards(t, "dutch")[0]) == [(2, 5), (3, 1), (4, 6)]


def test_penultimate_pairing_bracket_and_collapsed_last_bracket() -> None:
    """A.9 and C.4: pairing 1-2 would leave 3 and 4 (forbidden pair) unpairable.

    The 1-point bracket is the PPB: re-paired under C.4 it pairs nobody, and
    its downfloaters join the collapsed scoregroup in the CLB. Colours: E.4
    (1 and 4 both had White; 1 ranks higher and gets Black, its preference).
    """
    t = make_tournament(2, [2400, 2300, 2200, 2100], [["1-3 1-0", "4-2 0-1"]])
    t.forbidden_pairs.append(ForbiddenPairs((3, 4)))
    assert boards(t) == ([(4, 1), (2, 3)], None)
    text = explanation(t)
    assert "Penultimate pairing bracket (A.9) 1.0" in text
    assert "Collapsed last bracket (A.9) 0.0: 2 resident(s), MDPs: 1, 2; 2 pair(s)" in text


def test_no_lowest_score_criterion_for_the_pab() -> None:
    """A.9: the PAB is whoever the last bracket leaves over; 2017 has no C5 (2026).

    Last round. 5, 6 and 7 already had a PAB (C.2). 3 floats down and meets
    1; 2 floats down to the 1.5 bracket, where 2-4 would be best (C.6) but
    leaves 5, 6, 7 without a legal PAB: that bracket is the PPB, pairs 4-5
    and sends 2 to the CLB {2, 6, 7}, where 6-7 play and 2 (2 points) gets
    the PAB. The 2026 rules (C5, the lowest score for the PAB) break the
    pairing up further to give it to 4 (1.5 points).
    """
    t = make_tournament(4, [2590, 2388, 2270, 2269, 2032, 1904, 1682], [
        ["1-4 =-=", "5-2 0-1", "3-6 1-0", "7 U"],
        ["6-1 0-1", "2-7 1-0", "4-3 0-1", "5 U"],
        ["1-5 =-=", "3-2 1-0", "7-4 0-1", "6 U"],
    ])
    assert boards(t) == ([(1, 3), (4, 5), (7, 6)], 2)
    assert "Penultimate pairing bracket (A.9) 1.5" in explanation(t)
    assert boards(t, "dutch")[1] == 4


def test_psd_pairs_the_higher_moved_down_player() -> None:
    """A.8 and C.6: with MDPs 4 (2 points) and 6 (1.5) and one resident, 2 (1 point), pair 4.

    4 and 6 may not meet (XXP), so both move down to the 1-point bracket.
    The lowest score in play is 0.5, so a downfloater counts its score minus
    0.5 plus one point: pairing 4-2 gives the PSD {2, 1}, pairing 6-2 gives
    {2.5, 0.5}; the first is smaller.
    """
    t = make_tournament(3, [2400, 2300, 2200, 2100, 2000, 1900], [
        ["1-4 0-1", "5-2 =-=", "3-6 =-="],
        ["4-3 1-0", "6-5 1-0", "2-1 =-="],
    ])
    t.forbidden_pairs.append(ForbiddenPairs((4, 6)))
    assert boards(t) == ([(2, 4), (1, 6), (3, 5)], None)
    assert "MDPs: 4, 6; 1 pair(s): 4-2; downfloaters: 6" in explanation(t)


def test_no_legal_pairing() -> None:
    """A.9 / C.1: two players who already met cannot be paired again."""
    t = make_tournament(3, [2400, 2300], [["1-2 1-0"]])
    with pytest.raises(NoValidPairingError):
        boards(t)
