"""Cheap public pages: HTTP caching from the section's version and a cache shared by the web processes.

The pages thousands of players refresh (pairings, standings, crosstable, player cards, their JSON, and
the printable pages, CSV and PDF exports)
change only when an arbiter writes something, and every write either bumps the section's ``version``
or is recorded in the event's audit log (results, pairings, publishing, settings, players...). The
*stamp* of a page is therefore ``(event, section version, newest audit entry)``, read in one small
query. From it:

* an ``ETag``: a digest of the page as kept (with the language, and the visitor's CSRF cookie for the
  language form), so a change the public does not see leaves it as it was; a browser that has the page
  gets ``304 Not Modified`` from the kept copy without the page being built. There is no ``Last-Modified``: HTTP dates count whole
  seconds, so a page built between two changes made within one second would carry the date of the
  second change, and a browser that revalidates by date alone (Chromium does so with an HTTP/1.0
  server) would be told ``304`` for it until the next change: the hall screen stayed on the old round;
* a copy of the page in the shared cache (``CACHES``, see ``CACHE_URL`` in the settings) under a key
  made of the stamp, the path and the language: the first visitor after a change builds the page, the
  others (in any web process) get the copy. A new result changes the stamp, so a stale copy is never
  served; old copies expire.

Only visitors who are not logged in are served this way (arbiters see unpublished rounds and their
own header), only for public events, and only ``200`` responses are kept. The CSRF token of the
language form is taken out of the kept copy and each visitor gets their own.

It is applied in ``urls.py``: the pages themselves do not change.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import F, OuterRef, QuerySet, Subquery, Value
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

from swisspair import __version__
from swisspair_web.tournaments.public import ahead, changes, render
from swisspair_web.tournaments.public.common import Builder, served
from swisspair_web.tournaments.reads import prepared
from swisspair_web.tournaments.reads.snapshot import stamped
from swisspair_web.tournaments.rows import AuditEntry, Event, Section

log = logging.getLogger(__name__)

View = Callable[..., HttpResponse]

CSRF_FIELD = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
PLACEHOLDER = b"__swisspair_csrf_token__"
KEPT_HEADERS = ("Content-Type", "Content-Disposition")


@dataclass(frozen=True)
class Stamp:
    """What a public page of an event (or of one of its sections) depends on."""

    key: str
    changed_at: datetime
    event: int = 0
    section: int | None = None
    now: tuple[Any, ...] = ()
    """``(public, section version, newest audit entry)`` as read (:func:`_still`)."""


def _stamp(request: HttpRequest, slug: str, section: str | None = None) -> Stamp | None:
    """The page's stamp, or ``None`` when the page is not served from caches (a logged-in user, a private
    event, an unknown event or section, a write). Computed once per request."""
    if hasattr(request, "_swisspair_stamp"):
        return request._swisspair_stamp  # type: ignore[no-any-return]
    stamp = None
    if request.method in ("GET", "HEAD") and not request.user.is_authenticated \
            and "messages" not in request.COOKIES:
        row = _row(slug, section)
        if row is not None:
            stamp = _stamp_of(slug, section, row)
    request._swisspair_stamp = stamp  # type: ignore[attr-defined]
    return stamp


def _stamp_of(slug: str, section: str | None, row: Mapping[str, Any]) -> Stamp:
    return Stamp(key=f"{__version__}:{slug}:{section}:{row['pk']}:{row['version']}:{row['audit_id']}",
                 changed_at=row["audit_at"] or row["created_at"], event=row["event_id"],
                 section=row["pk"] if section else None, now=(True, row["version"], row["audit_id"]))


def _still(stamp: Stamp) -> bool:
    """Whether the event (or section) of ``stamp`` is still public and unchanged since it was read (one query,
    its SQL made once: a page written to its file asks it)."""
    if stamp.section is None:
        found = prepared.values(_event_now, stamp.event)
        return bool(found) and (bool(found[0][0]), 0, found[0][1]) == stamp.now
    found = prepared.values(_section_now, stamp.section)
    return bool(found) and (bool(found[0][0]), found[0][1], found[0][2]) == stamp.now


def _newest(event: str) -> QuerySet[AuditEntry, AuditEntry]:
    """The audit entries of the event whose key is the outer query's field ``event``, the newest first."""
    return AuditEntry.objects.filter(event=OuterRef(event)).order_by("-at", "-id")


def _event_now(event_id: int) -> QuerySet[Any, Any]:
    newest = Subquery(_newest("pk").values("id")[:1])
    return Event.objects.filter(pk=event_id).annotate(a=newest).values_list("public", "a")


def _section_now(section_id: int) -> QuerySet[Any, Any]:
    newest = Subquery(_newest("event_id").values("id")[:1])
    return Section.objects.filter(pk=section_id).annotate(a=newest).values_list("event__public", "version", "a")


def _row(slug: str, section: str | None) -> Mapping[str, Any] | None:
    """``pk``, ``version``, ``created_at`` (of the event) and the newest audit entry's ``audit_id`` and
    ``audit_at`` of a public event or of a section of one, in one query."""
    newest = _newest("event_id" if section else "pk")
    audit = {"audit_id": Subquery(newest.values("id")[:1]), "audit_at": Subquery(newest.values("at")[:1])}
    if section is None:
        return Event.objects.filter(slug=slug, public=True).values(
            "pk", "created_at", version=Value(0), event_id=F("pk")).annotate(**audit).first()
    return Section.objects.filter(event__slug=slug, slug=section, event__public=True).values(
        "pk", "version", "event_id", created_at=F("event__created_at")).annotate(**audit).first()


