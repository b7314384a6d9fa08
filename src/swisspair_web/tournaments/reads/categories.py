"""Categories of a section, the prize settings and the players' labels: the stored rows, the core's
categories (:mod:`swisspair.categories`) built from them and category standings. Every write is in
:mod:`.services.categories` (one transaction each, in the audit log, refused when somebody else changed the
settings meanwhile). The settings and the overall category are made with their defaults when the section
is made (:func:`.services.categories.make_defaults`), so reading them writes nothing: the public pages are
rendered in a read-only snapshot.

The section's :class:`~..rows.AwardSettings` row carries a ``version``: every form of the categories and
prize pages sends the version it was shown, and a write seeing another one is refused
(:exc:`~.errors.Conflict`).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import gettext as _

from swisspair import reports
from swisspair.categories import Category as CoreCategory, CategoryRow, PlayerFacts, Unrated, age_on
from swisspair.model import Player as CorePlayer
from swisspair.prizes import parse_amount, split_amounts
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.listing import Column, Listing, plain, rating
from swisspair_web.tournaments.reads.listing import Table as ListTable
from swisspair_web.tournaments.reads.listing import row as list_row
from swisspair_web.tournaments.reads.standings import Row, Table
from swisspair_web.tournaments.rows import AwardSettings, Category, Player, PlayerDetail, Section

OVERALL = ""
"""The code of the category that is the overall standings."""


def settings_of(section: Section) -> AwardSettings:
    """The section's prize settings (made with the section); their defaults, not saved, for a section whose
    rows were loaded without them (a fixture)."""
    found = AwardSettings.objects.filter(section=section).first()
    return found if found is not None else AwardSettings(section=section)


# -- reading ----------------------------------------------------------------------------------------------


def amounts(text: str) -> tuple[Fraction, ...]:
    """The prizes of places 1, 2, ... as typed (:func:`swisspair.prizes.parse_amounts`: ``1000 600 400``,
    ``250,50; 100``).

    :raises: :exc:`OperationError` for anything that is not an amount.
    """
    out = []
    for item in split_amounts(text):
        value = parse_amount(item)
        if value is None:
            raise OperationError(_("%(text)s is not an amount.") % {"text": item[:20]})
        out.append(value)
    return tuple(out)


def core_category(row: Category) -> CoreCategory:
    """The core's category of a stored row."""
    feds = frozenset(f.strip().upper() for f in re.split(r"[\s,;]+", row.federations) if f.strip())
    return CoreCategory(row.code, row.name, age_below=row.age_below, age_from=row.age_from, sex=row.sex,
                        rating_from=row.rating_from, rating_below=row.rating_below,
                        unrated=Unrated(row.unrated) if row.unrated else None, federations=feds, label=row.label)


def fide_rating(player: Player) -> int:
    """The player's FIDE rating, 0 when unrated or when the rating is an estimate from another scale."""
    return 0 if player.rating_estimate else player.rating


def labels_of(section: Section) -> dict[int, str]:
    """Each player's labels (by player id) as typed."""
    return dict(PlayerDetail.objects.filter(player__section=section).values_list("player_id", "labels"))


def facts(data: SectionData) -> list[PlayerFacts]:
    """What the categories look at in each player (the club counts as a label)."""
    labels = labels_of(data.section)
    return [PlayerFacts.of(_core_player(p), labels=labels.get(p.id, "").split(","), rating=fide_rating(p))
            for p in data.players]


def _core_player(player: Player) -> CorePlayer:
    return CorePlayer(player.tpn, player.name, player.sex, player.title, player.rating, player.federation,
                      player.fide_id, player.birth_date, club=player.club)


def reference_date(section: Section, settings: AwardSettings) -> datetime.date:
    """The date ages are counted on: the one set, else the event's start, else today."""
    return reports.reference_date(settings.age_date, section.event.start_date)


@dataclass
class CategoryView:
    """A category as the pages show it: its row, its members and its standings."""

    row: Category
    members: frozenset[int]
    """Pairing numbers."""
    lines: list[tuple[CategoryRow, Row]]
    """The category standings with the event's rows."""
    table: reports.CategoryTable
    """The core's category standings (:func:`swisspair.reports.category_tables`)."""

    @property
    def is_overall(self) -> bool:
        return self.row.code == OVERALL

    @property
    def conditions(self) -> str:
        """The conditions in words."""
        return describe(self.row)


CONDITIONS = ("age_below", "age_from", "sex", "rating_from", "rating_below", "unrated", "federations", "label")
"""The fields of a category that say who is in it (:func:`describe`)."""


