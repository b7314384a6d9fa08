"""Accelerated pairing (FIDE C.04.7, 2026): Baku virtual points, where they come from, what they change.

C.04.7 = FIDE-approved Accelerated Systems (2026; formerly C.04.5.1), Baku
Acceleration. Hand-worked values; "the engine" is bbpPairings 6.0.0, whose
choices swisspair follows where the text leaves room.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from helpers import make_tournament

from swisspair.errors import UnsupportedFeatureError
from swisspair.model import Scoring
from swisspair.pairing import find_system
from swisspair.pairing.acceleration import (
    GROUP_A_EVEN,
    asks_for_baku,
    baku_group_a_size,
    baku_rounds,
    baku_virtual_points,
    burstein_default_virtual_points,
    check_mode,
    virtual_points,
)
from swisspair.pairing.dutch import DutchSystem
from swisspair.pairing.state import Float, build_state

HALF = Fraction(1, 2)


@pytest.mark.parametrize(("rounds", "accelerated", "full"), [(9, 5, 3), (7, 4, 2), (11, 6, 3), (5, 3, 2), (6, 3, 2)])
def test_accelerated_rounds(rounds: int, accelerated: int, full: int) -> None:
    """C.04.7 1.4: A = ceil(R/2) accelerated rounds, the first F = ceil(A/2) with a win's points.

    The worked examples of the text: R = 9 gives +1 in rounds 1-3 and +1/2 in 4-5;
    R = 7 gives +1 in rounds 1-2 and +1/2 in 3-4; R = 11 gives 1-3 and 4-6.
    """
    assert baku_rounds(rounds) == (accelerated, full)


def test_group_a_size_engine_and_text() -> None:
    """C.04.7 1.2: GA is the first half; the text rounds up to an even number (N = 161 -> 82),
    the engine takes ceil(N/2) (161 -> 81). They agree when N mod 4 is 0 or 3."""
    assert [baku_group_a_size(n) for n in (8, 9, 10, 11, 161)] == [4, 5, 5, 6, 81]
    assert [baku_group_a_size(n, GROUP_A_EVEN) for n in (8, 9, 10, 11, 161)] == [4, 6, 6, 6, 82]


def test_baku_virtual_points_of_a_nine_round_event() -> None:
    """C.04.7 1.4 with R = 9, N = 10: TPN 1-5 get 1, 1, 1, 1/2, 1/2 in rounds 1-5; GB nothing."""
    t = make_tournament(9, [2000 - i for i in range(10)])
    values = baku_virtual_points(t)
    assert sorted(values) == [1, 2, 3, 4, 5]
    assert values[1] == {1: 1, 2: 1, 3: 1, 4: HALF, 5: HALF}
    assert baku_virtual_points(t, GROUP_A_EVEN).keys() == {1, 2, 3, 4, 5, 6}


def test_baku_follows_the_win_value() -> None:
    """C.04.7 (2026) 1.1: any scoring with W = 2D and L = 0; VP are W, then W/2 (2/1/0 gives 2 then 1)."""
    t = make_tournament(7, [2000, 1900, 1800, 1700])
    t.scoring = Scoring(win=Fraction(2), draw=Fraction(1))
    assert baku_virtual_points(t)[1] == {1: 2, 2: 2, 3: 1, 4: 1}


def test_baku_refuses_three_one_zero() -> None:
    """C.04.7 1.1: a win worth three draws (3/1/0) does not fit the method."""
    t = make_tournament(7, [2000, 1900, 1800, 1700])
    t.scoring = Scoring(win=Fraction(3), draw=Fraction(1))
    with pytest.raises(UnsupportedFeatureError):
        baku_virtual_points(t)


def test_file_values_win_over_the_system_code() -> None:
    """TRF26 250 "overrides" the _BAKU of record 192 (as the engine does with any XXA/250 line)."""
    t = make_tournament(9, [2000, 1900, 1800, 1700])
    t.system = "FIDE_DUTCH_2025_BAKU"
    t.accelerations = {4: {1: Fraction(1)}}
    assert virtual_points(t) == {4: {1: 1}}
    assert virtual_points(t, "baku") == {4: {1: 1}}
    t.accelerations = {}
    assert virtual_points(t).keys() == {1, 2}
    assert virtual_points(t, "none") == {}


def test_which_codes_ask_for_baku() -> None:
    """TRF26 192: any system code may carry _BAKU."""
    assert asks_for_baku("FIDE_DUTCH_2025_BAKU") and asks_for_baku("FIDE_BURSTEIN_BAKU")
    assert not asks_for_baku("FIDE_DUTCH_2025") and not asks_for_baku(None)
    with pytest.raises(UnsupportedFeatureError):
        check_mode("javafo")


def test_find_system_resolves_baku_codes() -> None:
    """FIDE_DUTCH_2025_BAKU is the Dutch system with Baku acceleration; so is FIDE_BURSTEIN_BAKU for Burstein."""
    dutch = find_system("FIDE_DUTCH_2025_BAKU")
    assert (dutch.name, getattr(dutch, "acceleration")) == ("dutch", "baku")
    burstein = find_system("FIDE_BURSTEIN_BAKU")
    assert (burstein.name, getattr(burstein, "acceleration")) == ("burstein", "baku")
    assert getattr(find_system("dutch"), "acceleration") == "auto"
    with pytest.raises(UnsupportedFeatureError):
        find_system("nonsense_BAKU")


def test_virtual_points_change_the_pairing_score_only() -> None:
    """C.04.7 1.5: the pairing score is points + VP; the score (standings) is untouched."""
    t = make_tournament(9, [2000 - i for i in range(8)])
    state = build_state(t, accelerations=baku_virtual_points(t))
    one, five = state.players[1], state.players[5]
    assert (one.score, one.pairing_score) == (0, state.scale)
    assert (five.score, five.pairing_score) == (0, 0)


def test_round_one_brackets_by_pairing_score() -> None:
    """C.04.7 1.5 with C.04.3: round 1 of 8 players, GA = 1-4 (+1): two brackets of four.

    Bracket 1.0: S1 = {1, 2}, S2 = {3, 4}; bracket 0.0: S1 = {5, 6}, S2 = {7, 8}.
    Colours by C.04.3 5.2.5: odd TPN of the higher-ranked player gets the initial colour.
    """
    t = make_tournament(9, [2000 - i for i in range(8)])
    t.system = "FIDE_DUTCH_2025_BAKU"
    boards = [(b.white, b.black) for b in find_system(t.system).pair(t).boards]
    assert boards == [(1, 3), (4, 2), (5, 7), (8, 6)]
    plain = [(b.white, b.black) for b in DutchSystem("none").pair(t).boards]
    assert plain == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_floats_use_the_pairing_score() -> None:
    """C.04.7 1.5 / C.04.3 1.4: 1 (GA, pairing score 1) beat 5 (GB, 0) in round 1: a downfloat for 1."""
    t = make_tournament(9, [2000 - i for i in range(8)],
                        [["1-5 1-0", "6-2 0-1", "3-7 1-0", "8-4 0-1"]])
    state = build_state(t, accelerations=baku_virtual_points(t))
    assert state.float_of(state.players[1], 1) is Float.DOWN
    assert state.float_of(state.players[5], 1) is Float.UP
    plain = build_state(t, accelerations={})
    assert plain.float_of(plain.players[1], 1) is Float.NONE


def test_burstein_default_acceleration_counts_round_one_participants() -> None:
    """The engine's default for Burstein: rounds 1-2, a win's points for the upper half of round 1's players.

    Six players, 2 has a half-point bye in round 1: five take part, so players are
    taken until floor(5/2) = 2 participants are covered: 1, 2 (not counted), 3.
    """
    t = make_tournament(9, [2000 - i for i in range(6)], [["2 H"]])
    for player in t.players.values():
        if player.tpn != 2:
            player.results = []
    assert burstein_default_virtual_points(t) == {tpn: {1: 1, 2: 1} for tpn in (1, 2, 3)}
    assert burstein_default_virtual_points(make_tournament(5, [2000])) == {}


def test_xxa_lines_from_a_file_pair_like_baku() -> None:
    """JaVaFo XXA (TRF26 250 alike): the same +1 for 1-4 in round 1 gives the Baku round-1 pairing."""
    from swisspair import trf

    t = make_tournament(9, [2000 - i for i in range(8)])
    text = trf.dumps(t) + "".join(f"XXA {tpn:>4}  1.0\n" for tpn in (1, 2, 3, 4))
    loaded = trf.loads(text).tournament
    assert loaded.accelerations == {tpn: {1: 1} for tpn in (1, 2, 3, 4)}
    boards = [(b.white, b.black) for b in find_system("dutch").pair(loaded).boards]
    assert boards == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_virtual_points_never_reach_the_standings() -> None:
    """C.04.7 1.5: after a Baku round the standings show the points actually scored."""
    from swisspair.standings import compute_standings

    t = make_tournament(9, [2000 - i for i in range(8)], [["1-3 0-1", "4-2 1-0", "5-7 1-0", "8-6 1-0"]])
    t.system = "FIDE_DUTCH_2025_BAKU"
    points = {row.tpn: row.points for row in compute_standings(t, "").rows}
    assert points == {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 0, 7: 0, 8: 1}
    state = build_state(t, accelerations=virtual_points(t))
    assert state.players[1].pairing_score == state.scale and state.players[1].score == 0
