"""Files for arbiters and organisers: TRF, CSV, printable HTML and PDF."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from swisspair import trf
from swisspair.team_matches import state_pab_value
from swisspair_web.tournaments import dates, pairing_lists, replay_notes, standings, teams
from swisspair_web.tournaments.auth import is_arbiter, require, require_visible
from swisspair_web.tournaments.convert import SectionData, team_entries, to_tournament
from swisspair_web.tournaments.models import RESULTS, Round, Section, Team, result_label


def _section(slug: str, section: str) -> Section:
    return get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section)


def trf_text(sec: Section) -> str:
    """The TRF of a section: every round with results, points and ranks filled in.

    Taken mid-round, the round being played is in it too, its games with their opponents and colours and
    no result yet, and the byes and absences already recorded for the next round. A ``###`` note names each
    round a pairing checker will not reproduce, and why (:mod:`.replay_notes`).

    A team section (complete rounds only) also has a ``310`` record per team (TRF26: roster in board
    order, match points, game points, rank), a ``320`` record with the team byes and their value (a drawn
    match, C.04.6 1.4), a ``330`` record per match forfeited as a whole, ``352``, ``362`` and its ``192``
    code.
    """
    data = SectionData.load(sec)
    table = standings.table(data)
    upto = table.after_round if sec.is_team else data.paired_rounds
    conv = to_tournament(data, upto=table.after_round) if sec.is_team else \
        to_tournament(data, pending="scheduled", next_round=True)
    tournament = conv.tournament
    ranks = {row.player.tpn: index for index, row in enumerate(table.rows, start=1)}
    notes = []
    for player in tournament:
        player.points = tournament.score(player.tpn)
        player.rank = ranks.get(player.tpn)
        stored = conv.by_tpn[player.tpn]
        player.birth_date = dates.for_trf(stored.birth_date)
        if stored.rating_estimate:
            notes.append(estimate_note(player.tpn, player.rating, stored.rating_estimate))
            player.rating = 0
    if sec.is_team:
        team_rows = {row.team.number: (index, row) for index, row in
                     enumerate(teams.team_table(data, table.after_round).rows, start=1)}
        tournament.teams = team_entries(data, {number: (row.match_points, row.game_points, rank)
                                               for number, (rank, row) in team_rows.items()})
        tournament.team_forfeits = tuple(teams.forfeit_records(sec, table.after_round))
        state_pab_value(tournament)  # the team byes' value (C.04.6 1.4), not TRF's default for U
    notes.extend(replay_notes.notes(sec, upto))
    tournament.extra_lines.extend(notes)
    return trf.dumps(tournament)


def estimate_note(tpn: int, rating: int, estimate: str) -> str:
    """The ``###`` comment that replaces an estimated rating in the TRF's FIDE rating column (cols 49-52)."""
    return (f"### player {tpn}: rating {rating} estimated from {estimate} (FIDE Swiss rules 1992, A.1), "
            "used for pairing; not a FIDE rating, so not in the rating column")


def _filename(sec: Section, suffix: str) -> str:
    return f"{slugify(sec.event.slug)}-{slugify(sec.slug)}{suffix}"


