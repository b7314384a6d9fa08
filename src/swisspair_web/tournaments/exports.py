"""Files for arbiters and organisers: TRF, CSV, printable HTML and PDF."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _

from swisspair import trf
from swisspair_web.tournaments import dates, late_corrections, standings, teams
from swisspair_web.tournaments.auth import is_arbiter, require, require_visible
from swisspair_web.tournaments.convert import SectionData, team_line, to_tournament
from swisspair_web.tournaments.models import RESULTS, Bye, Round, Section, Team


def _section(slug: str, section: str) -> Section:
    return get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section)


def trf_text(sec: Section) -> str:
    """The TRF of a section: every round with results, points and ranks filled in.

    A team section also has a ``310`` record per team (TRF26: roster in board order, match points,
    game points, rank), a ``330`` record per match forfeited as a whole, ``352``, ``362`` and its ``192``
    code.
    """
    data = SectionData.load(sec)
    table = standings.table(data)
    conv = to_tournament(data, upto=table.after_round)
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
        tournament.extra_lines = [line for line in tournament.extra_lines if line[:3] not in ("310", "330")]
        for team in data.teams:
            rank, row = team_rows[team.number]
            tournament.extra_lines.append(team_line(team.number, team.name, [p.tpn for p in data.members(team)],
                                                    row.match_points, row.game_points, rank))
        tournament.extra_lines.extend(teams.forfeit_records(sec, table.after_round))
    for late in late_corrections.find(sec):
        late.later = [number for number in late.later if number <= table.after_round]  # the rounds exported
        if late.later:
            notes.append(late.trf_note())
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
        team_table = teams.team_table(data)
        writer.writerow(["rank", "team", "name", "match_points", "game_points", *team_table.codes])
        for team_row in team_table.rows:
            writer.writerow([_csv_safe(v) for v in (team_row.rank, team_row.team.number, team_row.team.name,
                                                    team_row.match_points_text, team_row.game_points_text,
                                                    *team_row.tiebreaks)])
    elif what == "standings":
        table = standings.table(data)
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
        writer.writerow(["board", "white_tpn", "white", "result", "black", "black_tpn"])
        for b in rnd.boards.select_related("white", "black"):
            writer.writerow([_csv_safe(v) for v in (b.number, b.white.tpn, b.white.name, RESULTS.get(b.result, ""),
                                                    b.black.name, b.black.tpn)])
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(sec, f"-{what}.csv")}"'
    return response


def _round_context(request: HttpRequest, sec: Section, number: int) -> dict[str, object]:
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published:
        require(request, sec.event)
    return {"event": sec.event, "section": sec, "rnd": rnd, "boards": list(rnd.boards.select_related("white", "black")),
            "byes": list(Bye.objects.filter(section=sec, round_number=number).select_related("player"))}


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


def print_view(request: HttpRequest, slug: str, section: str, what: str) -> HttpResponse:
    """Printable HTML: ``pairings-N``, ``sheets-N`` (result slips) or ``standings`` (a team section's
    ``standings`` are the team standings, C.07 (2026) arts. 11-13; ``standings-individual`` its players')."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    kind, _sep, number = what.partition("-")
    if kind == "standings" and sec.is_team and not number:
        team_table = teams.team_table(SectionData.load(sec))
        labels, rows = team_print_rows(team_table)
        return render(request, "tournaments/print_team_standings.html", {
            "event": sec.event, "section": sec, "table": team_table, "score_labels": labels, "rows": rows})
    if kind == "standings":
        table = standings.table(SectionData.load(sec))
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


def _pdf(title: str, header: list[str], rows: list[list[str]], widths: list[float]) -> bytes:
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = _font()
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm,
                            bottomMargin=15 * mm, title=title)
    style = getSampleStyleSheet()["Title"]
    style.fontName = font
    if font == "Helvetica":
        def safe(text: str) -> str:
            return text.encode("latin-1", "replace").decode("latin-1")
        rows = [[safe(c) for c in row] for row in rows]
        title = safe(title)
    from xml.sax.saxutils import escape

    table = Table([header, *rows], colWidths=[w * mm for w in widths], repeatRows=1)
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), font, 9),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))
    doc.build([Paragraph(escape(title), style), Spacer(1, 4 * mm), table])
    return buffer.getvalue()


def export_pdf(request: HttpRequest, slug: str, section: str, what: str) -> HttpResponse:
    """PDF of ``pairings-N``, ``sheets-N`` or ``standings`` (team standings in a team section, as printed
    by :func:`print_view`)."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    kind, _sep, number = what.partition("-")
    title = f"{sec.event.name} - {sec.name}"
    if kind == "standings" and sec.is_team and not number:
        team_table = teams.team_table(SectionData.load(sec))
        labels, team_rows = team_print_rows(team_table)
        header = ["#", "No", "Team", *labels, *team_table.codes]
        rows = [[r.rank, str(r.team.number), r.team.name, *r.scores, *r.tiebreaks] for r in team_rows]
        extra = len(team_table.codes)
        widths = [10, 10, 60, 12, 12] + [max(10, 76 / max(extra, 1))] * extra
        pdf = _pdf(f"{title}: team standings after round {team_table.after_round}", header, rows, widths)
    elif kind == "standings":
        table = standings.table(SectionData.load(sec))
        header = ["#", "No", "Name", "Rtg", "Fed", "Pts", *table.codes]
        rows = [[str(r.rank), str(r.player.tpn), r.player.name, str(r.player.rating or ""), r.player.federation,
                 r.points_text, *r.tiebreaks] for r in table.rows]
        extra = max(0, len(table.codes))
        widths = [10, 10, 60, 14, 12, 12] + [max(10, 60 / max(extra, 1))] * extra
        pdf = _pdf(f"{title}: standings after round {table.after_round}", header, rows, widths)
    elif kind in ("pairings", "sheets") and number.isdigit():
        ctx = _round_context(request, sec, int(number))
        boards = ctx["boards"]
        assert isinstance(boards, list)
        if kind == "pairings":
            header = ["Bd", "No", "White", "Result", "Black", "No"]
            rows = [[str(b.number), str(b.white.tpn), b.white.name, RESULTS.get(b.result, ""), b.black.name,
                     str(b.black.tpn)] for b in boards]
            widths = [10, 10, 65, 20, 65, 10]
        else:
            header = ["Bd", "White", "Black", "1-0", "½-½", "0-1", "Signatures"]
            rows = [[str(b.number), b.white.name, b.black.name, "", "", "", ""] for b in boards]
            widths = [10, 48, 48, 10, 10, 10, 44]
        pdf = _pdf(f"{title}: round {number}", header, rows, widths)
    else:
        return HttpResponse("not found", status=404, content_type="text/plain")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{_filename(sec, f"-{what}.pdf")}"'
    return response
