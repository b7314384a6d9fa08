"""Lists the hall needs: the start list (by pairing number, rating, name or federation, with the count of
players per federation and title) and a round's pairings by name (each player alphabetically, with
board, colour, opponent and score). Each as a page, printable HTML, PDF, CSV and JSON.

Both are public where the section is: the pairings by name of a round only once it is published (as
its pairing list, :mod:`.pairing_lists`, which they are built from).
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from swisspair.model import BoardResult
from swisspair_web.tournaments import exports, pairing_lists
from swisspair_web.tournaments.auth import is_arbiter, require_visible
from swisspair_web.tournaments.models import Player, Round, Section
from swisspair_web.tournaments.views import _ctx, _section

TITLES = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles, strongest first (the order of the initial ranking, C.04.2 art. 2)."""

ORDERS = {"tpn": gettext_lazy("by pairing number"), "rating": gettext_lazy("by rating"),
          "name": gettext_lazy("alphabetically"), "federation": gettext_lazy("by federation")}


def name_key(name: str) -> tuple[str, str]:
    """Alphabetical order as lists at international events have it: letters with diacritics beside their
    base letters (``Černá`` among the C's), case ignored; Cyrillic after Latin."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return plain.casefold(), name


def _by_strength(player: Player) -> tuple[int, int, tuple[str, str]]:
    """Rating, then title, then name (C.04.2 (2026) art. 2.2)."""
    return -player.rating, TITLES.index(player.title) if player.title in TITLES else len(TITLES), \
        name_key(player.name)


@dataclass
class FederationCount:
    """A federation's line of the counts: its players and their titles."""

    federation: str
    players: int
    titles: list[int]
    """Players with each title of :attr:`StartList.titles`, in that order."""


@dataclass
class StartList:
    order: str
    players: list[Player]
    titles: list[str]
    """The titles held in the section, strongest first (the columns of the counts)."""
    federations: list[FederationCount]
    """A line per federation (most players first), then the total (``federation`` empty)."""

    def groups(self) -> list[tuple[FederationCount, list[Player]]]:
        """The players of each federation, in list order (for the list by federation)."""
        return [(count, [p for p in self.players if p.federation == count.federation])
                for count in self.federations[:-1]]


def start_list(section: Section, order: str) -> StartList:
    """The section's players in ``order`` (a key of :data:`ORDERS`), with the counts per federation."""
    players = list(section.players.all())
    keys = {"tpn": lambda p: (p.tpn,), "rating": _by_strength, "name": lambda p: (name_key(p.name), p.tpn),
            "federation": lambda p: (not p.federation, p.federation, *_by_strength(p))}
    players.sort(key=keys[order])
    held = Counter(p.title for p in players if p.title in TITLES)
    titles = [t for t in TITLES if held[t]]
    feds = Counter(p.federation for p in players)
    lines = [FederationCount(fed, count, [sum(1 for p in players if p.federation == fed and p.title == t)
                                          for t in titles])
             for fed, count in sorted(feds.items(), key=lambda item: (not item[0], -item[1], item[0]))]
    lines.append(FederationCount("", len(players), [held[t] for t in titles]))
    return StartList(order, players, titles, lines)


# -- pairings by name ---------------------------------------------------------------------------------------

def own_results(code: str) -> tuple[str, str]:
    """A board's result (its code, empty while the game is on) as each player scored it, White's then Black's:
    the core's :attr:`~swisspair.model.Result.symbol` of each side."""
    if not code:
        return "", ""
    result = BoardResult.from_code(code)
    return result.white.symbol, result.black.symbol


@dataclass
class NameLine:
    """A player's line of the pairings by name."""

    player: Player
    points: str
    """The player's score before the round."""
    board: int | None = None
    white: bool = False
    opponent: Player | None = None
    opponent_points: str = ""
    result: str = ""
    """The player's own result once entered (``1``, ``½``, ``0``, ``+``, ``−``)."""
    bye: str = ""
    """The kind of bye (``U`` ``H`` ``F`` ``Z``) for a player without a game."""
    bye_label: str = ""
    awarded: str = ""

    @property
    def colour(self) -> str:
        return "" if self.board is None else ("w" if self.white else "b")