@login_required
def export_trf(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    response = HttpResponse(trf_text(sec), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(sec, ".trf")}"'
    return response


def _csv_safe(value: object) -> str:
    """Neutralise spreadsheet formulas in exported cells (CSV injection)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _is_number(text) else text


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def export_csv(request: HttpRequest, slug: str, section: str, what: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    data = SectionData.load(sec)
    if what == "standings" and sec.is_team:
        team_table = teams.team_table(data, standings.shown_round(request, data))
        writer.writerow(["rank", "team", "name", "match_points", "game_points", *team_table.codes])
        for team_row in team_table.rows:
            writer.writerow([_csv_safe(v) for v in (team_row.rank, team_row.team.number, team_row.team.name,
                                                    team_row.match_points_text, team_row.game_points_text,
                                                    *team_row.tiebreaks)])
    elif what == "standings":
        table = standings.table(data, standings.shown_round(request, data))
        writer.writerow(["rank", "tpn", "name", "title", "rating", "federation", "points", *table.codes])
        for row in table.rows:
            p = row.player
            writer.writerow([_csv_safe(v) for v in (row.rank, p.tpn, p.name, p.title, p.rating, p.federation,
                                                    row.points_text, *row.tiebreaks)])
    elif what == "players":
        writer.writerow(["tpn", "name", "title", "rating", "federation", "fide_id", "sex", "club"]
                        + (["birth_date"] if is_arbiter(request, sec.event) else []))
        for p in data.players:
            writer.writerow([_csv_safe(v) for v in (p.tpn, p.name, p.title, p.rating, p.federation, p.fide_id, p.sex,
                                                    p.club)]
                            + ([p.birth_date] if is_arbiter(request, sec.event) else []))
    else:
        rnd = get_object_or_404(Round, section=sec, number=int(what)) if what.isdigit() else None
        if rnd is None or (not rnd.published and not is_arbiter(request, sec.event)):
            return HttpResponse("not found", status=404, content_type="text/plain")
        _write_pairing_list(writer, pairing_lists.pairing_list(rnd))
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(sec, f"-{what}.csv")}"'
    return response


def _write_pairing_list(writer: Any, listing: pairing_lists.PairingList) -> None:
    """A round's pairing list: a line per board with the scores before the round, then a line per bye
    (the bye's kind, ``U`` ``H`` ``F`` ``Z``, in the last column, what it scores as the result)."""
    writer.writerow(["board", "white_tpn", "white", "white_points", "result", "black_points", "black", "black_tpn",
                     "bye"])
    for line in listing.boards:
        b = line.board
        writer.writerow([_csv_safe(v) for v in (b.number, b.white.tpn, b.white.name, line.white_points,
                                                RESULTS.get(b.result, ""), line.black_points, b.black.name,
                                                b.black.tpn, "")])
    for bye in listing.byes:
        player = bye.bye.player
        writer.writerow([_csv_safe(v) for v in ("", player.tpn, player.name, bye.points, bye.awarded, "", "", "",
                                                bye.bye.kind)])


def _round_context(request: HttpRequest, sec: Section, number: int) -> dict[str, object]:
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published:
        require(request, sec.event)
    listing = pairing_lists.pairing_list(rnd)
    return {"event": sec.event, "section": sec, "rnd": rnd, "lines": listing.boards,
            "boards": [line.board for line in listing.boards], "byes": listing.byes}


@dataclass
class TeamPrintRow:
    """A line of the printed team standings: the primary score first (C.04.6 1.2)."""

    rank: str
    team: Team
    scores: list[str]
    tiebreaks: list[str]


def team_print_rows(table: teams.TeamTable) -> tuple[list[str], list[TeamPrintRow]]:
    """The score column labels and the rows of team standings, the primary score first (C.04.6 1.2)."""
    gp_first = table.primary == "GP"
    labels = [_("GP"), _("MP")] if gp_first else [_("MP"), _("GP")]
    rows = [TeamPrintRow(r.rank, r.team, [r.game_points_text, r.match_points_text] if gp_first
                         else [r.match_points_text, r.game_points_text], r.tiebreaks) for r in table.rows]
    return labels, rows


def _shown_table(request: HttpRequest, sec: Section) -> standings.Table:
    """The standings the requester may see (see :func:`.standings.shown_round`)."""
    data = SectionData.load(sec)
    return standings.table(data, standings.shown_round(request, data))


def _shown_team_table(request: HttpRequest, sec: Section) -> teams.TeamTable:
    """The team standings the requester may see (see :func:`.standings.shown_round`)."""
    data = SectionData.load(sec)
    return teams.team_table(data, standings.shown_round(request, data))


def print_view(request: HttpRequest, slug: str, section: str, what: str) -> HttpResponse:
    """Printable HTML: ``pairings-N``, ``sheets-N`` (result slips) or ``standings`` (a team section's
    ``standings`` are the team standings, C.07 (2026) arts. 11-13; ``standings-individual`` its players')."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    kind, _sep, number = what.partition("-")
    if kind == "standings" and sec.is_team and not number:
        team_table = _shown_team_table(request, sec)
        labels, rows = team_print_rows(team_table)
        return render(request, "tournaments/print_team_standings.html", {
            "event": sec.event, "section": sec, "table": team_table, "score_labels": labels, "rows": rows})
    if kind == "standings":
        table = _shown_table(request, sec)
        return render(request, "tournaments/print_standings.html", {"event": sec.event, "section": sec,
                                                                     "table": table})
    if kind in ("pairings", "sheets") and number.isdigit():
        ctx = _round_context(request, sec, int(number))
        return render(request, f"tournaments/print_{kind}.html", ctx)
    return HttpResponse("not found", status=404, content_type="text/plain")


# -- PDF (reportlab) ----------------------------------------------------------------------------------

_FONT_CANDIDATES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                    "/usr/share/fonts/truetype/freefont/FreeSans.ttf")


def _font() -> str:
    """A font that has Cyrillic when the system has one; Helvetica otherwise."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if "SPSans" in pdfmetrics.getRegisteredFontNames():
        return "SPSans"
    for candidate in _FONT_CANDIDATES:
        if Path(candidate).exists():
            pdfmetrics.registerFont(TTFont("SPSans", candidate))
            return "SPSans"
    return "Helvetica"


FONT_SIZES = (9, 8, 7, 6)
"""Font sizes tried, largest first, until the table fits the page."""
_NUMBER = re.compile(r"[0-9.½-]+")
"""A cell of a numeric column (right-aligned): places ``4-5``, points, ratings, tie-break values."""
_PAD = 3.0
"""Space left and right of a cell's text, in points."""


def _pdf(title: str, header: list[str], rows: list[list[str]], wrap: tuple[int, ...] = (),
         at_least: dict[int, float] | None = None) -> bytes:
    """A titled table on A4, each column as wide as its widest entry (``at_least`` millimetres).

    Portrait when the table fits across it, landscape otherwise; when it does not fit landscape either,
    the font gets smaller (down to 6 pt) and the ``wrap`` columns (names) share what is left, wrapping.
    """
    from xml.sax.saxutils import escape

    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = _font()
    if font == "Helvetica":
        def safe(text: str) -> str:
            return text.encode("latin-1", "replace").decode("latin-1")
        header, rows, title = [safe(c) for c in header], [[safe(c) for c in row] for row in rows], safe(title)
    margin = 12 * mm
    minimum = {column: width * mm for column, width in (at_least or {}).items()}
    for size in FONT_SIZES:
        pagesize, widths = _layout([header, *rows], font, size, wrap, margin, minimum,
                                   squeeze=size == FONT_SIZES[-1])
        if widths:
            break
    cell_style = ParagraphStyle("cell", fontName=font, fontSize=size, leading=size * 1.2)
    body = [[Paragraph(escape(text), cell_style) if index in wrap else text for index, text in enumerate(row)]
            for row in rows]
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=title)
    style = getSampleStyleSheet()["Title"]
    style.fontName = font
    numeric = [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in range(len(header))
               if all(_NUMBER.fullmatch(row[i]) for row in rows if row[i]) and any(row[i] for row in rows)]
    table = Table([header, *body], colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        *numeric,
        ("FONT", (0, 0), (-1, -1), font, size),
        ("LEFTPADDING", (0, 0), (-1, -1), _PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), _PAD),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))
    doc.build([Paragraph(escape(title), style), Spacer(1, 4 * mm), table])
    return buffer.getvalue()


