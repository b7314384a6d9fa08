"""Categories of players (age, sex, rating band, federation, a label) and their standings.

A category is a set of conditions, all of which a player must meet: under an age or from an age on
(the age in full years at a date the arbiter sets), a sex, a rating band (unrated players in it, out
of it, or alone), federations, a label (a club, a school: whatever the arbiter gives players).

The standings of a category are the event's final standings filtered: the same order, so the same
tie-breaks decide (and a tie still unbroken in the event stays unbroken in the category); the places
are counted again inside the category.

>>> from datetime import date
>>> u16 = Category.parse("U16")
>>> girls = Category("G12", "Girls U12", age_below=12, sex="w")
>>> u16.contains(PlayerFacts(1, birth_date="2010/05/01"), on=date(2026, 1, 1))
True
>>> girls.contains(PlayerFacts(2, birth_date="2015/03/02", sex="m"), on=date(2026, 1, 1))
False
>>> [Category.parse(code).name for code in ("U8", "50+", "W", "U2000", "1600-1799", "unrated", "BUL")]
['Under 8', '50 and over', 'Women', 'Rated under 2000', 'Rated 1600-1799', 'Unrated', 'Federation BUL']
"""

from __future__ import annotations

import datetime
import enum
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

from swisspair.errors import SwissPairError
from swisspair.model import Player

__all__ = [
    "AGE_PRESETS",
    "Category",
    "CategoryError",
    "CategoryRow",
    "PlayerFacts",
    "Ranked",
    "Unrated",
    "age_on",
    "category_standings",
]

AGE_PRESETS: tuple[str, ...] = ("U8", "U10", "U12", "U14", "U16", "U18", "U20", "50+", "65+")
"""The usual age categories: under 8 ... under 20 on the reference date, seniors 50 and 65 and over."""


class CategoryError(SwissPairError, ValueError):
    """A category that cannot be read or makes no sense."""


class Unrated(enum.Enum):
    """What a rating band does with unrated players."""

    EXCLUDED = "excluded"
    """Unrated players are not in the band."""
    INCLUDED = "included"
    """Unrated players are in the band too (``U1600`` with the unrated)."""
    ONLY = "only"
    """Only unrated players (the band's limits are ignored)."""


@dataclass(frozen=True, slots=True)
class PlayerFacts:
    """What a category looks at in a player."""

    tpn: int
    """Pairing number."""
    birth_date: str = ""
    """As the TRF has it (``YYYY/MM/DD``, ``DD.MM.YYYY``, ``YYYY-MM-DD`` ...), ``00`` for an unknown month or
    day, or the year alone."""
    sex: str = ""
    """``m`` or ``w`` (``f`` is read as ``w``)."""
    rating: int = 0
    """Rating, 0 when unrated."""
    federation: str = ""
    """Three-letter federation code."""
    labels: frozenset[str] = frozenset()
    """Labels the arbiter gave the player (club, school...), compared without case."""

    @classmethod
    def of(cls, player: Player, labels: Iterable[str] = (), rating: int | None = None) -> PlayerFacts:
        """The facts of a model :class:`~swisspair.model.Player`; its club is one of its labels."""
        names = {label.strip().casefold() for label in (*labels, player.club) if label.strip()}
        return cls(player.tpn, player.birth_date, player.sex, player.rating if rating is None else rating,
                   player.federation, frozenset(names))


def age_on(birth_date: str, on: datetime.date) -> int | None:
    """Age in full years on ``on``; ``None`` when the birth date is not given. The date may be in any form
    a TRF writer uses (``2010/06/15``, ``15.06.2010``, ``2010-06-15``, ``1975.  .``: the TRF reader's
    :func:`swisspair.trf.dates.parse_date`).

    When the day or the month is not known (``00``), the last day the known part allows is taken (the
    youngest the player can be): a year alone counts as 31 December.

    >>> age_on("2010/06/15", datetime.date(2026, 6, 14)), age_on("15.06.2010", datetime.date(2026, 6, 15))
    (15, 16)
    >>> age_on("2010", datetime.date(2026, 1, 1)), age_on("2010/00/00", datetime.date(2026, 12, 31))
    (15, 16)
    """
    from swisspair.trf.dates import parse_date

    parsed = parse_date(birth_date)
    if parsed is None or not parsed.year:
        return None
    year, month, day = parsed.year, parsed.month or 12, parsed.day if parsed.month else 0
    if not day:
        following = datetime.date(year + (month == 12), month % 12 + 1, 1)
        day = (following - datetime.timedelta(days=1)).day
    return on.year - year - ((on.month, on.day) < (month, day))


