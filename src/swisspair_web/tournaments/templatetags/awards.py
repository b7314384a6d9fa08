"""Template filters of the prize, rating and norm pages: exact numbers as arbiters write them."""

from __future__ import annotations

from fractions import Fraction

from django import template

from swisspair.norms import NormCheck
from swisspair.rating_change import InitialRating, NotRated, PlayerRating, Regulations
from swisspair.tiebreaks.rounding import decimal_text
from swisspair_web.tournaments.reads import norms, ratings

register = template.Library()


@register.filter
def decimal(value: Fraction | int | None) -> str:
    """``3/2`` as ``1.5``, ``-7/5`` as ``-1.4``; non-terminating values to four places; nothing for ``None``."""
    return decimal_text(value) if value is not None else ""


@register.filter
def signed(value: int | None) -> str:
    """``+7``, ``-3``, ``0``; nothing for ``None``."""
    return "" if value is None else f"{value:+d}" if value else "0"


@register.filter
def not_rated(reason: NotRated | None) -> str:
    """Why a round is not rated (:func:`..reads.ratings.not_rated_text`)."""
    return ratings.not_rated_text(reason)


@register.filter
def k_reason(line: PlayerRating) -> str:
    """Why the player's K is what it is (:func:`..reads.ratings.k_text`)."""
    return ratings.k_text(line)


@register.filter
def initial_notes(initial: InitialRating | None) -> str:
    """:func:`..reads.ratings.initial_text`."""
    return ratings.initial_text(initial)


@register.filter
def regulations(value: Regulations) -> str:
    """:func:`..reads.ratings.regulations_text`."""
    return ratings.regulations_text(value)


@register.filter
def failures(check: NormCheck) -> str:
    """The requirements a norm check did not meet (:func:`..reads.norms.failure_text`), ``;``-separated."""
    return "; ".join(norms.failure_text(f) for f in check.problems)