def describe(row: Category) -> str:
    """A category's conditions in words (``under 16; w; rated 1600-1799``)."""
    parts = []
    if row.age_below is not None:
        parts.append(_("under %(n)s") % {"n": row.age_below})
    if row.age_from is not None:
        parts.append(_("%(n)s and over") % {"n": row.age_from})
    if row.sex:
        parts.append(_("women") if row.sex == "w" else _("men"))
    if row.rating_from is not None and row.rating_below is not None:
        parts.append(_("rated %(low)s-%(high)s") % {"low": row.rating_from, "high": row.rating_below - 1})
    elif row.rating_from is not None:
        parts.append(_("rated %(low)s and over") % {"low": row.rating_from})
    elif row.rating_below is not None:
        parts.append(_("rated under %(high)s") % {"high": row.rating_below})
    if row.unrated:
        parts.append(_("unrated: %(how)s") % {"how": row.get_unrated_display()})
    if row.federations:
        parts.append(row.federations.upper())
    if row.label:
        parts.append(_("label %(label)s") % {"label": row.label})
    return "; ".join(parts) or _("everybody")


def _places(row: Row) -> tuple[int, int]:
    first, _sep, last = row.rank.partition("-")
    return int(first), int(last or first)


@dataclass(frozen=True)
class Line:
    """A line of the final standings as the core reads it (``tpn``, ``points``, ``place``, ``place_last``)."""

    tpn: int
    points: Fraction
    place: int
    place_last: int


def lines_of(table: Table) -> list[Line]:
    """The standings table as the core's ranked lines."""
    return [Line(r.player.tpn, r.points, *_places(r)) for r in table.rows]


def undated(data: SectionData, views: list[CategoryView]) -> list[Player]:
    """The players an age category cannot place, for want of a birth date it can read (none when no
    category has an age condition)."""
    if not any(core_category(v.row).needs_birth_date for v in views):
        return []
    on = datetime.date.today()
    return [p for p in data.players if age_on(p.birth_date, on) is None]


def category_views(data: SectionData, table: Table, settings: AwardSettings) -> list[CategoryView]:
    """Every category of the section with its members and standings (a filter of ``table``)."""
    rows = list(data.section.categories.all())
    tables = reports.category_tables(lines_of(table), facts(data), [core_category(row) for row in rows],
                                     reference_date(data.section, settings))
    by_tpn = {r.player.tpn: r for r in table.rows}
    return [CategoryView(row, t.members, [(c, by_tpn[c.tpn]) for c in t.rows], t) for row, t in zip(rows, tables)]


def standings_listing(view: CategoryView, table: Table) -> Listing:
    """A category's standings as every form shows them: the event's standings (``table``) filtered, places
    counted again, the overall place beside each; the conditions under the list."""
    columns = (Column("place", "#", number=True), Column("rank", _("Overall"), number=True),
               Column("tpn", _("No."), number=True), Column("name", _("Name"), wrap=True),
               Column("rating", _("Rating"), rating, number=True), Column("federation", _("Fed")),
               Column("points", _("Pts"), number=True), *(Column(code, code, number=True) for code in table.codes))
    rows = tuple(list_row(columns, {"place": line.place_text, "rank": r.rank, "tpn": r.player.tpn,
                                    "name": r.player.name, "rating": r.player.rating,
                                    "federation": r.player.federation, "points": r.points_text,
                                    **dict(zip(table.codes, r.tiebreaks or [""] * len(table.codes), strict=True))})
                 for line, r in view.lines)
    after = _("after round %(n)s") % {"n": table.after_round}
    return Listing(f"{view.row.title} {after}", f"category-{view.row.code or 'overall'}", (ListTable(columns, rows),),
                   facts={"category": view.row.code, "name": view.row.title, "after_round": table.after_round,
                          "conditions": view.conditions},
                   notes=(view.conditions,), html_id="category-standings", rows_key="standings")


def overview_listing(views: list[CategoryView], settings: AwardSettings) -> Listing:
    """The section's categories as every form shows them: order, code, name, conditions in words, how many
    players are in each, the prizes (in the prize settings' currency)."""
    currency = settings.currency

    def prizes(text: object) -> str:
        return f"{text} {currency}" if text and currency else plain(text)

    columns = (Column("order", _("Order"), number=True), Column("code", _("Code")), Column("name", _("Name")),
               Column("conditions", _("Conditions"), wrap=True), Column("players", _("Players"), number=True),
               Column("prizes", _("Prizes"), prizes, wrap=True))
    rows = tuple(list_row(columns, {"id": v.row.pk, "order": v.row.order, "code": v.row.code, "name": v.row.title,
                                    "conditions": v.conditions, "players": len(v.members), "prizes": v.row.prizes,
                                    "members": sorted(v.members)}) for v in views)
    return Listing(_("Categories"), "categories", (ListTable(columns, rows),), facts={"currency": currency},
                   html_id="categories", rows_key="categories")
