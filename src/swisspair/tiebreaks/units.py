"""Scores in integers of the scoring's smallest unit, for the tie-breaks' sums and comparisons.

A chess event scores in halves: with the unit 1/2, every score, every opponent's score and every sum of
them is an integer, and integers add, compare and sort exactly, many times faster than
:class:`~fractions.Fraction`. The unit of a score is the smallest fraction of which every point value of
the event is a whole multiple (the least common multiple of their denominators), so the conversion is
exact both ways; a value leaves the integers (:meth:`Units.fraction <swisspair.Units.fraction>`) only
where it is shown or where a rule divides (averages, percentages: C.07 (2026) 7.3, 10.1), as an exact
fraction.
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["Units"]


class Units:
    """One score of an event (``PTS``, ``MP`` or ``GP``) in integers of ``1 / den``.

    >>> u = Units(2, {1: [2, 1, 0]}, draw=1, win=2)
    >>> u.totals[1], u.fraction(u.totals[1])
    (3, Fraction(3, 2))
    """

    __slots__ = ("den", "points", "totals", "draw", "win", "_fractions")

    def __init__(self, den: int, points: dict[int, list[int]], *, draw: int, win: int) -> None:
        self.den = den
        """Units per point."""
        self.points = points
        """Per competitor, the points of each round (round 1 first), in units."""
        self.totals = {cid: sum(rounds) for cid, rounds in points.items()}
        """Per competitor, the final score in units."""
        self.draw = draw
        """A draw's points in units."""
        self.win = win
        """A win's points in units."""
        self._fractions: dict[tuple[int, int], Fraction] = {}

    def fraction(self, units: int, scale: int = 1) -> Fraction:
        """``units / (den * scale)`` as an exact fraction (``scale``: the other factor's ``den`` of a product).

        The event's few distinct values are made once each.
        """
        key = (units, scale)
        value = self._fractions.get(key)
        if value is None:
            value = self._fractions[key] = Fraction(units, self.den * scale)
        return value
