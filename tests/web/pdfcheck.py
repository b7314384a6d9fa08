"""Reading the manager's PDF exports as a person would: the words on the page, and whether they fit.

pdfplumber gives every character with its box and the table's cells from the ruled lines; a column
"runs into" the next when a character of a cell leaves that cell, and "falls off the page" when it
leaves the page.
"""

from __future__ import annotations

import io
import itertools
from dataclasses import dataclass, field


@dataclass
class PdfReport:
    text: str
    """All pages' text, in reading order."""
    pages: int
    landscape: list[bool] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """Characters outside their cell or outside the page."""


def read_pdf(data: bytes) -> PdfReport:
    import pdfplumber

    texts: list[str] = []
    report = PdfReport("", 0)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        report.pages = len(pdf.pages)
        for number, page in enumerate(pdf.pages, start=1):
            texts.append(page.extract_text() or "")
            report.landscape.append(page.width > page.height)
            for char in page.chars:
                if char["x0"] < -0.5 or char["x1"] > page.width + 0.5:
                    report.problems.append(f"page {number}: {char['text']!r} is off the page")
            report.problems.extend(_overlaps(page, number))
            for table in page.find_tables():
                for cell in table.cells:
                    report.problems.extend(_overflow(page, number, cell))
    report.text = "\n".join(texts)
    return report


def _overflow(page: object, number: int, cell: tuple[float, float, float, float]) -> list[str]:
    """Characters whose middle is in ``cell`` but which stick out of it on the left or right."""
    x0, top, x1, bottom = cell
    chars = [c for c in page.chars  # type: ignore[attr-defined]
             if x0 <= (c["x0"] + c["x1"]) / 2 <= x1 and top <= (c["top"] + c["bottom"]) / 2 <= bottom]
    return [f"page {number}: {c['text']!r} of {''.join(d['text'] for d in chars)!r} runs out of its column"
            for c in chars if c["x0"] < x0 - 0.5 or c["x1"] > x1 + 0.5]


def _overlaps(page: object, number: int) -> list[str]:
    """Characters of one line drawn over each other (one column's text running into the next one's)."""
    lines: dict[int, list[dict[str, object]]] = {}
    for char in page.chars:  # type: ignore[attr-defined]
        if char["text"].strip():
            lines.setdefault(round(char["top"]), []).append(char)
    problems = []
    for chars in lines.values():
        chars.sort(key=lambda c: c["x0"])  # type: ignore[arg-type, return-value]
        for left, right in itertools.pairwise(chars):
            if right["x0"] < left["x1"] - 1:  # type: ignore[operator]
                problems.append(f"page {number}: {left['text']!r} and {right['text']!r} overlap")
    return problems
