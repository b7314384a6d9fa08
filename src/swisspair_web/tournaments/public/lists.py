"""The start list and a round's pairings by name (:mod:`..reads.lists`) as pages, printable HTML, PDF, CSV
and JSON. Both are public where the section is: the pairings by name of a round only once it is
published (as its pairing list, which they are built from)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from swisspair_web.tournaments.public import files
from swisspair_web.tournaments.public.common import Visitor, context, page, visible_section
from swisspair_web.tournaments.public.files import pdf_tables
from swisspair_web.tournaments.reads.lists import ORDERS, StartList, by_name, start_list
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Player, Round, Section


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
        visitor, sec.event, sec, listing=start_list(sec, order), order=order, orders=ORDERS))


def start_list_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    order = _order(visitor)
    return page(visitor, "tournaments/print_start_list.html", {
        "event": sec.event, "section": sec, "listing": start_list(sec, order), "order_label": ORDERS[order]})


def by_name_page(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    rnd = _round(visitor, sec, number)
    return page(visitor, "tournaments/by_name.html", context(visitor, sec.event, sec, rnd=rnd, lines=by_name(rnd)))


def by_name_print(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    sec = _visible(slug, section, visitor)
    rnd = _round(visitor, sec, number)
    return page(visitor, "tournaments/print_by_name.html", {"event": sec.event, "section": sec, "rnd": rnd,
                                                               "lines": by_name(rnd)})


def _player_json(p: Player) -> dict[str, Any]:
    return {"tpn": p.tpn, "name": p.name, "title": p.title, "rating": p.rating, "federation": p.federation,
            "fide_id": p.fide_id, "club": p.club, "withdrawn_from": p.withdrawn_from}


def start_list_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The start list in ``?order=`` as CSV, JSON or PDF (the counts per federation and title with it)."""
    sec = _visible(slug, section, visitor)
    order = _order(visitor)
    listing = start_list(sec, order)
    if fmt == "json":
        return JsonResponse({"section": sec.slug, "order": order, "players": [_player_json(p) for p in listing.players],
                             "titles": listing.titles, "federations": [
                                 {"federation": c.federation or None, "players": c.players,
                                  "titles": dict(zip(listing.titles, c.titles, strict=True))}
                                 for c in listing.federations]})
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["tpn", "title", "name", "fide_id", "federation", "rating", "club"])
        for p in listing.players:
            writer.writerow([files.csv_safe(v) for v in (p.tpn, p.title, p.name, p.fide_id, p.federation,
                                                            p.rating or "", p.club)])
        return files.file_response(buffer.getvalue(), sec, f"-start-list-{order}.csv")
    if fmt == "pdf":
        return files.file_response(start_list_pdf(sec, listing), sec, f"-start-list-{order}.pdf")
    raise Http404("unknown format")


def start_list_pdf(sec: Section, listing: StartList) -> bytes:
    """The start list as a PDF table; in federation order, the counts per federation and title follow."""
    header = [_("No."), _("Title"), _("Name"), _("FIDE ID"), _("Fed"), _("Rating"), _("Club")]
    rows = [[str(p.tpn), p.title, p.name, p.fide_id, p.federation, str(p.rating or ""), p.club]
            for p in listing.players]
    title = files.heading(sec, f"{_('Start list')} ({ORDERS[listing.order]})")
    tables: list[tuple[list[str], list[list[str]], tuple[int, ...]]] = [(header, rows, (2, 6))]
    if listing.order == "federation":
        header = [_("Fed"), _("Players"), *listing.titles]
        counts = [[c.federation or _("Total"), str(c.players), *(str(n) if n else "" for n in c.titles)]
                  for c in listing.federations]
        tables.append((header, counts, ()))
    return pdf_tables(title, tables)


def by_name_export(visitor: Visitor, slug: str, section: str, number: int, fmt: str) -> HttpResponse:
    """A round's pairings by name as CSV, JSON or PDF."""
    sec = _visible(slug, section, visitor)
    rnd = _round(visitor, sec, number)
    lines = by_name(rnd)
    if fmt == "json":
        return JsonResponse({"round": rnd.number, "published": rnd.published, "players": [
            {"tpn": line.player.tpn, "name": line.player.name, "points": line.points, "board": line.board,
             "colour": line.colour or None, "opponent": line.opponent.tpn if line.opponent else None,
             "opponent_name": line.opponent.name if line.opponent else None,
             "opponent_points": line.opponent_points or None, "result": line.result or None,
             "bye": line.bye or None} for line in lines]})
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["name", "tpn", "points", "board", "colour", "opponent", "opponent_tpn", "opponent_points",
                         "result", "bye"])
        for line in lines:
            writer.writerow([files.csv_safe(v) for v in (
                line.player.name, line.player.tpn, line.points, line.board or "", line.colour,
                line.opponent.name if line.opponent else "", line.opponent.tpn if line.opponent else "",
                line.opponent_points, line.result, line.bye)])
        return files.file_response(buffer.getvalue(), sec, f"-round-{number}-by-name.csv")
    if fmt == "pdf":
        header = [_("Name"), _("No."), _("Pts"), _("Bd"), _("Colour"), _("Opponent"), _("No."), _("Pts"),
                  _("Result")]
        rows = [[line.player.name, str(line.player.tpn), line.points, str(line.board or ""),
                 _("white") if line.colour == "w" else _("black") if line.colour == "b" else "",
                 line.opponent.name if line.opponent else f"{line.bye_label}: {line.awarded}",
                 str(line.opponent.tpn) if line.opponent else "", line.opponent_points, line.result]
                for line in lines]
        title = files.heading(sec, _("Round %(n)s") % {"n": number} + " – " + _("pairings by name"))
        return files.file_response(pdf_tables(title, [(header, rows, (0, 5))]), sec, f"-round-{number}-by-name.pdf")
    raise Http404("unknown format")
