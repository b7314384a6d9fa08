"""Round-robin schedules from the Berger tables (FIDE C.05 Annex 1).

The FIDE Handbook (C.05 General Regulations for Competitions, Annex 1
"Details of Berger Tables") publishes the tables for 3 to 16 players. They all
follow one rule, which this module applies to any number of players:

* the players are numbered 1 to ``n`` after the drawing of lots; with an odd
  number of players a dummy number ``n + 1`` is added, and the player who is
  paired with it *rests* in that round (C.05 Annex 1: "If there is an odd
  number of players, the highest number counts as a bye");
* with ``m`` numbers in the table (``m`` even), there are ``m - 1`` rounds;
* two numbers ``i < j < m`` meet in round ``((i + j - 2) mod (m - 1)) + 1``;
  if ``i + j`` is odd the lower number has White, otherwise the higher one;
* number ``m`` meets ``i`` in round ``((2i - 2) mod (m - 1)) + 1``, with Black
  in odd rounds and White in even rounds;
* board 1 is the game of number ``m``; the next boards pair the numbers
  ``a + k`` and ``a - k`` (counted cyclically over ``1 .. m - 1``) for
  ``k = 1, 2, ...``, where ``a`` is the opponent of ``m``.

That rule reproduces every published table for 3 to 16 players exactly
(``tests/test_roundrobin.py`` holds the published tables as data).

Double round-robin (FIDE C.05 Annex 1, and the FIDE Arbiters' Manual art.
13.16.2): the second cycle repeats the table with the colours reversed, and
"it is recommended to reverse the order of the last two rounds of the first
cycle", so that nobody plays three games in a row with the same colour at the
join of the cycles. What :func:`berger_schedule` implements with
``double=True``:

* rounds ``1 .. m - 3`` are the table rounds ``1 .. m - 3``;
* round ``m - 2`` is table round ``m - 1`` and round ``m - 1`` is table round
  ``m - 2`` (the swap, first cycle only);
* rounds ``m .. 2m - 2`` are the table rounds ``1 .. m - 1`` in their
  original order, with every colour reversed.

Keeping the second cycle in the original order (not repeating the swapped
order) is what avoids three same colours in a row for every table size; the
other reading gives players 2 and 4 three in a row with 3 or 4 players.
"""

from __future__ import annotations

from dataclasses import dataclass

from swisspair.errors import RoundRobinError
from swisspair.model import Board

__all__ = [
    "RoundRobinError",
    "RoundSchedule",
    "berger_round",
    "berger_schedule",
    "format_round",
    "meeting_round",
    "table_size",
]


@dataclass(frozen=True, slots=True)
class RoundSchedule:
    """One round of a round-robin, as taken from the Berger table (FIDE C.05 Annex 1)."""

    round_number: int
    """The round of the event, 1-based (in a double round-robin: 1 to ``2(m - 1)``)."""
    boards: tuple[Board, ...]
    """The games by pairing number, White first, in the table's board order.

    With an odd number of players the game against the dummy number is left
    out, so board 1 of the table is missing and the other boards move up.
    """
    rests: int | None = None
    """The player who was to meet the dummy number and so rests (odd counts only)."""
    cycle: int = 1
    """1 for the first cycle, 2 for the second cycle of a double round-robin."""
    table_round: int = 0
    """The round of the Berger table that this round plays (0: same as ``round_number``)."""

    def __post_init__(self) -> None:
        if self.table_round == 0:
            object.__setattr__(self, "table_round", self.round_number)

    @property
    def players(self) -> frozenset[int]:
        """The pairing numbers that play a game in this round."""
        return frozenset(p for board in self.boards for p in (board.white, board.black))


