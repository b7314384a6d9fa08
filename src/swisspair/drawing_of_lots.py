"""The pairing numbers of a round-robin: drawn by lot, drawn with the Varma tables, or fixed by the arbiter.

In a round-robin the players' numbers in the Berger table (:mod:`swisspair.roundrobin`, FIDE C.05
Annex 1) are drawn by lot before round 1. The regulations may restrict the drawing so that players
of one federation do not meet in the last three rounds: the Varma tables (C.05 Annex 2,
:mod:`swisspair.varma`, 9 to 24 players). Or the arbiter fixes the numbers (a seeded event, a draw
made by hand in the hall). :func:`draw_numbers` does any of the three and returns a
:class:`NumberDraw`: who has which number, how it was drawn, and the lines that record it (an
audit log, the start list's note).

Every draw is reproducible: a drawing by lot or by the Varma tables comes only from
``random.Random(seed)``, so the seed, the entrants and the method give the same numbers again.

>>> from swisspair.varma import Entrant
>>> field = [Entrant("Ames", "ENG", 11), Entrant("Bell", "ENG", 12), Entrant("Cole", "NOR", 13)]
>>> draw = draw_numbers(field, DrawMethod.FIXED, fixed={11: 3, 12: 1, 13: 2})
>>> draw.numbers() == {11: 3, 12: 1, 13: 2}
True
>>> [(number, entrant.name) for number, entrant in draw.by_number()]
[(1, 'Bell'), (2, 'Cole'), (3, 'Ames')]
>>> draw.lines()[0]
'Pairing numbers fixed by the arbiter: 3 players.'
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from swisspair.varma import Entrant, VarmaDraw, VarmaError, VarmaTable, clashes, varma_draw

__all__ = ["DrawMethod", "NumberDraw", "draw_numbers"]


class DrawMethod(enum.Enum):
    """How the pairing numbers of a round-robin are given."""

    LOT = "lot"
    """A free drawing of lots: every order equally likely."""
    VARMA = "varma"
    """The restricted drawing of FIDE C.05 Annex 2 (the Varma tables, 9 to 24 players)."""
    FIXED = "fixed"
    """Numbers given by the arbiter."""

    def __repr__(self) -> str:
        return f"DrawMethod.{self.name}"


@dataclass(frozen=True, slots=True)
class NumberDraw:
    """The pairing numbers of a round-robin and how they were given (:func:`draw_numbers`)."""

    method: DrawMethod
    """Lot, Varma tables or fixed."""
    entrants: tuple[tuple[Entrant, int], ...]
    """Every entrant with its number, in the order they drew (by name for a lot; the Varma drawing order;
    by number when fixed)."""
    seed: int | str | None = None
    """The seed that reproduces a lot or a Varma draw; ``None`` for fixed numbers."""
    varma: VarmaDraw | None = None
    """The Varma draw itself (envelopes, every step), for :attr:`DrawMethod.VARMA`."""

    def numbers(self) -> dict[int | str | None, int]:
        """Each entrant's key (:attr:`Entrant.key`) and its pairing number."""
        return {entrant.key: number for entrant, number in self.entrants}

    def by_number(self) -> tuple[tuple[int, Entrant], ...]:
        """The start list: number and entrant, number 1 first."""
        return tuple(sorted(((number, entrant) for entrant, number in self.entrants), key=lambda x: x[0]))

    def lines(self) -> tuple[str, ...]:
        """What the draw was, one line each: the method (and seed), then every number drawn, in drawing
        order, then any federation the Varma tables could not keep apart."""
        count = len(self.entrants)
        if self.method is DrawMethod.FIXED:
            head = f"Pairing numbers fixed by the arbiter: {count} players."
        elif self.method is DrawMethod.LOT:
            head = f"Pairing numbers drawn by lot: {count} players, seed {self.seed}."
        else:
            assert self.varma is not None
            envelopes = "; ".join(f"{g.label} ({', '.join(map(str, g.numbers))})" for g in self.varma.groups)
            head = (f"Pairing numbers drawn with the Varma tables (FIDE C.05 Annex 2, {self.varma.table.value} "
                    f"table): {count} players, seed {self.seed}; envelopes {envelopes}.")
        out = [head]
        if self.varma is not None:
            out += [f"{d.order}. {d.entrant.name} ({d.entrant.federation}): envelope {d.group}, number {d.number}"
                    for d in self.varma.draws]
            out += [f"{fed}: its players do not fit in one envelope." for fed in self.varma.split]
            out += [f"{c.federation}: numbers {c.numbers[0]} and {c.numbers[1]} meet in round {c.round_number}."
                    for c in clashes(self.varma)]
        else:
            out += [f"{entrant.name}: number {number}" for entrant, number in self.entrants]
        return tuple(out)


