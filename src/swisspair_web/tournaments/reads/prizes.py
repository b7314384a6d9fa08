"""The prize list of a section: computed by the core (:mod:`swisspair.prizes`) from the final standings and
the categories, published by an arbiter, and kept honest afterwards (:mod:`.services.prizes` writes both).

The list is always computed from the results as they are, so a corrected result changes it at once. Once
it is published, the list last shown is kept in :attr:`~..rows.AwardSettings.published_list`; whenever a
write to the section (anything that goes into the audit log) changes the list, the old one is written to
the audit log (``prize-list-changed``) and the new one kept in its place. The check runs after the write's
transaction commits (:func:`.services.prizes.connect` hooks it to the audit log), and again whenever the list is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.dateformat import format as date_format
from django.utils.text import capfirst
from django.utils.timezone import localtime, now
from django.utils.translation import gettext as _

from swisspair.prizes import Award, PrizeError, PrizeList, Sharing, amount_text
from swisspair.reports import prize_report
from swisspair_web.tournaments.reads import standings
from swisspair_web.tournaments.reads.categories import (
    CategoryView,
    amounts,
    category_views,
    lines_of,
    settings_of,
)
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.listing import Column, Listing
from swisspair_web.tournaments.reads.listing import Table as ListTable
from swisspair_web.tournaments.reads.listing import row as list_row
from swisspair_web.tournaments.reads.standings import Row, Table
from swisspair_web.tournaments.rows import AwardSettings

OWN_ACTIONS = ("prize-list-changed", "prize-list-published", "prize-list-withdrawn")
"""Audit entries this module writes (they do not trigger a check)."""


@dataclass
class PrizeView:
    """The prize list as the pages show it."""

    settings: AwardSettings
    table: Table
    """The standings it was computed from."""
    categories: list[CategoryView]
    result: PrizeList | None
    """``None`` when the prize table cannot be used (:attr:`error` says why)."""
    final: bool
    """Every round of the section has all its results."""
    error: str = ""
    rows: dict[int, Row] = field(default_factory=dict)
    """Standings rows by pairing number."""

    def blocks(self) -> list[tuple[CategoryView, list[tuple[Award, Row]]]]:
        """Each category that has prizes, with its awards and the players' rows."""
        if self.result is None:
            return []
        out = []
        for view in self.categories:
            awards = self.result.of_category(view.row.code)
            if awards or amounts(view.row.prizes):
                out.append((view, [(a, self.rows[a.tpn]) for a in awards]))
        return out

    def as_dict(self) -> dict[str, Any]:
        """The list as JSON data (see :meth:`swisspair.prizes.PrizeList.as_dict`), with the round it is after."""
        data: dict[str, Any] = self.result.as_dict() if self.result is not None else {"categories": [],
                                                                                       "error": self.error}
        data.update({"after_round": self.table.after_round, "final": self.final, "currency": self.settings.currency})
        return data


def compute(data: SectionData, settings: AwardSettings | None = None, table: Table | None = None) -> PrizeView:
    """The prize list after the last complete round (or on ``table``)."""
    settings = settings or settings_of(data.section)
    table = table or standings.table(data)
    views = category_views(data, table, settings)
    rows = {r.player.tpn: r for r in table.rows}
    final = table.after_round == data.section.rounds and data.complete_rounds() == data.section.rounds
    try:
        result = prize_report(lines_of(table), [v.table for v in views],
                              {v.row.code: amounts(v.row.prizes) for v in views}, Sharing(settings.sharing),
                              names={tpn: r.player.name for tpn, r in rows.items()})
    except (PrizeError, OperationError) as error:
        return PrizeView(settings, table, views, None, final, str(error), rows)
    return PrizeView(settings, table, views, result, final, "", rows)


def shown(data: SectionData, settings: AwardSettings, *, arbiter: bool) -> PrizeView:
    """The prize list as ``arbiter`` or the public sees it: the public's stops at the last complete round that
    is published, as its standings do (a result of a withdrawn or unpublished round is not out)."""
    if arbiter:
        return compute(data, settings)
    return compute(data, settings, standings.table(data, data.complete_rounds(published_only=True)))


def prize_rows(data: dict[str, Any]) -> list[list[Any]]:
    """A stored list (:meth:`PrizeView.as_dict`) as the audit log's parameters: ``[code, name, awards]`` for
    each category, ``[place, number, name, amount]`` for each award."""
    return [[category.get("code", ""), category["name"],
             [[a["place"], a["tpn"], a["name"], str(a["amount"])] for a in category["awards"]]]
            for category in data.get("categories", [])]


def notes(view: PrizeView) -> tuple[str, ...]:
    """What the list says under it: why it cannot be computed, how ties were shared, the currency, when it
    was published (or the time it was read, while it is not)."""
    settings = view.settings
    shared = capfirst(str(settings.get_sharing_display()))
    money = _("Prizes in %(currency)s") % {"currency": settings.currency} if settings.currency else ""
    when = (_("Published %(at)s") % {"at": date_format(localtime(settings.published_at), "Y-m-d H:i")}
            if settings.published_at else _("As of %(at)s") % {"at": date_format(localtime(now()), "Y-m-d H:i")})
    return tuple(text for text in (view.error, shared, money, when) if text)


def listing(view: PrizeView) -> Listing:
    """The prize list as every form shows it: a line per award, category by category (the place,
    the player, the points, the prize), the notes under it; the JSON keeps the core's list
    (:meth:`PrizeView.as_dict`) beside the lines."""
    currency = f" ({view.settings.currency})" if view.settings.currency else ""
    columns = (Column("category", _("Category"), wrap=True), Column("place", _("Place"), number=True),
               Column("tpn", _("No."), number=True), Column("name", _("Name"), wrap=True),
               Column("points", _("Pts"), number=True), Column("amount", _("Prize") + currency, number=True))
    rows = tuple(list_row(columns, {"category": block.row.title, "code": block.row.code, "place": award.place_text,
                                    "tpn": r.player.tpn, "name": r.player.name, "points": r.points_text,
                                    "amount": amount_text(award.amount)})
                 for block, awards in view.blocks() for award, r in awards)
    title = _("Prize list") if view.final else _("Prize list after round %(n)s") % {"n": view.table.after_round}
    return Listing(title, "prizes", (ListTable(columns, rows),), facts=view.as_dict(), notes=notes(view),
                   html_id="prize-list", rows_key="lines")
