"""Points as TRF writes them: one decimal, more only when needed, in fixed-width columns.

Shared by the writer (:mod:`swisspair.trf.writer`), the team records
(:mod:`swisspair.trf.teams`) and every printed table of points.
"""

from __future__ import annotations

from fractions import Fraction

from swisspair.errors import LimitExceededError


def format_points(value: Fraction) -> str:
    """Points with one decimal (``11.5``), more decimals only when needed (``0.25``).

    :raises: :exc:`~swisspair.errors.LimitExceededError` for a negative value or one
        without a finite decimal form (``1/3``).
    """
    if value < 0:
        raise LimitExceededError(f"TRF cannot hold negative points ({value})")
    digits = 1
    while (value * 10**digits).denominator != 1:
        digits += 1
        if digits > 6:
            raise LimitExceededError(f"TRF cannot hold the points {value} exactly (no finite decimal form)")
    scaled = int(value * 10**digits)
    whole, fraction = divmod(scaled, 10**digits)
    return f"{whole}.{fraction:0{digits}d}"


def fixed_width_points(value: Fraction, what: str, width: int = 4) -> str:
    """``value`` in a ``width``-column field; integral values lose their ``.0`` when needed."""
    text = format_points(value)
    if len(text) > width and value.denominator == 1:
        text = str(value.numerator)
    if len(text) > width:
        raise LimitExceededError(f"{what} {text} does not fit in {width} columns")
    return f"{text:>{width}}"


__all__ = ["fixed_width_points", "format_points"]
