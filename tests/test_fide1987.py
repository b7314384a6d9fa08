"""The FIDE Swiss rules of 1987 (amended 1988-89): worked examples by article, invariants, CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import make_tournament, run_cli

from swisspair import trf
from swisspair.cli import cli
from swisspair.exitcodes import ExitCode
from swisspair.generator import GeneratorConfig, generate
from swisspair.model import Board, Colour, Tournament
from swisspair.pairing import find_system
from swisspair.pairing.fide1987 import Fide1987System, _Round1987, first_round, is_maxi, pair_state
from swisspair.pairing.state import PairingState, PlayerState, build_state

SYSTEM = Fide1987System()


def group_state(size: int, forbidden: list[tuple[int, int]], round_number: int = 2,
                total_rounds: int = 9) -> PairingState:
    """One score group of ``size`` players without colour history, above the middle group.

    Every player has 1 point after one round (middle group: 1/2), so the
    group is paired top-down; ``forbidden`` pairs have "already met".
    """
    players = {tpn: PlayerState(tpn=tpn, rank_index=tpn - 1, rating=2500 - tpn, records=[], score=2)
               for tpn in range(1, size + 1)}
    barred: dict[int, set[int]] = {tpn: set() for tpn in players}
    for a, b in forbidden:
        barred[a].add(b)
        barred[b].add(a)
    return PairingState(round_number=round_number, total_rounds=total_rounds, scale=2, win=2, draw=1, loss=0,
                        players=players, to_pair=list(players.values()), forbidden=barred,
                        initial_colour=Colour.WHITE)


def pairs_of(state: PairingState) -> list[tuple[int, int]]:
    """The pairs of a one-group round, each as (higher, lower) number, sorted."""
    pairing = pair_state(state)
    return sorted(tuple(sorted((b.white, b.black))) for b in pairing.boards)  # type: ignore[misc]


def group_pairs(size: int, forbidden: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], list[int]]:
    """Pair one top-down score group with :meth:`_Round1987.pair_group`: (pairs, floaters)."""
    state = group_state(size, forbidden)
    engine = _Round1987(state)
    group = sorted(state.to_pair, key=lambda p: p.rank_index)
    pairs, floats = engine.pair_group(group, set(), True, [])
    return sorted((a.tpn, b.tpn) for a, b in pairs), [p.tpn for p in floats]


# -- art. 14: the first round ---------------------------------------------------

def test_art_14_2_forty_players_white_drawn() -> None:
    """Art. 14.2: "... for forty players ... 1-21, 22-2, 3-23, 24-4, ... 40-20"."""
    t = make_tournament(9, [2600 - i for i in range(40)], initial=Colour.WHITE)
    boards = list(SYSTEM.pair(t).boards)
    assert boards[:4] == [Board(1, 21), Board(22, 2), Board(3, 23), Board(24, 4)]
    assert boards[-1] == Board(40, 20)
    assert len(boards) == 20


def test_art_14_2_forty_players_black_drawn() -> None:
    """Art. 14.2: "... or 21-1, 2-22, 23-3, 4-24, ... 20-40"."""
    t = make_tournament(9, [2600 - i for i in range(40)], initial=Colour.BLACK)
    boards = list(SYSTEM.pair(t).boards)
    assert boards[:4] == [Board(21, 1), Board(2, 22), Board(23, 3), Board(4, 24)]
    assert boards[-1] == Board(20, 40)


def test_art_14_1_odd_number_the_last_has_the_bye() -> None:
    """Art. 14.1: "If the number of players is odd, the lowest-rated (highest number) has the bye"."""
    t = make_tournament(5, [2400 - 10 * i for i in range(7)])
    pairing = SYSTEM.pair(t)
    assert pairing.bye == 7
    assert list(pairing.boards) == [Board(1, 4), Board(5, 2), Board(3, 6)]


def test_art_14_first_round_function_order() -> None:
    """Art. 14.2, the rule itself: odd numbers of the top half take the drawn colour."""
    state = group_state(6, [])
    boards, bye = first_round(state.to_pair, Colour.WHITE)
    assert boards == [Board(1, 4), Board(5, 2), Board(3, 6)] and bye is None


# -- art. 11: transpositions (six players) ----------------------------------------

@pytest.mark.parametrize(("forbidden", "expected"), [
    ([], [(1, 4), (2, 5), (3, 6)]),
    ([(1, 4)], [(1, 5), (2, 4), (3, 6)]),
    ([(1, 4), (1, 5)], [(1, 6), (2, 4), (3, 5)]),
    ([(1, 4), (1, 5), (1, 6)], [(1, 3), (2, 5), (4, 6)]),
    ([(1, 4), (1, 5), (1, 6), (1, 3)], [(1, 2), (3, 5), (4, 6)]),
])
def test_art_11_2_opponents_of_player_1(forbidden: list[tuple[int, int]], expected: list[tuple[int, int]]) -> None:
    """Art. 11.2: "1-4 1-5 1-6 1-3 1-2 / 2-5 2-4 2-4 2-5 3-5 / 3-6 3-6 3-5 4-6 4-6"."""
    assert pairs_of(group_state(6, forbidden)) == expected


@pytest.mark.parametrize(("forbidden", "expected"), [
    ([], [(1, 6), (2, 4), (3, 5)]),
    ([(2, 4)], [(1, 6), (2, 5), (3, 4)]),
    ([(2, 4), (2, 5)], [(1, 6), (2, 3), (4, 5)]),
    ([(2, 4), (2, 5), (2, 3)], [(1, 3), (2, 6), (4, 5)]),
    ([(2, 4), (2, 5), (2, 3), (2, 6)], [(1, 2), (3, 5), (4, 6)]),
])
def test_art_11_3_opponents_of_player_2(forbidden: list[tuple[int, int]], expected: list[tuple[int, int]]) -> None:
    """Art. 11.3: with 1-6 found, "1-6 1-6 1-6 1-3 1-2 / 2-4 2-5 2-3 2-6 3-5 / 3-5 3-4 4-5 4-5 4-6"."""
    assert pairs_of(group_state(6, [(1, 4), (1, 5), *forbidden])) == expected


def test_art_11_4_b_even_group_two_and_the_last_float() -> None:
    """Art. 11.4 (b): 1 and 2 met each other and all but 6: 1-6 is kept; "the player left with the
    highest number together with No. 2 are floated", so the group stays even."""
    met = [(1, x) for x in (2, 3, 4, 5)] + [(2, x) for x in (3, 4, 5)]
    pairs, floats = group_pairs(6, met)
    assert (1, 6) in pairs
    assert sorted(floats) == [2, 5]
    assert pairs == [(1, 6), (3, 4)]


