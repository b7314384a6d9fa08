"""Tests for swisspair.roundrobin and ``swisspair roundrobin`` (FIDE C.05 Annex 1, Berger tables).

The expected tables below are the published FIDE Berger tables, one per pair
of sizes ("3 or 4 players", ...), White first, boards in the published order.
They were copied from the FIDE Arbiters' Manual art. 13.16.1, which reproduces
C.05 Annex 1 (Russian edition, "Статья 13: Правила тай-брейка"; its one typo, "2-9. 3-8"
in round 10 for 13/14 players, is corrected to a comma), and agree with an
independent English reproduction of the same tables for 3 to 13 players. They
are data, not output of the code under test.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from collections import Counter

import pytest
from click.testing import CliRunner

from swisspair.cli import cli
from swisspair.errors import SwissPairError
from swisspair.model import Board
from swisspair.roundrobin import (
    RoundRobinError,
    RoundSchedule,
    berger_round,
    berger_schedule,
    cycles_of,
    format_round,
    meeting_round,
    rounds_of,
    schedule_round,
    swapped_cycles,
    table_size,
)

# FIDE C.05 Annex 1: Berger tables for 3 to 16 players.
PUBLISHED: dict[int, tuple[str, ...]] = {
    # 3 or 4 players
    4: (
        "1-4, 2-3",  # round 1
        "4-3, 1-2",  # round 2
        "2-4, 3-1",  # round 3
    ),
    # 5 or 6 players
    6: (
        "1-6, 2-5, 3-4",  # round 1
        "6-4, 5-3, 1-2",  # round 2
        "2-6, 3-1, 4-5",  # round 3
        "6-5, 1-4, 2-3",  # round 4
        "3-6, 4-2, 5-1",  # round 5
    ),
    # 7 or 8 players
    8: (
        "1-8, 2-7, 3-6, 4-5",  # round 1
        "8-5, 6-4, 7-3, 1-2",  # round 2
        "2-8, 3-1, 4-7, 5-6",  # round 3
        "8-6, 7-5, 1-4, 2-3",  # round 4
        "3-8, 4-2, 5-1, 6-7",  # round 5
        "8-7, 1-6, 2-5, 3-4",  # round 6
        "4-8, 5-3, 6-2, 7-1",  # round 7
    ),
    # 9 or 10 players
    10: (
        "1-10, 2-9, 3-8, 4-7, 5-6",  # round 1
        "10-6, 7-5, 8-4, 9-3, 1-2",  # round 2
        "2-10, 3-1, 4-9, 5-8, 6-7",  # round 3
        "10-7, 8-6, 9-5, 1-4, 2-3",  # round 4
        "3-10, 4-2, 5-1, 6-9, 7-8",  # round 5
        "10-8, 9-7, 1-6, 2-5, 3-4",  # round 6
        "4-10, 5-3, 6-2, 7-1, 8-9",  # round 7
        "10-9, 1-8, 2-7, 3-6, 4-5",  # round 8
        "5-10, 6-4, 7-3, 8-2, 9-1",  # round 9
    ),
    # 11 or 12 players
    12: (
        "1-12, 2-11, 3-10, 4-9, 5-8, 6-7",  # round 1
        "12-7, 8-6, 9-5, 10-4, 11-3, 1-2",  # round 2
        "2-12, 3-1, 4-11, 5-10, 6-9, 7-8",  # round 3
        "12-8, 9-7, 10-6, 11-5, 1-4, 2-3",  # round 4
        "3-12, 4-2, 5-1, 6-11, 7-10, 8-9",  # round 5
        "12-9, 10-8, 11-7, 1-6, 2-5, 3-4",  # round 6
        "4-12, 5-3, 6-2, 7-1, 8-11, 9-10",  # round 7
        "12-10, 11-9, 1-8, 2-7, 3-6, 4-5",  # round 8
        "5-12, 6-4, 7-3, 8-2, 9-1, 10-11",  # round 9
        "12-11, 1-10, 2-9, 3-8, 4-7, 5-6",  # round 10
        "6-12, 7-5, 8-4, 9-3, 10-2, 11-1",  # round 11
    ),
    # 13 or 14 players
    14: (
        "1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",  # round 1
        "14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2",  # round 2
        "2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9",  # round 3
        "14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3",  # round 4
        "3-14, 4-2, 5-1, 6-13, 7-12, 8-11, 9-10",  # round 5
        "14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4",  # round 6
        "4-14, 5-3, 6-2, 7-1, 8-13, 9-12, 10-11",  # round 7
        "14-11, 12-10, 13-9, 1-8, 2-7, 3-6, 4-5",  # round 8
        "5-14, 6-4, 7-3, 8-2, 9-1, 10-13, 11-12",  # round 9
        "14-12, 13-11, 1-10, 2-9, 3-8, 4-7, 5-6",  # round 10
        "6-14, 7-5, 8-4, 9-3, 10-2, 11-1, 12-13",  # round 11
        "14-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",  # round 12
        "7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1",  # round 13
    ),
    # 15 or 16 players
    16: (
        "1-16, 2-15, 3-14, 4-13, 5-12, 6-11, 7-10, 8-9",  # round 1
        "16-9, 10-8, 11-7, 12-6, 13-5, 14-4, 15-3, 1-2",  # round 2
        "2-16, 3-1, 4-15, 5-14, 6-13, 7-12, 8-11, 9-10",  # round 3
        "16-10, 11-9, 12-8, 13-7, 14-6, 15-5, 1-4, 2-3",  # round 4
        "3-16, 4-2, 5-1, 6-15, 7-14, 8-13, 9-12, 10-11",  # round 5
        "16-11, 12-10, 13-9, 14-8, 15-7, 1-6, 2-5, 3-4",  # round 6
        "4-16, 5-3, 6-2, 7-1, 8-15, 9-14, 10-13, 11-12",  # round 7
        "16-12, 13-11, 14-10, 15-9, 1-8, 2-7, 3-6, 4-5",  # round 8
        "5-16, 6-4, 7-3, 8-2, 9-1, 10-15, 11-14, 12-13",  # round 9
        "16-13, 14-12, 15-11, 1-10, 2-9, 3-8, 4-7, 5-6",  # round 10
        "6-16, 7-5, 8-4, 9-3, 10-2, 11-1, 12-15, 13-14",  # round 11
        "16-14, 15-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",  # round 12
        "7-16, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1, 14-15",  # round 13
        "16-15, 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",  # round 14
        "8-16, 9-7, 10-6, 11-5, 12-4, 13-3, 14-2, 15-1",  # round 15
    ),
}


def parse(text: str) -> tuple[Board, ...]:
    """``"1-4, 2-3"`` -> boards, White first."""
    boards = []
    for game in text.split(","):
        white, black = game.strip().split("-")
        boards.append(Board(int(white), int(black)))
    return tuple(boards)


def colour_sequences(schedule: tuple[RoundSchedule, ...], n: int) -> dict[int, str]:
    """Each player's colours round by round: ``W``, ``B``, or ``-`` for a rest."""
    seqs = {p: "" for p in range(1, n + 1)}
    for rnd in schedule:
        for board in rnd.boards:
            seqs[board.white] += "W"
            seqs[board.black] += "B"
        if rnd.rests is not None:
            seqs[rnd.rests] += "-"
    return seqs


