"""The start list and a round's pairings by name (:mod:`..reads.lists`) as pages, printable HTML, PDF, CSV
and JSON. Both are public where the section is: the pairings by name of a round only once it is
published (as its pairing list, which they are built from)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404

from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import Visitor, context, page, visible_section
from swisspair_web.tournaments.reads.lists import ORDERS, by_name_listing, start_list_listing
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Round, Section


def _round(visitor: Visitor, sec: Section, number: int) -> Round:
    """Round ``number``: 404 for the public while it is unpublished."""
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published and not is_arbiter(visitor, sec.event):
        raise Http404("round not published")
    return rnd


def _visible(slug: str, section: str, visitor: Visitor) -> Section:
    sec = visible_section(visitor, slug, section)
    return sec


def _order(visitor: Visitor) -> str:
    order = visitor.GET.get("order", "tpn")
    return order if order in ORDERS else "tpn"


def start_list_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    order = _order(visitor)
    return page(visitor, "tournaments/start_list.html", context(
        visitor, sec.event, sec, listing=start_list_listing(sec, order), count=sec.players.count(), order=order,
        orders=ORDERS))


def start_list_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    return listings.respond(visitor, sec, start_list_listing(sec, _order(visitor)), "print")


def by_name_page(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    rnd = _round(visitor, sec, number)
    return page(visitor, "tournaments/by_name.html", context(visitor, sec.event, sec, rnd=rnd,
                                                               listing=by_name_listing(rnd)))


def by_name_print(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    return listings.respond(visitor, sec, by_name_listing(_round(visitor, sec, number)), "print")


def start_list_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The start list in ``?order=`` as CSV, JSON or PDF (the counts per federation and title with it)."""
    sec = _visible(slug, section, visitor)
    return listings.export(visitor, sec, start_list_listing(sec, _order(visitor)), fmt)


def by_name_export(visitor: Visitor, slug: str, section: str, number: int, fmt: str) -> HttpResponse:
    """A round's pairings by name as CSV, JSON or PDF."""
    sec = _visible(slug, section, visitor)
    return listings.export(visitor, sec, by_name_listing(_round(visitor, sec, number)), fmt)
