"""The writes of the categories, the prize settings and the players' labels: one transaction each, in the
audit log, refused when somebody else changed the settings meanwhile (the version of the section's
:class:`~swisspair_web.tournaments.rows.AwardSettings`). :mod:`swisspair_web.tournaments.reads.categories`
reads them."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.categories import CONDITIONS, OVERALL, amounts
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.rows import AwardSettings, Category, PlayerDetail, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit, who
from swisspair_web.tournaments.services.effects import operation


def make_defaults(section: Section) -> AwardSettings:
    """The section's prize settings, made (with the overall category) when they are not there yet (a new
    section is saved with them: :meth:`~..rows.Section.save`; a section loaded from a fixture may lack them)."""
    with transaction.atomic():
        settings, created = AwardSettings.objects.get_or_create(section=section)
        if created:
            Category.objects.get_or_create(section=section, code=OVERALL, defaults={"order": 1})
    return settings


def bump_settings(settings: AwardSettings, seen_version: int) -> None:
    """Take the settings for writing: ``version += 1`` if it is still ``seen_version`` (inside a transaction).

    :raises: :exc:`Conflict` when somebody else changed them first.
    """
    if not AwardSettings.objects.filter(pk=settings.pk, version=seen_version).update(version=F("version") + 1):
        raise Conflict(_("The prize settings were changed by somebody else meanwhile; reload the page and try "
                         "again."))
    settings.version = seen_version + 1


_FIELDS = ("order", "code", "name", "age_below", "age_from", "sex", "rating_from", "rating_below", "unrated",
           "federations", "label", "prizes")


def save_category(section: Section, user: User, values: dict[str, object], seen_version: int,
                  category: Category | None = None) -> Category:
    """Add a category (``category`` ``None``) or change one; ``values`` as the form cleaned them."""
    settings = make_defaults(section)
    amounts(str(values.get("prizes", "")))  # refuse bad amounts before writing
    if category is not None and category.code == OVERALL:
        values = {k: v for k, v in values.items() if k in ("order", "name", "prizes")}
    elif not str(values.get("code", "")).strip():
        raise OperationError(_("A category needs a code (U16, W, U2000...)."))
    with operation():
        bump_settings(settings, seen_version)
        row = category or Category(section=section)
        before = conditions(row) if category else None
        for name in _FIELDS:
            if name in values:
                setattr(row, name, values[name])
        try:
            with transaction.atomic():
                row.save()
        except IntegrityError:
            raise OperationError(_("There is already a category %(code)s.") % {"code": row.code}) from None
        audit(section.event, user, "category-edited" if category else "category-added", section=section,
              params={"code": row.code, "name": row.name, "prizes": row.prizes,
                      "before": before, "after": conditions(row)})
        follow.section(section)
    return row


def delete_category(section: Section, user: User, category: Category, seen_version: int) -> None:
    if category.code == OVERALL:
        raise OperationError(_("The overall standings cannot be deleted."))
    with operation():
        bump_settings(make_defaults(section), seen_version)
        category.delete()
        audit(section.event, user, "category-deleted", section=section,
              params={"code": category.code, "name": category.name})
        follow.section(section)


def save_settings(section: Section, user: User, values: dict[str, object], seen_version: int) -> None:
    """The prize settings (``age_date``, ``sharing``, ``currency``, ``norms_waived``)."""
    settings = make_defaults(section)
    with operation():
        bump_settings(settings, seen_version)
        changes = []
        for name in ("age_date", "sharing", "currency", "norms_waived"):
            if name in values and getattr(settings, name) != values[name]:
                changes.append([name, _stored(getattr(settings, name)), _stored(values[name])])
                setattr(settings, name, values[name])
        settings.save(update_fields=["age_date", "sharing", "currency", "norms_waived"])
        if changes:
            audit(section.event, user, "prize-settings", section=section, params={"changes": changes})
            follow.section(section)


def save_player_details(section: Section, user: User, details: dict[int, tuple[str, int | None, bool, bool]],
                        seen_version: int) -> int:
    """Labels, K and whether the rating has reached 2300 and 2400 (FIDE B.02 8.3.3) of players by pairing
    number; returns how many changed."""
    settings = make_defaults(section)
    players = {p.tpn: p for p in section.players.all()}
    current = {d.player_id: d for d in PlayerDetail.objects.filter(player__section=section)}
    changed = 0
    with operation():
        bump_settings(settings, seen_version)
        for tpn, (labels, k, reached_2300, reached_2400) in sorted(details.items()):
            player = players.get(tpn)
            if player is None:
                raise OperationError(_("No player %(tpn)s in this section.") % {"tpn": tpn})
            labels = ", ".join(part.strip() for part in labels.split(",") if part.strip())[:200]
            row = current.get(player.id) or PlayerDetail(player=player)
            if (row.labels, row.k_factor, row.reached_2300, row.reached_2400) == (labels, k, reached_2300,
                                                                                   reached_2400):
                continue
            before = _details_text(row.labels, row.k_factor, row.reached_2300, row.reached_2400)
            row.labels, row.k_factor, row.reached_2300, row.reached_2400 = labels, k, reached_2300, reached_2400
            row.save()
            changed += 1
            audit(section.event, user, "player-labels", section=section, old=before,
                  new=_details_text(labels, k, reached_2300, reached_2400), params={"player": who(player)})
            follow.section(section)
    return changed


def _details_text(labels: str, k: int | None, reached_2300: bool, reached_2400: bool) -> str:
    """``Club K=40 2300+`` for the audit log."""
    marks = "".join(f" {mark}" for mark, on in (("2300+", reached_2300), ("2400+", reached_2400)) if on)
    return f"{labels} K={k or '-'}{marks}"


def conditions(row: Category) -> dict[str, Any]:
    """A category's conditions as data (the audit log shows them in words, :func:`..reads.categories.describe`)."""
    return {name: getattr(row, name) for name in CONDITIONS}


def _stored(value: object) -> object:
    """A prize setting as JSON data (a date as ``YYYY-MM-DD``)."""
    return value if value is None or isinstance(value, (str, int, bool)) else str(value)