def by_name(rnd: Round) -> list[NameLine]:
    """Every player of the round's pairing list, alphabetically: both players of each board and the byes."""
    listing = pairing_lists.pairing_list(rnd)
    lines = []
    for line in listing.boards:
        b = line.board
        white, black = own_results(b.result)
        lines.append(NameLine(b.white, line.white_points, b.number, True, b.black, line.black_points, white))
        lines.append(NameLine(b.black, line.black_points, b.number, False, b.white, line.white_points, black))
    for bye in listing.byes:
        lines.append(NameLine(bye.bye.player, bye.points, bye=bye.bye.kind, bye_label=bye.bye.get_kind_display(),
                              awarded=bye.awarded))
    return sorted(lines, key=lambda line: (name_key(line.player.name), line.player.tpn))


def _round(request: HttpRequest, sec: Section, number: int) -> Round:
    """Round ``number``: 404 for the public while it is unpublished."""
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published and not is_arbiter(request, sec.event):
        raise Http404("round not published")
    return rnd


def _visible(slug: str, section: str, request: HttpRequest) -> Section:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    return sec


def _order(request: HttpRequest) -> str:
    order = request.GET.get("order", "tpn")
    return order if order in ORDERS else "tpn"


# -- pages --------------------------------------------------------------------------------------------------