def test_art_11_4_a_odd_group_two_replaces_seven() -> None:
    """Art. 11.4 (a): an odd group whose No. 7 was to float for parity: "No. 2 is replaced by the
    floater, originally No. 7"."""
    met = [(1, x) for x in (2, 3, 4, 5, 7)] + [(2, x) for x in (3, 4, 5, 7)]
    pairs, floats = group_pairs(7, met)
    assert floats == [2]
    assert (1, 6) in pairs and any(7 in pair for pair in pairs)


def test_art_11_4_a_without_conflict_seven_floats() -> None:
    """Art. 9.3 d, 10.2: an odd group with no other constraint floats its highest number top-down."""
    pairs, floats = group_pairs(7, [])
    assert floats == [7]
    assert pairs == [(1, 4), (2, 5), (3, 6)]


def test_art_8_3_10_1_the_bye_is_not_a_floater() -> None:
    """Art. 10.1: a floater is the player moved into another score group; art. 8.1, 8.3: the bye goes to a
    player of the lowest group, who is not moved anywhere. No. 3 had the bye in the previous round, so he
    is no floater of art. 10.9-10.10, and the odd group floats its highest number (art. 10.3): No. 3."""
    from swisspair.pairing.state import RoundRecord

    state = group_state(4, [])
    state.players[3].records = [RoundRecord(None, Colour.NONE, False, True, True, 2)]
    for tpn in (1, 2, 4):
        state.players[tpn].records = [RoundRecord(None, Colour.NONE, False, True, False, 0)]
    engine = _Round1987(state)
    group = [state.players[t] for t in (1, 2, 3)]
    assert [engine.floated_last_round(p) for p in group] == [False, False, False]
    pairs, floats = engine.pair_group(group, set(), True, [state.players[4]])
    assert [p.tpn for p in floats] == [3]
    assert [(a.tpn, b.tpn) for a, b in pairs] == [(1, 2)]


