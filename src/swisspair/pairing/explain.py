"""Helpers shared by the engines' ``--explain`` notes."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


def format_score(value: int, scale: int) -> str:
    """An integer score in ``scale`` units as a decimal (``3.5``)."""
    whole, part = divmod(value * 10, scale)
    return f"{whole // 10}.{whole % 10}" if part == 0 else f"{value / scale:.2f}"


def tpns(numbers: Iterable[int]) -> str:
    """``1, 4, 7`` (or ``none``)."""
    return ", ".join(str(n) for n in numbers) or "none"
