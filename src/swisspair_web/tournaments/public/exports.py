"""The section's files anyone may see: the standings, the players and a round's pairings as CSV, printable
HTML and PDF (result slips too)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from swisspair_web.tournaments.public.common import Visitor, page, visible_section
from swisspair_web.tournaments.public.files import csv_safe, filename, heading, pdf_table
from swisspair_web.tournaments.public.standings import standings_form
from swisspair_web.tournaments.reads import rounds
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter, require
from swisspair_web.tournaments.rows import RESULTS, Round, Section, result_label


def export_csv(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    if what == "standings":
        return standings_form(visitor, sec, "csv")
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    data = SectionData.load(sec)
    if what == "players":
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
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published:
        require(visitor, sec.event)
    listing = rounds.pairing_list(rnd)
    return {"event": sec.event, "section": sec, "rnd": rnd, "lines": listing.boards,
            "boards": [line.board for line in listing.boards], "byes": listing.byes}


def print_view(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    """Printable HTML: ``pairings-N``, ``sheets-N`` (result slips) or ``standings`` (a team section's
    ``standings`` are the team standings, C.07 (2026) arts. 11-13; ``standings-individual`` its players';
    :func:`.standings.standings_form`)."""
    sec = visible_section(visitor, slug, section)
    kind, _sep, number = what.partition("-")
    if what in ("standings", "standings-individual"):
        return standings_form(visitor, sec, "print", individual=bool(number))
    if kind in ("pairings", "sheets") and number.isdigit():
        ctx = _round_context(visitor, sec, int(number))
        return page(visitor, f"tournaments/print_{kind}.html", ctx)
    return HttpResponse("not found", status=404, content_type="text/plain")


def export_pdf(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    """PDF of ``pairings-N``, ``sheets-N`` or ``standings`` (team standings in a team section, as printed
    by :func:`print_view`), in the interface language."""
    sec = visible_section(visitor, slug, section)
    kind, _sep, number = what.partition("-")
    if what in ("standings", "standings-individual"):
        return standings_form(visitor, sec, "pdf", individual=bool(number))
    if kind in ("pairings", "sheets") and number.isdigit():
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
