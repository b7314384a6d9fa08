"""Where the rendered public pages live, and how a change reaches them.

Files, under ``SWISSPAIR_PUBLIC_DIR`` (default ``$SWISSPAIR_DATA/public``), laid out so that a web
server can answer them without the application (``serve.py`` does, in the web process;
docs/manager.md shows the same for nginx):

* ``html/<language>/<path>index.html`` for the page at ``<path>`` (``/e/open/a/standings/``);
* ``json/<scheme>/<host>/<path>`` for the JSON at ``<path>`` (its links are absolute, so one copy per
  address the public uses);
* ``state/event-<id>.json``: what is on disk for the event, each file with the fingerprint of what it
  was rendered from (``public/render.py``), and ``state/event-<id>.lock``.

A file is replaced by a rename (a reader never sees half of one). One rendering of an event at a time
holds its lock, so an older rendering never overwrites a newer one, and taking a page down
(:func:`withdraw`) waits for a rendering under way.

How a change reaches the files is ``changes.py``.
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
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db.models import Max, OuterRef, QuerySet, Subquery, Sum

from swisspair_web.tournaments.rows import AuditEntry, Event, PublicWant, Section

log = logging.getLogger(__name__)

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
    """Replace ``path`` by ``body`` in one rename. The new file's time is at least one second after the old
    one's: a web server's ``ETag`` and ``Last-Modified`` (nginx's) count whole seconds and the size, and a
    result corrected within the second (``1-0`` to ``0-1``) would otherwise be answered ``304``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".render-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(body)
        os.chmod(temporary, 0o644)
        _after_the_old_one(Path(temporary), path)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _after_the_old_one(new: Path, old: Path) -> None:
    try:
        before = int(old.stat().st_mtime)
    except FileNotFoundError:
        return
    if int(new.stat().st_mtime) <= before:
        os.utime(new, (before + 1, before + 1))


def remove(relative: str) -> None:
    (root() / relative).unlink(missing_ok=True)


# -- an event's state -------------------------------------------------------------------------------


def _state(event_id: int) -> Path:
    return root() / "state" / f"event-{event_id}.json"


class Busy(Exception):
    """Another process holds the event's lock (:func:`event_lock` with ``wait=False``)."""


@contextmanager
def event_lock(event_id: int, wait: bool = True) -> Iterator[None]:
    """One rendering (or taking down) of the event's files at a time, across the processes of a machine;
    without ``wait``, :class:`Busy` when another holds it (a worker then does other work meanwhile)."""
    path = root() / "state" / f"event-{event_id}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a+b") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(event_id) from None
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


recorded: set[str] = set()
"""Wishes this process has recorded already (``changes.want``; one is never taken back while its
page exists)."""


def forget(keys: list[str]) -> None:
    """Wants whose page is gone (a player deleted): not rendered any more."""
    PublicWant.objects.filter(key__in=keys).delete()
    recorded.difference_update(keys)


def manifest_summary(event_id: int) -> dict[str, Any]:
    """For the tests and the admin: how many files the event has, by kind."""
    manifest = read_manifest(event_id)
    return {"files": len(manifest), "html": sum(1 for k in manifest if k.startswith("html/")),
            "json": sum(1 for k in manifest if k.startswith("json/"))}