def test_art_10_1_only_the_player_moved_is_a_floater() -> None:
    """Art. 9.3 and 10.1: "Този състезател, който преминава от една точкова група в друга, се нарича
    плаващ" - the floater is the player moved into another score group, not the one he meets there.

    Worked by hand. Round 2 (middle group 0.5): 1, 3, 4 on 1 point float 3 down into the middle group,
    where he meets 2; 5, 7, 8 on 0 float 5 up, who meets 6. So 3 and 5 floated in round 2; 2 and 6 did not.
    Round 3 (middle group 1): 1 (2 points) is alone and floats down to 3 and 6 (1 1/2); the group is odd
    and one of 1, 3, 6 floats on (art. 9.3 d). 3 floated last round (type (b) of art. 10.9, art. 10.10);
    1 and 6 are type (d) (each has an opponent in the middle group: 2 for 1, 4 for 6), all three are due
    White (art. 10.2 cannot balance), and art. 10.3 takes the highest number: 6 floats, 1 meets 3 (10.6).
    Below: 5 (0) floats up to 7 and 8; 5 floated last round, 7 and 8 did not, and bottom-up the lowest
    number floats (10.4): 7; 5-8 (10.6-10.8). The middle group 2, 4 with 6 from above and 7 from below
    (10.6.3): 6-4 (4 gives him the alternating colour, 2 he has met), then 7-2. Colours (art. 12.4): 1 and
    3 both W B, at the middle or above the lower number alternates: 1 White; 7 and 2 both B W, paired in
    the middle group: 2 alternates (Black). Counting 6 as a floater for having met 5 made 1 float twice
    (1-2, 3-6, 7-4, 8-5).
    """
    t = make_tournament(5, [2500 - 10 * i for i in range(8)],
                        [["1-5 1-0", "6-2 =-=", "3-7 1-0", "8-4 0-1"], ["4-1 0-1", "2-3 =-=", "5-6 0-1", "7-8 =-="]])
    engine = _Round1987(build_state(t))
    assert {tpn for tpn in range(1, 9) if engine.floated_last_round(engine.state.players[tpn])} == {3, 5}
    assert list(SYSTEM.pair(t).boards) == [Board(1, 3), Board(6, 4), Board(7, 2), Board(8, 5)]


# -- art. 9.2, 10: order of the score groups and floaters ---------------------------

def round_two_of_eight() -> Tournament:
    """After round 1: 1, 3, 4 on 1 point, 2 and 6 on 1/2 (the middle group), 5, 7, 8 on 0."""
    return make_tournament(5, [2500 - 10 * i for i in range(8)],
                           [["1-5 1-0", "6-2 =-=", "3-7 1-0", "8-4 0-1"]])


def test_art_9_2_and_10_top_down_bottom_up_middle_last() -> None:
    """Art. 9.2 (top group top-down, bottom group bottom-up, middle group last), 10.2 (the floater
    balances the due colours: 1 and 3 are due Black, 4 White, so 3 floats, not 4), 10.8 (the floater
    meets the highest-ranked player giving it the alternating colour)."""
    pairing = SYSTEM.pair(round_two_of_eight())
    assert set(pairing.boards) == {Board(4, 1), Board(2, 3), Board(5, 6), Board(7, 8)}


def test_art_9_6_cracking_the_middle_group() -> None:
    """Art. 9.6: the middle group (3 and 4, who met) cannot be paired; as many floaters came from
    above as from below (none), so the next pair of the higher group (1-2) joins it."""
    t = make_tournament(5, [2500 - 10 * i for i in range(6)],
                        [["1-4 1-0", "5-2 0-1", "3-6 1-0"], ["4-3 1-0", "1-5 1-0", "6-2 0-1"]])
    pairing = SYSTEM.pair(t)
    assert set(pairing.boards) == {Board(3, 1), Board(2, 4), Board(5, 6)}
    assert any("9.6" in note for note in pairing.explanation)


# -- art. 8: the bye ---------------------------------------------------------------

