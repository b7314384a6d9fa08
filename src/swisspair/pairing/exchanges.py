"""The order in which a player tries opponents in a score group: the Lim System's
(C.04.4.3 4.2-4.3), which the FIDE Swiss rules 1987-89 (art. 11) share.

A module of its own so that neither system imports the other's (tests/test_abilities.py).
"""

from __future__ import annotations


def exchange_order(count: int) -> list[int]:
    """Positions the first of ``count`` players tries as opponents (C.04.4.3 4.2-4.3, generalised).

    The bottom half in order, then the top half from the bottom up.

    >>> exchange_order(6)
    [3, 4, 5, 2, 1]
    """
    half = count // 2
    return list(range(half, count)) + list(range(half - 1, 0, -1))


__all__ = ["exchange_order"]