def draw_numbers(entrants: Iterable[Entrant], method: DrawMethod, *, seed: int | str | None = None,
                 table: VarmaTable = VarmaTable.HANDBOOK,
                 fixed: Mapping[int | str | None, int] | None = None) -> NumberDraw:
    """The pairing numbers 1 .. n of ``entrants`` by ``method``.

    * :attr:`DrawMethod.LOT`: the entrants, in the alphabetical order of their names, draw from the
      numbers shuffled with ``random.Random(seed)``;
    * :attr:`DrawMethod.VARMA`: :func:`swisspair.varma.varma_draw` (C.05 Annex 2) with ``seed`` and ``table``;
    * :attr:`DrawMethod.FIXED`: ``fixed`` maps each entrant's key to its number.

    Without a seed one is chosen and recorded (:attr:`NumberDraw.seed`).

    >>> lot = draw_numbers([Entrant("Ames", "ENG", "a"), Entrant("Bell", "NOR", "b")], DrawMethod.LOT, seed=5)
    >>> sorted(lot.numbers().values()), lot.lines()[0]
    ([1, 2], 'Pairing numbers drawn by lot: 2 players, seed 5.')

    :raises: :exc:`~swisspair.varma.VarmaError` for no entrants, an empty name, two entrants with one key, or
        fixed numbers that are not 1 .. n each once; :exc:`~swisspair.varma.VarmaPlayerCountError` for a
        Varma draw outside 9 to 24 players.
    """
    players = tuple(entrants)
    if not players:
        raise VarmaError("a drawing of lots needs players")
    keys = [e.key for e in players]
    if any(e.key is not None for e in players) and len(set(keys)) != len(keys):
        raise VarmaError("every player needs a key of his own")
    if method is DrawMethod.FIXED:
        return NumberDraw(method, _fixed(players, fixed or {}))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if method is DrawMethod.VARMA:
        varma = varma_draw(players, seed=seed, table=table)
        return NumberDraw(method, tuple((d.entrant, d.number) for d in varma.draws), seed, varma)
    order = sorted(players, key=lambda e: (e.name.strip().casefold(), e.name))
    numbers = list(range(1, len(order) + 1))
    random.Random(seed).shuffle(numbers)
    return NumberDraw(method, tuple(zip(order, numbers, strict=True)), seed)


def _fixed(players: Sequence[Entrant], fixed: Mapping[int | str | None, int]) -> tuple[tuple[Entrant, int], ...]:
    """The arbiter's numbers: every entrant one, together 1 .. n."""
    missing = [e.name for e in players if e.key not in fixed]
    if missing:
        raise VarmaError(f"no pairing number for {', '.join(missing)}")
    given = sorted(fixed[e.key] for e in players)
    if given != list(range(1, len(players) + 1)):
        raise VarmaError(f"the pairing numbers must be 1 to {len(players)}, each once; got {given}")
    return tuple(sorted(((e, fixed[e.key]) for e in players), key=lambda pair: pair[1]))