def test_art_8_1_bye_to_the_highest_number_of_the_lowest_group() -> None:
    """Art. 8.1: "the highest number (lowest Elo) of the lowest score group"; 8.2: only once."""
    t = make_tournament(5, [2500 - 10 * i for i in range(7)],
                        [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"]])
    pairing = SYSTEM.pair(t)
    assert pairing.bye == 6  # 7 had the bye in round 1 (art. 8.2); 4, 5, 6 are on 0


def test_art_8_2_no_bye_after_a_forfeit_win() -> None:
    """Art. 8.2: "A player who won by forfeit cannot have the bye in the next round"."""
    t = make_tournament(5, [2500 - 10 * i for i in range(7)],
                        [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"],
                         ["1-2 1-0", "3-5 1-0", "4-6 -+", "7 Z"]])
    state = build_state(t)
    engine = _Round1987(state)
    six = state.players[6]
    assert not engine.bye_allowed(six)
    assert engine.bye_allowed(state.players[4])


# -- art. 9.1, 12, 13: colours -----------------------------------------------------

def history(colours: str, tpn: int, rank: int, score: int = 2) -> PlayerState:
    from swisspair.pairing.state import RoundRecord

    records = [RoundRecord(opponent=99, colour=Colour.WHITE if c == "W" else Colour.BLACK, played=True,
                           participated=True, pab=False, points=0) for c in colours]
    return PlayerState(tpn=tpn, rank_index=rank, rating=2000, records=records, score=score)


def colour_state(a: PlayerState, b: PlayerState, round_number: int, total: int = 9,
                 *more: PlayerState) -> _Round1987:
    everyone = [a, b, *more]
    state = PairingState(round_number=round_number, total_rounds=total, scale=2, win=2, draw=1, loss=0,
                         players={p.tpn: p for p in everyone}, to_pair=everyone,
                         forbidden={p.tpn: set() for p in everyone}, initial_colour=Colour.WHITE)
    return _Round1987(state)


def test_art_9_1_and_12_1_same_colour_three_times_forbidden() -> None:
    """Art. 9.1, 12.1 (a): no player may have the same colour three rounds running."""
    a, b, c = history("BWW", 1, 0), history("WBWW", 2, 1), history("WBW", 3, 2)
    engine = colour_state(a, b, 4, 9, c)
    assert not engine.compatible(a, b)
    assert engine.compatible(a, c)


def test_art_12_1_b_three_more_of_one_colour_forbidden() -> None:
    """Art. 12.1 (b): nobody may have one colour three times more than the other."""
    a, b = history("WBWW", 1, 0), history("WBWBW", 2, 1)
    engine = colour_state(a, b, 6)
    assert not engine.colour_allowed(a, Colour.WHITE)
    assert engine.colour_allowed(a, Colour.BLACK)


def test_art_13_last_round_allows_it() -> None:
    """Art. 13: in the last round players who have not met may be paired even if one gets the same
    colour a third time running."""
    a, b = history("BWW", 1, 0), history("WBWW", 2, 1)
    engine = colour_state(a, b, 4, total=4)
    assert engine.compatible(a, b)


def test_art_12_3_two_equal_colours_get_the_alternating_one() -> None:
    """Art. 12.3: a player who had the same colour twice must get the other."""
    a, b = history("WBB", 1, 0), history("BWW", 2, 1)
    engine = colour_state(a, b, 4)
    assert engine.allocate(a, b) == Board(1, 2)


def test_art_12_4_go_back_until_the_histories_differ() -> None:
    """Art. 12.4: both are due Black (W B B W and B W B W); going back, they first differ two rounds
    earlier (1 had Black, 2 White): each alternates from there, so 1 gets White."""
    a, b = history("WBBW", 1, 0), history("BWBW", 2, 1)
    engine = colour_state(a, b, 5)
    assert engine.allocate(a, b) == Board(1, 2)


def test_art_12_4_identical_histories_middle_or_above() -> None:
    """Art. 12.4: identical histories, middle group or above: the lower number gets the alternating colour."""
    a, b = history("BW", 1, 0, score=4), history("BW", 2, 1, score=4)
    assert colour_state(a, b, 3).allocate(a, b) == Board(2, 1)


def test_art_12_4_identical_histories_below_the_middle() -> None:
    """Art. 12.4: identical histories below the middle group: the higher number gets the alternating colour."""
    a, b = history("BW", 1, 0, score=0), history("BW", 2, 1, score=0)
    assert colour_state(a, b, 3).allocate(a, b) == Board(1, 2)


def test_art_12_6_equalising_colour_in_even_rounds() -> None:
    """Art. 12.6: in even rounds each gets the colour that equalises (1 had W, 2 had B)."""
    a, b = history("W", 1, 0), history("B", 2, 1)
    assert colour_state(a, b, 2).allocate(a, b) == Board(2, 1)


def test_art_8_3_9_1_a_round_without_colour_ends_a_run() -> None:
    """Art. 9.1 ("еднакъв цвят фигури за трети пореден кръг"), 12.1 (a) ("три последователни кръга") and
    12.3 ("в предишните два кръга") count rounds, and the bye round has no colour (art. 8.3: "Счита се, че
    за този кръг той няма противник и не е получил цвят"). No. 1 played B, W, had the bye, then W: White
    now is not a third White in three rounds running (only rounds 4 and 5), nor three more than Black
    (3 to 1). No. 2 had W W in the previous two rounds and must have Black (12.3): they may meet, and 1 has
    White. Skipping the bye round made 1's run W W and forbade it."""
    from swisspair.pairing.fide1987 import colour_run
    from swisspair.pairing.state import RoundRecord

    def game(colour: Colour) -> RoundRecord:
        return RoundRecord(opponent=99, colour=colour, played=True, participated=True, pab=False, points=1)

    bye = RoundRecord(opponent=None, colour=Colour.NONE, played=False, participated=True, pab=True, points=2)
    one = PlayerState(tpn=1, rank_index=0, rating=2000, score=5,
                      records=[game(Colour.BLACK), game(Colour.WHITE), bye, game(Colour.WHITE)])
    two = PlayerState(tpn=2, rank_index=1, rating=2000, score=5,
                      records=[game(Colour.BLACK), game(Colour.BLACK), game(Colour.WHITE), game(Colour.WHITE)])
    engine = colour_state(one, two, 5)
    assert colour_run(one) == (Colour.WHITE, 1) and colour_run(two) == (Colour.WHITE, 2)
    assert engine.colour_allowed(one, Colour.WHITE)
    assert engine.compatible(one, two)
    assert engine.allocate(one, two) == Board(1, 2)


def group_pairs_from(*players: PlayerState, round_number: int, total: int) -> list[tuple[int, int]]:
    """The pairs of a round of ``players`` (one score group), each as (higher, lower) number, sorted."""
    state = colour_state(players[0], players[1], round_number, total, *players[2:]).state
    return pairs_of(state)


def test_art_12_2_exchange_only_if_necessary() -> None:
    """Art. 12.2: "ако се налага, отново се правят смени" - an exchange is made only if necessary, i.e.
    when more players then get their due colour. 1, 2 and 3 are due White, 4 Black: 1-3 and 2-4 give
    three players their colour, and so would 1-4 and 2-3, so the preliminary pairs stay (art. 9.4).
    """
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("B", 2), ("B", 3), ("W", 4)))
    assert group_pairs_from(a, b, c, d, round_number=2, total=9) == [(1, 3), (2, 4)]


