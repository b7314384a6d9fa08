"""The section's files anyone may see: the standings, the players and a round's pairings as CSV, printable
HTML and PDF (result slips too)."""

from __future__ import annotations

import csv
import io

from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from swisspair_web.tournaments.public import files, listings
from swisspair_web.tournaments.public.common import Visitor, page, visible_section
from swisspair_web.tournaments.public.files import csv_safe, filename, heading, pdf_table
from swisspair_web.tournaments.public.standings import standings_form
from swisspair_web.tournaments.reads import rounds
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter, require
from swisspair_web.tournaments.rows import Round, Section


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


def print_view(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    """Printable HTML: ``pairings-N``, ``sheets-N`` (result slips) or ``standings`` (a team section's
    ``standings`` are the team standings, C.07 (2026) arts. 11-13; ``standings-individual`` its players';
    :func:`.standings.standings_form`)."""
    sec = visible_section(visitor, slug, section)
    kind, _sep, number = what.partition("-")
    if what in ("standings", "standings-individual"):
        return standings_form(visitor, sec, "print", individual=bool(number))
    if kind in ("pairings", "sheets") and number.isdigit():
        return _round_form(visitor, sec, kind, int(number), "print")
    return HttpResponse("not found", status=404, content_type="text/plain")


def export_pdf(visitor: Visitor, slug: str, section: str, what: str) -> HttpResponse:
    """PDF of ``pairings-N``, ``sheets-N`` or ``standings`` (team standings in a team section, as printed
    by :func:`print_view`), in the interface language."""
    sec = visible_section(visitor, slug, section)
    kind, _sep, number = what.partition("-")
    if what in ("standings", "standings-individual"):
        return standings_form(visitor, sec, "pdf", individual=bool(number))
    if kind in ("pairings", "sheets") and number.isdigit():
        return _round_form(visitor, sec, kind, int(number), "pdf")
    return HttpResponse("not found", status=404, content_type="text/plain")
