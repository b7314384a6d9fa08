"""The prize list: places and amounts for the event's standings and each category.

Rules, as an event's regulations usually set them and as the arbiter configures them here:

* every category (the overall standings are one) has prizes for places 1, 2, ...; its standings are
  the event's standings filtered (:func:`swisspair.categories.category_standings`);
* one prize per player: a player who could take prizes in several categories takes the larger one;
  for equal amounts, the category that comes first in the order the arbiter set; the next player of
  the other category moves up (the prizes are handed out from the largest down, the shares
  recomputed after each);
* players level on points are separated by the tie-breaks (:attr:`Sharing.TIEBREAK`; only players
  still tied after every tie-break share), or share the prizes of the places they occupy equally
  (:attr:`Sharing.EQUAL`), or by the Hort system (:attr:`Sharing.HORT`): half of each prize stays
  with the place the tie-breaks gave, the other halves are pooled and split equally among the
  players level on points.

Amounts are exact (:class:`~fractions.Fraction`); :func:`amount_text` prints them to the cent.

>>> from swisspair.standings import StandingRow
>>> rows = [StandingRow(1, "A", None, Fraction(5), 1, 1, 1), StandingRow(2, "B", None, Fraction(4), 2, 2, 2),
...         StandingRow(3, "C", None, Fraction(4), 3, 3, 3)]
>>> overall = PrizeCategory("", "Overall", None, (Fraction(100), Fraction(60), Fraction(40)))
>>> [(a.tpn, a.place_text, a.amount) for a in prize_list(rows, [overall], Sharing.EQUAL).awards]
[(1, '1', Fraction(100, 1)), (2, '2-3', Fraction(50, 1)), (3, '2-3', Fraction(50, 1))]
>>> [(a.tpn, a.amount) for a in prize_list(rows, [overall], Sharing.HORT).awards]
[(1, Fraction(100, 1)), (2, Fraction(55, 1)), (3, Fraction(45, 1))]
"""

from __future__ import annotations

import csv
import enum
import io
import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swisspair.categories import Ranked
from swisspair.errors import SwissPairError
from swisspair.tiebreaks.rounding import decimal_text

__all__ = ["Award", "PrizeCategory", "PrizeError", "PrizeList", "Sharing", "amount_text", "parse_amount",
           "parse_amounts", "prize_list", "split_amounts"]


class PrizeError(SwissPairError, ValueError):
    """A prize table that cannot be used."""


class Sharing(enum.Enum):
    """How players level on points divide prizes (as the event's regulations say)."""

    TIEBREAK = "tiebreak"
    """The tie-breaks decide; only players still tied after all of them share their places' prizes."""
    EQUAL = "equal"
    """Players level on points pool the prizes of the places they occupy and split them equally."""
    HORT = "hort"
    """Half of each prize to the place the tie-breaks gave, the other halves pooled and split equally
    among the players level on points (the Hort system)."""


@dataclass(frozen=True, slots=True)
class PrizeCategory:
    """A category's prizes."""

    code: str
    """Short name, unique; ``""`` for the overall standings."""
    name: str
    """Name as printed."""
    members: frozenset[int] | None
    """Pairing numbers of the players in it; ``None``: everybody."""
    amounts: tuple[Fraction, ...]
    """The prize of place 1, 2, ... (non-increasing); 0 for a prize without money (a cup)."""


