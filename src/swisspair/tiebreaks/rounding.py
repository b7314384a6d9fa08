"""Exact rounding helpers: the only places where tie-break values are rounded.

* half up to an integer or to 0.01: ARO, TPR, APRO, APPO (FIDE C.07 (2026) 10.1,
  "rounded, with .5 rounded up"), AOB and SSSC as the reference tool does;
* half to even to 0.01: the Jahr method (U. Jahr, Szachy 3/1981, point 4: "0.005 is rounded
  to the nearest even ending").
"""

from __future__ import annotations

import math
from fractions import Fraction

from swisspair.exact import exact_sum

__all__ = ["decimal_text", "exact_sum", "round_half_even", "round_half_up"]


def round_half_up(value: Fraction, places: int = 0) -> Fraction:
    """``value`` rounded to ``places`` decimals, exact halves upward (towards +infinity).

    >>> round_half_up(Fraction(5, 2))
    Fraction(3, 1)
    >>> round_half_up(Fraction(-5, 2))
    Fraction(-2, 1)
    >>> round_half_up(Fraction(19165, 1000), 2)
    Fraction(1917, 100)
    """
    scale = 10**places
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


def round_half_even(value: Fraction, places: int = 0) -> Fraction:
    """``value`` rounded to ``places`` decimals, exact halves to the even neighbour.

    >>> round_half_even(Fraction(155, 1000), 2), round_half_even(Fraction(145, 1000), 2)
    (Fraction(4, 25), Fraction(7, 50))
    """
    return Fraction(round(value, places))


_POWERS = tuple((k, 10**k) for k in range(1, 7))


def decimal_text(value: Fraction | int | None, places: int = 4) -> str:
    """Plain decimal text: ``14.5``, ``3``, ``19.17``; non-terminating values rounded to ``places``.

    >>> decimal_text(Fraction(29, 2)), decimal_text(Fraction(1, 3))
    ('14.5', '0.3333')
    """
    if value is None:
        return ""
    value = Fraction(value)
    num, den = value.numerator, value.denominator
    if den == 1:
        return str(num)
    for k, power in _POWERS:
        if power % den == 0:
            digits = str(abs(num) * (power // den)).rjust(k + 1, "0")
            text = (digits[:-k] + "." + digits[-k:]).rstrip("0")
            return ("-" if num < 0 else "") + text
    # Not a terminating decimal: round to ``places``, which makes it one.
    return decimal_text(round_half_even(value, places), places)
