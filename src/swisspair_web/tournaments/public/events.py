"""The public list of events, an event's page and their JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from swisspair_web.tournaments.public.common import context, event_of, json_errors
from swisspair_web.tournaments.reads.roles import require_visible
from swisspair_web.tournaments.rows import Event


def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    ev = event_of(slug)
    require_visible(request, ev)
    return render(request, "tournaments/event.html", context(request, ev, sections=ev.sections.all()))


@json_errors
def events_json(request: HttpRequest) -> JsonResponse:
    rows = [{"slug": e.slug, "name": e.name, "city": e.city,
             "start_date": e.start_date.isoformat() if e.start_date else None,
             "url": request.build_absolute_uri(reverse("sp-api-event", args=[e.slug]))}
            for e in Event.objects.filter(public=True)[:500]]
    return JsonResponse({"events": rows})


@json_errors
def event_json(request: HttpRequest, slug: str) -> JsonResponse:
    ev = get_object_or_404(Event, slug=slug)
    require_visible(request, ev)
    return JsonResponse({"slug": ev.slug, "name": ev.name, "city": ev.city, "sections": [
        {"slug": s.slug, "name": s.name, "system": s.system, "rounds": s.rounds,
         "url": request.build_absolute_uri(reverse("sp-api-section", args=[ev.slug, s.slug]))}
        for s in ev.sections.all()]})