@dataclass(frozen=True, slots=True)
class Category:
    """A category of players: every condition given must hold."""

    code: str
    """Short name (``U16``, ``W``, ``U2000``...), unique in a section."""
    name: str = ""
    """Name as printed (default: the code)."""
    age_below: int | None = None
    """Under this age on the reference date (``U16``: 15 or younger)."""
    age_from: int | None = None
    """This age or older on the reference date (``50+``)."""
    sex: str = ""
    """``w`` or ``m``; empty: either."""
    rating_from: int | None = None
    """Rated at least this."""
    rating_below: int | None = None
    """Rated under this."""
    unrated: Unrated | None = None
    """Unrated players in a rating band; ``None``: excluded when the band has a limit, else included."""
    federations: frozenset[str] = frozenset()
    """Federation codes; empty: any."""
    label: str = ""
    """A label the players must have (compared without case); empty: none needed."""

    @property
    def title(self) -> str:
        """The name, or the code when there is none."""
        return self.name or self.code

    @property
    def needs_birth_date(self) -> bool:
        """An age condition is set."""
        return self.age_below is not None or self.age_from is not None

    def contains(self, facts: PlayerFacts, on: datetime.date) -> bool:
        """Whether the player meets every condition; ages are taken on ``on``.

        A player without a birth date is in no age category.
        """
        if self.needs_birth_date:
            age = age_on(facts.birth_date, on)
            if age is None or (self.age_below is not None and age >= self.age_below) or \
                    (self.age_from is not None and age < self.age_from):
                return False
        if self.sex and _sex(facts.sex) != _sex(self.sex):
            return False
        if self.federations and facts.federation.strip().upper() not in self.federations:
            return False
        if self.label and self.label.strip().casefold() not in facts.labels:
            return False
        return self._rating_fits(facts.rating)

    def _rating_fits(self, rating: int) -> bool:
        banded = self.rating_from is not None or self.rating_below is not None
        rule = self.unrated or (Unrated.EXCLUDED if banded else Unrated.INCLUDED)
        if rule is Unrated.ONLY:
            return not rating
        if not rating:
            return rule is Unrated.INCLUDED
        return (self.rating_from is None or rating >= self.rating_from) and \
            (self.rating_below is None or rating < self.rating_below)

    def members(self, players: Iterable[PlayerFacts], on: datetime.date) -> frozenset[int]:
        """The pairing numbers of the players in the category."""
        return frozenset(p.tpn for p in players if self.contains(p, on))

    @classmethod
    def parse(cls, code: str) -> Category:
        """A category from its usual short name: ``U8``...``U20`` (under an age), ``50+``, ``65+``,
        ``W`` / ``M`` (sex), ``U2000`` (rated under), ``1600-1799`` (a rating band), ``2000+``,
        ``unrated``, a three-letter federation code, or ``label:TEXT``.

        :raises: :exc:`CategoryError` for anything else.
        """
        text = code.strip()
        upper = text.upper()
        if match := re.fullmatch(r"U(\d{1,2})", upper):
            return cls(upper, f"Under {match[1]}", age_below=int(match[1]))
        if match := re.fullmatch(r"(\d{1,2})\+", upper):
            return cls(upper, f"{match[1]} and over", age_from=int(match[1]))
        if upper in ("W", "F", "M"):
            return cls(upper, "Women" if upper != "M" else "Men", sex="m" if upper == "M" else "w")
        if match := re.fullmatch(r"U(\d{3,4})", upper):
            return cls(upper, f"Rated under {match[1]}", rating_below=int(match[1]))
        if match := re.fullmatch(r"(\d{3,4})\+", upper):
            return cls(upper, f"Rated {match[1]} and over", rating_from=int(match[1]))
        if match := re.fullmatch(r"(\d{3,4})-(\d{3,4})", upper):
            low, high = int(match[1]), int(match[2])
            if high < low:
                raise CategoryError(f"category {text!r}: the band ends below its start")
            return cls(upper, f"Rated {low}-{high}", rating_from=low, rating_below=high + 1)
        if upper in ("UNRATED", "NR"):
            return cls("NR", "Unrated", unrated=Unrated.ONLY)
        if re.fullmatch(r"[A-Z]{3}", upper):
            return cls(upper, f"Federation {upper}", federations=frozenset({upper}))
        if upper.startswith("LABEL:") and text[6:].strip():
            return cls(text[6:].strip(), text[6:].strip(), label=text[6:].strip())
        raise CategoryError(f"category {text!r}: expected U8...U20, 50+, W, M, U2000, 1600-1799, 2000+, unrated, "
                            "a federation code or label:TEXT")


def _sex(value: str) -> str:
    """``w`` for ``w``/``f``, ``m`` for ``m``, else empty."""
    value = value.strip().lower()
    return "w" if value in ("w", "f") else "m" if value == "m" else ""


class Ranked(Protocol):
    """A line of the final standings as categories and prizes read it."""

    @property
    def tpn(self) -> int: ...

    @property
    def points(self) -> Fraction: ...

    @property
    def place(self) -> int: ...

    @property
    def place_last(self) -> int: ...


@dataclass(frozen=True, slots=True)
class CategoryRow:
    """A line of a category's standings."""

    tpn: int
    """Pairing number."""
    points: Fraction
    """The score."""
    place: int
    """Place in the category (the first of a shared one)."""
    place_last: int
    """Last place of a place shared in the category."""
    overall: int
    """Place in the event's standings."""

    @property
    def place_text(self) -> str:
        """``"3"``, or ``"3-5"`` for a shared place."""
        return str(self.place) if self.place == self.place_last else f"{self.place}-{self.place_last}"


def category_standings(rows: Sequence[Ranked], members: frozenset[int]) -> list[CategoryRow]:
    """The event's standings ``rows`` (in order) filtered to ``members``, places counted again; a place
    shared in the event (still tied after every tie-break) is shared by the members who share it.

    >>> from swisspair.standings import StandingRow
    >>> rows = [StandingRow(1, "A", 2000, Fraction(3), 1, 1, 1), StandingRow(2, "B", 1900, Fraction(2), 2, 2, 3),
    ...         StandingRow(3, "C", 1800, Fraction(2), 3, 2, 3), StandingRow(4, "D", 1700, Fraction(1), 4, 4, 4)]
    >>> [(r.tpn, r.place_text, r.overall) for r in category_standings(rows, frozenset({2, 3, 4}))]
    [(2, '1-2', 2), (3, '1-2', 2), (4, '3', 4)]
    """
    kept = [r for r in rows if r.tpn in members]
    out: list[CategoryRow] = []
    index = 0
    while index < len(kept):
        end = index + 1
        while end < len(kept) and (kept[end].place, kept[end].place_last) == (kept[index].place, kept[index].place_last):
            end += 1
        for r in kept[index:end]:
            out.append(CategoryRow(r.tpn, r.points, index + 1, end, r.place))
        index = end
    return out
