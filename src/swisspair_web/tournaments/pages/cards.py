"""Cards to print: a board card per board of a round (its number and its players, by colour), a result
slip per board (players, colours, boxes for the result, signatures), and a start-number card per player.
Each as a PDF (reportlab, in the interface language) and as printable HTML. For arbiters.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from swisspair_web.tournaments.pages.common import arbiter_page
from swisspair_web.tournaments.public import files
from swisspair_web.tournaments.public.common import INDIVIDUAL_ONLY
from swisspair_web.tournaments.reads.listing import Row
from swisspair_web.tournaments.reads.lists import start_list_listing
from swisspair_web.tournaments.reads.rounds import slips_listing
from swisspair_web.tournaments.rows import Round, Section

KINDS = ("boards", "slips")
"""The cards of a round: board cards and result slips."""

MM = 72 / 25.4
"""Points per millimetre."""
A4 = (210 * MM, 297 * MM)


@dataclass(frozen=True, slots=True)
class Grid:
    """How cards are laid out on an A4 page: ``columns`` x ``rows`` cells, cut lines between them."""

    columns: int
    rows: int

    def cells(self) -> list[tuple[float, float, float, float]]:
        """``(x, y, width, height)`` of each cell, top left first (reportlab's origin is bottom left)."""
        width, height = A4[0] / self.columns, A4[1] / self.rows
        return [(c * width, A4[1] - (r + 1) * height, width, height)
                for r in range(self.rows) for c in range(self.columns)]


BOARD_CARDS = Grid(1, 2)
SLIPS = Grid(1, 5)
NUMBER_CARDS = Grid(2, 4)


class Sheet:
    """A PDF of cards drawn on a grid, a page at a time, with dashed cut lines."""

    def __init__(self, title: str, grid: Grid) -> None:
        from reportlab.pdfgen import canvas

        self.buffer = io.BytesIO()
        self.canvas = canvas.Canvas(self.buffer, pagesize=A4, invariant=True)
        self.canvas.setTitle(title)
        self.font = files.pdf_font()
        self.grid = grid

    def text(self, text: str, x: float, y: float, size: float, width: float, *, centre: bool = False,
             grey: bool = False) -> None:
        """``text`` at ``(x, y)``, as large as ``size`` and no wider than ``width`` (it shrinks to fit)."""
        from reportlab.pdfbase.pdfmetrics import stringWidth

        if self.font == "Helvetica":
            text = text.encode("latin-1", "replace").decode("latin-1")
        while size > 6 and stringWidth(text, self.font, size) > width:
            size -= 0.5
        self.canvas.setFont(self.font, size)
        self.canvas.setFillGray(0.35 if grey else 0)
        (self.canvas.drawCentredString if centre else self.canvas.drawString)(x, y, text)

    def box(self, x: float, y: float, side: float) -> None:
        self.canvas.setLineWidth(1)
        self.canvas.rect(x, y, side, side)

    def line(self, x0: float, y0: float, x1: float, y1: float, *, dashed: bool = False) -> None:
        self.canvas.setLineWidth(0.5)
        self.canvas.setDash(3, 3) if dashed else self.canvas.setDash()
        self.canvas.line(x0, y0, x1, y1)
        self.canvas.setDash()

    def draw(self, items: Iterable[object], card: Callable[[Sheet, object, tuple[float, float, float, float]], None]
             ) -> bytes:
        """Draw ``card(sheet, item, cell)`` for each item, filling pages cell by cell."""
        cells = self.grid.cells()
        used = 0
        for item in items:
            if used == len(cells):
                self._cut_lines()
                self.canvas.showPage()
                used = 0
            card(self, item, cells[used])
            used += 1
        if used:
            self._cut_lines()
        self.canvas.showPage()
        self.canvas.save()
        return self.buffer.getvalue()

    def _cut_lines(self) -> None:
        for x, y, width, height in self.grid.cells():
            self.line(x, y, x + width, y, dashed=True)
            self.line(x + width, y, x + width, y + height, dashed=True)


# -- the cards ----------------------------------------------------------------------------------------------


def _board_card(heading: str) -> Callable[[Sheet, object, tuple[float, float, float, float]], None]:
    def draw(sheet: Sheet, item: object, cell: tuple[float, float, float, float]) -> None:
        assert isinstance(item, Row)
        board, white, black = item.cells
        x, y, width, height = cell
        margin = 12 * MM
        inner = width - 2 * margin
        sheet.text(heading, x + margin, y + height - margin - 4 * MM, 12, inner, grey=True)
        sheet.text(_("Board"), x + width / 2, y + height - 34 * MM, 26, inner, centre=True)
        sheet.text(board, x + width / 2, y + height - 80 * MM, 110, inner, centre=True)
        sheet.text(f"{_('White')}: {white}", x + margin, y + 30 * MM, 20, inner)
        sheet.text(f"{_('Black')}: {black}", x + margin, y + 16 * MM, 20, inner)
    return draw


def _slip(heading: str) -> Callable[[Sheet, object, tuple[float, float, float, float]], None]:
    def draw(sheet: Sheet, item: object, cell: tuple[float, float, float, float]) -> None:
        assert isinstance(item, Row)
        board, white, black = item.cells
        x, y, width, height = cell
        margin = 10 * MM
        inner = width - 2 * margin
        top = y + height - margin
        sheet.text(f"{heading} · {_('Board')} {board}", x + margin, top - 2 * MM, 12, inner)
        sheet.text(f"{_('White')}: {white}", x + margin, top - 11 * MM, 12, inner)
        sheet.text(f"{_('Black')}: {black}", x + margin, top - 18 * MM, 12, inner)
        left = x + margin
        for label in ("1-0", "½-½", "0-1"):
            sheet.box(left, top - 29 * MM, 5 * MM)
            sheet.text(label, left + 7 * MM, top - 28 * MM, 12, 20 * MM)
            left += 30 * MM
        sheet.text(_("Signatures"), x + margin, y + 5 * MM, 9, 30 * MM, grey=True)
        half = (inner - 30 * MM) / 2
        for index, colour in enumerate((_("White"), _("Black"))):
            start = x + margin + 30 * MM + index * half
            sheet.line(start, y + 6 * MM, start + half - 6 * MM, y + 6 * MM)
            sheet.text(colour, start, y + 2 * MM, 7, half, grey=True)
    return draw


def _number_card(heading: str) -> Callable[[Sheet, object, tuple[float, float, float, float]], None]:
    def draw(sheet: Sheet, item: object, cell: tuple[float, float, float, float]) -> None:
        assert isinstance(item, NumberCard)
        x, y, width, height = cell
        margin = 7 * MM
        inner = width - 2 * margin
        sheet.text(heading, x + margin, y + height - margin - 3 * MM, 9, inner, grey=True)
        sheet.text(_("Start number"), x + width / 2, y + height - 20 * MM, 11, inner, centre=True, grey=True)
        sheet.text(item.number, x + width / 2, y + height - 44 * MM, 64, inner, centre=True)
        sheet.text(item.name, x + width / 2, y + 14 * MM, 14, inner, centre=True)
        sheet.text(item.extra, x + width / 2, y + 8 * MM, 9, inner, centre=True, grey=True)
    return draw


def _round_heading(sec: Section, number: int) -> str:
    return f"{sec.event.name} – {sec.name} · " + _("Round %(n)s") % {"n": number}


def round_cards_pdf(rnd: Round, kind: str) -> bytes:
    """The board cards (``boards``) or result slips (``slips``) of ``rnd`` (:func:`..reads.rounds.slips_listing`)."""
    sec = rnd.section
    heading = _round_heading(sec, rnd.number)
    boards = slips_listing(rnd).rows
    if kind == "boards":
        return Sheet(heading, BOARD_CARDS).draw(boards, _board_card(heading))
    return Sheet(heading, SLIPS).draw(boards, _slip(heading))


@dataclass(frozen=True)
class NumberCard:
    """What a start-number card says: the number, the title and name, the federation, rating and FIDE ID."""

    number: str
    name: str
    extra: str


def number_cards(sec: Section) -> list[NumberCard]:
    """A card for each player, by pairing number, from the start list's cells
    (:func:`..reads.lists.start_list_listing`)."""
    listing = start_list_listing(sec, "tpn")
    cards = []
    for r in listing.rows:
        cells = listing.shown(r)
        cards.append(NumberCard(cells["tpn"], " ".join(v for v in (cells["title"], cells["name"]) if v),
                                " · ".join(v for v in (cells["federation"], cells["rating"], cells["fide_id"]) if v)))
    return cards


def numbers_pdf(sec: Section) -> bytes:
    """A start-number card for each player, by pairing number."""
    heading = f"{sec.event.name} – {sec.name}"
    return Sheet(heading, NUMBER_CARDS).draw(number_cards(sec), _number_card(heading))


# -- views ---------------------------------------------------------------------------------------------------


def _kind(kind: str) -> str:
    if kind not in KINDS:
        raise Http404("unknown cards")
    return kind


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def cards_pdf(request: HttpRequest, sec: Section, number: int, kind: str) -> HttpResponse:
    rnd = get_object_or_404(Round, section=sec, number=number)
    return files.file_response(round_cards_pdf(rnd, _kind(kind)), sec, f"-round-{number}-{kind}.pdf")


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def cards_print(request: HttpRequest, sec: Section, number: int, kind: str) -> HttpResponse:
    rnd = get_object_or_404(Round, section=sec, number=number)
    return render(request, f"tournaments/print_{_kind(kind)}.html", {
        "event": sec.event, "section": sec, "rnd": rnd, "listing": slips_listing(rnd)})


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def numbers_pdf_view(request: HttpRequest, sec: Section) -> HttpResponse:
    return files.file_response(numbers_pdf(sec), sec, "-numbers.pdf")


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def numbers_print(request: HttpRequest, sec: Section) -> HttpResponse:
    return render(request, "tournaments/print_numbers.html", {"event": sec.event, "section": sec,
                                                               "cards": number_cards(sec)})
