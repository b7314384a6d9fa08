"""The forms of a list (:class:`..reads.listing.Listing`): print, PDF, CSV and JSON, each rendering the model
and nothing else (the page is the list's own template, which includes ``tournaments/_listing.html``)."""

from __future__ import annotations

import csv
import io

from django.http import Http404, HttpResponse, JsonResponse

from swisspair_web.tournaments.public import files
from swisspair_web.tournaments.public.common import Visitor, page
from swisspair_web.tournaments.reads.listing import Listing, Table
from swisspair_web.tournaments.rows import Section

FORMS = ("print", "pdf", "csv", "json")
EXPORTS = ("pdf", "csv", "json")
"""The forms an export address (``LIST.<fmt>``) serves: the print has its own address."""


def csv_text(listing: Listing) -> str:
    """One line of machine keys, then each row's raw values (formulas neutralised)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    keys = [column.key for column in listing.columns]
    writer.writerow(keys)
    for r in listing.rows:
        writer.writerow([files.csv_safe("" if r.values.get(key) is None else r.values[key]) for key in keys])
    return buffer.getvalue()


def pdf_bytes(sec: Section, listing: Listing) -> bytes:
    """The list's tables (each group under its heading), the extra tables, then the notes."""
    def part(table: Table) -> tuple[list[str], list[list[str]], tuple[int, ...]]:
        columns = table.shown_columns
        return ([c.heading for c in columns], [table.shown_cells(r) for r in table.rows],
                tuple(i for i, c in enumerate(columns) if c.wrap))
    tables = [(table.heading, *part(table)) for table in (*listing.tables, *listing.extra)]
    return files.pdf_tables(files.heading(sec, listing.title), tables, notes=listing.notes)


def respond(visitor: Visitor, sec: Section, listing: Listing, fmt: str) -> HttpResponse:
    """``listing`` in the form ``fmt`` (one of :data:`FORMS`)."""
    if fmt == "json":
        return JsonResponse({"section": sec.slug, **listing.machine()})
    if fmt == "csv":
        return files.file_response(csv_text(listing), sec, f"-{listing.name}.csv")
    if fmt == "pdf":
        return files.file_response(pdf_bytes(sec, listing), sec, f"-{listing.name}.pdf")
    if fmt == "print":
        return page(visitor, "tournaments/print_listing.html", {"event": sec.event, "section": sec,
                                                                 "listing": listing})
    raise Http404("unknown format")


def export(visitor: Visitor, sec: Section, listing: Listing, fmt: str) -> HttpResponse:
    """``listing`` at its export address (``LIST.<fmt>``): one of :data:`EXPORTS`; the print is served at its
    own address."""
    if fmt not in EXPORTS:
        raise Http404("unknown format")
    return respond(visitor, sec, listing, fmt)
