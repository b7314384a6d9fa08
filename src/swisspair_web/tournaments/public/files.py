"""The files of the lists: CSV (spreadsheet formulas neutralised), PDF tables (reportlab, in the interface
language, a font with Cyrillic when the system has one) and their names."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.http import HttpResponse
from django.utils.text import slugify

from swisspair_web.tournaments.public import files
from swisspair_web.tournaments.rows import Section


def filename(sec: Section, suffix: str) -> str:
    return f"{slugify(sec.event.slug)}-{slugify(sec.slug)}{suffix}"


def csv_safe(value: object) -> str:
    """Neutralise spreadsheet formulas in exported cells (CSV injection)."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") and not _is_number(text) else text


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


_FONT_CANDIDATES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
                    "/usr/share/fonts/truetype/freefont/FreeSans.ttf")


def pdf_font() -> str:
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


PAD = 3.0
"""Space left and right of a cell's text, in points."""


def pdf_table(title: str, header: list[str], rows: list[list[str]], wrap: tuple[int, ...] = (),
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

    font = pdf_font()
    if font == "Helvetica":
        def safe(text: str) -> str:
            return text.encode("latin-1", "replace").decode("latin-1")
        header, rows, title = [safe(c) for c in header], [[safe(c) for c in row] for row in rows], safe(title)
    margin = 12 * mm
    minimum = {column: width * mm for column, width in (at_least or {}).items()}
    for size in FONT_SIZES:
        pagesize, widths = pdf_layout([header, *rows], font, size, wrap, margin, minimum,
                                   squeeze=size == FONT_SIZES[-1])
        if widths:
            break
    cell_style = ParagraphStyle("cell", fontName=font, fontSize=size, leading=size * 1.2)
    body = [[Paragraph(escape(text), cell_style) if index in wrap else text for index, text in enumerate(row)]
            for row in rows]
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=margin,
                            bottomMargin=margin, title=title, invariant=True)
    style = getSampleStyleSheet()["Title"]
    style.fontName = font
    numeric = [("ALIGN", (i, 0), (i, -1), "RIGHT") for i in range(len(header))
               if all(_NUMBER.fullmatch(row[i]) for row in rows if row[i]) and any(row[i] for row in rows)]
    table = Table([header, *body], colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        *numeric,
        ("FONT", (0, 0), (-1, -1), font, size),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]))
    doc.build([Paragraph(escape(title), style), Spacer(1, 4 * mm), table])
    return buffer.getvalue()


def pdf_layout(table: list[list[str]], font: str, size: float, wrap: tuple[int, ...], margin: float,
            minimum: dict[int, float], squeeze: bool) -> tuple[tuple[float, float], list[float]]:
    """Page size and column widths (points) for ``table`` at font ``size``; no widths when it does not fit.

    The ``wrap`` columns may be narrower than their text (it wraps), down to ``6 * size``; with ``squeeze``
    (the last font size) as narrow as it takes.
    """
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.pdfbase.pdfmetrics import stringWidth

    natural = [max(max(stringWidth(row[i], font, size) for row in table) + 2 * PAD + 1, minimum.get(i, 0))
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


def heading(sec: Section, what: str) -> str:
    return f"{sec.event.name} – {sec.name}: {what}"


FILE_TYPES = {".csv": "text/csv; charset=utf-8", ".pdf": "application/pdf"}


def file_response(body: bytes | str, sec: Section, suffix: str) -> HttpResponse:
    """A CSV (downloaded) or PDF (shown) file of ``sec``, named ``EVENT-SECTION<suffix>``."""
    extension = suffix[suffix.rindex("."):]
    response = HttpResponse(body, content_type=FILE_TYPES[extension])
    disposition = "inline" if extension == ".pdf" else "attachment"
    response["Content-Disposition"] = f'{disposition}; filename="{filename(sec, suffix)}"'
    return response


def pdf_tables(title: str, tables: list[tuple[str, list[str], list[list[str]], tuple[int, ...]]],
               notes: tuple[str, ...] = ()) -> bytes:
    """A titled PDF of one or more tables (a heading or ``""``, header, rows, columns that wrap), laid out as
    :func:`pdf_table` lays out its one table, then ``notes`` (a paragraph each)."""
    from xml.sax.saxutils import escape

    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    font = files.pdf_font()
    margin = 12 * mm
    story: list[Any] = []
    style = getSampleStyleSheet()["Title"]
    style.fontName = font
    story += [Paragraph(escape(title), style), Spacer(1, 4 * mm)]
    pagesize: tuple[float, float] = (0.0, 0.0)
    heading_style = getSampleStyleSheet()["Heading2"]
    heading_style.fontName = font
    for heading, header, rows, wrap in tables:
        alike = [r for _h, other, more, _w in tables if other == header for r in more]  # one width per column
        if heading:
            story.append(Paragraph(escape(heading), heading_style))
        if font == "Helvetica":
            header = [c.encode("latin-1", "replace").decode("latin-1") for c in header]
            rows = [[c.encode("latin-1", "replace").decode("latin-1") for c in row] for row in rows]
        if font == "Helvetica":
            alike = [[c.encode("latin-1", "replace").decode("latin-1") for c in r] for r in alike]
        for size in files.FONT_SIZES:
            size_page, widths = files.pdf_layout([header, *alike], font, size, wrap, margin, {},
                                                squeeze=size == files.FONT_SIZES[-1])
            if widths:
                break
        pagesize = max(pagesize, size_page)  # the widest page any table needs (landscape beats portrait)
        cell = ParagraphStyle("cell", fontName=font, fontSize=size, leading=size * 1.2)
        body = [[Paragraph(escape(text), cell) if index in wrap else text for index, text in enumerate(row)]
                for row in rows]
        table = Table([header, *body], colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), font, size),
            ("LEFTPADDING", (0, 0), (-1, -1), files.PAD), ("RIGHTPADDING", (0, 0), (-1, -1), files.PAD),
            ("BACKGROUND", (0, 0), (-1, 0), colors.lightgrey), ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
            ("VALIGN", (0, 0), (-1, -1), "TOP")]))  # a wrapped cell reads after its row
        story += [table, Spacer(1, 6 * mm)]
    body_style = getSampleStyleSheet()["BodyText"]
    body_style.fontName = font
    story += [Paragraph(escape(note), body_style) for note in notes]
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer, pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=margin,
                      bottomMargin=margin, title=title, invariant=True).build(story)
    return buffer.getvalue()


def csv_response(sec: Section, what: str, header: list[str], rows: Iterable[list[str]]) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows([csv_safe(v) for v in row] for row in rows)
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(sec, f"-{what}.csv")}"'
    return response


def pdf_response(sec: Section, what: str, pdf: bytes) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename(sec, f"-{what}.pdf")}"'
    return response