def longest_run(colours: str) -> int:
    """Longest run of one colour among the games played (rests skipped)."""
    played = colours.replace("-", "")
    return max((len(list(group)) for _, group in itertools.groupby(played)), default=0)


# --- C.05 Annex 1: the published tables -------------------------------------------------


def test_published_tables_are_complete() -> None:
    """C.05 Annex 1: the data above covers every published size, with m - 1 rounds of m / 2 boards."""
    assert sorted(PUBLISHED) == [4, 6, 8, 10, 12, 14, 16]
    for m, rounds in PUBLISHED.items():
        assert len(rounds) == m - 1
        assert all(len(parse(r)) == m // 2 for r in rounds)


@pytest.mark.parametrize("m", sorted(PUBLISHED))
def test_even_sizes_equal_the_published_table(m: int) -> None:
    """C.05 Annex 1: for 4-16 players the schedule is the published table, board for board."""
    schedule = berger_schedule(m)
    assert [r.round_number for r in schedule] == list(range(1, m))
    assert [r.boards for r in schedule] == [parse(text) for text in PUBLISHED[m]]
    assert all(r.rests is None for r in schedule)


@pytest.mark.parametrize("m", sorted(PUBLISHED))
def test_odd_sizes_use_the_table_with_a_dummy(m: int) -> None:
    """C.05 Annex 1: with m - 1 players the highest number is the bye; its opponent rests."""
    n = m - 1
    schedule = berger_schedule(n)
    assert len(schedule) == m - 1
    for rnd, text in zip(schedule, PUBLISHED[m], strict=True):
        published = parse(text)
        (dummy_game,) = [b for b in published if m in (b.white, b.black)]
        assert rnd.rests == (dummy_game.black if dummy_game.white == m else dummy_game.white)
        assert rnd.boards == tuple(b for b in published if b is not dummy_game)


def test_board_one_is_the_game_of_the_last_number() -> None:
    """C.05 Annex 1: the last number plays on board 1, Black in odd rounds, White in even ones."""
    for m in range(4, 31, 2):
        for rnd in berger_schedule(m):
            first = rnd.boards[0]
            expected = Board(first.white, m) if rnd.round_number % 2 else Board(m, first.black)
            assert first == expected


def test_closed_form_matches_the_tables() -> None:
    """C.05 Annex 1 (rule in endorsement.md 3): i < j < m meet in round (i + j - 2) mod (m - 1) + 1."""
    for m in range(4, 31, 2):
        for rnd in berger_schedule(m):
            for board in rnd.boards:
                i, j = sorted((board.white, board.black))
                assert meeting_round(i, j, m) == rnd.round_number
                if j == m:
                    assert rnd.round_number == (2 * i - 2) % (m - 1) + 1
                else:
                    assert rnd.round_number == (i + j - 2) % (m - 1) + 1
                    white_is_lower = (i + j) % 2 == 1
                    assert board.white == (i if white_is_lower else j)


def as_the_tables_read(m: int) -> tuple[tuple[Board, ...], ...]:
    """The Berger table for ``m`` numbers written out the way the published tables read (C.05 Annex 1),
    independently of the module's closed form:

    * board 1 is the game of the highest number ``m``; its opponent runs 1, m/2 + 1, 2, m/2 + 2, ...
      round after round, and has White in the odd rounds (``1-16``, ``16-9``, ``2-16``, ``16-10``...);
    * the other boards pair the numbers on both sides of that opponent ``a``: ``a+1`` (White) against
      ``a-1``, then ``a+2`` against ``a-2``, and so on, counting around the circle 1 .. m - 1
      (round 2 of 15/16 players: ``10-8, 11-7, ..., 15-3, 1-2``).
    """
    rounds = []
    for r in range(1, m):
        a = (r + 1) // 2 if r % 2 else r // 2 + m // 2
        boards = [Board(a, m) if r % 2 else Board(m, a)]
        for k in range(1, m // 2):
            boards.append(Board((a - 1 + k) % (m - 1) + 1, (a - 1 - k) % (m - 1) + 1))
        rounds.append(tuple(boards))
    return tuple(rounds)


@pytest.mark.parametrize("m", sorted(PUBLISHED))
def test_the_reading_of_the_tables_gives_the_published_ones(m: int) -> None:
    """C.05 Annex 1: the layout rule written out above reproduces every published table (4-16)."""
    assert as_the_tables_read(m) == tuple(parse(text) for text in PUBLISHED[m])


@pytest.mark.parametrize("n", range(3, 25))
def test_every_size_from_3_to_24_is_the_table(n: int) -> None:
    """C.05 Annex 1: every schedule for 3 to 24 players is the Berger table, board for board (the published
    tables up to 16, the same layout beyond), the odd counts without the game of the bye number."""
    m = table_size(n)
    expected = as_the_tables_read(m)
    if n <= 16:
        assert expected == tuple(parse(text) for text in PUBLISHED[m])
    for rnd, boards in zip(berger_schedule(n), expected, strict=True):
        if n == m:
            assert rnd.boards == boards and rnd.rests is None
        else:
            assert rnd.boards == boards[1:]
            assert rnd.rests == ({boards[0].white, boards[0].black} - {m}).pop()


@pytest.mark.parametrize("n", range(3, 25))
def test_every_double_schedule_from_3_to_24(n: int) -> None:
    """C.05 Annex 1 for 3 to 24 players, double: the first cycle is the table with its last two rounds
    reversed, the second the table in order with every colour reversed."""
    m = table_size(n)
    tables = as_the_tables_read(m)
    first = list(range(m - 1))
    first[-2], first[-1] = first[-1], first[-2]
    expected = [tables[i] for i in first] + [tuple(Board(b.black, b.white) for b in t) for t in tables]
    schedule = berger_schedule(n, double=True)
    assert len(schedule) == 2 * (m - 1) == rounds_of(n, double=True)
    for rnd, boards in zip(schedule, expected, strict=True):
        assert rnd.boards == (boards if n == m else tuple(b for b in boards if m not in (b.white, b.black)))


# --- structural invariants, any size ---------------------------------------------------


@pytest.mark.parametrize("n", range(2, 31))
def test_everyone_meets_everyone_once(n: int) -> None:
    """C.05 Annex 1: in one cycle every pair meets exactly once; odd n: everyone rests exactly once."""
    schedule = berger_schedule(n)
    assert len(schedule) == table_size(n) - 1
    meetings = Counter(frozenset((b.white, b.black)) for r in schedule for b in r.boards)
    assert set(meetings) == {frozenset(p) for p in itertools.combinations(range(1, n + 1), 2)}
    assert set(meetings.values()) == {1}
    for rnd in schedule:
        played = [p for b in rnd.boards for p in (b.white, b.black)]
        assert len(played) == len(set(played))
        everyone = set(played) | ({rnd.rests} if rnd.rests is not None else set())
        assert everyone == set(range(1, n + 1))
        assert (rnd.rests is None) == (n % 2 == 0)
    rests = Counter(r.rests for r in schedule if r.rests is not None)
    assert n % 2 == 0 or rests == Counter(range(1, n + 1))


@pytest.mark.parametrize("n", range(2, 31))
def test_colour_balance_single(n: int) -> None:
    """C.05 Annex 1: whites and blacks differ by at most one in a cycle (by none with odd n)."""
    for colours in colour_sequences(berger_schedule(n), n).values():
        difference = abs(colours.count("W") - colours.count("B"))
        assert difference == (1 if n % 2 == 0 else 0)


@pytest.mark.parametrize("n", range(2, 31))
@pytest.mark.parametrize("double", [False, True])
def test_never_three_same_colours_in_a_row(n: int, double: bool) -> None:
    """C.05 Annex 1 / Arbiters' Manual 13.16.2: no player has three games in a row with one colour.

    The tables allow it for every size, rests skipped, single and double (with the swap).
    """
    for player, colours in colour_sequences(berger_schedule(n, double=double), n).items():
        assert longest_run(colours) <= 2, (player, colours)


# --- double round-robin (Arbiters' Manual 13.16.2) -------------------------------------


@pytest.mark.parametrize("n", range(2, 31))
def test_double_round_robin(n: int) -> None:
    """13.16.2: cycle 2 is the table in order with colours reversed; cycle 1 swaps its last two rounds."""
    single = berger_schedule(n)
    double = berger_schedule(n, double=True)
    rounds = len(single)
    assert len(double) == 2 * rounds
    assert [r.round_number for r in double] == list(range(1, 2 * rounds + 1))
    first, second = double[:rounds], double[rounds:]
    assert all(r.cycle == 1 for r in first) and all(r.cycle == 2 for r in second)
    order = list(range(1, rounds + 1))
    if rounds >= 2:
        order[-2], order[-1] = order[-1], order[-2]
    assert [r.table_round for r in first] == order
    for rnd in first:
        assert rnd.boards == single[rnd.table_round - 1].boards
        assert rnd.rests == single[rnd.table_round - 1].rests
    assert [r.table_round for r in second] == list(range(1, rounds + 1))
    for rnd, original in zip(second, single, strict=True):
        assert rnd.boards == tuple(Board(b.black, b.white) for b in original.boards)
        assert rnd.rests == original.rests
    # every pair meets twice, once with each colour
    games = Counter((b.white, b.black) for r in double for b in r.boards)
    assert set(games.values()) == {1}
    assert all((b, w) in games for (w, b) in games)
    for colours in colour_sequences(double, n).values():
        assert colours.count("W") == colours.count("B")


def test_double_round_robin_for_four_players_literally() -> None:
    """13.16.2: 3/4 players, first cycle rounds 1, 3, 2 of the table, then 1, 2, 3 reversed."""
    assert [format_round(r) for r in berger_schedule(4, double=True)] == [
        "Round 1: 1-4, 2-3",
        "Round 2: 2-4, 3-1",
        "Round 3: 4-3, 1-2",
        "Round 4: 4-1, 3-2",
        "Round 5: 3-4, 2-1",
        "Round 6: 4-2, 1-3",
    ]


def test_without_the_swap_players_would_get_three_in_a_row() -> None:
    """13.16.2: the reason for the swap: the plain table repeated gives players 1 and m/2 + 1 three in a row."""
    m = 10
    single = berger_schedule(m)
    plain = single + tuple(
        RoundSchedule(r.round_number + m - 1, tuple(Board(b.black, b.white) for b in r.boards), cycle=2)
        for r in single
    )
    runs = {p: longest_run(c) for p, c in colour_sequences(plain, m).items()}
    assert {p for p, run in runs.items() if run >= 3} == {1, m // 2 + 1}


# --- more cycles ---------------------------------------------------------------------------


@pytest.mark.parametrize("cycles", range(1, 8))
def test_every_pair_meets_once_per_cycle(cycles: int) -> None:
    """C.05 Annex 1 repeated: in cycle c every pair meets once, with the table's colours in odd cycles and
    reversed ones in even cycles; every cycle is the table, some with their last two rounds reversed."""
    for n in range(2, 25):
        schedule = berger_schedule(n, cycles=cycles)
        per_cycle = table_size(n) - 1
        assert len(schedule) == per_cycle * cycles == rounds_of(n, cycles=cycles)
        single = berger_schedule(n)
        for cycle in range(1, cycles + 1):
            rounds = schedule[(cycle - 1) * per_cycle: cycle * per_cycle]
            assert {r.cycle for r in rounds} == {cycle}
            order = list(range(1, per_cycle + 1))
            if cycle in swapped_cycles(n, cycles):
                order[-2], order[-1] = order[-1], order[-2]
            assert [r.table_round for r in rounds] == order
            for rnd in rounds:
                table = single[rnd.table_round - 1]
                flip = cycle % 2 == 0
                assert rnd.boards == tuple(Board(b.black, b.white) if flip else b for b in table.boards)
                assert rnd.rests == table.rests


@pytest.mark.parametrize("cycles", range(1, 8))
def test_no_three_same_colours_in_a_row_in_any_number_of_cycles(cycles: int) -> None:
    """C.05 Annex 1 (the aim of the swap): nobody plays three games in a row with one colour, 2 to 40
    players, 1 to 7 cycles; and colours balance: every player has as many Whites as Blacks over two cycles."""
    for n in range(2, 41):
        schedule = berger_schedule(n, cycles=cycles)
        for player, colours in colour_sequences(schedule, n).items():
            assert longest_run(colours) <= 2, (n, cycles, player, colours)
            difference = colours.count("W") - colours.count("B")
            assert abs(difference) == (1 if cycles % 2 and n % 2 == 0 else 0)


def test_the_general_order_would_fail_three_or_four_players() -> None:
    """Why 3-4 players swap the odd cycles: swapping every cycle but the last gives 4 players in three cycles
    three same colours in a row at the join of cycles 2 and 3."""
    single = berger_schedule(4)
    rounds = []
    for cycle, swap in ((1, True), (2, True), (3, False)):
        order = list(single)
        if swap:
            order[-2], order[-1] = order[-1], order[-2]
        for r in order:
            boards = r.boards if cycle % 2 else tuple(Board(b.black, b.white) for b in r.boards)
            rounds.append(RoundSchedule(len(rounds) + 1, boards, cycle=cycle))
    assert max(longest_run(c) for c in colour_sequences(tuple(rounds), 4).values()) == 3
    assert swapped_cycles(4, 3) == {1, 3} and swapped_cycles(3, 2) == {1} == swapped_cycles(12, 2)


def test_cycles_and_double_agree() -> None:
    """``double=True`` is ``cycles=2``; anything else is an error; one round is a round of the schedule."""
    assert berger_schedule(7, double=True) == berger_schedule(7, cycles=2)
    assert cycles_of() == 1 and cycles_of(True) == 2 and cycles_of(cycles=3) == 3
    for bad in (0, -1, True, 1.5):
        with pytest.raises(RoundRobinError):
            berger_schedule(6, cycles=bad)  # type: ignore[arg-type]
    with pytest.raises(RoundRobinError):
        berger_schedule(6, double=True, cycles=3)
    full = berger_schedule(9, cycles=3)
    assert [schedule_round(9, r, cycles=3) for r in range(1, len(full) + 1)] == list(full)
    for bad_round in (0, len(full) + 1, True):
        with pytest.raises(RoundRobinError):
            schedule_round(9, bad_round, cycles=3)  # type: ignore[arg-type]


# --- API details -----------------------------------------------------------------------


def test_berger_round_and_repr() -> None:
    """C.05 Annex 1, 5/6 players, round 2: 6-4, 5-3, 1-2; the repr rebuilds the object."""
    rnd = berger_round(6, 2)
    assert rnd.boards == (Board(6, 4), Board(5, 3), Board(1, 2))
    assert eval(repr(rnd)) == rnd
    assert berger_round(5, 2).boards == (Board(5, 3), Board(1, 2))
    assert berger_round(5, 2).rests == 4
    assert berger_round(5, 2).players == frozenset({1, 2, 3, 5})


@pytest.mark.parametrize("bad", [-1, 0, 1, True, 2.0, "4"])
def test_too_few_players_is_an_error(bad: object) -> None:
    """C.05 Annex 1 needs at least 2 players; the error is a SwissPairError and a ValueError."""
    with pytest.raises(RoundRobinError) as info:
        berger_schedule(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, SwissPairError)
    assert isinstance(info.value, ValueError)


def test_bad_round_or_numbers_are_errors() -> None:
    """C.05 Annex 1: a table for m numbers has rounds 1 to m - 1 and numbers 1 to m."""
    with pytest.raises(RoundRobinError):
        berger_round(6, 6)
    with pytest.raises(RoundRobinError):
        berger_round(6, 0)
    with pytest.raises(RoundRobinError):
        meeting_round(3, 3, 6)
    with pytest.raises(RoundRobinError):
        meeting_round(1, 8, 6)
    assert meeting_round(1, 6, 5) == 1  # 6 is the dummy: player 1 rests in round 1


def test_large_sizes_follow_the_same_rule() -> None:
    """C.05 Annex 1 "following the same rule beyond": 100 players, round 2 starts 100-51, 52-50."""
    rnd = berger_round(100, 2)
    assert rnd.boards[:2] == (Board(100, 51), Board(52, 50))
    assert rnd.boards[-1] == Board(1, 2)


# --- the command line ------------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_cli_even() -> None:
    """C.05 Annex 1: ``swisspair roundrobin --players 6`` prints the published 5/6-player table."""
    code, out, _ = run("roundrobin", "--players", "6")
    assert code == 0, out
    assert out.splitlines() == [f"Round {r}: {text}" for r, text in enumerate(PUBLISHED[6], start=1)]


def test_cli_odd_shows_who_rests() -> None:
    """C.05 Annex 1: with 5 players the game against 6 is left out and its player rests."""
    code, out, _ = run("roundrobin", "--players", "5")
    assert code == 0, out
    assert out.splitlines() == [
        "Round 1: 2-5, 3-4, 1 rests",
        "Round 2: 5-3, 1-2, 4 rests",
        "Round 3: 3-1, 4-5, 2 rests",
        "Round 4: 1-4, 2-3, 5 rests",
        "Round 5: 4-2, 5-1, 3 rests",
    ]


def test_cli_double() -> None:
    """13.16.2: ``--double`` prints 2(m - 1) rounds, the first cycle with its last two swapped."""
    code, out, _ = run("roundrobin", "--players", "3", "--double")
    assert code == 0, out
    assert out.splitlines() == [
        "Round 1: 2-3, 1 rests",
        "Round 2: 3-1, 2 rests",
        "Round 3: 1-2, 3 rests",
        "Round 4: 3-2, 1 rests",
        "Round 5: 2-1, 3 rests",
        "Round 6: 1-3, 2 rests",
    ]


def test_cli_bad_count_exits_3() -> None:
    """Exit code 3 (invalid request) and a one-line message for fewer than 2 players."""
    code, out, err = run("roundrobin", "--players", "1")
    assert code == 3
    assert out == ""
    assert err.startswith("swisspair: error:") and err.count("\n") == 1


def trf_file(tmp_path: Path, n: int, feds: str = "NOR") -> Path:
    """A start list of ``n`` players, pairing numbers 1 .. n, federations taken in turn from ``feds``."""
    codes = feds.split(",")
    lines = ["012 Closed event", f"XXR {n - 1 + n % 2}"]
    for tpn in range(1, n + 1):
        name = f"Player {tpn:02d}"
        lines.append(f"001 {tpn:>4}      {name:<33} {2500 - 10 * tpn:>4} {codes[tpn % len(codes)]:>3}")
    path = tmp_path / "start.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_cli_schedule_of_a_trf(tmp_path: Path) -> None:
    """C.05 Annex 1 for a TRF's players: their list by pairing number, then the table by number."""
    code, out, _ = run("roundrobin", str(trf_file(tmp_path, 6)))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Pairing numbers: the file's."
    assert lines[1] == "  1  Player 01  NOR  2490"
    assert lines[8:] == [f"Round {r}: {text}" for r, text in enumerate(PUBLISHED[6], start=1)]


def test_cli_cycles_and_a_drawing_of_lots(tmp_path: Path) -> None:
    """``--cycles 3``: three cycles; ``--draw lot --seed``: numbers drawn, the same for the same seed."""
    path = trf_file(tmp_path, 5)
    code, out, _ = run("roundrobin", str(path), "--cycles", "3", "--draw", "lot", "--seed", "11")
    assert code == 0, out
    assert out == run("roundrobin", str(path), "--cycles", "3", "--draw", "lot", "--seed", "11")[1]
    assert out.splitlines()[0] == "Pairing numbers drawn by lot: 5 players, seed 11."
    rounds = [line for line in out.splitlines() if line.startswith("Round ")]
    assert rounds == [format_round(r) for r in berger_schedule(5, cycles=3)]


def test_cli_varma_draw_of_a_trf(tmp_path: Path) -> None:
    """C.05 Annex 2 for a TRF's players: ``--draw varma`` prints the envelopes and every draw first."""
    code, out, _ = run("roundrobin", str(trf_file(tmp_path, 10, "NOR,GER,ENG")), "--draw", "varma", "--seed", "2",
                       "--double")
    assert code == 0, out
    assert out.splitlines()[0].startswith("Pairing numbers drawn with the Varma tables (FIDE C.05 Annex 2")
    assert len([line for line in out.splitlines() if line.startswith("Round ")]) == 18


def test_cli_bad_requests(tmp_path: Path) -> None:
    """Exit code 3: neither a file nor --players, both, --draw without a file, numbers not 1 .. n, Varma
    outside 9-24."""
    path = trf_file(tmp_path, 6)
    assert run("roundrobin")[0] == 3
    assert run("roundrobin", str(path), "--players", "6")[0] == 3
    assert run("roundrobin", "--players", "6", "--draw", "lot")[0] == 3
    assert run("roundrobin", str(path), "--draw", "varma")[0] == 3
    assert run("roundrobin", "--players", "6", "--double", "--cycles", "3")[0] == 3
    gap = tmp_path / "gap.trf"
    gap.write_text(path.read_text(encoding="utf-8").replace("001    6", "001    7"), encoding="utf-8")
    code, _, err = run("roundrobin", str(gap))
    assert code == 3 and "not 1 to 6" in err
    assert run("roundrobin", str(tmp_path / "missing.trf"))[0] == 5
