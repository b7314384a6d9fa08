"""Hand-built cases for the FIDE (Dutch) System, each citing the article it checks.

C.04.1 = Basic Rules (2026), C.04.2 = General Handling Rules (2026),
C.04.3 = FIDE (Dutch) System (2026).
"""

from __future__ import annotations

import pytest
from helpers import make_tournament

from swisspair.errors import NoValidPairingError
from swisspair.model import Board, Colour
from swisspair.pairing import pair
from swisspair.pairing.colours import allocate_colour, latest_colour_difference
from swisspair.pairing.state import Float, build_state


def boards(t, **kw):  # type: ignore[no-untyped-def]
    result = pair(t, "dutch", **kw)
    return [(b.white, b.black) for b in result.boards], result.bye


def test_round_one_top_half_against_bottom_half_with_initial_white() -> None:
    """C.04.3 art. 3.2/3.3 (S1 against S2) and 5.2.5 (odd TPN gets the initial colour)."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900])
    assert boards(t) == ([(1, 4), (5, 2), (3, 6)], None)


def test_round_one_with_initial_black() -> None:
    """C.04.3 art. 5.1/5.2.5: the drawn initial colour goes to TPN 1."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000, 1900], initial=Colour.BLACK)
    assert boards(t) == ([(4, 1), (2, 5), (6, 3)], None)


def test_round_one_odd_number_gives_the_bye_to_the_last() -> None:
    """C.04.1 art. 3 (PAB) and C.04.3 art. 6: the lowest-ranked participant is left over."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000])
    assert boards(t) == ([(1, 3), (4, 2)], 5)


def test_no_second_pab() -> None:
    """C.04.1 art. 4 / C.04.3 C2: a participant who had a PAB cannot get another one."""
    t = make_tournament(3, [2400, 2300, 2200], [["1-2 1-0", "3 U"]])
    pairs, bye = boards(t)
    assert bye == 2
    assert sorted(pairs[0]) == [1, 3]


def test_forfeit_win_blocks_the_pab() -> None:
    """C.04.1 (2026) art. 4: a win's points without playing (forfeit win) blocks the PAB."""
    t = make_tournament(3, [2400, 2300, 2200], [["3-1 +-", "2 U"]])
    state = build_state(t)
    eligible = {p.tpn: state.eligible_for_bye(p) for p in state.to_pair}
    assert eligible == {1: True, 2: False, 3: False}
    assert boards(t)[1] == 1


def test_half_point_byes_do_not_block_the_pab() -> None:
    """C.04.1 (2026) art. 4: half-point byes do not count, however many."""
    t = make_tournament(4, [2400, 2300, 2200], [["1-2 1-0", "3 H"], ["2-1 0-1", "3 H"]])
    state = build_state(t)
    assert all(state.eligible_for_bye(p) for p in state.to_pair)


def test_a_forfeit_is_not_a_meeting() -> None:
    """C.04.2 art. 3.5: participants whose game was forfeited may be paired again."""
    t = make_tournament(2, [2400, 2300], [["1-2 +-"]])
    pairs, bye = boards(t)
    assert sorted(pairs[0]) == [1, 2] and bye is None


def test_no_rematch_means_no_pairing() -> None:
    """C.04.1 art. 2 / C.04.3 C1 and art. 1.9.3: no legal pairing is an error naming the participants."""
    t = make_tournament(2, [2400, 2300], [["1-2 1-0"]])
    with pytest.raises(NoValidPairingError, match=r"1, 2"):
        pair(t)


def test_requested_byes_are_not_paired() -> None:
    """C.04.2 art. 3.3: participants known not to play the round are not paired."""
    t = make_tournament(3, [2400, 2300, 2200, 2100], [["1-3 1-0", "4-2 1-0"], ["2 H"]])
    pairs, bye = boards(t)
    paired = {x for pair_ in pairs for x in pair_}
    assert 2 not in paired and bye is not None and bye != 2


def test_colour_preferences() -> None:
    """C.04.3 art. 1.6-1.7 from played games only (C.04.2 art. 3.4)."""
    t = make_tournament(6, [2400, 2300, 2200, 2100, 2000, 1900], [
        ["1-4 1-0", "5-2 0-1", "3-6 =-="],
        ["1-2 1-0", "4-3 0-1", "6-5 +-"],
    ])
    state = build_state(t)
    p = state.players
    assert p[1].colour_preference is Colour.BLACK and p[1].absolute_preference    # WW
    assert p[4].colour_preference is Colour.BLACK and not p[4].absolute_preference  # BW: mild
    assert p[3].colour_preference is Colour.WHITE and not p[3].strong_preference  # WB: mild
    assert p[5].colour_preference is Colour.BLACK and p[5].strong_preference      # W, forfeit: CD +1
    assert p[6].colour_preference is Colour.WHITE and p[6].strong_preference      # B, forfeit: CD -1


