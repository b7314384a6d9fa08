"""The FIDE rating conversion tables (FIDE B.02 Rating Regulations, 8.1.1 and 8.1.2).

* :func:`dp`: the rating difference dp for a fractional score p (8.1.1), used by TPR;
* :func:`expected`: the expected score PD for a rating difference (8.1.2), used by PTP.

Values are kept in hundredths as integers, so the arithmetic stays exact.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

__all__ = ["DP_BY_PERCENT", "dp", "expected", "expected_hundredths"]

DP_BY_PERCENT: tuple[int, ...] = (
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383,
    -366, -351, -336, -322, -309, -296, -284, -273, -262, -251,
    -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
    -149, -141, -133, -125, -117, -110, -102, -95, -87, -80,
    -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)
"""dp for p = 0.00, 0.01, ... 1.00 (B.02 8.1.1)."""

_PD_UPPER: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)
"""Largest rating difference for PD = 0.50, 0.51, ... 0.99 (B.02 8.1.2); above 735: 1.00."""


def dp(percent: int) -> int:
    """dp for a score of ``percent`` % (an integer 0-100)."""
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage out of range: {percent}")
    return DP_BY_PERCENT[percent]


def expected_hundredths(rating: int, opponent: int) -> int:
    """The expected score of ``rating`` against ``opponent`` in hundredths (B.02 8.1.2)."""
    diff = rating - opponent
    hundredths = 50 + bisect_left(_PD_UPPER, abs(diff))
    return 100 - hundredths if diff < 0 else hundredths


def expected(rating: int, opponent: int) -> Fraction:
    """The expected score of ``rating`` against ``opponent`` from the B.02 8.1.2 table.

    >>> expected(2000, 2000), expected(2100, 2000), expected(2736, 2000)
    (Fraction(1, 2), Fraction(16, 25), Fraction(1, 1))
    """
    return Fraction(expected_hundredths(rating, opponent), 100)