def test_art_12_2_exchange_when_it_gives_more_due_colours() -> None:
    """Art. 12.2: 1 and 3 are due White, 2 and 4 Black: 1-4 and 2-3 give all four their colour
    (1-3 and 2-4 only two), so the exchange of art. 11.2 (4 for 3) is made."""
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("W", 2), ("B", 3), ("W", 4)))
    assert group_pairs_from(a, b, c, d, round_number=2, total=9) == [(1, 4), (2, 3)]


def test_art_13_last_round_exchange_inside_a_score_group() -> None:
    """Art. 13: in the last round art. 3 (same or nearest score) comes before the colours, and players
    may meet even if one gets a colour a third time running. It does not forbid an exchange inside
    one score group, where scores are equal: 1 and 3 (B B) are due White, 2 and 4 (W W) Black, so 1-4
    and 2-3 (art. 12.2, 12.3) rather than 1-3 and 2-4, which would give two players a third equal colour.
    """
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("BB", 1), ("WW", 2), ("BB", 3), ("WW", 4)))
    assert group_pairs_from(a, b, c, d, round_number=3, total=3) == [(1, 4), (2, 3)]


# -- maxi events (preamble, art. 10.2, 10.8, 12.7) ---------------------------------

def test_maxi_event_more_than_two_to_the_rounds() -> None:
    """Preamble (1988): "with 7 rounds there must be more than 128 participants"."""
    assert is_maxi(group_state(129, [], total_rounds=7))
    assert not is_maxi(group_state(128, [], total_rounds=7))


