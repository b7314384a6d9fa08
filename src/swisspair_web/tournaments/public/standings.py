"""The standings and the crosstable in every form (page, print, PDF, CSV, JSON), each rendering the list's
model (:func:`..reads.standings.listing`, :func:`..reads.teams.standings_listing`,
:func:`..reads.standings.crosstable_listing`) and nothing else."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse

from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import Visitor, context, json_errors, page, round_note, shown_round, visible_section
from swisspair_web.tournaments.reads import standings, teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.listing import Listing
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Section


def standings_listing(visitor: Visitor, sec: Section, individual: bool = False) -> Listing:
    """The standings the visitor may see (:func:`.common.shown_round`): a team section's are its teams' unless
    ``individual`` (its players', C.07 (2026) arts. 11-13)."""
    data = SectionData.load(sec)
    shown = shown_round(visitor, data)
    if sec.is_team and not individual:
        return teams.standings_listing(data, shown)
    return standings.table_listing(data, shown)


def standings_form(visitor: Visitor, sec: Section, fmt: str, individual: bool = False) -> HttpResponse:
    """The standings in the form ``fmt`` (print, PDF, CSV, JSON)."""
    return listings.respond(visitor, sec, standings_listing(visitor, sec, individual), fmt)


def standings_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    limit = data.complete_rounds(published_only=not is_arbiter(visitor, sec.event))
    shown = shown_round(visitor, data)
    if sec.is_team:
        listing, playoffs = teams.standings_listing(data, shown), []
    else:
        table = standings.table(data, shown)
        listing, playoffs = standings.table_listing(data, shown, table), table.playoffs
    return page(visitor, "tournaments/standings.html", context(
        visitor, sec.event, sec, listing=listing, after_round=listing.facts["after_round"], playoffs=playoffs,
        after_rounds=list(range(1, limit + 1)), round_note=round_note(visitor, listing.facts["after_round"])))


def crosstable_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    shown = shown_round(visitor, data)
    return page(visitor, "tournaments/crosstable.html", context(
        visitor, sec.event, sec, listing=standings.crosstable_listing(data, shown),
        round_note=round_note(visitor, shown)))


def _crosstable(visitor: Visitor, slug: str, section: str) -> tuple[Section, Listing]:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    return sec, standings.crosstable_listing(data, shown_round(visitor, data))


def crosstable_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    return listings.respond(visitor, *_crosstable(visitor, slug, section), "print")


def crosstable_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The crosstable as PDF, CSV or JSON."""
    return listings.export(visitor, *_crosstable(visitor, slug, section), fmt)


@json_errors
def standings_json(visitor: Visitor, slug: str, section: str) -> JsonResponse:
    """The standings as JSON (the play-offs with an individual section's)."""
    response = standings_form(visitor, visible_section(visitor, slug, section), "json")
    assert isinstance(response, JsonResponse)
    return response