def _layout(table: list[list[str]], font: str, size: float, wrap: tuple[int, ...], margin: float,
            minimum: dict[int, float], squeeze: bool) -> tuple[tuple[float, float], list[float]]:
    """Page size and column widths (points) for ``table`` at font ``size``; no widths when it does not fit.

    The ``wrap`` columns may be narrower than their text (it wraps), down to ``6 * size``; with ``squeeze``
    (the last font size) as narrow as it takes.
    """
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.pdfbase.pdfmetrics import stringWidth

    natural = [max(max(stringWidth(row[i], font, size) for row in table) + 2 * _PAD + 1, minimum.get(i, 0))
               for i in range(len(table[0]))]
    for pagesize in (A4, landscape(A4)):
        if sum(natural) <= pagesize[0] - 2 * margin:
            return pagesize, natural
    pagesize = landscape(A4)
    room = pagesize[0] - 2 * margin - sum(w for i, w in enumerate(natural) if i not in wrap)
    if not wrap or (room < 6 * size * len(wrap) and not squeeze):
        return pagesize, natural if squeeze else []
    share = max(room, 2 * size * len(wrap)) / len(wrap)
    return pagesize, [min(w, share) if i in wrap else w for i, w in enumerate(natural)]


def _heading(sec: Section, what: str) -> str:
    return f"{sec.event.name} – {sec.name}: {what}"