def test_art_12_7_maxi_exchange_limited_to_100_points() -> None:
    """Art. 12.7: in maxi events an opponent is exchanged for colours only within 100 rating points."""
    def state(gap: int) -> PairingState:
        s = group_state(4, [], round_number=2, total_rounds=3)
        s.players[3].rating = 2000
        s.players[4].rating = 2000 - gap
        from swisspair.pairing.state import RoundRecord
        for tpn, colour in ((1, "W"), (2, "B"), (3, "W"), (4, "B")):
            s.players[tpn].records = [RoundRecord(99, Colour.WHITE if colour == "W" else Colour.BLACK,
                                                  True, True, False, 0)]
        return s

    plain = state(150)
    assert not is_maxi(plain)
    assert pairs_of(plain) == [(1, 4), (2, 3)]  # exchange for colours (art. 12.2)
    maxi = state(150)
    maxi.players.update({tpn: PlayerState(tpn=tpn, rank_index=tpn - 1, rating=1000, records=[], score=0)
                         for tpn in range(5, 14)})  # 13 participants > 2**3
    assert is_maxi(maxi)
    assert pairs_of(maxi) == [(1, 3), (2, 4)]  # 150 points apart: no exchange (art. 12.7)


# -- art. 17: late entries ---------------------------------------------------------

def test_art_17_b_late_entry_paired_without_points() -> None:
    """Art. 17 (b): a player arriving for round 2 is paired then, with no points for round 1, and an
    absent player cannot have the bye."""
    t = make_tournament(5, [2500, 2400, 2300, 2200, 2100, 2000],
                        [["1-3 1-0", "4-2 0-1", "5 Z", "6 Z"]])
    absent = make_tournament(5, [2500, 2400, 2300, 2200, 2100, 2000],
                             [["1-3 1-0", "4-2 0-1", "5 Z", "6 Z"], ["6 Z"]])
    assert {x for b in SYSTEM.pair(t).boards for x in (b.white, b.black)} == {1, 2, 3, 4, 5, 6}
    pairing = SYSTEM.pair(absent)
    assert pairing.bye == 5  # the highest number on 0 points present (art. 8.1); 6 is absent
    assert 6 not in {x for b in pairing.boards for x in (b.white, b.black)}


# -- invariants on generated tournaments -----------------------------------------

def check_invariants(t: Tournament) -> None:
    """No repeat (art. 2), one bye at most per player (art. 8.2), colour rules (art. 12.1) before the
    last round."""
    for player in t:
        opponents = [r.opponent for r in player.results if r.played]
        assert len(opponents) == len(set(opponents)), player.tpn
        assert sum(1 for r in player.results if r.result.name == "PAB") <= 1
        colours = [r.colour for r in player.results[:-1] if r.played]
        for i in range(2, len(colours)):
            assert not (colours[i] is colours[i - 1] is colours[i - 2]), (player.tpn, colours)
        whites = colours.count(Colour.WHITE)
        assert abs(whites - (len(colours) - whites)) < 3


@pytest.mark.parametrize(("players", "rounds"), [(7, 5), (12, 7), (20, 7), (31, 9), (60, 9)])
@pytest.mark.parametrize("seed", range(3))
def test_generated_tournaments_keep_the_rules(players: int, rounds: int, seed: int) -> None:
    config = GeneratorConfig(players=players, rounds=rounds, forfeit_rate=25, half_point_bye_rate=40)
    t = generate(config, seed, SYSTEM.pair)
    check_invariants(t)


@pytest.mark.parametrize("seed", range(6))
def test_art_10_1_the_floaters_of_a_round_are_those_of_the_next(seed: int) -> None:
    """Art. 10.1, 10.9-10.10 on generated events: the players the engine moved into another score group in
    a round (its own record, art. 9.3, 9.6, 10.1) are the players it counts as floaters of the previous
    round when it pairs the next one, read from the results (scores, opponents): nobody who merely met a
    floater, no bye. The one exception the results cannot show: two players of one score group who both
    moved and met each other in another group (after art. 9.6, or two floaters of one group)."""
    from swisspair.pairing.fide1987 import _Round1987

    checked = floaters = 0
    for players, rounds in ((8, 5), (9, 6), (12, 7), (16, 7)):
        t = generate(GeneratorConfig(players=players, rounds=rounds, forfeit_rate=15, half_point_bye_rate=40),
                     seed, SYSTEM.pair)
        for rnd in range(2, rounds + 1):
            before = _Round1987(build_state(t.truncated(rnd - 2), rnd - 1))
            before.run()
            now = _Round1987(build_state(t.truncated(rnd - 1), rnd))
            seen = {tpn for tpn, p in now.state.players.items() if now.floated_last_round(p)}
            for tpn in before.moved ^ seen:
                player = now.state.players[tpn]
                opponent = player.records[-1].opponent
                assert tpn in before.moved and opponent in before.moved, (players, rnd, tpn)
                assert player.score - player.records[-1].points == \
                    now.state.players[opponent].score - now.state.players[opponent].records[-1].points
            checked += 1
            floaters += len(before.moved)
    assert checked == 21 and floaters > 20, (checked, floaters)


