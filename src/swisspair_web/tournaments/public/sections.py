"""A section's page (its players) and its JSON."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse

from swisspair_web.tournaments.public.common import context, json_errors, visible_section
from swisspair_web.tournaments.public.players import player_fields
from swisspair_web.tournaments.public.teams import team_fields
from swisspair_web.tournaments.reads.roles import is_arbiter


def section_page(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = visible_section(request, slug, section)
    players = sec.players.all()
    return render(request, "tournaments/section.html", context(request, sec.event, sec, players=players))


@json_errors
def section_json(request: HttpRequest, slug: str, section: str) -> JsonResponse:
    sec = visible_section(request, slug, section)
    arbiter = is_arbiter(request, sec.event)
    rounds = [r for r in sec.round_set.all() if arbiter or r.published]
    return JsonResponse({
        "event": sec.event.slug, "slug": sec.slug, "name": sec.name, "system": sec.system, "rounds": sec.rounds,
        "kind": sec.kind, "tiebreaks": sec.tiebreak_codes,
        "players": [player_fields(p) for p in sec.players.all()],
        **({"boards": sec.boards, "primary": sec.team_primary, "colour_type": sec.team_colours,
            "teams": [team_fields(request, sec, t) for t in sec.teams.all()]} if sec.is_team else {}),
        "paired_rounds": [{"number": r.number, "published": r.published,
                           "url": request.build_absolute_uri(reverse("sp-api-round", args=[slug, section, r.number]))}
                          for r in rounds]})