def _etag(request: HttpRequest, body: bytes) -> str:
    """The page's ETag: a digest of what the visitor is shown (the body, its language, their CSRF cookie for
    the language form), not of the stamp, so a change the public does not see (a result of a round not
    published) leaves it as it was."""
    token = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
    language = getattr(request, "LANGUAGE_CODE", "")
    digest = hashlib.sha256(body)
    digest.update(f":{language}:{token}".encode())
    return f'"{digest.hexdigest()[:32]}"'


def _shared(view: View) -> View:
    """Serve the page from the shared cache when its stamp is unchanged; keep a copy when it is built."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        stamp = _stamp(request, kwargs["slug"], kwargs.get("section"))
        if stamp is None:
            return view(request, *args, **kwargs)
        language = getattr(request, "LANGUAGE_CODE", "")
        # the origin too: a JSON document links to the address it was asked at (a copy made for another
        # Host header is never served here)
        origin = f"{request.scheme}://{request.get_host()}"
        key = "page:" + hashlib.sha256(f"{stamp.key}:{language}:{origin}{request.get_full_path()}".encode()).hexdigest()
        kept = _cache_get(key)
        body = None
        if kept is not None:
            headers, body = kept
            response = HttpResponse(body.replace(PLACEHOLDER, get_token(request).encode())
                                    if PLACEHOLDER in body else body, headers=headers)
            response["X-Swisspair-Cache"] = "hit"
        else:
            # one read of the section's rows per change, for every visitor (the time of the newest audit
            # entry too: a database restored, or a test's rolled back, may give its number to another one)
            with stamped(f"{stamp.key}:{stamp.changed_at.isoformat()}"):
                response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming and not response.cookies:
                body = CSRF_FIELD.sub(rb"\1" + PLACEHOLDER + rb"\2", response.content)
                _cache_set(key, ({h: response[h] for h in KEPT_HEADERS if response.has_header(h)}, body))
                response["X-Swisspair-Cache"] = "miss"
        if body is not None:
            response["ETag"] = _etag(request, body)
            response = get_conditional_response(request, etag=response["ETag"], response=response) or response
        if response.status_code == 200 and not request.GET:
            _want(request, stamp, kwargs)
            if body is not None and request.method == "GET":
                _write(request, stamp, kwargs, body)
        patch_cache_control(response, no_cache=True)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        return response

    return wrapped


def _rendered_name(request: HttpRequest) -> str | None:
    """The URL name of the request's page when it is a page rendered to files (render.py), else ``None``."""
    name = request.resolver_match.url_name if request.resolver_match else None
    return name if name is not None and render.page(name) is not None else None


def _want(request: HttpRequest, stamp: Stamp, kwargs: dict[str, Any]) -> None:
    """A page rendered to files (render.py) was served by the application: render it from now on."""
    name = _rendered_name(request)
    if name is None:
        return
    json = render.is_json(name)
    if json and not own_port(request):
        return  # not one of this server's addresses: no file is rendered for whatever Host a client sends
    origin = f"{request.scheme}://{request.get_host()}" if json else ""
    target = int(kwargs.get("tpn") or kwargs.get("number") or 0)
    try:
        changes.want(stamp.event, stamp.section, name, target, "" if json else get_language(), origin)
    except Exception:  # noqa: BLE001 - an optimisation, never a reason for an error page
        log.warning("public pages: could not record %s", request.path, exc_info=True)


def _write(request: HttpRequest, stamp: Stamp, kwargs: dict[str, Any], body: bytes) -> None:
    """A page rendered to files was built here and has no file yet: write it (:func:`.ahead.write_served`)
    while nothing changed since its stamp was read."""
    name = _rendered_name(request)
    if name is None:
        return
    origin = f"{request.scheme}://{request.get_host()}"
    if render.is_json(name) and not (own_port(request) or origin == settings.SWISSPAIR_PUBLIC_URL):
        return  # a file only for the addresses the pages are rendered for (as :func:`_want`)
    try:
        ahead.write_served(stamp.event, name, kwargs, origin if render.is_json(name) else get_language(), body,
                           functools.partial(_still, stamp))
    except Exception:  # noqa: BLE001 - an optimisation, never a reason for an error page
        log.warning("public pages: could not write %s", request.path, exc_info=True)


def own_port(request: HttpRequest) -> bool:
    """Whether the request's ``Host`` names the port the server listens on (or none, or the scheme's own:
    behind a proxy). Its name is one of ``ALLOWED_HOSTS`` (Django refuses others), but any port passes that."""
    host = request.get_host()
    port = host.rsplit(":", 1)[1] if ":" in host and not host.endswith("]") else ""
    return port in ("", request.META.get("SERVER_PORT", ""), "443" if request.is_secure() else "80")


def _cache_get(key: str) -> Any:
    """The kept copy, or ``None``; a cache that fails (a deadlock while culling, Redis away) is only slower."""
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 - the cache is an optimisation, never a reason for an error page
        log.warning("shared cache: get failed", exc_info=True)
        return None


def _cache_set(key: str, value: object) -> None:
    try:
        cache.set(key, value)
    except Exception:  # noqa: BLE001 - see _cache_get
        log.warning("shared cache: set failed", exc_info=True)


def public_page(builder: Builder) -> View:
    """The view of a public page of an event or section (URL arguments ``slug`` and optionally ``section``):
    ``builder`` for the visitor the request is (:func:`.common.served`), with ``ETag`` and the shared cache."""
    return _shared(served(builder))
