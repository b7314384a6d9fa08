"""The rating report (:func:`..reads.ratings.report_listing`) as a page, printable HTML, PDF, CSV and JSON."""

from __future__ import annotations

from datetime import date

from django.http import HttpResponse
from django.utils.translation import get_language

from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import Visitor, context, page, shown_round, visible_section
from swisspair_web.tournaments.reads import ratings, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.listing import Listing
from swisspair_web.tournaments.reads.snapshot import carried
from swisspair_web.tournaments.rows import Section


def _report(visitor: Visitor, sec: Section) -> Listing:
    """The report over the rounds the visitor's standings show (kept as the standings are:
    :func:`..reads.standings.table`; an event without dates counts its juniors on today's date)."""
    data = SectionData.load(sec)
    shown = shown_round(visitor, data)
    return carried(("ratings", get_language(), date.today()), standings.basis(data, shown),
                   lambda: ratings.report_listing(ratings.compute(data, shown)))


def ratings_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    listing = _report(visitor, sec)
    return page(visitor, "tournaments/ratings.html", context(visitor, sec.event, sec, listing=listing,
                                                             awards_tab="ratings"))


def ratings_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    return listings.respond(visitor, sec, _report(visitor, sec), "print")


def ratings_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The rating report as ``pdf``, ``csv`` or ``json``."""
    sec = visible_section(visitor, slug, section)
    return listings.export(visitor, sec, _report(visitor, sec), fmt)
