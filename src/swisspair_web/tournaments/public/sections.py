"""A section's page (its players) and its JSON."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.urls import reverse

from swisspair_web.tournaments.public.common import Visitor, context, json_errors, page, visible_section
from swisspair_web.tournaments.public.players import player_fields
from swisspair_web.tournaments.public.teams import team_fields
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.reads.snapshot import rendering


def section_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    # a rendering read the players already (with the section's rows, for every page)
    players = SectionData.load(sec).players if rendering() else sec.players.all()
    return page(visitor, "tournaments/section.html", context(visitor, sec.event, sec, players=players))


@json_errors
def section_json(visitor: Visitor, slug: str, section: str) -> JsonResponse:
    sec = visible_section(visitor, slug, section)
    arbiter = is_arbiter(visitor, sec.event)
    rounds = [r for r in sec.round_set.all() if arbiter or r.published]
    return JsonResponse({
        "event": sec.event.slug, "slug": sec.slug, "name": sec.name, "system": sec.system, "rounds": sec.rounds,
        "kind": sec.kind, "tiebreaks": sec.tiebreak_codes,
        "players": [player_fields(p) for p in sec.players.all()],
        **({"boards": sec.boards, "primary": sec.team_primary, "colour_type": sec.team_colours,
            "teams": [team_fields(visitor, sec, t) for t in sec.teams.all()]} if sec.is_team else {}),
        "paired_rounds": [{"number": r.number, "published": r.published,
                           "url": visitor.build_absolute_uri(reverse("sp-api-round", args=[slug, section, r.number]))}
                          for r in rounds]})
