"""The teams of a team section with their rosters, a team's card and its JSON."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from swisspair_web.tournaments.public.common import TEAM_ONLY, Visitor, context, json_errors, page, visible_section
from swisspair_web.tournaments.public.players import player_fields
from swisspair_web.tournaments.reads import teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Section, Team


def teams_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The teams with their rosters in board order; arbiters also get the forms to change them."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    data = SectionData.load(sec)
    rows = [(team, members, teams.withdrawn_from(members)) for team in data.teams
            for members in [data.members(team)]]
    return page(visitor, "tournaments/teams.html", context(
        visitor, sec.event, sec, teams=rows, fixed_order=bool(data.rounds), next_round=data.paired_rounds + 1))


def team_page(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    """A team: roster and results round by round (published rounds only for the public)."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    team = get_object_or_404(Team, section=sec, number=number)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(visitor, sec.event)}
    lines = [line for line in teams.team_results(data, team) if line["round"] in published]
    return page(visitor, "tournaments/team.html", context(visitor, sec.event, sec, team=team,
                                                          members=data.members(team), lines=lines))


def team_fields(visitor: Visitor, sec: Section, team: Team) -> dict[str, Any]:
    return {"number": team.number, "name": team.name,
            "members": [p.tpn for p in team.members.order_by("board_order", "tpn")],
            "url": visitor.build_absolute_uri(reverse("sp-api-team", args=[sec.event.slug, sec.slug, team.number]))}


@json_errors
def team_json(visitor: Visitor, slug: str, section: str, number: int) -> JsonResponse:
    """A team of a team section: roster in board order and its matches (published rounds for the public)."""
    sec = visible_section(visitor, slug, section)
    t = get_object_or_404(Team, section=sec, number=number)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(visitor, sec.event)}
    lines = [{"round": line["round"], "bye": line["bye"],
              "opponent": line["opponent"].number if isinstance(line["opponent"], Team) else None,
              "colour": line["colour"], "score": line["score"], "match_points": line["match_points"]}
             for line in teams.team_results(data, t) if line["round"] in published]
    return JsonResponse({"number": t.number, "name": t.name,
                         "members": [player_fields(p) for p in data.members(t)], "rounds": lines})
