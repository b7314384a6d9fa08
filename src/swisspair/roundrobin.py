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

Double round-robin (FIDE C.05 Annex 1 recommends reversing the order of the
last two rounds of the first cycle, so that nobody plays three consecutive games
with the same colour): the second cycle repeats the table with the colours
reversed. What :func:`berger_schedule` does
with ``cycles=2`` (``double=True``):

* rounds ``1 .. m - 3`` are the table rounds ``1 .. m - 3``;
* round ``m - 2`` is table round ``m - 1`` and round ``m - 1`` is table round
  ``m - 2`` (the swap, first cycle only);
* rounds ``m .. 2m - 2`` are the table rounds ``1 .. m - 1`` in their
  original order, with every colour reversed.

Keeping the second cycle in the original order (not repeating the swapped
order) is what avoids three same colours in a row for every table size; the
other reading gives players 2 and 4 three in a row with 3 or 4 players.

More cycles (the annex is silent; the same aim): odd cycles play the table's
colours, even cycles the reversed ones, and every cycle followed by another has
its last two rounds swapped. With 3 or 4 players (a 3-round table) and three
cycles or more, that order gives two players three same colours in a row at the
join of the second and third cycles; there the odd cycles are swapped instead
(so the double round-robin is the same). :func:`swapped_cycles` gives the
choice; the tests check that nobody has three same colours in a row for every
size up to 40 and every number of cycles up to 7.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from swisspair.errors import RoundRobinError
from swisspair.model import Board, RoundPairing, Tournament

__all__ = [
    "ROUND_ROBIN_TIEBREAKS",
    "RoundRobinError",
    "RoundSchedule",
    "berger_round",
    "berger_schedule",
    "cycles_for",
    "cycles_of",
    "format_round",
    "is_round_robin",
    "meeting_round",
    "round_pairing",
    "rounds_of",
    "says_round_robin",
    "schedule_round",
    "swapped_cycles",
    "table_size",
]


@dataclass(frozen=True, slots=True)
class RoundSchedule:
    """One round of a round-robin, as taken from the Berger table (FIDE C.05 Annex 1)."""

    round_number: int
    """The round of the event, 1-based (in a double round-robin: 1 to ``2(m - 1)``; :func:`swisspair.roundrobin.rounds_of`)."""
    boards: tuple[Board, ...]
    """The games by pairing number, White first, in the table's board order.

    With an odd number of players the game against the dummy number is left
    out, so board 1 of the table is missing and the other boards move up.
    """
    rests: int | None = None
    """The player who was to meet the dummy number and so rests (odd counts only)."""
    cycle: int = 1
    """The cycle it belongs to: 1, 2 in a double round-robin, and so on; even cycles reverse the colours."""
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


def cycles_of(double: bool = False, cycles: int | None = None) -> int:
    """The number of cycles from the two ways of asking: ``double`` (2) or ``cycles`` (1 or more).

    :raises: :exc:`RoundRobinError` for a count below 1, or ``double`` with ``cycles`` other than 2.
    """
    if cycles is None:
        return 2 if double else 1
    if isinstance(cycles, bool) or not isinstance(cycles, int) or cycles < 1:
        raise RoundRobinError(f"the number of cycles must be a whole number from 1, got {cycles!r}")
    if double and cycles != 2:
        raise RoundRobinError(f"a double round-robin has 2 cycles, not {cycles}")
    return cycles


def swapped_cycles(n: int, cycles: int) -> frozenset[int]:
    """The cycles whose last two rounds are played in reverse order (module docstring).

    FIDE C.05 Annex 1 asks it for the first cycle of a double round-robin; with more
    cycles every cycle followed by another, except with 3 or 4 players (odd cycles).

    >>> sorted(swapped_cycles(10, 2)), sorted(swapped_cycles(10, 4)), sorted(swapped_cycles(4, 4))
    ([1], [1, 2, 3], [1, 3])
    """
    if cycles < 2 or table_size(n) < 4:
        return frozenset()
    if table_size(n) == 4:
        return frozenset(c for c in range(1, cycles + 1) if c % 2 == 1)
    return frozenset(range(1, cycles))


def rounds_of(n: int, double: bool = False, *, cycles: int | None = None) -> int:
    """The number of rounds of a round-robin of ``n`` players: ``m - 1`` per cycle (``m``: :func:`table_size`).

    >>> rounds_of(10), rounds_of(9, double=True), rounds_of(4, cycles=4)
    (9, 18, 12)
    """
    return (table_size(n) - 1) * cycles_of(double, cycles)


