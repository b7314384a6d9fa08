"""The pairing numbers of a round-robin: by lot, by the Varma tables (FIDE C.05 Annex 2), or fixed."""

from __future__ import annotations

import pytest

from swisspair.drawing_of_lots import DrawMethod, draw_numbers
from swisspair.varma import Entrant, VarmaError, VarmaPlayerCountError, VarmaTable, varma_available, varma_draw


def field(n: int) -> list[Entrant]:
    feds = ("NOR", "NOR", "NOR", "GER", "GER", "ENG", "ENG", "FRA", "USA", "IND", "ARM", "AZE")
    return [Entrant(f"Player {i:02d}", feds[i % len(feds)], i) for i in range(1, n + 1)]


def test_lot_is_a_permutation_reproduced_by_its_seed() -> None:
    """A drawing of lots gives the numbers 1 .. n once each; the same seed gives the same numbers, whatever
    the order the entrants come in; different seeds give different orders."""
    draw = draw_numbers(field(10), DrawMethod.LOT, seed=7)
    assert sorted(draw.numbers().values()) == list(range(1, 11))
    assert draw_numbers(list(reversed(field(10))), DrawMethod.LOT, seed=7).numbers() == draw.numbers()
    assert len({tuple(sorted(draw_numbers(field(10), DrawMethod.LOT, seed=s).numbers().items()))
                for s in range(20)}) > 1
    unseeded = draw_numbers(field(10), DrawMethod.LOT)
    assert draw_numbers(field(10), DrawMethod.LOT, seed=unseeded.seed) == unseeded
    assert draw.lines()[0] == "Pairing numbers drawn by lot: 10 players, seed 7."
    assert [n for n, _ in draw.by_number()] == list(range(1, 11))


def test_varma_is_the_varma_draw() -> None:
    """C.05 Annex 2: the Varma method is :func:`varma_draw` with the seed and table; its record names the
    envelopes and every draw."""
    draw = draw_numbers(field(12), DrawMethod.VARMA, seed=3, table=VarmaTable.ARBITERS_MANUAL)
    varma = varma_draw(field(12), seed=3, table=VarmaTable.ARBITERS_MANUAL)
    assert draw.varma == varma
    assert draw.numbers() == varma.numbers()
    lines = draw.lines()
    assert lines[0].startswith("Pairing numbers drawn with the Varma tables (FIDE C.05 Annex 2, manual table): "
                               "12 players, seed 3; envelopes A (4, 5, 9, 10); B (2, 6, 7)")
    assert len(lines) == 13
    with pytest.raises(VarmaPlayerCountError):
        draw_numbers(field(8), DrawMethod.VARMA, seed=1)
    assert not varma_available(8) and varma_available(9) and varma_available(24) and not varma_available(25)


def test_fixed_numbers_are_checked() -> None:
    """Numbers fixed by the arbiter must be 1 .. n, one each, for every entrant."""
    entrants = field(4)
    draw = draw_numbers(entrants, DrawMethod.FIXED, fixed={1: 4, 2: 3, 3: 2, 4: 1})
    assert draw.numbers() == {1: 4, 2: 3, 3: 2, 4: 1} and draw.seed is None
    assert draw.lines()[1:] == ("Player 04: number 1", "Player 03: number 2", "Player 02: number 3",
                                "Player 01: number 4")
    for bad in ({1: 1, 2: 2, 3: 3}, {1: 1, 2: 2, 3: 3, 4: 3}, {1: 1, 2: 2, 3: 3, 4: 5}):
        with pytest.raises(VarmaError):
            draw_numbers(entrants, DrawMethod.FIXED, fixed=bad)
    with pytest.raises(VarmaError):
        draw_numbers([], DrawMethod.LOT)
    with pytest.raises(VarmaError):
        draw_numbers([Entrant("A", "NOR", 1), Entrant("B", "NOR", 1)], DrawMethod.LOT)
