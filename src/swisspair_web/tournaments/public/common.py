"""What the public pages share: who a page is built for (:class:`Visitor`), the event, section and round of an
address (404 when there is none, 404 for a visitor of a private event), what every page's context holds, the
page rendered from its template (:func:`page`), the rounds a visitor's standings include, and the JSON
answers of the API.

A public page is a *builder*: a function of the visitor and the page's URL arguments that returns the
response (``standings_page(visitor, slug, section)``). The application serves it for the visitor its request
is (:func:`served`, :func:`..caching.public_page`); :mod:`.render` writes it to a file for a visitor who is
not logged in (:meth:`Visitor.anonymous`), calling the same builder.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import Requester, is_arbiter, require_visible, role_for
from swisspair_web.tournaments.reads.snapshot import once, share
from swisspair_web.tournaments.rows import Event, EventRole, Round, Section


@dataclass(frozen=True)
class Visitor:
    """Who a public page is built for, and at which address: the visitor a request is (:meth:`of`), or a
    visitor who is not logged in at ``path`` (:meth:`anonymous`: the pages rendered to files). It answers
    what the builders and the templates ask of a request: ``user``, ``GET``, ``get_full_path()`` and
    ``build_absolute_uri()``."""

    path: str
    """The address with its query string."""
    user: AbstractBaseUser | AnonymousUser
    GET: QueryDict
    origin: str
    """``scheme://host`` of the absolute links (JSON)."""
    request: HttpRequest | None = None
    """The request served, if any: its page carries the request's CSRF token and messages."""

    @classmethod
    def of(cls, request: HttpRequest) -> Visitor:
        return cls(request.get_full_path(), request.user, request.GET, f"{request.scheme}://{request.get_host()}",
                   request)

    @classmethod
    def anonymous(cls, path: str, origin: str = "") -> Visitor:
        return cls(path, AnonymousUser(), QueryDict(), origin or "http://localhost")

    def get_full_path(self) -> str:
        return self.path

    def build_absolute_uri(self, location: str | None = None) -> str:
        if self.request is not None:
            return self.request.build_absolute_uri(location)
        return self.origin + (location or self.path)


Builder = Callable[..., HttpResponse]
"""A public page: ``builder(visitor, **url_arguments)``."""


def served(builder: Builder) -> Callable[..., HttpResponse]:
    """The view of a public page: ``builder`` for the visitor the request is."""
    @functools.wraps(builder)
    def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        return builder(Visitor.of(request), *args, **kwargs)
    return view


def page(visitor: Visitor, template: str, ctx: dict[str, Any], status: int = 200) -> HttpResponse:
    """The page of ``template`` for ``visitor``: with its request's context (its CSRF token, its messages) when
    it answers one, else as a visitor who is not logged in sees it (no token, no message)."""
    if visitor.request is not None:
        return render(visitor.request, template, ctx, status=status)
    return HttpResponse(render_to_string(template, {**ctx, "request": visitor, "user": visitor.user}), status=status)


TEAM_ONLY = "team"
"""``kind`` of :func:`section_of` for the pages of team sections only."""
INDIVIDUAL_ONLY = "individual"
"""``kind`` of :func:`section_of` for the pages of individual sections only (check-in, cards)."""


def event_of(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def section_of(slug: str, section: str, kind: str | None = None) -> Section:
    """The section at ``slug``/``section`` (with its event); 404 when there is none, or when it is not of
    ``kind`` (:data:`TEAM_ONLY`, :data:`INDIVIDUAL_ONLY`)."""
    sec = once(("section-of", slug, section),
               lambda: get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section))
    if kind == TEAM_ONLY and not sec.is_team:
        raise Http404("not a team section")
    if kind == INDIVIDUAL_ONLY and sec.is_team:
        raise Http404("not for team sections")
    return sec


def visible_section(visitor: Requester, slug: str, section: str, kind: str | None = None) -> Section:
    """The section of :func:`section_of`, as long as the visitor may see its event."""
    sec = section_of(slug, section, kind)
    require_visible(visitor, sec.event)
    return sec


def round_of(sec: Section, number: int) -> Round:
    return get_object_or_404(Round, section=sec, number=number)


def visible_round(visitor: Requester, sec: Section, number: int) -> Round:
    """Round ``number`` of the section; to a visitor who may not see it (not published, and not an arbiter of
    the event) exactly as a round that does not exist: :exc:`Http404`, the same page, JSON and status, so
    that nobody learns from outside that a round is paired."""
    rnd = once(("round-of", sec.pk, number), lambda: Round.objects.filter(section=sec, number=number).first())
    if rnd is None or (not rnd.published and not is_arbiter(visitor, sec.event)):
        raise Http404("no such round")
    rnd.section = sec  # its section as read (not read again)
    return rnd


def shared_section(data: SectionData) -> None:
    """Inside a rendering (:func:`~.snapshot.shared_reads`): the pages of ``data``'s section take its row and
    its rounds from ``data`` (read in the rendering's snapshot) when they look them up, not read again."""
    sec = data.section
    share(("section-of", sec.event.slug, sec.slug), sec)
    share(("rounds-of", sec.pk), list(data.rounds))
    for rnd in data.rounds:
        share(("round-of", sec.pk, rnd.number), rnd)


def context(visitor: Requester, event: Event, section: Section | None = None, **extra: Any) -> dict[str, Any]:
    """What every page of an event shows: the event, the section, the visitor's role, the rounds they may
    see, and ``extra``."""
    role = role_for(visitor, event)
    ctx: dict[str, Any] = {"event": event, "section": section, "role": role, "arbiter": role is not None,
                           "chief": role == EventRole.CHIEF}
    if section is not None:
        rounds = list(once(("rounds-of", section.pk), lambda: list(section.round_set.all())))
        ctx["rounds"] = rounds if role else [r for r in rounds if r.published]
    ctx.update(extra)
    return ctx


def shown_round(visitor: Visitor, data: SectionData) -> int:
    """The round standings are shown after: ``?round=N`` when given, else the last complete round.

    The public sees published rounds only, so for a visitor who is not an arbiter of the event both
    stop at the last complete round that is published (an unpublished round's results are not out).
    """
    limit = data.complete_rounds(published_only=not is_arbiter(visitor, data.section.event))
    asked = visitor.GET.get("round", "")
    if not (asked.isascii() and asked.isdigit()):  # ``-1``, ``x``: not a round; the default
        return limit
    return min(int(asked), limit)


def round_note(visitor: Visitor, shown: int) -> str:
    """What a page after round ``shown`` says when ``?round=`` asked for another (``""``: it did not)."""
    asked = visitor.GET.get("round")
    if asked is None or asked == str(shown):
        return ""
    return _("There is no round “%(asked)s” to show: this is after round %(round)s.") % {
        "asked": asked[:10], "round": shown}


def json_errors(builder: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """A missing object answers ``{"error": ...}`` with 404, a forbidden one with 403: JSON, not an HTML page."""
    @functools.wraps(builder)
    def wrapper(visitor: Visitor, *args: Any, **kwargs: Any) -> JsonResponse:
        try:
            return builder(visitor, *args, **kwargs)
        except Http404:
            return JsonResponse({"error": "not found"}, status=404)
        except PermissionDenied:
            return JsonResponse({"error": "forbidden"}, status=403)
    return wrapper


def not_found(visitor: Visitor, rest: str = "") -> JsonResponse:
    """Any other path under ``/api/``: JSON, as the API answers a missing event or round, not an HTML page."""
    return JsonResponse({"error": "not found"}, status=404)
