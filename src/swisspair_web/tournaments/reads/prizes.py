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

from swisspair.prizes import Award, PrizeError, PrizeList, Sharing
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
