"""Categories of a section, the prize settings and the players' labels: the stored rows, the core's
categories (:mod:`swisspair.categories`) built from them, category standings, and every write (one
transaction each, in the audit log, refused when somebody else changed the settings meanwhile).

The section's :class:`~.models.AwardSettings` row carries a ``version``: every form of the categories and
prize pages sends the version it was shown, and a write seeing another one is refused
(:exc:`~.services.Conflict`).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from swisspair.categories import Category as CoreCategory, CategoryRow, PlayerFacts, Unrated, category_standings
from swisspair.model import Player as CorePlayer
from swisspair_web.tournaments.convert import SectionData, fraction
from swisspair_web.tournaments.models import AwardSettings, Category, Player, PlayerDetail, Section
from swisspair_web.tournaments.services import Conflict, OperationError, User, audit
from swisspair_web.tournaments.standings import Row, Table

OVERALL = ""
"""The code of the category that is the overall standings."""


def settings_of(section: Section) -> AwardSettings:
    """The section's prize settings, created (with the overall category) on first use."""
    found = AwardSettings.objects.filter(section=section).first()
    if found is not None:
        return found
    with transaction.atomic():
        settings, created = AwardSettings.objects.get_or_create(section=section)
        if created:
            Category.objects.get_or_create(section=section, code=OVERALL, defaults={"order": 1})
    return settings


def _bump(settings: AwardSettings, seen_version: int) -> None:
    """Take the settings for writing: ``version += 1`` if it is still ``seen_version`` (inside a transaction).

    :raises: :exc:`Conflict` when somebody else changed them first.
    """
    if not AwardSettings.objects.filter(pk=settings.pk, version=seen_version).update(version=F("version") + 1):
        raise Conflict(_("The prize settings were changed by somebody else meanwhile; reload the page and try "
                         "again."))
    settings.version = seen_version + 1


# -- reading ----------------------------------------------------------------------------------------------


def amounts(text: str) -> tuple[Fraction, ...]:
    """The prizes of places 1, 2, ... as typed: amounts separated by spaces or semicolons, a decimal point or
    comma (``1000 600 400``, ``250,50; 100``).

    :raises: :exc:`OperationError` for anything that is not an amount.
    """
    out = []
    for item in re.split(r"[\s;]+", text.strip()):
        if not item:
            continue
        try:
            value = Decimal(item.replace(",", "."))
        except InvalidOperation:
            raise OperationError(_("%(text)s is not an amount.") % {"text": item[:20]}) from None
        if not value.is_finite() or value < 0:
            raise OperationError(_("%(text)s is not an amount.") % {"text": item[:20]})
        out.append(fraction(value))
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
    return settings.age_date or section.event.start_date or datetime.date.today()


@dataclass
class CategoryView:
    """A category as the pages show it: its row, its members and its standings."""

    row: Category
    members: frozenset[int]
    """Pairing numbers."""
    lines: list[tuple[CategoryRow, Row]]
    """The category standings with the event's rows."""

    @property
    def is_overall(self) -> bool:
        return self.row.code == OVERALL

    @property
    def conditions(self) -> str:
        """The conditions in words."""
        return describe(self.row)


def describe(row: Category) -> str:
    """A category's conditions in words (``under 16; w; rated 1600-1799``)."""
    parts = []
    if row.age_below is not None:
        parts.append(_("under %(n)s") % {"n": row.age_below})
    if row.age_from is not None:
        parts.append(_("%(n)s and over") % {"n": row.age_from})
    if row.sex:
        parts.append(_("women") if row.sex == "w" else _("men"))
    if row.rating_from is not None or row.rating_below is not None:
        low = row.rating_from if row.rating_from is not None else ""
        high = row.rating_below - 1 if row.rating_below is not None else ""
        parts.append(_("rated %(low)s-%(high)s") % {"low": low, "high": high})
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