def test_maxi_event_generated() -> None:
    """A maxi event (40 players, 5 rounds > 2**5) pairs with the 100-point rule."""
    t = generate(GeneratorConfig(players=40, rounds=5), 7, SYSTEM.pair)
    check_invariants(t)


# -- registry and command line -------------------------------------------------------

def test_registry() -> None:
    assert find_system("fide-1987").name == "fide-1987"
    assert find_system("FIDE_1987").name == "fide-1987"


def test_engine_form_generates_and_checks(tmp_path: Path) -> None:
    """``--fide-1987 FILE -c`` accepts a tournament generated by the same system."""
    config = tmp_path / "gen.rtg"
    config.write_text("PlayersNumber=19\nRoundsNumber=6\nDrawPercentage=30\nForfeitRate=15\n")
    out = tmp_path / "t.trf"
    assert run_cli(["--fide-1987", "-g", str(config), "-o", str(out), "-s", "3"]) == ExitCode.OK
    assert run_cli(["--fide-1987", str(out), "-c"]) == ExitCode.OK


def test_pair_command(tmp_path: Path) -> None:
    """``swisspair pair --system fide-1987 FILE`` prints the next round."""
    t = generate(GeneratorConfig(players=10, rounds=5), 1, SYSTEM.pair)
    source = tmp_path / "t.trf"
    with source.open("w", encoding="utf-8") as handle:
        trf.write(t.truncated(3), handle)
    result = CliRunner().invoke(cli, ["pair", "--system", "fide-1987", str(source)])
    assert result.exit_code == 0, result.output
    assert result.output.strip()


# -- --explain ------------------------------------------------------------------------

def round_three_of_eight() -> Tournament:
    """The case of :func:`test_art_10_1_only_the_player_moved_is_a_floater`."""
    return make_tournament(5, [2500 - 10 * i for i in range(8)],
                           [["1-5 1-0", "6-2 =-=", "3-7 1-0", "8-4 0-1"], ["4-1 0-1", "2-3 =-=", "5-6 0-1", "7-8 =-="]])


def test_explain_rejected_alternatives_and_colours(tmp_path: Path) -> None:
    """``swisspair pair --system fide-1987 --explain``: per score group in the order of art. 9.2, each player's
    opponent with the rule that chose it and the other opponents he tried with the rule each broke; each
    float with its reason and the players passed over for it; each board White-Black with the article
    that gave its colours (the hand-worked round of the art. 10.1 test)."""
    source = tmp_path / "t.trf"
    source.write_text(trf.dumps(round_three_of_eight()))
    result = CliRunner().invoke(cli, ["pair", "--system", "fide-1987", str(source), "--explain"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    start = lines.index("Round 3: 8 players to pair (FIDE Swiss rules 1987); middle score group 1.0 (art. 9.2)")
    assert lines[start + 1:start + 8] == [
        "Score group 2.0, paired top-down (art. 9.2): players 1",
        "  1 floats down (art. 10.2): alone in the group (art. 9.3 (d))",
        "Score group 1.5, paired top-down (art. 9.2): players 3, 6; floaters in: 1",
        ("  1 meets 3: a floater, paired first, with the first player compatible (none gives him the alternating "
         "colour) (art. 10.6-10.8)"),
        "  6 floats down (art. 10.2): to make the group even (art. 9.3 (d)), type (d) (art. 10.9)",
        "    rather than 1: came in as a floater and is paired first (art. 10.6-10.7)",
        "    rather than 3: type (b): floated in the previous round (art. 10.9, 10.10)",
    ]
    meets = lines.index("  6 meets 4: a floater, paired first, with the first player giving him the alternating colour "
                        "(art. 10.6-10.8)")
    assert lines[meets + 1] == "    tried 2: met in round 1 (art. 2)"
    boards = lines[lines.index("Boards (White-Black), colours by art. 12:") + 1:]
    assert boards == [
        "  1-3: both due white: the same colours so far, at or above the middle group: 1 alternates (art. 12.4)",
        ("  6-4: both have their due colour: 4 black, the other colour than in his last game (art. 12.1); 6 white, "
         "the other colour than in his last game (art. 12.1)"),
        "  7-2: both due black: the same colours so far, at or above the middle group: 2 alternates (art. 12.4)",
        ("  8-5: both have their due colour: 5 black, the other colour than in his last game (art. 12.1); 8 white, "
         "the other colour than in his last game (art. 12.1)"),
    ]


def test_explain_exchange_colours_and_bye() -> None:
    """The explanation names an exchange for colours (art. 12.2) with the opponent given up, a refused
    exchange, the colours each board got, and the bye (art. 8.1)."""
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("W", 2), ("B", 3), ("W", 4)))
    notes = pair_state(colour_state(a, b, 2, 9, c, d).state).explanation
    exchange = notes.index("  1 meets 4: an exchange for the due colours instead of 3 (art. 12.2)")
    assert notes[exchange + 1] == "    tried 3: both due white (art. 12.2)"
    assert ("  1-4: both have their due colour: 1 white, the equalising colour (art. 12.6); 4 black, the equalising "
            "colour (art. 12.6)") in notes
    a, b, c, d = (history(col, tpn, tpn - 1) for col, tpn in (("B", 1), ("B", 2), ("B", 3), ("W", 4)))
    notes = pair_state(colour_state(a, b, 2, 9, c, d).state).explanation
    kept = notes.index("  1 meets 3: the preliminary pair (art. 9.4), both due white: no exchange of art. 12.2 gives more "
                       "players their colour")
    assert notes[kept + 1] == ("    tried 4: would give both their colour, but no more players would get their due "
                               "colour (art. 12.2: only if necessary)")
    t = make_tournament(5, [2500 - 10 * i for i in range(7)], [["1-4 1-0", "5-2 0-1", "3-6 1-0", "7 U"]])
    assert SYSTEM.pair(t).explanation[-1] == "Bye: 6, the highest number of the lowest score group (art. 8.1)"


