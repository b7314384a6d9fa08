"""The teams of a team section with their rosters, a team's card and its JSON."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import TEAM_ONLY, Visitor, context, json_errors, page, visible_section
from swisspair_web.tournaments.reads import teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.listing import Listing
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Round, Section, Team


def teams_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The teams with their rosters in board order (:func:`..reads.teams.rosters_listing`); arbiters also get
    the forms to change them."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    data = SectionData.load(sec)
    listing = teams.rosters_listing(data)
    rows = [(table, team, teams.withdrawn_from(data.members(team))) for table, team in zip(listing.tables, data.teams,
                                                                                         strict=True)]
    return page(visitor, "tournaments/teams.html", context(
        visitor, sec.event, sec, listing=listing, teams=rows, fixed_order=bool(data.rounds),
        next_round=data.paired_rounds + 1))


def teams_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The teams and their rosters as printable HTML, PDF, CSV or JSON."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    return listings.respond(visitor, sec, teams.rosters_listing(SectionData.load(sec)), fmt)


def teams_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    return teams_export(visitor, slug, section, "print")


def _team_listing(visitor: Visitor, sec: Section, number: int) -> Listing:
    """A team's card (published rounds only for the public)."""
    team = get_object_or_404(Team, section=sec, number=number)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(visitor, sec.event)}
    return teams.team_listing(data, team, published)


def team_page(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    """A team: its matches round by round, then its roster (:func:`..reads.teams.team_listing`)."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    listing = _team_listing(visitor, sec, number)
    return page(visitor, "tournaments/team.html", context(visitor, sec.event, sec, listing=listing,
                                                          number=number))


def team_export(visitor: Visitor, slug: str, section: str, number: int, fmt: str) -> HttpResponse:
    """A team's card as printable HTML, PDF, CSV or JSON."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    return listings.respond(visitor, sec, _team_listing(visitor, sec, number), fmt)


def _matches_listing(visitor: Visitor, sec: Section, number: int) -> Listing:
    """A team round's matches: 404 for the public while the round is unpublished."""
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published and not is_arbiter(visitor, sec.event):
        raise Http404("round not published")
    return teams.matches_listing(rnd)


def matches_print(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    return matches_export(visitor, slug, section, number, "print")


def matches_export(visitor: Visitor, slug: str, section: str, number: int, fmt: str) -> HttpResponse:
    """A team round's matches as printable HTML, PDF, CSV or JSON (the page is the round's,
    :func:`.rounds.round_page`)."""
    sec = visible_section(visitor, slug, section, TEAM_ONLY)
    return listings.respond(visitor, sec, _matches_listing(visitor, sec, number), fmt)


def team_print(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    return team_export(visitor, slug, section, number, "print")


def team_fields(visitor: Visitor, sec: Section, team: Team) -> dict[str, Any]:
    return {"number": team.number, "name": team.name,
            "members": [p.tpn for p in team.members.order_by("board_order", "tpn")],
            "url": visitor.build_absolute_uri(reverse("sp-api-team", args=[sec.event.slug, sec.slug, team.number]))}


@json_errors
def team_json(visitor: Visitor, slug: str, section: str, number: int) -> JsonResponse:
    """A team of a team section: its matches (published rounds for the public) and its roster in board order."""
    sec = visible_section(visitor, slug, section)
    response = listings.respond(visitor, sec, _team_listing(visitor, sec, number), "json")
    assert isinstance(response, JsonResponse)
    return response
