"""The section's files anyone may see: the standings, the players and a round's pairings as CSV, printable
HTML and PDF (result slips too)."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from swisspair_web.tournaments.public.common import Visitor, page, shown_round, visible_round, visible_section
from swisspair_web.tournaments.public.files import csv_safe, filename, heading, pdf_table
from swisspair_web.tournaments.reads import rounds, standings, teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import RESULTS, Section, Team, result_label


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
        if not what.isdigit():
            raise Http404("no such list")
        rnd = visible_round(visitor, sec, int(what))
        _write_pairing_list(writer, rounds.pairing_list(rnd))
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(sec, f"-{what}.csv")}"'
    return response


def _write_pairing_list(writer: Any, listing: rounds.PairingList) -> None:
    """A round's pairing list: a line per board with the scores before the round, then a line per bye
    (the bye's kind, ``U`` ``H`` ``F`` ``Z``, in the last column, what it scores as the result)."""
    writer.writerow(["board", "white_tpn", "white", "white_points", "result", "black_points", "black", "black_tpn",
                     "bye"])
    for line in listing.boards:
        b = line.board
        writer.writerow([csv_safe(v) for v in (b.number, b.white.tpn, b.white.name, line.white_points,
                                                RESULTS.get(b.result, ""), line.black_points, b.black.name,
                                                b.black.tpn, "")])
    for bye in listing.byes:
        player = bye.bye.player
        writer.writerow([csv_safe(v) for v in ("", player.tpn, player.name, bye.points, bye.awarded, "", "", "",
                                                bye.bye.kind)])


def _round_context(visitor: Visitor, sec: Section, number: int) -> dict[str, object]:
    rnd = visible_round(visitor, sec, number)
    listing = rounds.pairing_list(rnd)
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
        ctx = _round_context(visitor, sec, int(number))
        return page(visitor, f"tournaments/print_{kind}.html", ctx)
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
        ctx = _round_context(visitor, sec, int(number))
        lines, byes = ctx["lines"], ctx["byes"]
        assert isinstance(lines, list) and isinstance(byes, list)
        if kind == "pairings":
            header = [_("Bd"), _("No."), _("White"), _("Pts"), _("Result"), _("Pts"), _("Black"), _("No.")]
            rows = [[str(line.board.number), str(line.board.white.tpn), line.board.white.name, line.white_points,
                     result_label(line.board.result), line.black_points, line.board.black.name,
                     str(line.board.black.tpn)] for line in lines]
            rows += [["", str(bye.bye.player.tpn), bye.bye.player.name, bye.points, bye.awarded, "",
                      str(bye.bye.get_kind_display()), ""] for bye in byes]
            pdf = pdf_table(heading(sec, _("Round %(n)s") % {"n": number}), header, rows, wrap=(2, 6))
        else:
            header = [_("Bd"), _("White"), _("Black"), "1-0", "½-½", "0-1", _("Signatures")]
            rows = [[str(line.board.number), line.board.white.name, line.board.black.name, "", "", "", ""]
                    for line in lines]
            pdf = pdf_table(heading(sec, _("Round %(n)s") % {"n": number}), header, rows, wrap=(1, 2),
                       at_least={3: 10, 4: 10, 5: 10, 6: 50})
    else:
        return HttpResponse("not found", status=404, content_type="text/plain")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename(sec, f"-{what}.pdf")}"'
    return response
