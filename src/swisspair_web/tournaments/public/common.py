"""What the public pages share: the event, section and round of an address (404 when there is none, 403
or 404 for a visitor of a private event), what every page's context holds, the rounds a visitor's standings
include, and the JSON answers of the API."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404

from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter, require_visible, role_of
from swisspair_web.tournaments.rows import Event, EventRole, Round, Section

TEAM_ONLY = "team"
"""``kind`` of :func:`section_of` for the pages of team sections only."""
INDIVIDUAL_ONLY = "individual"
"""``kind`` of :func:`section_of` for the pages of individual sections only (check-in, cards)."""


def event_of(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def section_of(slug: str, section: str, kind: str | None = None) -> Section:
    """The section at ``slug``/``section`` (with its event); 404 when there is none, or when it is not of
    ``kind`` (:data:`TEAM_ONLY`, :data:`INDIVIDUAL_ONLY`)."""
    sec = get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section)
    if kind == TEAM_ONLY and not sec.is_team:
        raise Http404("not a team section")
    if kind == INDIVIDUAL_ONLY and sec.is_team:
        raise Http404("not for team sections")
    return sec


def visible_section(request: HttpRequest, slug: str, section: str, kind: str | None = None) -> Section:
    """The section of :func:`section_of`, as long as the requester may see its event."""
    sec = section_of(slug, section, kind)
    require_visible(request, sec.event)
    return sec


def round_of(sec: Section, number: int) -> Round:
    return get_object_or_404(Round, section=sec, number=number)


def context(request: HttpRequest, event: Event, section: Section | None = None, **extra: Any) -> dict[str, Any]:
    """What every page of an event shows: the event, the section, the requester's role, the rounds they may
    see, and ``extra``."""
    role = role_of(request.user, event)
    ctx: dict[str, Any] = {"event": event, "section": section, "role": role, "arbiter": role is not None,
                           "chief": role == EventRole.CHIEF}
    if section is not None:
        rounds = list(section.round_set.all())
        ctx["rounds"] = rounds if role else [r for r in rounds if r.published]
    ctx.update(extra)
    return ctx


def shown_round(request: HttpRequest, data: SectionData) -> int:
    """The round standings are shown after: ``?round=N`` when given, else the last complete round.

    The public sees published rounds only, so for a visitor who is not an arbiter of the event both
    stop at the last complete round that is published (an unpublished round's results are not out).
    """
    limit = data.complete_rounds(published_only=not is_arbiter(request, data.section.event))
    try:
        requested = int(request.GET["round"])
    except (KeyError, ValueError):
        return limit
    return max(0, min(requested, limit))


def json_errors(view: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """A missing object answers ``{"error": ...}`` with 404, a forbidden one with 403: JSON, not an HTML page."""
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        try:
            return view(request, *args, **kwargs)
        except Http404:
            return JsonResponse({"error": "not found"}, status=404)
        except PermissionDenied:
            return JsonResponse({"error": "forbidden"}, status=403)
    return wrapper


def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Any other path under ``/api/``: JSON, as the API answers a missing event or round, not an HTML page."""
    return JsonResponse({"error": "not found"}, status=404)
