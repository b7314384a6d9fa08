"""The section's files anyone may see: the standings, the players and a round's pairings as CSV, printable
HTML and PDF (result slips too)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from swisspair_web.tournaments.public import files, listings
from swisspair_web.tournaments.public.common import Visitor, page, shown_round, visible_section
from swisspair_web.tournaments.public.files import csv_safe, filename, heading, pdf_table
from swisspair_web.tournaments.reads import rounds, standings, teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter, require
from swisspair_web.tournaments.rows import Round, Section, Team


def export_csv(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    data = SectionData.load(sec)
    if what == "standings" and sec.is_team:
        team_table = teams.team_table(data, shown_round(visitor, data))
        writer.writerow(["rank", "team", "name", "match_points", "game_points", *team_table.codes])
        for team_row in team_table.rows:
            writer.writerow([csv_safe(v) for v in (team_row.rank, team_row.team.number, team_row.team.name,
                                                    team_row.match_points_text, team_row.game_points_text,
                                                    *team_row.tiebreaks)])
    elif what == "standings":
        table = standings.table(data, shown_round(visitor, data))
        writer.writerow(["rank", "tpn", "name", "title", "rating", "federation", "points", *table.codes])
        for row in table.rows:
            p = row.player
            writer.writerow([csv_safe(v) for v in (row.rank, p.tpn, p.name, p.title, p.rating, p.federation,
                                                    row.points_text, *row.tiebreaks)])
    elif what == "players":
        writer.writerow(["tpn", "name", "title", "rating", "federation", "fide_id", "sex", "club"]
                        + (["birth_date"] if is_arbiter(visitor, sec.event) else []))
        for p in data.players:
            writer.writerow([csv_safe(v) for v in (p.tpn, p.name, p.title, p.rating, p.federation, p.fide_id, p.sex,
                                                    p.club)]
                            + ([p.birth_date] if is_arbiter(visitor, sec.event) else []))
    else:
        rnd = get_object_or_404(Round, section=sec, number=int(what)) if what.isdigit() else None
        if rnd is None or (not rnd.published and not is_arbiter(visitor, sec.event)):
            return HttpResponse("not found", status=404, content_type="text/plain")
        return listings.respond(visitor, sec, rounds.pairing_listing(rnd), "csv")
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(sec, f"-{what}.csv")}"'
    return response


def _round(visitor: Visitor, sec: Section, number: int) -> Round:
    """Round ``number``; an unpublished one for the event's arbiters only."""
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published:
        require(visitor, sec.event)
    return rnd


def _round_form(visitor: Visitor, sec: Section, kind: str, number: int, fmt: str) -> HttpResponse:
    """The pairing list (``pairings``) or the result sheets (``sheets``) of round ``number`` in ``fmt``."""
    rnd = _round(visitor, sec, number)
    if kind == "pairings":
        return listings.respond(visitor, sec, rounds.pairing_listing(rnd), fmt)
    slips = rounds.slips_listing(rnd)
    if fmt == "print":
        return page(visitor, "tournaments/print_sheets.html", {"event": sec.event, "section": sec, "rnd": rnd,
                                                                "listing": slips})
    header = [c.heading for c in slips.columns] + ["1-0", "½-½", "0-1", _("Signatures")]
    pdf = pdf_table(heading(sec, slips.title), header, [[*r.cells, "", "", "", ""] for r in slips.rows],
                    wrap=(1, 2), at_least={3: 10, 4: 10, 5: 10, 6: 50})
    return files.file_response(pdf, sec, f"-{slips.name}.pdf")


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


def _shown_table(visitor: Visitor, sec: Section) -> standings.Table:
    """The standings the requester may see (see :func:`.standings.shown_round`)."""
    data = SectionData.load(sec)
    return standings.table(data, shown_round(visitor, data))


def _shown_team_table(visitor: Visitor, sec: Section) -> teams.TeamTable:
    """The team standings the requester may see (see :func:`.standings.shown_round`)."""
    data = SectionData.load(sec)
    return teams.team_table(data, shown_round(visitor, data))


def print_view(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    """Printable HTML: ``pairings-N``, ``sheets-N`` (result slips) or ``standings`` (a team section's
    ``standings`` are the team standings, C.07 (2026) arts. 11-13; ``standings-individual`` its players')."""
    sec = visible_section(visitor, slug, section)
    kind, _sep, number = what.partition("-")
    if kind == "standings" and sec.is_team and not number:
        team_table = _shown_team_table(visitor, sec)
        labels, rows = team_print_rows(team_table)
        return page(visitor, "tournaments/print_team_standings.html", {
            "event": sec.event, "section": sec, "table": team_table, "score_labels": labels, "rows": rows})
    if kind == "standings":
        table = _shown_table(visitor, sec)
        return page(visitor, "tournaments/print_standings.html", {"event": sec.event, "section": sec,
                                                                     "table": table})
    if kind in ("pairings", "sheets") and number.isdigit():
        return _round_form(visitor, sec, kind, int(number), "print")
    return HttpResponse("not found", status=404, content_type="text/plain")


def export_pdf(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    """PDF of ``pairings-N``, ``sheets-N`` or ``standings`` (team standings in a team section, as printed
    by :func:`print_view`), in the interface language."""
    sec = visible_section(visitor, slug, section)
    kind, _sep, number = what.partition("-")
    if kind == "standings" and sec.is_team and not number:
        team_table = _shown_team_table(visitor, sec)
        labels, team_rows = team_print_rows(team_table)
        header = ["#", _("No."), _("Team"), *labels, *team_table.codes]
        rows = [[r.rank, str(r.team.number), r.team.name, *r.scores, *r.tiebreaks] for r in team_rows]
        after = _("after round %(n)s") % {"n": team_table.after_round}
        pdf = pdf_table(heading(sec, f"{_('Standings')} {after}"), header, rows, wrap=(2,))
    elif kind == "standings":
        table = _shown_table(visitor, sec)
        header = ["#", _("No."), _("Name"), _("Rating"), _("Fed"), _("Pts"), *table.codes]
        rows = [[str(r.rank), str(r.player.tpn), r.player.name, str(r.player.rating or ""), r.player.federation,
                 r.points_text, *r.tiebreaks] for r in table.rows]
        after = _("after round %(n)s") % {"n": table.after_round}
        pdf = pdf_table(heading(sec, f"{_('Standings')} {after}"), header, rows, wrap=(2,))
    elif kind in ("pairings", "sheets") and number.isdigit():
        return _round_form(visitor, sec, kind, int(number), "pdf")
    else:
        return HttpResponse("not found", status=404, content_type="text/plain")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename(sec, f"-{what}.pdf")}"'
    return response