def berger_schedule(n: int, double: bool = False, *, cycles: int | None = None) -> tuple[RoundSchedule, ...]:
    """The whole round-robin for ``n`` players from the Berger tables (FIDE C.05 Annex 1).

    A single round-robin has ``m - 1`` rounds, where ``m`` is ``n`` rounded up
    to even. With ``double=True`` (``cycles=2``) the first cycle plays the table with
    its last two rounds swapped, and the second cycle plays the table in its original
    order with the colours reversed (C.05 Annex 1; the module docstring gives the
    exact order, and the order for more cycles).

    >>> [format_round(r) for r in berger_schedule(3)]
    ['Round 1: 2-3, 1 rests', 'Round 2: 1-2, 3 rests', 'Round 3: 3-1, 2 rests']

    :raises: :exc:`RoundRobinError` when ``n < 2`` or the cycles are not a count from 1.
    """
    m = table_size(n)
    count = cycles_of(double, cycles)
    single = [berger_round(n, r) for r in range(1, m)]
    swapped = swapped_cycles(n, count)
    rounds: list[RoundSchedule] = []
    for cycle in range(1, count + 1):
        order = list(single)
        if cycle in swapped:
            order[-2], order[-1] = order[-1], order[-2]
        for table in order:
            boards = table.boards if cycle % 2 else tuple(Board(b.black, b.white) for b in table.boards)
            rounds.append(RoundSchedule(len(rounds) + 1, boards, table.rests, cycle, table.table_round))
    return tuple(rounds)


def schedule_round(n: int, round_number: int, double: bool = False, *, cycles: int | None = None) -> RoundSchedule:
    """Round ``round_number`` of the round-robin of ``n`` players (one round of :func:`berger_schedule`).

    >>> format_round(schedule_round(4, 4, double=True))
    'Round 4: 4-1, 3-2'

    :raises: :exc:`RoundRobinError` for a round outside the event.
    """
    total = rounds_of(n, double, cycles=cycles)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or not 1 <= round_number <= total:
        raise RoundRobinError(f"a round-robin of {n} players in {cycles_of(double, cycles)} cycle(s) has "
                              f"rounds 1 to {total}, not {round_number!r}")
    return berger_schedule(n, double, cycles=cycles)[round_number - 1]


def round_pairing(schedule: RoundSchedule) -> RoundPairing:
    """The round as the pairing engines give one (:class:`~swisspair.model.RoundPairing`): its boards by
    pairing number, no pairing-allocated bye (a rest is no bye: recorded, e.g. by
    :func:`swisspair.record_round`, as a zero-point round), and where it comes from.

    >>> from swisspair import berger_schedule
    >>> round_pairing(berger_schedule(5, double=True)[5]).explanation
    ('Berger table (FIDE C.05 Annex 1), round 1 of the table, cycle 2 (colours reversed); 1 rests',)
    """
    where = f"Berger table (FIDE C.05 Annex 1), round {schedule.table_round} of the table, cycle {schedule.cycle}"
    if schedule.cycle % 2 == 0:
        where += " (colours reversed)"
    if schedule.rests is not None:
        where += f"; {schedule.rests} rests"
    return RoundPairing(schedule.round_number, schedule.boards, None, (where,))


def format_round(schedule: RoundSchedule) -> str:
    """One line for the command line: ``Round r: W-B, W-B, ...`` then ``, P rests`` if any.

    >>> format_round(berger_round(5, 1))
    'Round 1: 2-5, 3-4, 1 rests'
    """
    parts = [f"{board.white}-{board.black}" for board in schedule.boards]
    if schedule.rests is not None:
        parts.append(f"{schedule.rests} rests")
    return f"Round {schedule.round_number}: " + ", ".join(parts)


_DECLARED = re.compile(r"ROUND[\s_-]*ROBIN|BERGER|ALL[\s_-]*PLAY[\s_-]*ALL|RUNDENTURNIER", re.IGNORECASE)

ROUND_ROBIN_TIEBREAKS = ("DE", "WIN", "SB", "KS")
"""The tie-breaks of an individual round-robin, in FIDE's recommended order: direct encounter, number of
wins, Sonneborn-Berger, Koya (C.02 (2009) 13.15.2; C.07 (2026) leaves the list to the organiser, defines
Koya for round-robins (9.2) and bars the Buchholz family from them (art. 8)). Every acronym is in the
tie-break registry (:data:`swisspair.tiebreaks.registry.TIEBREAKS`)."""


def says_round_robin(text: str) -> bool:
    """Whether a system code or a tournament type names a round-robin (``FIDE_ROUNDROBIN``,
    ``Individual: Round-Robin``, ``Berger``, ``all-play-all``, ``Rundenturnier``)."""
    return _DECLARED.search(text) is not None


def is_round_robin(tournament: Tournament) -> bool:
    """Whether the file says the event is a round-robin: a ``192`` system code (``FIDE_ROUNDROBIN``,
    ``FIDE_DOUBLEROUNDROBIN``, ``BERGER_ROUNDROBIN``...), or a ``092`` tournament type such as
    ``Individual: Round-Robin`` (as Swiss-Manager writes it) or ``Berger``."""
    return any(says_round_robin(text) for text in [tournament.system or "", *tournament.headers.get("092", [])])


def cycles_for(rounds: int, participants: int) -> int:
    """The cycles a round-robin of ``participants`` has in ``rounds`` rounds (rounded up; at least 1).

    >>> cycles_for(18, 10), cycles_for(10, 5), cycles_for(7, 8), cycles_for(0, 8)
    (2, 2, 1, 1)
    """
    if participants < 2:
        return 1
    return max(1, -(-rounds // (table_size(participants) - 1)))
