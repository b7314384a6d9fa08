"""The lists of a round-robin section (:mod:`..reads.roundrobin`): the schedule of all rounds and the crosstable
grid as pages, printable HTML, PDF, CSV and JSON, and the norm certificate of a norm achieved as a PDF the chief arbiter signs
(FIDE B.01 1.8)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import Http404, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from swisspair.norm_certificate import NormCertificate
from swisspair_web.tournaments.public import files
from swisspair_web.tournaments.public.common import Visitor, context, page, shown_round, visible_section
from swisspair_web.tournaments.public.files import pdf_tables
from swisspair_web.tournaments.reads import norms, roundrobin
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import Section

Table = tuple[list[str], list[list[str]], tuple[int, ...]]


def _section(visitor: Visitor, slug: str, section: str) -> Section:
    sec = visible_section(visitor, slug, section)
    if not sec.is_round_robin:
        raise Http404("not a round-robin")
    return sec


def _schedule(visitor: Visitor, sec: Section) -> roundrobin.ScheduleList:
    return roundrobin.schedule_list(SectionData.load(sec), public=not is_arbiter(visitor, sec.event))


def _name(side: Any) -> str:
    return f"{side.tpn if hasattr(side, 'tpn') else side.number}. {side.name}"


def schedule_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return page(visitor, "tournaments/schedule.html", context(visitor, sec.event, sec, listing=_schedule(visitor, sec)))


def schedule_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return page(visitor, "tournaments/print_schedule.html", {"event": sec.event, "section": sec,
                                                             "listing": _schedule(visitor, sec)})


def schedule_rows(listing: roundrobin.ScheduleList) -> list[list[str]]:
    """Round, board, White, Black, result: one row per game; a rest as a row without Black."""
    rows = []
    for rnd in listing.rounds:
        rows += [[str(rnd.number), str(g.board), _name(g.white), _name(g.black), g.result] for g in rnd.games]
        if rnd.rest is not None:
            rows.append([str(rnd.number), "", _name(rnd.rest), _("rests"), ""])
    return rows


def schedule_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The schedule of all rounds (as the visitor may see it) as PDF, CSV or JSON."""
    sec = _section(visitor, slug, section)
    listing = _schedule(visitor, sec)
    header = [_("Round"), _("Bd"), _("White"), _("Black"), _("Result")]
    if fmt == "json":
        return JsonResponse({"section": sec.slug, "participants": listing.participants, "cycles": listing.cycles,
                             "published": listing.published, "rounds": [
                                 {"round": r.number, "cycle": r.cycle, "table_round": r.table_round,
                                  "published": r.published, "rest": _name(r.rest) if r.rest else None,
                                  "games": [{"board": g.board, "white": _name(g.white), "black": _name(g.black),
                                             "result": g.result or None} for g in r.games]}
                                 for r in listing.rounds]})
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        writer.writerow(["round", "board", "white", "black", "result"])
        writer.writerows([[files.csv_safe(v) for v in row] for row in schedule_rows(listing)])
        return files.file_response(buffer.getvalue(), sec, "-schedule.csv")
    if fmt == "pdf":
        title = files.heading(sec, _("Schedule of all rounds (Berger tables, FIDE C.05 Annex 1)"))
        return files.file_response(pdf_tables(title, [(header, schedule_rows(listing), (2, 3))]), sec,
                                   "-schedule.pdf")
    raise Http404("unknown format")


def _grid(visitor: Visitor, sec: Section) -> roundrobin.GridList:
    data = SectionData.load(sec)
    return roundrobin.grid_list(data, shown_round(visitor, data))


def grid_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return page(visitor, "tournaments/grid.html", context(visitor, sec.event, sec, grid=_grid(visitor, sec)))


def grid_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = _section(visitor, slug, section)
    return page(visitor, "tournaments/print_grid.html", {"event": sec.event, "section": sec,
                                                         "grid": _grid(visitor, sec)})


def grid_table(grid: roundrobin.GridList) -> Table:
    """The grid as one table: number, name, a column per player (his results against him, cycle by cycle),
    points, place and tie-breaks."""
    header = [_("No."), _("Name"), *(str(row.player.tpn) for row in grid.rows), _("Pts"), _("Rank"), *grid.codes]
    rows = [[str(row.player.tpn), row.player.name,
             *("×" if cell is None else " ".join(result or "·" for result in cell) for cell in row.cells),
             row.points, row.rank or "–", *row.tiebreaks] for row in grid.rows]
    return header, rows, (1,)


