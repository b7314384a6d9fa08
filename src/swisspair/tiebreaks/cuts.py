"""Cut and Median modifiers with the VUR exception (FIDE C.07 (2026) arts. 14 and 16.5).

* Cut-n removes the n least significant values, Median-n the n least and
  then the n most significant ones (14.1-14.4).
* 16.5: when a low cut hits a participant with voluntary unplayed rounds,
  the lowest VUR contribution is removed instead, provided it is not lower
  than the least significant value; for Sonneborn-Berger the higher of the
  two is removed (16.5.1); each further cut repeats the test (16.5.2).
* "Least significant" for BH is the lowest opponent score; for SB it is,
  since August 2024, the lowest-scored opponent and among those the lowest
  product (14.1); the 2023 text cut the lowest product.

The procedure follows the reference tool (Gacrux 1.9.57) step by step, so
that equal values are resolved the same way.
"""

from __future__ import annotations

import math
from operator import itemgetter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from swisspair.tiebreaks.editions import Edition

__all__ = ["Item", "Scaled", "apply_cuts", "cut_scaled"]


@dataclass(frozen=True, slots=True)
class Item:
    """A contribution that may be cut."""

    index: int
    """Position in the caller's list."""
    score: Fraction
    """The opponent's score (what "least significant" compares first)."""
    value: Fraction
    """The contribution to the sum (the score for BH, the product for SB)."""
    vur: bool
    """From a voluntary unplayed round (16.5)."""


class Scaled(NamedTuple):
    """An :class:`Item` in integers: its score and its value each on a denominator common to all items."""

    idx: int
    score: int
    value: int
    vur: bool


def apply_cuts(
    items: Sequence[Item],
    low: int,
    high: int,
    edition: Edition,
    rounds: int,
    *,
    by_product: bool = False,
    vur_by_value: bool = False,
) -> set[int]:
    """The indices of the items removed by ``low`` low cuts and ``high`` high cuts.

    :param rounds: the number of rounds (cuts never exceed it, as in the reference).
    :param by_product: Sonneborn-Berger under the 2023 text: least significant =
        lowest product.
    :param vur_by_value: take the VUR with the lowest contribution (16.5 read literally)
        rather than the one with the lowest score, as the reference tool does.
    """
    if not items:
        return set()
    # Sorting exact fractions is slow: compare integers on a common denominator.
    scale = math.lcm(*(it.score.denominator for it in items), *(it.value.denominator for it in items))
    return cut_scaled([Scaled(it.index, it.score.numerator * (scale // it.score.denominator),
                              it.value.numerator * (scale // it.value.denominator), it.vur) for it in items],
                      low, high, edition, rounds, by_product=by_product, vur_by_value=vur_by_value)


_BY_SCORE, _BY_VALUE, _VUR = itemgetter(1, 2), itemgetter(2, 1), itemgetter(3)


def cut_scaled(
    remaining: Sequence[Scaled | tuple[int, int, int, bool]],
    low: int,
    high: int,
    edition: Edition,
    rounds: int,
    *,
    by_product: bool = False,
    vur_by_value: bool = False,
) -> set[int]:
    """:func:`apply_cuts` on items already in integers (each of score and value on one denominator):
    :class:`Scaled` or plain tuples in its order."""
    low = min(low, rounds)
    high = min(high, max(rounds - low, 0))
    if (low <= 0 and high <= 0) or not remaining:
        return set()
    vur_rule = edition.dummy
    cut: set[int] = set()

    key_all = _BY_VALUE if by_product else _BY_SCORE

    def key_vur(it: Sequence[int]) -> tuple[int, int, int]:
        return (-it[3], it[2], it[1]) if vur_by_value else (-it[3], *key_all(it))

    if low == 1 and high <= 0 and (not vur_rule or (not vur_by_value and not any(map(_VUR, remaining)))):
        # One cut and no VUR to prefer (16.5): the least significant item, without the VUR order.
        return {min(remaining, key=key_all)[0]}
    while low > 0 and remaining:
        if low == 1 and high <= 0:  # the last cut needs the first of each order only (min is sorted()[0])
            sort_all, sort_vur = [min(remaining, key=key_all)], [min(remaining, key=key_vur)]
        else:
            sort_all, sort_vur = sorted(remaining, key=key_all), sorted(remaining, key=key_vur)
        if not vur_rule or sort_all[0][2] > sort_vur[0][2]:
            cut.add(sort_all[0][0])
            remaining = sort_all[1:]
        else:
            cut.add(sort_vur[0][0])
            remaining = sort_vur[1:]
        low -= 1
    while high > 0 and remaining:
        sort_high = sorted(remaining, key=lambda it: (-it[1], -it[2]))
        cut.add(sort_high[0][0])
        remaining = sort_high[1:]
        high -= 1
    return cut