def start_list_page(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _visible(slug, section, request)
    order = _order(request)
    return render(request, "tournaments/start_list.html", _ctx(
        request, sec.event, sec, listing=start_list(sec, order), order=order, orders=ORDERS))


def start_list_print(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _visible(slug, section, request)
    order = _order(request)
    return render(request, "tournaments/print_start_list.html", {
        "event": sec.event, "section": sec, "listing": start_list(sec, order), "order_label": ORDERS[order]})


def by_name_page(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _visible(slug, section, request)
    rnd = _round(request, sec, number)
    return render(request, "tournaments/by_name.html", _ctx(request, sec.event, sec, rnd=rnd, lines=by_name(rnd)))


def by_name_print(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _visible(slug, section, request)
    rnd = _round(request, sec, number)
    return render(request, "tournaments/print_by_name.html", {"event": sec.event, "section": sec, "rnd": rnd,
                                                               "lines": by_name(rnd)})


# -- files ----------------------------------------------------------------------------------------------------


def _player_json(p: Player) -> dict[str, Any]:
    return {"tpn": p.tpn, "name": p.name, "title": p.title, "rating": p.rating, "federation": p.federation,
            "fide_id": p.fide_id, "club": p.club, "withdrawn_from": p.withdrawn_from}


def start_list_export(request: HttpRequest, slug: str, section: str, fmt: str) -> HttpResponse:
    """The start list in ``?order=`` as CSV, JSON or PDF (the counts per federation and title with it)."""
    sec = _visible(slug, section, request)
    order = _order(request)
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
            writer.writerow([exports._csv_safe(v) for v in (p.tpn, p.title, p.name, p.fide_id, p.federation,
                                                            p.rating or "", p.club)])
        return exports.file_response(buffer.getvalue(), sec, f"-start-list-{order}.csv")
    if fmt == "pdf":
        return exports.file_response(start_list_pdf(sec, listing), sec, f"-start-list-{order}.pdf")
    raise Http404("unknown format")


def start_list_pdf(sec: Section, listing: StartList) -> bytes:
    """The start list as a PDF table; in federation order, the counts per federation and title follow."""
    header = [_("No."), _("Title"), _("Name"), _("FIDE ID"), _("Fed"), _("Rating"), _("Club")]
    rows = [[str(p.tpn), p.title, p.name, p.fide_id, p.federation, str(p.rating or ""), p.club]
            for p in listing.players]
    title = exports._heading(sec, f"{_('Start list')} ({ORDERS[listing.order]})")
    tables: list[tuple[list[str], list[list[str]], tuple[int, ...]]] = [(header, rows, (2, 6))]
    if listing.order == "federation":
        header = [_("Fed"), _("Players"), *listing.titles]
        counts = [[c.federation or _("Total"), str(c.players), *(str(n) if n else "" for n in c.titles)]
                  for c in listing.federations]
        tables.append((header, counts, ()))
    return pdf_tables(title, tables)


def by_name_export(request: HttpRequest, slug: str, section: str, number: int, fmt: str) -> HttpResponse:
    """A round's pairings by name as CSV, JSON or PDF."""
    sec = _visible(slug, section, request)
    rnd = _round(request, sec, number)
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
            writer.writerow([exports._csv_safe(v) for v in (
                line.player.name, line.player.tpn, line.points, line.board or "", line.colour,
                line.opponent.name if line.opponent else "", line.opponent.tpn if line.opponent else "",
                line.opponent_points, line.result, line.bye)])
        return exports.file_response(buffer.getvalue(), sec, f"-round-{number}-by-name.csv")
    if fmt == "pdf":
        header = [_("Name"), _("No."), _("Pts"), _("Bd"), _("Colour"), _("Opponent"), _("No."), _("Pts"),
                  _("Result")]
        rows = [[line.player.name, str(line.player.tpn), line.points, str(line.board or ""),
                 _("white") if line.colour == "w" else _("black") if line.colour == "b" else "",
                 line.opponent.name if line.opponent else f"{line.bye_label}: {line.awarded}",
                 str(line.opponent.tpn) if line.opponent else "", line.opponent_points, line.result]
                for line in lines]
        title = exports._heading(sec, _("Round %(n)s") % {"n": number} + " – " + _("pairings by name"))
        return exports.file_response(pdf_tables(title, [(header, rows, (0, 5))]), sec, f"-round-{number}-by-name.pdf")
    raise Http404("unknown format")


def pdf_tables(title: str, tables: list[tuple[list[str], list[list[str]], tuple[int, ...]]]) -> bytes:
    """A titled PDF of one or more tables (header, rows, columns that wrap), laid out as
    :func:`.exports._pdf` lays out its one table."""
    from xml.sax.saxutils import escape

    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = exports._font()
    margin = 12 * mm
    story: list[Any] = []
    style = getSampleStyleSheet()["Title"]
    style.fontName = font
    story += [Paragraph(escape(title), style), Spacer(1, 4 * mm)]
    pagesize: tuple[float, float] = (0.0, 0.0)
    for header, rows, wrap in tables:
        if font == "Helvetica":
            header = [c.encode("latin-1", "replace").decode("latin-1") for c in header]
            rows = [[c.encode("latin-1", "replace").decode("latin-1") for c in row] for row in rows]
        for size in exports.FONT_SIZES:
            size_page, widths = exports._layout([header, *rows], font, size, wrap, margin, {},
                                                squeeze=size == exports.FONT_SIZES[-1])
            if widths:
                break
        pagesize = max(pagesize, size_page)  # the widest page any table needs (landscape beats portrait)
        cell = ParagraphStyle("cell", fontName=font, fontSize=size, leading=size * 1.2)
        body = [[Paragraph(escape(text), cell) if index in wrap else text for index, text in enumerate(row)]
                for row in rows]
        table = Table([header, *body], colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), font, size),
            ("LEFTPADDING", (0, 0), (-1, -1), exports._PAD), ("RIGHTPADDING", (0, 0), (-1, -1), exports._PAD),
            ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey), ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
        story += [table, Spacer(1, 6 * mm)]
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=margin,
                      bottomMargin=margin, title=title).build(story)
    return buffer.getvalue()
