"""Where the rendered public pages live, and how a change reaches them.

Files, under ``SWISSPAIR_PUBLIC_DIR`` (default ``$SWISSPAIR_DATA/public``), laid out so that a web
server can answer them without the application (``public_front.py`` does, in the web process;
docs/manager.md shows the same for nginx):

* ``html/<language>/<path>index.html`` for the page at ``<path>`` (``/e/open/a/standings/``);
* ``json/<scheme>/<host>/<path>`` for the JSON at ``<path>`` (its links are absolute, so one copy per
  address the public uses);
* ``state/event-<id>.json``: what is on disk for the event, each file with the fingerprint of what it
  was rendered from (``public_pages.py``), and ``state/event-<id>.lock``.

A file is replaced by a rename (a reader never sees half of one). One rendering of an event at a time
holds its lock, so an older rendering never overwrites a newer one, and taking a page down
(:func:`withdraw`) waits for a rendering under way.

How a change reaches the files: every change of an event is one audit entry or more; when its
transaction commits, :func:`changed` marks the event's :class:`~.models.PublicRender` row and, if it was
not marked already, queues the rendering task ``SWISSPAIR_PUBLIC_DEBOUNCE`` seconds later (changes
meanwhile are rendered with it). A change that hides something (a round withdrawn or unpaired, an
event made private) first takes all the event's files down, in the arbiter's request, before the page
says it is done: the application serves the event until the rendering puts them back. The worker's
sweeper also compares each public event's stamp with the one rendered, and queues what was missed.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Max, OuterRef, QuerySet, Subquery, Sum
from django.utils import timezone

from swisspair_web.tournaments.models import AuditEntry, Event, PublicRender, PublicWant, Section

log = logging.getLogger(__name__)

HIDING = frozenset({"unpublished", "unpaired", "event-edited", "event-deleted", "section-deleted"})
"""Audit actions after which a page may show what is no longer public: the event's files go at once."""

SAFE_PATH = re.compile(r"^/[A-Za-z0-9_.\-/]*$")
SAFE_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$")


def root() -> Path:
    return Path(settings.SWISSPAIR_PUBLIC_DIR)


def enabled() -> bool:
    return bool(settings.SWISSPAIR_PUBLIC_FILES)


# -- paths ------------------------------------------------------------------------------------------


def html_file(language: str, path: str) -> Path | None:
    """The file of the page at ``path`` (ending in ``/``) in ``language``; ``None`` for an unsafe path."""
    if not path.endswith("/") or not SAFE_PATH.match(path) or "/." in path:
        return None
    return root() / "html" / language / path.lstrip("/") / "index.html"


def json_file(origin: str, path: str) -> Path | None:
    """The file of the JSON at ``path`` for ``origin`` (``scheme://host``); ``None`` when unsafe."""
    scheme, _, host = origin.partition("://")
    if scheme not in ("http", "https") or not SAFE_HOST.match(host) or not path.endswith(".json") \
            or not SAFE_PATH.match(path) or "/." in path:
        return None
    return root() / "json" / scheme / host / path.lstrip("/")


def write(path: Path, body: bytes) -> None:
    """Replace ``path`` by ``body`` in one rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".render-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(body)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def remove(relative: str) -> None:
    (root() / relative).unlink(missing_ok=True)


# -- an event's state -------------------------------------------------------------------------------


def _state(event_id: int) -> Path:
    return root() / "state" / f"event-{event_id}.json"


@contextmanager
def event_lock(event_id: int) -> Iterator[None]:
    """One rendering (or taking down) of the event's files at a time, across the processes of a machine."""
    path = root() / "state" / f"event-{event_id}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_manifest(event_id: int) -> dict[str, str]:
    """``{file relative to the root: fingerprint}`` of what is on disk for the event."""
    try:
        return dict(json.loads(_state(event_id).read_text(encoding="utf-8")))
    except (FileNotFoundError, ValueError):
        return {}


def write_manifest(event_id: int, manifest: dict[str, str]) -> None:
    write(_state(event_id), json.dumps(manifest, sort_keys=True).encode())


def withdraw(event_id: int) -> None:
    """Take down every file of the event now (waiting for a rendering under way)."""
    with event_lock(event_id):
        for relative in read_manifest(event_id):
            remove(relative)
        write_manifest(event_id, {})


# -- changes ----------------------------------------------------------------------------------------


def stamps(events: QuerySet[Event]) -> dict[int, str]:
    """What a rendering of each event depends on, in one query: its newest audit entry and its sections'
    versions (every change is one or the other)."""
    audit = AuditEntry.objects.filter(event=OuterRef("pk")).order_by().values("event").annotate(m=Max("id"))
    sections = Section.objects.filter(event=OuterRef("pk")).order_by().values("event")
    rows = events.order_by().annotate(
        newest_audit=Subquery(audit.values("m")[:1]),
        section_versions=Subquery(sections.annotate(v=Sum("version")).values("v")[:1]),
        newest_section=Subquery(sections.annotate(n=Max("id")).values("n")[:1]),
    ).values_list("pk", "newest_audit", "section_versions", "newest_section")
    return {pk: f"{audit or 0}:{versions or 0}:{newest or 0}" for pk, audit, versions, newest in rows}


def stamp(event_id: int) -> str:
    return stamps(Event.objects.filter(pk=event_id)).get(event_id, "")


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
    from swisspair_web.tournaments.public_pages import render_public

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

_recorded: set[str] = set()
"""Wants this process has recorded already (a want is never taken back while its page exists)."""


def want(event: int, section: int | None, page: str, target: int, language: str, origin: str) -> None:
    """Somebody asked for this page: render it from now on (and soon)."""
    key = f"{event}:{section or 0}:{page}:{target}:{language}:{origin}"
    if key in _recorded or not enabled():
        return
    try:
        _, created = PublicWant.objects.get_or_create(key=key, defaults={
            "event_id": event, "section_id": section, "page": page, "target": target, "language": language,
            "origin": origin})
    except IntegrityError:
        created = False
    _recorded.add(key)
    if created:
        transaction.on_commit(lambda: changed(event))


def forget(keys: list[str]) -> None:
    """Wants whose page is gone (a player deleted): not rendered any more."""
    PublicWant.objects.filter(key__in=keys).delete()
    _recorded.difference_update(keys)


def manifest_summary(event_id: int) -> dict[str, Any]:
    """For the tests and the admin: how many files the event has, by kind."""
    manifest = read_manifest(event_id)
    return {"files": len(manifest), "html": sum(1 for k in manifest if k.startswith("html/")),
            "json": sum(1 for k in manifest if k.startswith("json/"))}