@dataclass(frozen=True, slots=True)
class Award:
    """A prize a player receives."""

    tpn: int
    """Pairing number."""
    category: str
    """Code of the category (``""``: overall)."""
    position: int
    """The player's line in the category's prize order (1 first)."""
    first: int
    """First place of the places pooled (equal to :attr:`position` when not shared)."""
    last: int
    """Last place of the places pooled."""
    amount: Fraction
    """The amount received."""
    shared_with: tuple[int, ...] = ()
    """The other players who share the pool."""

    @property
    def place_text(self) -> str:
        """``"2"``, or ``"2-3"`` for places shared."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    @property
    def amount_text(self) -> str:
        """The amount as printed (:func:`amount_text`)."""
        return amount_text(self.amount)


@dataclass(slots=True)
class PrizeList:
    """Who receives which prize."""

    sharing: Sharing
    """How ties were handled."""
    categories: tuple[PrizeCategory, ...]
    """In the order the arbiter set (the order among equal amounts)."""
    awards: list[Award] = field(default_factory=list)
    """By category (in :attr:`categories` order), then place."""
    names: Mapping[int, str] = field(default_factory=dict)
    """Player names by pairing number (for the outputs)."""
    points: Mapping[int, Fraction] = field(default_factory=dict)
    """Scores by pairing number (for the outputs)."""

    def of_category(self, code: str) -> list[Award]:
        """The awards of category ``code``, by place."""
        return [a for a in self.awards if a.category == code]

    def award_of(self, tpn: int) -> Award | None:
        """The prize of ``tpn``, if any."""
        return next((a for a in self.awards if a.tpn == tpn), None)

    def lines(self) -> list[list[str]]:
        """``category, place, tpn, name, points, amount`` per award, amounts to the cent."""
        names = {c.code: c.name for c in self.categories}
        return [[names[a.category], a.place_text, str(a.tpn), self.names.get(a.tpn, ""),
                 decimal_text(self.points.get(a.tpn)), amount_text(a.amount)] for a in self.awards]

    def to_csv(self) -> str:
        """The awards as CSV (see :meth:`lines`)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["category", "place", "tpn", "name", "points", "amount"])
        writer.writerows(self.lines())
        return out.getvalue()

    def to_text(self) -> str:
        """One line per award, a blank line between categories."""
        out, previous = [], None
        for line, award in zip(self.lines(), self.awards):
            if previous is not None and award.category != previous:
                out.append("")
            previous = award.category
            out.append(f"{line[0]} {line[1]}. {line[3] or line[2]} ({line[4]}): {line[5]}")
        return "\n".join(out) + "\n" if out else ""

    def as_dict(self) -> dict[str, Any]:
        """The list as JSON data: amounts as decimal text to the cent, and exactly as ``n/d``."""
        return {
            "sharing": self.sharing.value,
            "categories": [{"code": c.code, "name": c.name, "prizes": [amount_text(a) for a in c.amounts],
                            "awards": [_award_json(a, self.names, self.points) for a in self.of_category(c.code)]}
                           for c in self.categories],
        }

    def to_json(self) -> str:
        """:meth:`as_dict` as JSON text."""
        return json.dumps(self.as_dict(), ensure_ascii=False, indent=1)


def _award_json(a: Award, names: Mapping[int, str], points: Mapping[int, Fraction]) -> dict[str, Any]:
    return {"place": a.place_text, "tpn": a.tpn, "name": names.get(a.tpn, ""), "points": decimal_text(points.get(a.tpn)),
            "amount": amount_text(a.amount), "exact": f"{a.amount.numerator}/{a.amount.denominator}",
            "shared_with": list(a.shared_with)}


def amount_text(value: Fraction, places: int = 2) -> str:
    """An amount as printed: whole amounts without decimals, others to ``places`` decimals, half up.

    >>> amount_text(Fraction(100)), amount_text(Fraction(1001, 2)), amount_text(Fraction(1000, 3))
    ('100', '500.50', '333.33')
    """
    if value.denominator == 1:
        return str(value.numerator)
    scale = 10**places
    cents = math.floor(value * scale + Fraction(1, 2))
    return f"{'-' if cents < 0 else ''}{abs(cents) // scale}.{abs(cents) % scale:0{places}d}"


def parse_amount(text: str) -> Fraction | None:
    """An amount as typed (a decimal point or comma: ``250.50``, ``250,50``), exactly; ``None`` for anything
    else (a negative amount too).

    >>> parse_amount("250,50"), parse_amount("1e3"), parse_amount("-5"), parse_amount("ten")
    (Fraction(501, 2), Fraction(1000, 1), None, None)
    """
    from decimal import Decimal, InvalidOperation

    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        return None
    return Fraction(value) if value.is_finite() and value >= 0 else None


def split_amounts(text: str) -> list[str]:
    """The amounts of places 1, 2, ... as typed: separated by spaces or semicolons."""
    return [item for item in re.split(r"[\s;]+", text.strip()) if item]


def parse_amounts(text: str) -> tuple[Fraction, ...]:
    """The prizes of places 1, 2, ... as typed: amounts separated by spaces or semicolons, a decimal point
    or comma (``1000 600 400``, ``250,50; 100``).

    >>> parse_amounts("1000 600; 400,50")
    (Fraction(1000, 1), Fraction(600, 1), Fraction(801, 2))

    :raises: :exc:`PrizeError` for anything that is not an amount.
    """
    out = []
    for item in split_amounts(text):
        value = parse_amount(item)
        if value is None:
            raise PrizeError(f"{item[:20]!r} is not an amount: expected a number of at least 0, a decimal point "
                             "or comma, amounts separated by spaces or semicolons")
        out.append(value)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Share:
    position: int
    first: int
    last: int
    amount: Fraction
    shared_with: tuple[int, ...]


