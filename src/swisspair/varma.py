"""Restricted drawing of pairing numbers with the Varma tables (FIDE C.05 Annex 2).

In a round-robin the regulations may ask that players of the same federation
do not meet in the last three rounds, if possible. The Varma tables split the
pairing numbers of the Berger table (:mod:`swisspair.roundrobin`) into four
groups A, B, C and D such that two numbers of one group never meet in the last
three rounds; the players of one federation then draw their numbers from one
group. The tables cover 9 to 24 players.

The procedure of C.05 Annex 2, as this module carries it out:

1. The arbiter puts each group's numbers in an envelope (with an odd number of
   players the highest number of the table is the bye, so it is left out).
2. The drawing order is fixed beforehand: the federation with the most players
   first; equal counts by the alphabetical order of the FIDE code; within a
   federation, by the alphabetical order of the names.
3. The first player of a contingent chooses an envelope that holds at least
   enough numbers for the whole contingent; each player of the contingent
   draws one number from it. Numbers left in an envelope stay available to the
   next contingents.
4. The next contingent does the same, until every player has a number.

Two points the text leaves open, and what is done here:

* Choosing an envelope is random among the envelopes that are large enough,
  except that an envelope is never chosen when doing so would leave a later
  contingent of two or more players without any envelope large enough, while
  another choice would not. Every result is therefore one that the manual
  procedure could have produced; the program only avoids dead ends.
* A contingent larger than every envelope left (for example five players of
  one federation among ten) cannot be kept together. Its players then draw
  from the envelope with the most numbers left, moving on to the next such
  envelope when it is empty, and the federation is listed in
  :attr:`VarmaDraw.split`.

Randomness comes only from ``random.Random(seed)``, so a draw is reproduced
exactly from its seed, its input and the table.

The 11/12-player row: the FIDE Handbook (C.05 Annex 2) gives B = (1, 2, 7)
and C = (6, 8, 12). With those groups numbers 6 and 12 meet in round 11, the
last round, against the purpose of the table. The FIDE Arbiters' Manual (art.
13.17, read in its Russian edition) gives B = (2, 6, 7) and C = (1, 8, 12),
which keeps every group apart in rounds 9-11. Both are available
(:class:`VarmaTable`); the Handbook row is the default because it is the
regulation in force.
"""

from __future__ import annotations

import csv
import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TextIO

from swisspair.errors import SwissPairError, UnsupportedFeatureError
from swisspair.roundrobin import meeting_round, table_size

__all__ = [
    "LAST_ROUNDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Clash",
    "DrawnNumber",
    "Entrant",
    "VarmaDraw",
    "VarmaError",
    "VarmaGroup",
    "VarmaPlayerCountError",
    "VarmaTable",
    "clashes",
    "drawing_order",
    "read_entrants",
    "varma_available",
    "varma_draw",
    "varma_groups",
]

MIN_PLAYERS = 9
"""The smallest event the Varma tables cover (C.05 Annex 2, point 5)."""
MAX_PLAYERS = 24
"""The largest event the Varma tables cover (C.05 Annex 2, point 5)."""
LAST_ROUNDS = 3
"""Players of one group do not meet in this many last rounds (C.05 Annex 2, introduction)."""
GROUP_LABELS = ("A", "B", "C", "D")


class VarmaError(SwissPairError, ValueError):
    """A Varma draw that cannot be made from the input (no players, empty federation...)."""


class VarmaPlayerCountError(VarmaError, UnsupportedFeatureError):
    """The number of players is outside the 9-24 covered by the Varma tables."""


class VarmaTable(enum.Enum):
    """Which text of the Varma tables to use; they differ only for 11 and 12 players."""

    HANDBOOK = "handbook"
    """FIDE Handbook C.05 Annex 2 (in force): 11/12 players B = (1, 2, 7), C = (6, 8, 12)."""
    ARBITERS_MANUAL = "manual"
    """FIDE Arbiters' Manual art. 13.17: 11/12 players B = (2, 6, 7), C = (1, 8, 12)."""

    def __repr__(self) -> str:
        return f"VarmaTable.{self.name}"