def grid_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The crosstable grid as PDF, CSV or JSON; the notes (a player who left, C.05 art. 6.6) with it."""
    sec = _section(visitor, slug, section)
    grid = _grid(visitor, sec)
    header, rows, wrap = grid_table(grid)
    if fmt == "json":
        return JsonResponse({"after_round": grid.after_round, "cycles": grid.cycles, "tiebreaks": grid.codes,
                             "notes": grid.notes, "rows": [
                                 {"tpn": r.player.tpn, "name": r.player.name, "rank": r.rank or None,
                                  "points": r.points, "counted": r.counted, "tiebreaks": r.tiebreaks,
                                  "results": [None if c is None else list(c) for c in r.cells]} for r in grid.rows]})
    if fmt == "csv":
        buffer = io.StringIO()
        csv.writer(buffer).writerows([header, *[[files.csv_safe(v) for v in row] for row in rows]])
        return files.file_response(buffer.getvalue(), sec, "-grid.csv")
    if fmt == "pdf":
        title = files.heading(sec, _("Crosstable after round %(n)s") % {"n": grid.after_round})
        tables: list[Table] = [(header, rows, wrap)]
        if grid.notes:
            tables.append(([_("Notes")], [[note] for note in grid.notes], (0,)))
        return files.file_response(pdf_tables(title, tables), sec, "-grid.pdf")
    raise Http404("unknown format")


def norm_certificate_pdf(visitor: Visitor, slug: str, section: str, tpn: int, title: str) -> HttpResponse:
    """The norm certificate of player ``tpn``'s ``title`` norm (B.01 1.8): the event, the player, every
    round with the opponent's title, rating and federation, the figures and the requirements met, and the
    lines the chief arbiter signs. 404 when that norm is not achieved."""
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    found = norms.certificate(data, shown_round(visitor, data), tpn, title)
    if found is None:
        raise Http404("no such norm")
    heading = files.heading(sec, _("Title norm certificate: %(title)s, %(name)s")
                            % {"title": found.title.value, "name": found.player.name})
    return files.file_response(pdf_tables(heading, certificate_tables(found)), sec,
                               f"-norm-{found.title.value}-{found.player.tpn}.pdf")


def certificate_tables(cert: NormCertificate) -> list[Table]:
    """The certificate as the form's blocks: event, player, games, requirements, remarks, signatures."""
    event, player = cert.event, cert.player
    about = [[_("Event"), event.name], [_("Place"), event.site], [_("Host federation"), event.federation],
             [_("Dates"), f"{event.start} – {event.end}"], [_("Type"), event.kind],
             [_("Rounds"), str(event.rounds)], [_("Players"), str(event.players)],
             [_("Federations"), str(event.federations)], [_("Rate of play"), event.rate_of_play],
             [_("Chief arbiter"), event.chief_arbiter], [_("Deputy arbiters"), ", ".join(event.deputy_arbiters)],
             [_("Player"), f"{player.title} {player.name}".strip()], [_("FIDE ID"), player.fide_id],
             [_("Federation"), player.federation], [_("Rating"), str(player.rating or "")],
             [_("Birth date"), player.birth_date]]
    games = [[str(g.round), g.date, g.name, g.title, g.federation, g.fide_id, str(g.rating or ""),
              "" if g.rating_counted is None else str(g.rating_counted), g.colour.value,
              g.result.symbol if g.opponent is not None else g.result.value,
              _("yes") if g.counted else g.why_not] for g in cert.games]
    figures = [[_("Games counted"), str(cert.games_played)], [_("Score"), fmt(cert.score)],
               ["Ra", str(cert.average)], ["Rp", str(cert.performance)], [_("Counts as"), str(cert.counts_as)]]
    sign = [[_("Chief arbiter (name, signature)"), ""], [_("Date"), ""], [_("Organiser (stamp)"), ""]]
    return [([_("Norm"), cert.title.value], about, (1,)),
            ([_("Rd"), _("Date"), _("Opponent"), _("Title"), _("Fed"), _("FIDE ID"), _("Rating"), _("Counted as"),
              _("Colour"), _("Result"), _("Counted")], games, (2,)),
            ([_("Figure"), _("Value")], figures, ()),
            ([_("Article"), _("Requirement met")], [list(r) for r in cert.requirements], (1,)),
            *([([_("Remarks")], [[remark] for remark in cert.remarks], (0,))] if cert.remarks else []),
            ([_("Signed"), ""], sign, ())]