def _groups(rows: Sequence[Ranked], sharing: Sharing) -> list[list[Ranked]]:
    """Runs of consecutive rows that share: level on points (equal, Hort), still tied (tie-breaks)."""
    out: list[list[Ranked]] = []
    for row in rows:
        if out and _key(out[-1][0], sharing) == _key(row, sharing):
            out[-1].append(row)
        else:
            out.append([row])
    return out


def _key(row: Ranked, sharing: Sharing) -> tuple[Fraction | int, ...]:
    return (row.points,) if sharing is not Sharing.TIEBREAK else (row.place, row.place_last)


def _distribute(rows: Sequence[Ranked], amounts: tuple[Fraction, ...], sharing: Sharing) -> dict[int, _Share]:
    """Each player's share of one category's prizes, ``rows`` being its eligible players in order."""
    out: dict[int, _Share] = {}
    position = 1
    for group in _groups(rows, sharing):
        first, last = position, position + len(group) - 1
        position = last + 1
        if first > len(amounts):
            break
        prizes = [amounts[p - 1] if p <= len(amounts) else Fraction(0) for p in range(first, last + 1)]
        pool = sum(prizes, Fraction(0))
        own = _hort_halves(group, prizes) if sharing is Sharing.HORT else None
        for index, row in enumerate(group):
            amount = own[index] + pool / 2 / len(group) if own is not None else pool / len(group)
            if first + index <= len(amounts) or amount > 0:
                others = tuple(r.tpn for r in group if r.tpn != row.tpn)
                out[row.tpn] = _Share(first + index, first, last, amount, others)
    return out


def _hort_halves(group: list[Ranked], prizes: list[Fraction]) -> list[Fraction]:
    """Half of the prize of each player's own place; players still tied after the tie-breaks average
    theirs (their places are not decided)."""
    halves = [p / 2 for p in prizes]
    out: list[Fraction] = []
    for row in group:
        tied = [i for i, r in enumerate(group) if (r.place, r.place_last) == (row.place, row.place_last)]
        out.append(sum((halves[i] for i in tied), Fraction(0)) / len(tied))
    return out


def _eligible(rows: Sequence[Ranked], category: PrizeCategory, taken: Mapping[int, str]) -> list[Ranked]:
    return [r for r in rows if (category.members is None or r.tpn in category.members)
            and taken.get(r.tpn, category.code) == category.code]


def _check(categories: Sequence[PrizeCategory]) -> None:
    codes = [c.code for c in categories]
    if len(set(codes)) != len(codes):
        raise PrizeError("two categories with the same code")
    for c in categories:
        if any(a < 0 for a in c.amounts):
            raise PrizeError(f"{c.name or 'overall'}: a prize below zero")
        if any(later > earlier for earlier, later in zip(c.amounts, c.amounts[1:])):
            raise PrizeError(f"{c.name or 'overall'}: a lower place has a larger prize")


def prize_list(rows: Sequence[Ranked], categories: Sequence[PrizeCategory], sharing: Sharing = Sharing.TIEBREAK,
               *, names: Mapping[int, str] | None = None) -> PrizeList:
    """Who receives which prize (see the module's description).

    :param rows: the event's final standings, in order (``tpn``, ``points``, ``place``, ``place_last``).
    :param categories: the categories with their prizes, in the order that decides equal amounts.
    :raises: :exc:`PrizeError` for duplicate codes, negative prizes or a lower place paid more.
    """
    _check(categories)
    taken: dict[int, str] = {}
    while True:
        offers = []
        for order, category in enumerate(categories):
            for tpn, share in _distribute(_eligible(rows, category, taken), category.amounts, sharing).items():
                if tpn not in taken:
                    offers.append((-share.amount, order, share.position, tpn))
        if not offers:
            break
        _amount, order, _position, tpn = min(offers)
        taken[tpn] = categories[order].code
    result = PrizeList(sharing, tuple(categories), names=dict(names or {}), points={r.tpn: r.points for r in rows})
    for category in categories:
        shares = _distribute(_eligible(rows, category, taken), category.amounts, sharing)
        for tpn, share in sorted(shares.items(), key=lambda item: item[1].position):
            result.awards.append(Award(tpn, category.code, share.position, share.first, share.last, share.amount,
                                       share.shared_with))
    return result

