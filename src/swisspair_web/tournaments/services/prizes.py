"""The writes of the prize list: published or withdrawn by an arbiter, and kept honest afterwards: after
every audited write that changes a published list, the old list goes to the audit log and the new one is
kept in its place. :mod:`swisspair_web.tournaments.reads.prizes` computes the list."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.reads.prizes import OWN_ACTIONS, compute, list_text
from swisspair_web.tournaments.rows import AuditEntry, AwardSettings, Section
from swisspair_web.tournaments.services.base import User, audit
from swisspair_web.tournaments.services.categories import bump_settings, make_defaults


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
    settings = make_defaults(section)
    view = compute(data, settings)
    if publish and not view.final:
        raise OperationError(_("The prize list can be published once every round has all its results."))
    if publish and view.result is None:
        raise OperationError(view.error)
    with transaction.atomic():
        bump_settings(settings, seen_version)
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
