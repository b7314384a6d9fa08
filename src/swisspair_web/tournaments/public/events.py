"""The public list of events, an event's page and their JSON."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from swisspair_web.tournaments.public.common import Visitor, context, event_of, json_errors, page
from swisspair_web.tournaments.reads.roles import require_visible
from swisspair_web.tournaments.rows import Event


def event_page(visitor: Visitor, slug: str) -> HttpResponse:
    ev = event_of(slug)
    require_visible(visitor, ev)
    return page(visitor, "tournaments/event.html", context(visitor, ev, sections=ev.sections.all()))


@json_errors
def events_json(visitor: Visitor) -> JsonResponse:
    rows = [{"slug": e.slug, "name": e.name, "city": e.city,
             "start_date": e.start_date.isoformat() if e.start_date else None,
             "url": visitor.build_absolute_uri(reverse("sp-api-event", args=[e.slug]))}
            for e in Event.objects.filter(public=True)[:500]]
    return JsonResponse({"events": rows})


@json_errors
def event_json(visitor: Visitor, slug: str) -> JsonResponse:
    ev = get_object_or_404(Event, slug=slug)
    require_visible(visitor, ev)
    return JsonResponse({"slug": ev.slug, "name": ev.name, "city": ev.city, "sections": [
        {"slug": s.slug, "name": s.name, "system": s.system, "rounds": s.rounds,
         "url": visitor.build_absolute_uri(reverse("sp-api-section", args=[ev.slug, s.slug]))}
        for s in ev.sections.all()]})