def export_pdf(request: HttpRequest, slug: str, section: str, what: str) -> HttpResponse:
    """PDF of ``pairings-N``, ``sheets-N`` or ``standings`` (team standings in a team section, as printed
    by :func:`print_view`), in the interface language."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    kind, _sep, number = what.partition("-")
    if kind == "standings" and sec.is_team and not number:
        team_table = _shown_team_table(request, sec)
        labels, team_rows = team_print_rows(team_table)
        header = ["#", _("No."), _("Team"), *labels, *team_table.codes]
        rows = [[r.rank, str(r.team.number), r.team.name, *r.scores, *r.tiebreaks] for r in team_rows]
        after = _("after round %(n)s") % {"n": team_table.after_round}
        pdf = _pdf(_heading(sec, f"{_('Standings')} {after}"), header, rows, wrap=(2,))
    elif kind == "standings":
        table = _shown_table(request, sec)
        header = ["#", _("No."), _("Name"), _("Rating"), _("Fed"), _("Pts"), *table.codes]
        rows = [[str(r.rank), str(r.player.tpn), r.player.name, str(r.player.rating or ""), r.player.federation,
                 r.points_text, *r.tiebreaks] for r in table.rows]
        after = _("after round %(n)s") % {"n": table.after_round}
        pdf = _pdf(_heading(sec, f"{_('Standings')} {after}"), header, rows, wrap=(2,))
    elif kind in ("pairings", "sheets") and number.isdigit():
        ctx = _round_context(request, sec, int(number))
        lines, byes = ctx["lines"], ctx["byes"]
        assert isinstance(lines, list) and isinstance(byes, list)
        if kind == "pairings":
            header = [_("Bd"), _("No."), _("White"), _("Pts"), _("Result"), _("Pts"), _("Black"), _("No.")]
            rows = [[str(line.board.number), str(line.board.white.tpn), line.board.white.name, line.white_points,
                     result_label(line.board.result), line.black_points, line.board.black.name,
                     str(line.board.black.tpn)] for line in lines]
            rows += [["", str(bye.bye.player.tpn), bye.bye.player.name, bye.points, bye.awarded, "",
                      str(bye.bye.get_kind_display()), ""] for bye in byes]
            pdf = _pdf(_heading(sec, _("Round %(n)s") % {"n": number}), header, rows, wrap=(2, 6))
        else:
            header = [_("Bd"), _("White"), _("Black"), "1-0", "½-½", "0-1", _("Signatures")]
            rows = [[str(line.board.number), line.board.white.name, line.board.black.name, "", "", "", ""]
                    for line in lines]
            pdf = _pdf(_heading(sec, _("Round %(n)s") % {"n": number}), header, rows, wrap=(1, 2),
                       at_least={3: 10, 4: 10, 5: 10, 6: 50})
    else:
        return HttpResponse("not found", status=404, content_type="text/plain")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{_filename(sec, f"-{what}.pdf")}"'
    return response


FILE_TYPES = {".csv": "text/csv; charset=utf-8", ".pdf": "application/pdf"}


def file_response(body: bytes | str, sec: Section, suffix: str) -> HttpResponse:
    """A CSV (downloaded) or PDF (shown) file of ``sec``, named ``EVENT-SECTION<suffix>``."""
    extension = suffix[suffix.rindex("."):]
    response = HttpResponse(body, content_type=FILE_TYPES[extension])
    disposition = "inline" if extension == ".pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{_filename(sec, suffix)}"'
    return response