_HANDBOOK: Mapping[int, tuple[tuple[int, ...], ...]] = {
    10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
    12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
    14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
    16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
    18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
    20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
    22: ((6, 7, 8, 9, 10, 17, 18, 19, 20), (1, 2, 3, 4, 12, 13, 14, 15), (11, 16, 21), (5, 22)),
    24: (
        (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
        (1, 2, 3, 4, 13, 14, 15, 16, 17),
        (12, 18, 23),
        (5, 24),
    ),
}
"""C.05 Annex 2, point 5, keyed by the even table size. Rows 9/10-19/20 and A, B of 21/22 were read
from the Handbook; C, D of 21/22 and the 23/24 row agree with the Arbiters' Manual (13.17.1.5)."""

_ARBITERS_MANUAL_12 = ((4, 5, 9, 10), (2, 6, 7), (1, 8, 12), (3, 11))


@dataclass(frozen=True, slots=True)
class VarmaGroup:
    """One envelope of the Varma table: a group label and its pairing numbers."""

    label: str
    """``"A"``, ``"B"``, ``"C"`` or ``"D"``."""
    numbers: tuple[int, ...]
    """The pairing numbers in the envelope, ascending."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player taking part in the drawing of lots."""

    name: str
    """The name, as it is sorted for the drawing order (``"Surname, Given"`` sorts by surname)."""
    federation: str
    """The FIDE federation code (``"NOR"``); stored upper-case."""
    key: int | str | None = None
    """The caller's identifier of the player (a pairing number, a database id), carried through the draw;
    it tells apart two entrants of the same name and federation."""


@dataclass(frozen=True, slots=True)
class DrawnNumber:
    """One step of the drawing: who drew, from which envelope, which number."""

    order: int
    """1-based position in the drawing order."""
    entrant: Entrant
    """The player who drew."""
    group: str
    """The label of the envelope the number came from."""
    number: int
    """The pairing number drawn."""


@dataclass(frozen=True, slots=True)
class Clash:
    """Two players of one federation who meet in one of the last rounds."""

    federation: str
    """Their federation."""
    numbers: tuple[int, int]
    """Their pairing numbers, lower first."""
    round_number: int
    """The round of the Berger table in which they meet."""


@dataclass(frozen=True, slots=True)
class VarmaDraw:
    """The result of a restricted drawing of lots (FIDE C.05 Annex 2)."""

    players: int
    """The number of players."""
    seed: int | str
    """The seed of ``random.Random`` that reproduces this draw."""
    table: VarmaTable
    """The text of the tables used."""
    groups: tuple[VarmaGroup, ...]
    """The four envelopes as prepared (the bye number left out for odd counts)."""
    draws: tuple[DrawnNumber, ...]
    """Every player's draw, in drawing order."""
    split: tuple[str, ...] = ()
    """Federations whose players could not all draw from one envelope."""

    def by_number(self) -> tuple[DrawnNumber, ...]:
        """The draws sorted by pairing number: the starting list of the round-robin."""
        return tuple(sorted(self.draws, key=lambda d: d.number))

    def numbers(self) -> dict[int | str | None, int]:
        """Each entrant's key (:attr:`Entrant.key`) and the number it drew (the keys should be given and distinct)."""
        return {drawn.entrant.key: drawn.number for drawn in self.draws}

    def number_of(self, entrant: Entrant) -> int:
        """The pairing number drawn by ``entrant``.

        :raises: :exc:`KeyError` when the entrant did not take part.
        """
        for drawn in self.draws:
            if drawn.entrant == entrant:
                return drawn.number
        raise KeyError(entrant)


def varma_available(n: int) -> bool:
    """Whether the Varma tables cover ``n`` players (C.05 Annex 2, point 5: 9 to 24). For other sizes the
    annex gives no table: the numbers are drawn by an ordinary lot."""
    return not isinstance(n, bool) and isinstance(n, int) and MIN_PLAYERS <= n <= MAX_PLAYERS


def varma_groups(n: int, table: VarmaTable = VarmaTable.HANDBOOK) -> tuple[VarmaGroup, ...]:
    """The four groups A-D of the Varma table for ``n`` players (FIDE C.05 Annex 2).

    With an odd ``n`` the table for ``n + 1`` is used without the number ``n + 1``,
    which is the bye of the Berger table.

    >>> varma_groups(9)
    (VarmaGroup(label='A', numbers=(3, 4, 8)), VarmaGroup(label='B', numbers=(5, 7, 9)), \
VarmaGroup(label='C', numbers=(1, 6)), VarmaGroup(label='D', numbers=(2,)))

    :raises: :exc:`VarmaPlayerCountError` when ``n`` is not between 9 and 24.
    """
    if not varma_available(n):
        raise VarmaPlayerCountError(
            f"the Varma tables (FIDE C.05 Annex 2) cover {MIN_PLAYERS} to {MAX_PLAYERS} players, got {n!r}"
        )
    size = table_size(n)
    rows = _ARBITERS_MANUAL_12 if size == 12 and table is VarmaTable.ARBITERS_MANUAL else _HANDBOOK[size]
    return tuple(
        VarmaGroup(label, tuple(sorted(x for x in row if x <= n)))
        for label, row in zip(GROUP_LABELS, rows, strict=True)
    )


def _name_key(entrant: Entrant) -> tuple[str, str]:
    return (entrant.name.casefold(), entrant.name)


def drawing_order(entrants: Iterable[Entrant]) -> tuple[tuple[str, tuple[Entrant, ...]], ...]:
    """The contingents in drawing order (FIDE C.05 Annex 2, point 2).

    The federation with the most players draws first; equal counts go by the
    alphabetical order of the FIDE code; within a federation players go by the
    alphabetical order of their names (compared without case; the input order
    settles identical names).
    """
    by_federation: dict[str, list[Entrant]] = {}
    for entrant in entrants:
        by_federation.setdefault(entrant.federation, []).append(entrant)
    ordered = sorted(by_federation.items(), key=lambda item: (-len(item[1]), item[0]))
    return tuple((fed, tuple(sorted(members, key=_name_key))) for fed, members in ordered)


def _fits(sizes: Sequence[int], capacities: list[int]) -> bool:
    """Whether each contingent size can be given a single envelope, in order (backtracking)."""
    if not sizes:
        return True
    first, rest = sizes[0], sizes[1:]
    tried: set[int] = set()
    for index, capacity in enumerate(capacities):
        if capacity >= first and capacity not in tried:
            tried.add(capacity)
            capacities[index] -= first
            ok = _fits(rest, capacities)
            capacities[index] += first
            if ok:
                return True
    return False


def _normalise(entrants: Iterable[Entrant]) -> tuple[Entrant, ...]:
    result = []
    keys: set[int | str] = set()
    for entrant in entrants:
        name = entrant.name.strip()
        federation = entrant.federation.strip().upper()
        if not name:
            raise VarmaError("a player has an empty name")
        if not federation:
            raise VarmaError(f"player {name!r} has no federation")
        if entrant.key is not None:
            if entrant.key in keys:
                raise VarmaError(f"two players have the key {entrant.key!r}")
            keys.add(entrant.key)
        result.append(Entrant(name, federation, entrant.key))
    return tuple(result)


def varma_draw(
    entrants: Iterable[Entrant],
    seed: int | str | None = None,
    table: VarmaTable = VarmaTable.HANDBOOK,
) -> VarmaDraw:
    """Draw pairing numbers for a round-robin with the Varma tables (FIDE C.05 Annex 2).

    The drawing is reproducible: the same entrants, ``seed`` and ``table`` give
    the same result. Without a seed one is chosen at random and recorded in
    :attr:`VarmaDraw.seed`. Names and federation codes are stripped; codes are
    upper-cased.

    :raises: :exc:`VarmaPlayerCountError` for fewer than 9 or more than 24 players;
        :exc:`VarmaError` for an empty name or federation.
    """
    players = _normalise(entrants)
    groups = varma_groups(len(players), table)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    rng = random.Random(seed)
    remaining = {group.label: list(group.numbers) for group in groups}
    contingents = drawing_order(players)
    draws: list[DrawnNumber] = []
    split: list[str] = []

    for index, (federation, members) in enumerate(contingents):
        size = len(members)
        later = [len(m) for _, m in contingents[index + 1 :] if len(m) >= 2]
        large_enough = [label for label in GROUP_LABELS if len(remaining[label]) >= size]
        if large_enough:
            keeps_room = [
                label
                for label in large_enough
                if _fits(later, [len(remaining[x]) - (size if x == label else 0) for x in GROUP_LABELS])
            ]
            label = rng.choice(keeps_room or large_enough)
        else:
            split.append(federation)
            label = ""
        for entrant in members:
            if not remaining.get(label):
                most = max(len(numbers) for numbers in remaining.values())
                label = rng.choice([x for x in GROUP_LABELS if len(remaining[x]) == most])
            number = rng.choice(remaining[label])
            remaining[label].remove(number)
            draws.append(DrawnNumber(len(draws) + 1, entrant, label, number))

    return VarmaDraw(
        players=len(players),
        seed=seed,
        table=table,
        groups=groups,
        draws=tuple(draws),
        split=tuple(split),
    )


def clashes(draw: VarmaDraw, last_rounds: int = LAST_ROUNDS) -> tuple[Clash, ...]:
    """Pairs of players of one federation who meet in the last ``last_rounds`` rounds.

    Rounds are those of the single Berger table (:func:`swisspair.roundrobin.meeting_round`).
    An empty result means the draw met the aim of C.05 Annex 2.
    """
    rounds = table_size(draw.players) - 1
    found: list[Clash] = []
    ordered = draw.by_number()
    for i, first in enumerate(ordered):
        for second in ordered[i + 1 :]:
            if first.entrant.federation != second.entrant.federation:
                continue
            r = meeting_round(first.number, second.number, draw.players)
            if r > rounds - last_rounds:
                found.append(Clash(first.entrant.federation, (first.number, second.number), r))
    return tuple(found)


def read_entrants(handle: TextIO, source: str = "<stream>") -> tuple[Entrant, ...]:
    """Read players from CSV text with a header line naming the columns ``name`` and ``federation``.

    Column names are matched without case; ``fed`` is accepted for
    ``federation``; other columns are ignored, as are blank lines. The caller
    opens the file (UTF-8; ``utf-8-sig`` also accepts a spreadsheet's BOM).

    :raises: :exc:`VarmaError` for a missing column or an incomplete line,
        with ``source:line`` in the message.
    """
    reader = csv.reader(handle)
    header: list[str] | None = None
    name_col = fed_col = -1
    entrants: list[Entrant] = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if header is None:
            header = [cell.strip().casefold() for cell in row]
            name_col = header.index("name") if "name" in header else -1
            for alias in ("federation", "fed"):
                if alias in header:
                    fed_col = header.index(alias)
                    break
            if name_col < 0 or fed_col < 0:
                raise VarmaError(
                    f"{source}:{reader.line_num}: the header must name the columns 'name' and 'federation'"
                )
            continue
        cells = [cell.strip() for cell in row]
        if max(name_col, fed_col) >= len(cells) or not cells[name_col] or not cells[fed_col]:
            raise VarmaError(f"{source}:{reader.line_num}: expected a name and a federation, got {row!r}")
        entrants.append(Entrant(cells[name_col], cells[fed_col].upper()))
    if header is None:
        raise VarmaError(f"{source}: no header line and no players")
    return tuple(entrants)
