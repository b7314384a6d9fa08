"""The prize list of a section: computed by the core (:mod:`swisspair.prizes`) from the final standings and
the categories, published by an arbiter, and kept honest afterwards.

The list is always computed from the results as they are, so a corrected result changes it at once. Once
it is published, the list last shown is kept in :attr:`~.models.AwardSettings.published_list`; whenever a
write to the section (anything that goes into the audit log) changes the list, the old one is written to
the audit log (``prize-list-changed``) and the new one kept in its place. The check runs after the write's
transaction commits (:func:`connect` hooks it to the audit log), and again whenever the list is shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair.prizes import Award, PrizeCategory, PrizeError, PrizeList, Sharing, prize_list
from swisspair_web.tournaments import standings
from swisspair_web.tournaments.categories import (
    OVERALL,
    CategoryView,
    _bump,
    amounts,
    category_views,
    lines_of,
    settings_of,
)
from swisspair_web.tournaments.convert import SectionData
from swisspair_web.tournaments.models import AuditEntry, AwardSettings, Category, Section
from swisspair_web.tournaments.services import Conflict, OperationError, User, audit
from swisspair_web.tournaments.standings import Row, Table

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
        categories = [PrizeCategory(v.row.code, data_name(v.row), None if v.row.code == OVERALL else v.members,
                                    amounts(v.row.prizes)) for v in views]
        result = prize_list(lines_of(table), categories, Sharing(settings.sharing),
                            names={tpn: r.player.name for tpn, r in rows.items()})
    except (PrizeError, OperationError) as error:
        return PrizeView(settings, table, views, None, final, str(error), rows)
    return PrizeView(settings, table, views, result, final, "", rows)


def data_name(row: Category) -> str:
    """A category's name in the list's data (JSON, the published list): as given, not translated, so that the
    list kept does not depend on the language of whoever looked at it last."""
    return row.name or ("Overall" if row.code == OVERALL else row.code)


def list_text(data: dict[str, Any]) -> str:
    """A stored list (:meth:`PrizeView.as_dict`) as one line per category, for the audit log."""
    lines = []
    for category in data.get("categories", []):
        awards = "; ".join(f"{a['place']}. {a['tpn']} {a['name']} {a['amount']}" for a in category["awards"])
        lines.append(f"{category['name']}: {awards or '-'}")
    return "\n".join(lines)


def publish(section: Section, user: User, seen_version: int, publish: bool = True,
            seen_section: int | None = None) -> None:
    """Publish the prize list (or withdraw it from the public pages). ``seen_section``: the section's version
    on the page the arbiter published from; a result entered since refuses the publication (the list shown
    is not the list that would be published).

    :raises: :exc:`OperationError` when a round still lacks results or the prize table cannot be used;
        :exc:`Conflict` when the settings or the results changed since the page was loaded.
    """
    if publish and seen_section is not None and \
            Section.objects.filter(pk=section.pk).values_list("version", flat=True).first() != seen_section:
        raise Conflict(_("The results changed since this page was loaded; check the prize list again."))
    data = SectionData.load(section)
    settings = settings_of(section)
    view = compute(data, settings)
    if publish and not view.final:
        raise OperationError(_("The prize list can be published once every round has all its results."))
    if publish and view.result is None:
        raise OperationError(view.error)
    with transaction.atomic():
        _bump(settings, seen_version)
        settings.published_at = timezone.now() if publish else None
        settings.published_list = view.as_dict() if publish else {}
        settings.save(update_fields=["published_at", "published_list"])
        audit(section.event, user, "prize-list-published" if publish else "prize-list-withdrawn", section=section,
              detail=list_text(view.as_dict()) if publish else "")


def record_change(section: Section) -> bool:
    """If the published list differs from the list the results give now, write the old one to the audit log
    and keep the new one; ``True`` when it did."""
    settings = AwardSettings.objects.filter(section=section, published_at__isnull=False).first()
    if settings is None:
        return False
    view = compute(SectionData.load(section), settings)
    current = view.as_dict()
    with transaction.atomic():
        locked = AwardSettings.objects.select_for_update().get(pk=settings.pk)
        if locked.published_at is None or locked.published_list == current:
            return False
        AuditEntry.objects.create(event=section.event, section=section, action="prize-list-changed",
                                  old=(_("published %(at)s") % {"at": f"{locked.published_at:%Y-%m-%d %H:%M}"})[:40],
                                  new=(_("after round %(n)s") % {"n": view.table.after_round})[:40],
                                  detail=list_text(locked.published_list))
        locked.published_list = current
        locked.save(update_fields=["published_list"])
    return True


def _after_write(sender: type[AuditEntry], instance: AuditEntry, created: bool, **kwargs: Any) -> None:
    """An audit entry of a section with a published prize list: check the list once the write commits
    (once per transaction and section, however many entries the write makes)."""
    if not created or instance.section_id is None or instance.action in OWN_ACTIONS:
        return
    section_id = instance.section_id
    if not AwardSettings.objects.filter(section_id=section_id, published_at__isnull=False).exists():
        return
    waiting = getattr(transaction.get_connection(), "run_on_commit", [])  # emptied by Django at commit, rollback
    if any(getattr(item[1], "prize_list_section", None) == section_id and not getattr(item[1], "done", False)
           for item in waiting):
        return

    def check() -> None:
        check.done = True  # type: ignore[attr-defined]
        section = Section.objects.select_related("event").filter(pk=section_id).first()
        if section is not None:
            record_change(section)

    check.prize_list_section = section_id  # type: ignore[attr-defined]
    transaction.on_commit(check, robust=True)


def connect() -> None:
    """Check the published prize lists after every audited write (called when the app is ready)."""
    post_save.connect(_after_write, sender=AuditEntry, dispatch_uid="swisspair-prize-list")
