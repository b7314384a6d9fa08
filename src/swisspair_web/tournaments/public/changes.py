"""How a change reaches the rendered public pages (``public/render.py``, files in ``store.py``).

A write of the services says that the event's public pages follow it (:mod:`...services.follow`); once
it commits, :func:`committed` runs: :func:`changed` marks the event's :class:`~..rows.PublicRender` row
and, if it was not marked already, queues the rendering task ``SWISSPAIR_PUBLIC_DEBOUNCE_MS`` later
(changes meanwhile are rendered with it). A change that hides something (a round withdrawn or unpaired, an
event made private) first takes all the event's files down, in the arbiter's request, before the page says
it is done: the application serves the event until the rendering puts them back. The worker's sweeper (:func:`sweep`) compares each rendered public
event's stamp with the one last rendered completely, and queues what was missed (an event whose first pass left
pages for a pass queued after it is left to that pass, ``render.render_rest``, while it has not waited longer
than ``render.CATCH_UP``). A page served by the application that
could be a file is wished for (:func:`want`) and rendered from then on.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from swisspair_web.tournaments.public import store
from swisspair_web.tournaments.public.render import CATCH_UP, render_public
from swisspair_web.tournaments.public.store import enabled, stamps, withdraw
from swisspair_web.tournaments.rows import Event, PublicRender, PublicWant

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


def committed(event_id: int, hiding: bool = False) -> None:
    """A write of the event committed (the services say so: :mod:`...services.follow`): take the event's files
    down first if the write hid something, then queue the rendering."""
    if not enabled():
        return
    if hiding:
        withdraw(event_id)
    changed(event_id)


def event_deleted(event_id: int) -> None:
    """The event is gone: so are its files."""
    if enabled():
        withdraw(event_id)


def sweep() -> int:
    """Queue the rendering of every rendered public event whose stamp differs from the one rendered; returns
    how many (a safety net for a change that queued nothing, or a rendering that died). An event nobody
    visited has no rendering yet: its first visitor asks for one."""
    if not enabled():
        return 0
    # an event whose pages left for later wait for their pass is left to it, unless that pass has waited
    # longer than a first pass lets it (``render.CATCH_UP``: its task may have died); then a first pass of the
    # event renders everything
    waiting = Q(rest_at__isnull=True) | Q(rest_at__lt=timezone.now() - CATCH_UP)
    rendered = dict(PublicRender.objects.filter(waiting, dirty_at__isnull=True).values_list("event_id", "stamp"))
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
