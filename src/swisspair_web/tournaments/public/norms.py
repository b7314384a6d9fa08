"""The title norms of a section (:func:`..reads.norms.norms_listing`) as a page, printable HTML, PDF, CSV and
JSON."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import get_language

from swisspair.norms import out_of_reach
from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import Visitor, context, page, round_note, shown_round, visible_section
from swisspair_web.tournaments.reads import norms, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.listing import Listing
from swisspair_web.tournaments.reads.snapshot import carried
from swisspair_web.tournaments.rows import Section


def _norms(visitor: Visitor, sec: Section) -> Listing:
    """The checks over the rounds the visitor's standings show (kept as the standings are:
    :func:`..reads.standings.table`)."""
    data = SectionData.load(sec)
    shown = shown_round(visitor, data)
    return carried(("norms", get_language()), standings.basis(data, shown),
                   lambda: norms.norms_listing(norms.compute(data, shown)))


def norms_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    listing = _norms(visitor, sec)
    return page(visitor, "tournaments/norms.html", context(
        visitor, sec.event, sec, listing=listing, achieved=[r for r in listing.rows if r.values["achieved"]],
        awards_tab="norms", round_note=round_note(visitor, listing.facts["after_round"]),
        out_of_reach=out_of_reach(sec.rounds)))


def norms_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    return listings.respond(visitor, sec, _norms(visitor, sec), "print")


def norms_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The norm checks as ``pdf``, ``csv`` or ``json``."""
    sec = visible_section(visitor, slug, section)
    return listings.export(visitor, sec, _norms(visitor, sec), fmt)
