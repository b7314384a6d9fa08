"""How a change reaches the rendered public pages (``public/render.py``, files in ``store.py``).

Every change of an event is one audit entry or more; when its transaction commits, :func:`changed`
marks the event's :class:`~..rows.PublicRender` row and, if it was not marked already, queues the
rendering task ``SWISSPAIR_PUBLIC_DEBOUNCE_MS`` later (changes meanwhile are rendered with it). A change
that hides something (a round withdrawn or unpaired, an event made private) first takes all the event's
files down, in the arbiter's request, before the page says it is done: the application serves the event
until the rendering puts them back. The worker's sweeper (:func:`sweep`) compares each rendered public
event's stamp with the one rendered, and queues what was missed. A page served by the application that
could be a file is wished for (:func:`want`) and rendered from then on.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from swisspair_web.tournaments.public import store
from swisspair_web.tournaments.public.render import render_public
from swisspair_web.tournaments.public.store import enabled, stamps, withdraw
from swisspair_web.tournaments.rows import AuditEntry, Event, PublicRender, PublicWant, Round, Section

HIDING = frozenset({"unpublished", "unpaired", "event-edited", "event-deleted", "section-deleted"})
"""Audit actions after which a page may show what is no longer public: the event's files go at once."""


def changed(event_id: int) -> None:
    """The event changed: queue its rendering unless one is queued already (see the module's docstring)."""
    if not enabled():
        return
    now = timezone.now()
    if not PublicRender.objects.filter(event_id=event_id, dirty_at__isnull=True).update(dirty_at=now):
        try:
            _, created = PublicRender.objects.get_or_create(event_id=event_id, defaults={"dirty_at": now})
        except IntegrityError:
            return  # created by another process meanwhile, which queues the rendering
        if not created:
            return  # a rendering is queued already; it will read this change
    delay = timedelta(seconds=settings.SWISSPAIR_PUBLIC_DEBOUNCE)
    render_public.using(run_after=now + delay).enqueue(event_id)


class _AfterCommit:
    """What an event's change does once its transaction commits: take the event's files down if the change
    hides something, then queue the rendering."""

    def __init__(self, event_id: int) -> None:
        self.event_id = event_id
        self.hides = False
        self.edited = False
        self.done = False

    def __call__(self) -> None:
        self.done = True
        if self.hides or self.edited and not Event.objects.filter(pk=self.event_id, public=True).exists():
            withdraw(self.event_id)
        changed(self.event_id)


def audited(entry: AuditEntry) -> None:
    """An audit entry was written: see :class:`_AfterCommit`. A transaction writing 10 results looks at the
    event once, not 10 times."""
    if not enabled():
        return
    connection = transaction.get_connection()
    callback = None
    if connection.in_atomic_block:
        callback = next((c for _, c, _ in connection.run_on_commit
                         if isinstance(c, _AfterCommit) and c.event_id == entry.event_id and not c.done), None)
    if callback is None:
        callback = _AfterCommit(entry.event_id)
        transaction.on_commit(callback)
    callback.hides |= entry.action in HIDING and entry.action != "event-edited"
    callback.edited |= entry.action == "event-edited"


def event_deleted(event_id: int) -> None:
    """The event is gone: so are its files."""
    if enabled():
        transaction.on_commit(lambda: withdraw(event_id))


def section_deleted(event_id: int) -> None:
    """A section is gone (or a round withdrawn, an event made private, by a write nothing audits): the
    event's files go, and come back without what is no longer public."""
    def after_commit() -> None:
        withdraw(event_id)
        changed(event_id)

    if enabled():
        transaction.on_commit(after_commit)


def sweep() -> int:
    """Queue the rendering of every rendered public event whose stamp differs from the one rendered; returns
    how many (a safety net for a change that queued nothing, or a rendering that died). An event nobody
    visited has no rendering yet: its first visitor asks for one."""
    if not enabled():
        return 0
    rendered = dict(PublicRender.objects.filter(dirty_at__isnull=True).values_list("event_id", "stamp"))
    count = 0
    for event_id, now in stamps(Event.objects.filter(pk__in=rendered, public=True)).items():
        if rendered[event_id] != now:
            changed(event_id)
            count += 1
    return count


# -- wants ------------------------------------------------------------------------------------------

def want(event: int, section: int | None, page: str, target: int, language: str, origin: str) -> None:
    """Somebody asked for this page: render it from now on (and soon)."""
    key = f"{event}:{section or 0}:{page}:{target}:{language}:{origin}"
    if key in store.recorded or not enabled():
        return
    try:
        _, created = PublicWant.objects.get_or_create(key=key, defaults={
            "event_id": event, "section_id": section, "page": page, "target": target, "language": language,
            "origin": origin})
    except IntegrityError:
        created = False
    store.recorded.add(key)
    if created:
        transaction.on_commit(lambda: changed(event))


def connect() -> None:
    """Changes reach the rendered public pages: every change is audited (the audit log's post-save), and
    an event made private, a round withdrawn or a section deleted take the event's files down at once,
    even where nothing is audited (the admin site)."""
    def on_audited(sender: object, instance: AuditEntry, created: bool, **kwargs: object) -> None:
        if created:
            audited(instance)

    def on_event_gone(sender: object, instance: Event, **kwargs: object) -> None:
        event_deleted(instance.pk)

    def on_section_gone(sender: object, instance: Section, **kwargs: object) -> None:
        section_deleted(instance.event_id)

    def on_event_saved(sender: object, instance: Event, created: bool, **kwargs: object) -> None:
        if not created and not instance.public:  # made private, even where nothing is audited (admin)
            section_deleted(instance.pk)

    def on_round_saved(sender: object, instance: Round, created: bool, **kwargs: object) -> None:
        if not created and not instance.published:  # withdrawn, even where nothing is audited (admin)
            section_deleted(instance.section.event_id)

    post_save.connect(on_audited, sender=AuditEntry, weak=False, dispatch_uid="sp-public-audited")
    post_save.connect(on_event_saved, sender=Event, weak=False, dispatch_uid="sp-public-event-saved")
    post_save.connect(on_round_saved, sender=Round, weak=False, dispatch_uid="sp-public-round-saved")
    post_delete.connect(on_event_gone, sender=Event, weak=False, dispatch_uid="sp-public-event-gone")
    post_delete.connect(on_section_gone, sender=Section, weak=False, dispatch_uid="sp-public-section-gone")
