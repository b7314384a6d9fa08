"""The recommended number of Swiss rounds (Swiss for any sport).

"The number of rounds is the rounded binary logarithm of the number of
participants plus the rounded binary logarithm of the number of prize places,
minus one. For example, to find the best four, five rounds are needed with
16 participants."

>>> recommended_rounds(16, 4)
5
"""

from __future__ import annotations

import math

from swisspair.errors import InvalidRequestError


def recommended_rounds(players: int, prize_places: int = 1) -> int:
    """``round(log2 players) + round(log2 prize_places) - 1`` (Swiss for any sport), at least 1.

    Halves round up (``round(log2 3) = round(1.58) = 2``; ``log2`` of an integer is
    never exactly ``x.5``, so the rounding mode does not matter).

    >>> recommended_rounds(16, 4), recommended_rounds(100)
    (5, 6)

    :raises: :exc:`~swisspair.errors.InvalidRequestError` when ``players < 2`` or
        ``prize_places`` is not between 1 and ``players``.
    """
    if players < 2:
        raise InvalidRequestError(f"a Swiss needs at least two players, got {players}")
    if not 1 <= prize_places <= players:
        raise InvalidRequestError(f"prize places must be between 1 and {players}, got {prize_places}")
    return max(1, round(math.log2(players)) + round(math.log2(prize_places)) - 1)


__all__ = ["recommended_rounds"]