def test_floats_2026() -> None:
    """C.04.3 (2026) art. 1.4.3-1.4.4: PAB and HPB downfloat; ZPB and forfeit loss do not."""
    t = make_tournament(4, [2400, 2300, 2200, 2100, 2000], [
        ["1-3 1-0", "2-4 -+", "5 U"],
    ])
    state = build_state(t)
    f = {tpn: state.float_of(p, 1) for tpn, p in state.players.items()}
    assert f[5] is Float.DOWN          # PAB
    assert f[4] is Float.DOWN          # forfeit win: more than a loss without playing
    assert f[2] is Float.NONE          # forfeit loss
    assert f[1] is Float.NONE and f[3] is Float.NONE   # equal scores before the game
    t2 = make_tournament(4, [2400, 2300, 2200, 2100], [["1-3 1-0", "2 H", "4 Z"], ["1-2 1-0", "3-4 1-0"]])
    s2 = build_state(t2)
    assert s2.float_of(s2.players[2], 2) is Float.DOWN   # HPB
    assert s2.float_of(s2.players[4], 2) is Float.NONE   # ZPB
    assert s2.float_of(s2.players[1], 1) is Float.DOWN   # 1 point against 0.5
    assert s2.float_of(s2.players[2], 1) is Float.UP


def test_latest_colour_difference() -> None:
    """C.04.3 art. 5.2.3: alternate from the most recent round with different colours."""
    t = make_tournament(4, [2400, 2300, 2200, 2100], [
        ["1-3 1-0", "4-2 1-0"], ["1-4 =-=", "3-2 =-="]])
    state = build_state(t)
    p = state.players
    assert latest_colour_difference(p[1], p[3]) == (Colour.WHITE, Colour.BLACK)


def test_colour_allocation_rules() -> None:
    """C.04.3 art. 5.2.1 (both granted), 5.2.4 (higher-ranked's preference)."""
    t = make_tournament(4, [2400, 2300, 2200, 2100], [["1-3 1-0", "4-2 1-0"]])
    state = build_state(t)
    p = state.players

    def lower(a, b):  # type: ignore[no-untyped-def]
        return (a.pairing_score, b.rank_index) < (b.pairing_score, a.rank_index)

    # 1 (W last, wants B) against 4 (W last, wants B): same mild preferences, same history: 5.2.4 -> 1 gets B.
    assert allocate_colour(p[1], p[4], Colour.WHITE, lower) is Colour.BLACK
    # 1 (wants B) against 2 (B last, wants W): both granted.
    assert allocate_colour(p[1], p[2], Colour.WHITE, lower) is Colour.BLACK


def test_absolute_colour_conflict_is_avoided() -> None:
    """C.04.3 C3: non-topscorers with the same absolute preference do not meet."""
    t = make_tournament(5, [2400, 2300, 2200, 2100], [
        ["1-3 1-0", "2-4 1-0"], ["1-2 =-=", "3-4 =-="]])
    # 1: WW (absolute B), 2: WB... pairs must avoid two absolute-black players meeting.
    pairs, _ = boards(t)
    state = build_state(t)
    for w, b in pairs:
        pw, pb = state.players[w], state.players[b]
        assert not (pw.absolute_preference and pb.absolute_preference
                    and pw.colour_preference is pb.colour_preference)


def test_explanation_names_brackets_and_pab() -> None:
    """C.04.3 art. 1.9 / C.04.1 art. 9: the pairing can be explained bracket by bracket."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000])
    result = pair(t)
    assert result.explanation[0].startswith("Round 1: 5 participants")
    assert any(line.startswith("PAB: 5") for line in result.explanation)


def test_engine_lines() -> None:
    """The engine output protocol: pair count, 'W B' lines, 'N 0' for the PAB."""
    t = make_tournament(5, [2400, 2300, 2200, 2100, 2000])
    assert pair(t).engine_lines() == ["3", "1 3", "4 2", "5 0"]
    assert Board(1, 3) in pair(t).boards


REGRESSION_SEVEN = """\
012 Generated tournament (seed 17)
001    1      Player 0001                       2506                                          4 b =     2 w 1
001    2      Player 0002                       2469                                          5 w =     1 b 0
001    3      Player 0003                       2248                                          6 b 1     7 w =
001    4      Player 0004                       2148                                          1 w =     5 b 1
001    5      Player 0005                       2021                                          2 b =     4 w 0
001    6      Player 0006                       1993                                          3 w 0  0000 - U
001    7      Player 0007                       1757                                       0000 - U     3 b =
XXR 4
XXC black1
"""


def test_every_participant_is_paired_or_gets_the_bye() -> None:
    """C.04.3 art. 1.9.1: everybody but the PAB assignee is paired (regression: a bracket-local
    solution once left participant 7 with neither opponent nor bye). Expected as the reference engine."""
    from swisspair import trf

    t = trf.loads(REGRESSION_SEVEN).tournament
    result = pair(t)
    assert {(b.white, b.black) for b in result.boards} == {(7, 1), (4, 3), (2, 6)}
    assert result.bye == 5
