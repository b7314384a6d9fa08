"""The FIDE rating conversion tables and the figures computed from them alone.

The tables are those of the FIDE Rating Regulations effective from 1 March 2024 (B.02), unchanged
since 2009; the Title Regulations (B.01, effective from 1 January 2024) repeat table 8.1.1 as their
table 1.4.9:

* :func:`dp`: the rating difference dp for a fractional score p (B.02 8.1.1, B.01 1.4.9);
* :func:`probability_hundredths`: the scoring probability PD for a rating difference D (B.02 8.1.2);
  :func:`expected` / :func:`expected_hundredths` for two ratings;
* :func:`percentage`: a score as a whole percentage, 0.5 % rounded up (B.01 1.4.9);
* :func:`average_rating`: the rating average, rounded to the nearest whole number, 0.5 up (B.01 1.4.7);
* :func:`performance_rating`: Rp = Ra + dp (B.01 1.4.8), the TPR of the tie-breaks (C.07 (2026) 10.2).

Values are kept in hundredths as integers, so the arithmetic stays exact.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["DP_BY_PERCENT", "average_rating", "dp", "expected", "expected_hundredths", "percentage",
           "performance_rating", "probability_hundredths"]

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
    """dp for a score of ``percent`` % (an integer 0-100), B.02 table 8.1.1.

    >>> dp(50), dp(64), dp(100), dp(0)
    (0, 102, 800, -800)
    """
    if not 0 <= percent <= 100:
        raise ValueError(f"percentage out of range: {percent}")
    return DP_BY_PERCENT[percent]


def probability_hundredths(difference: int) -> int:
    """PD in hundredths for a rating difference D = own rating - opponent's (B.02 table 8.1.2):
    the column H for D >= 0, the column L for D < 0.

    >>> probability_hundredths(0), probability_hundredths(400), probability_hundredths(-400)
    (50, 92, 8)
    >>> probability_hundredths(735), probability_hundredths(736)
    (99, 100)
    """
    hundredths = 50 + bisect_left(_PD_UPPER, abs(difference))
    return 100 - hundredths if difference < 0 else hundredths


def expected_hundredths(rating: int, opponent: int) -> int:
    """The expected score of ``rating`` against ``opponent`` in hundredths (B.02 8.1.2)."""
    return probability_hundredths(rating - opponent)


def expected(rating: int, opponent: int) -> Fraction:
    """The expected score of ``rating`` against ``opponent`` from the B.02 8.1.2 table.

    >>> expected(2000, 2000), expected(2100, 2000), expected(2736, 2000)
    (Fraction(1, 2), Fraction(16, 25), Fraction(1, 1))
    """
    return Fraction(expected_hundredths(rating, opponent), 100)


def percentage(score: Fraction, games: int) -> int:
    """``score`` out of ``games`` as a whole percentage, 0.5 % rounded up (B.01 1.4.9: "All percentages
    are rounded to the nearest whole number. 0.5% is rounded up.").

    >>> percentage(Fraction(13, 2), 9), percentage(Fraction(1, 2), 8)
    (72, 6)
    """
    if games <= 0:
        raise ValueError("a percentage needs at least one game")
    num, den = score.as_integer_ratio()
    return _half_up(100 * num, den * games)


def average_rating(ratings: Sequence[int]) -> int:
    """The rating average, rounded to the nearest whole number, 0.5 upward (B.01 1.4.7 b).

    >>> average_rating([2400, 2401]), average_rating([2400, 2400, 2401])
    (2401, 2400)
    """
    if not ratings:
        raise ValueError("an average needs at least one rating")
    return _half_up(sum(ratings), len(ratings))


def _half_up(num: int, den: int) -> int:
    """``num / den`` (``den`` > 0) rounded to the nearest whole number, 0.5 up, in integers: floor(n/d + 1/2)
    is floor((2n + d) / 2d), exactly as :func:`~.rounding.round_half_up` of the fraction.

    >>> _half_up(5, 2), _half_up(-5, 2), _half_up(7, 3)
    (3, -2, 2)
    """
    return (2 * num + den) // (2 * den)


def performance_rating(ratings: Sequence[int], score: Fraction) -> tuple[int, int, int]:
    """``(Rp, Ra, percent)``: Rp = Ra + dp(p) for ``score`` against opponents rated ``ratings``, Ra their
    average (:func:`average_rating`), p the score as a percentage (:func:`percentage`); B.01 1.4.8.

    >>> performance_rating([2400, 2500, 2300], Fraction(2))
    (2525, 2400, 67)
    """
    ra = average_rating(ratings)
    percent = percentage(score, len(ratings))
    return ra + dp(percent), ra, percent