def test_art_8_1_reading_the_bye_passes_over_a_player_the_others_need() -> None:
    """Art. 8.1 gives the bye to "the highest number of the lowest score group"; it presumes that the others
    can then be paired. Round 4 of 4: 4 (1 point) is the lowest and may have it (art. 8.2), but without
    him 1, 2, 3 and 5 have no pairing (1 met 3, 4 and 5; 3 met 5). The text gives no pairing; the engine
    passes 4 over (3, 5 and 2 had the bye), gives it to 1, and says that this is its reading."""
    t = make_tournament(4, [2400 - 10 * i for i in range(5)], [
        ["3-1 =-=", "2-4 -+", "5 U"], ["1-4 1-0", "2 U", "5-3 1-0"], ["5-1 0-1", "4-2 0-1", "3 U"]])
    pairing = SYSTEM.pair(t)
    assert pairing.bye == 1
    assert set(pairing.boards) == {Board(2, 5), Board(3, 4)}
    assert pairing.explanation[-2:] == (
        ("Bye: 1, the first who may have it (art. 8.2) in the order of art. 8.1, the lowest score group first, the "
         "highest number first, in the next score group up (the text names only the lowest one)"),
        ("  passed over before him: 4 (without him the others cannot all be paired; art. 8.1 presumes they can, so "
         "passing him over is the engine's reading, not the text); 3 (had the bye, art. 8.2); 5 (had the bye, "
         "art. 8.2); 2 (had the bye, art. 8.2)"),
    )


def test_reading_colours_relaxed_when_the_text_gives_no_pairing() -> None:
    """Art. 9.1 makes the colour limits absolute; only art. 13 drops them, in the last round. Round 3 of 5:
    1 and 2 (W W) must have Black, 3 and 4 (B B) White, and every other pair has met: no pairing exists
    even with the middle group cracked (art. 9.6). The engine then drops the colour limits as art. 13
    does - its reading, which the explanation states - and pairs 1-2 and 3-4."""
    t = make_tournament(5, [2400 - 10 * i for i in range(4)], [["1-3 1-0", "2-4 1-0"], ["1-4 1-0", "2-3 1-0"]])
    pairing = SYSTEM.pair(t)
    assert {frozenset((b.white, b.black)) for b in pairing.boards} == {frozenset((1, 2)), frozenset((3, 4))}
    assert ("No pairing keeps art. 9.1 and 12.1 (a)-(b), even with the middle group cracked (art. 9.6): the colour "
            "limits are dropped as art. 13 drops them in the last round. Not in the text: the engine's reading for "
            "a round the text cannot pair") in pairing.explanation