def table_size(n: int) -> int:
    """The number of entries of the Berger table for ``n`` players: ``n``, or ``n + 1`` when odd.

    :raises: :exc:`RoundRobinError` when ``n`` is less than 2.
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise RoundRobinError(f"the number of players must be an integer, got {n!r}")
    if n < 2:
        raise RoundRobinError(f"a round-robin needs at least 2 players, got {n}")
    return n + (n % 2)


def meeting_round(i: int, j: int, n: int) -> int:
    """The round of the Berger table for ``n`` players in which numbers ``i`` and ``j`` meet.

    With an odd ``n``, ``j == n + 1`` (the dummy) gives the round in which ``i`` rests.
    This is the closed form of FIDE C.05 Annex 1 given in the module docstring.

    :raises: :exc:`RoundRobinError` for numbers outside the table or ``i == j``.
    """
    m = table_size(n)
    if not (1 <= i <= m and 1 <= j <= m) or i == j:
        raise RoundRobinError(f"no game {i}-{j} in the Berger table for {n} players")
    low, high = min(i, j), max(i, j)
    if high == m:
        return (2 * low - 2) % (m - 1) + 1
    return (low + high - 2) % (m - 1) + 1


def _table_round(m: int, r: int) -> list[Board]:
    """All ``m / 2`` boards of round ``r`` of the Berger table with ``m`` entries (``m`` even)."""
    # The opponent a of number m satisfies 2a - 2 = r - 1 (mod m - 1); as m - 1 is
    # odd, 2 is invertible and a - 1 = (r - 1) * m / 2 (mod m - 1).
    a = (r - 1) * (m // 2) % (m - 1) + 1
    boards = [Board(a, m) if r % 2 == 1 else Board(m, a)]
    for k in range(1, m // 2):
        x = (a - 1 + k) % (m - 1) + 1
        y = (a - 1 - k) % (m - 1) + 1
        low, high = min(x, y), max(x, y)
        boards.append(Board(low, high) if (low + high) % 2 == 1 else Board(high, low))
    return boards


def berger_round(n: int, r: int) -> RoundSchedule:
    """Round ``r`` of the Berger table for ``n`` players (FIDE C.05 Annex 1).

    >>> berger_round(4, 2)
    RoundSchedule(round_number=2, boards=(Board(white=4, black=3), Board(white=1, black=2)), rests=None, cycle=1, table_round=2)

    :raises: :exc:`RoundRobinError` when ``n < 2`` or ``r`` is not a round of the table.
    """
    m = table_size(n)
    if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= m - 1:
        raise RoundRobinError(f"the Berger table for {n} players has rounds 1 to {m - 1}, not {r!r}")
    boards = _table_round(m, r)
    rests: int | None = None
    if m != n:
        first = boards.pop(0)
        rests = first.black if first.white == m else first.white
    return RoundSchedule(round_number=r, boards=tuple(boards), rests=rests)


def berger_schedule(n: int, double: bool = False) -> tuple[RoundSchedule, ...]:
    """The whole round-robin for ``n`` players from the Berger tables (FIDE C.05 Annex 1).

    A single round-robin has ``m - 1`` rounds, where ``m`` is ``n`` rounded up
    to even. With ``double=True`` the first cycle plays the table with its last
    two rounds swapped, and the second cycle plays the table in its original
    order with the colours reversed (FIDE Arbiters' Manual 13.16.2; see the
    module docstring for the exact order).

    >>> [format_round(r) for r in berger_schedule(3)]
    ['Round 1: 2-3, 1 rests', 'Round 2: 1-2, 3 rests', 'Round 3: 3-1, 2 rests']

    :raises: :exc:`RoundRobinError` when ``n < 2``.
    """
    m = table_size(n)
    single = [berger_round(n, r) for r in range(1, m)]
    if not double:
        return tuple(single)
    first = list(single)
    if len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    rounds: list[RoundSchedule] = []
    for number, table in enumerate(first, start=1):
        rounds.append(RoundSchedule(number, table.boards, table.rests, 1, table.table_round))
    for table in single:
        reversed_boards = tuple(Board(b.black, b.white) for b in table.boards)
        rounds.append(
            RoundSchedule(len(rounds) + 1, reversed_boards, table.rests, 2, table.table_round)
        )
    return tuple(rounds)


def format_round(schedule: RoundSchedule) -> str:
    """One line for the command line: ``Round r: W-B, W-B, ...`` then ``, P rests`` if any.

    >>> format_round(berger_round(5, 1))
    'Round 1: 2-5, 3-4, 1 rests'
    """
    parts = [f"{board.white}-{board.black}" for board in schedule.boards]
    if schedule.rests is not None:
        parts.append(f"{schedule.rests} rests")
    return f"Round {schedule.round_number}: " + ", ".join(parts)