def category_views(data: SectionData, table: Table, settings: AwardSettings) -> list[CategoryView]:
    """Every category of the section with its members and standings (a filter of ``table``)."""
    on = reference_date(data.section, settings)
    everybody = facts(data)
    by_tpn = {r.player.tpn: r for r in table.rows}
    lines = lines_of(table)
    views = []
    for row in data.section.categories.all():
        members = frozenset(f.tpn for f in everybody) if row.code == OVERALL else \
            core_category(row).members(everybody, on)
        views.append(CategoryView(row, members, [(c, by_tpn[c.tpn]) for c in category_standings(lines, members)]))
    return views


# -- writes -------------------------------------------------------------------------------------------------


_FIELDS = ("order", "code", "name", "age_below", "age_from", "sex", "rating_from", "rating_below", "unrated",
           "federations", "label", "prizes")


def save_category(section: Section, user: User, values: dict[str, object], seen_version: int,
                  category: Category | None = None) -> Category:
    """Add a category (``category`` ``None``) or change one; ``values`` as the form cleaned them."""
    settings = settings_of(section)
    amounts(str(values.get("prizes", "")))  # refuse bad amounts before writing
    if category is not None and category.code == OVERALL:
        values = {k: v for k, v in values.items() if k in ("order", "name", "prizes")}
    elif not str(values.get("code", "")).strip():
        raise OperationError(_("A category needs a code (U16, W, U2000...)."))
    with transaction.atomic():
        _bump(settings, seen_version)
        row = category or Category(section=section)
        before = describe(row) if category else ""
        for name in _FIELDS:
            if name in values:
                setattr(row, name, values[name])
        try:
            with transaction.atomic():
                row.save()
        except IntegrityError:
            raise OperationError(_("There is already a category %(code)s.") % {"code": row.code}) from None
        audit(section.event, user, "category-edited" if category else "category-added", section=section,
              old=before, new=describe(row), detail=f"{row.code or row.title}: {row.title}; {_('prizes')}: {row.prizes}")
    return row


def delete_category(section: Section, user: User, category: Category, seen_version: int) -> None:
    if category.code == OVERALL:
        raise OperationError(_("The overall standings cannot be deleted."))
    with transaction.atomic():
        _bump(settings_of(section), seen_version)
        category.delete()
        audit(section.event, user, "category-deleted", section=section, detail=f"{category.code}: {category.title}")


def save_settings(section: Section, user: User, values: dict[str, object], seen_version: int) -> None:
    """The prize settings (``age_date``, ``sharing``, ``currency``, ``norms_waived``)."""
    settings = settings_of(section)
    with transaction.atomic():
        _bump(settings, seen_version)
        changes = []
        for name in ("age_date", "sharing", "currency", "norms_waived"):
            if name in values and getattr(settings, name) != values[name]:
                changes.append(f"{name}: {getattr(settings, name)} -> {values[name]}")
                setattr(settings, name, values[name])
        settings.save(update_fields=["age_date", "sharing", "currency", "norms_waived"])
        if changes:
            audit(section.event, user, "prize-settings", section=section, detail="; ".join(changes))


def save_player_details(section: Section, user: User, details: dict[int, tuple[str, int | None]],
                        seen_version: int) -> int:
    """Labels and K of players by pairing number; returns how many changed."""
    settings = settings_of(section)
    players = {p.tpn: p for p in section.players.all()}
    current = {d.player_id: d for d in PlayerDetail.objects.filter(player__section=section)}
    changed = 0
    with transaction.atomic():
        _bump(settings, seen_version)
        for tpn, (labels, k) in sorted(details.items()):
            player = players.get(tpn)
            if player is None:
                raise OperationError(_("No player %(tpn)s in this section.") % {"tpn": tpn})
            labels = ", ".join(part.strip() for part in labels.split(",") if part.strip())[:200]
            row = current.get(player.id) or PlayerDetail(player=player)
            if (row.labels, row.k_factor) == (labels, k):
                continue
            before = f"{row.labels} K={row.k_factor or '-'}"
            row.labels, row.k_factor = labels, k
            row.save()
            changed += 1
            audit(section.event, user, "player-labels", section=section, old=before,
                  new=f"{labels} K={k or '-'}", detail=f"{player.tpn}. {player.name}")
    return changed
