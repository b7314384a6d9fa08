"""One model per list: what a list says, computed once per language, that every form renders.

A list (the start list, the pairings by name, the check-in, ...) is read once into a :class:`Listing`: its
title, its tables (an optional group heading, the columns, the rows), and for each row both the **values**
(raw: numbers, codes, ``None``; what the CSV and JSON carry) and the **cells** (the text a reader sees, in
the active language, each code through :mod:`.labels`). The page, the print, the PDF, the CSV and the JSON
(:mod:`..public.listings`) render that model and nothing else, so they cannot disagree on the rows, their
order, the headings or a formatted value.

Adding a list:

1. In its ``reads/`` module, a function ``SECTION/ROUND -> Listing`` that reads the rows once, orders them,
   and builds each :class:`Row` with :func:`row` from a ``{key: value}`` dict and the :class:`Column` s,
   each column saying how its value is shown (``show``; a code goes through :func:`.labels.label`).
2. Its public (or arbiter) views call that function under the reader's language and hand the result to
   :func:`..public.listings.respond` (``fmt``: ``page``/``print``/``pdf``/``csv``/``json``); a page with
   more than the table (forms, links) puts the model in its context and its template loops over
   ``listing.tables`` (see ``tournaments/listing_table.html``).
3. The acceptance test (tests/web/test_list_forms.py) renders it in every form and language: add it there.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

Show = Callable[[Any], str]


def plain(value: Any) -> str:
    """A value as text: ``None``, ``""`` and ``0``-as-missing are the caller's business; ``None`` is empty."""
    return "" if value is None else str(value)


def points(value: Any) -> str:
    """A score with the half as ``½`` (``1½``, ``½``, ``0``), as on every list."""
    if value is None or value == "":
        return ""
    return _points(str(value))


@functools.lru_cache(maxsize=4096)
def _points(value: str) -> str:
    """:func:`points` of a score's text (a list of hundreds of rows shows a few dozen distinct scores)."""
    score = Fraction(value)
    if score.denominator != 2:
        return str(value)
    whole = score - Fraction(1, 2)
    return f"{whole}½" if whole else "½"


def rating(value: Any) -> str:
    """A rating; unrated (``0`` or ``None``) is empty."""
    return str(value) if value else ""


@dataclass(frozen=True)
class Column:
    """A column: its machine key (CSV header, JSON field), its heading in the active language, how a value
    is shown, whether its text may wrap in the PDF, whether it is a number (aligned right)."""

    key: str
    heading: str
    show: Show = plain
    wrap: bool = False
    number: bool = False
    machine: bool = False
    """Carried by the CSV and JSON only (a code a human column already shows by its label)."""
    secondary: bool = False
    """Left out of the page on a narrow screen (a phone shows the rest)."""
    link: str = ""
    """The value key holding the pairing number of the player whose page the cell links to, on the page."""


@dataclass(frozen=True)
class Row:
    values: Mapping[str, Any]
    """The raw values by column key (and any extra keys the JSON carries)."""
    cells: tuple[str, ...]
    """The text of each column, in column order, as every human form shows it."""


def row(columns: Sequence[Column], values: Mapping[str, Any]) -> Row:
    """A row whose cells are its values shown by their columns."""
    return Row(dict(values), tuple(column.show(values.get(column.key)) for column in columns))


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    heading: str = ""
    """A group's heading (a federation in the start list by federation), empty for a list of one table."""
    key: str = ""
    """The group's machine name (the JSON's ``group``), empty for a list of one table."""

    def lines(self) -> list[tuple[Row, list[tuple[Column, str]]]]:
        """Each row with its cells beside their columns (what a template loops over), machine columns left out."""
        return [(r, [(c, text) for c, text in zip(self.columns, r.cells, strict=True) if not c.machine])
                for r in self.rows]

    @property
    def shown_columns(self) -> tuple[Column, ...]:
        """The columns a reader sees (not the machine columns)."""
        return tuple(c for c in self.columns if not c.machine)

    def shown_cells(self, r: Row) -> list[str]:
        """The cells of r a reader sees, in column order."""
        return [text for c, text in zip(self.columns, r.cells, strict=True) if not c.machine]


@dataclass(frozen=True)
class Listing:
    """A list as every form shows it."""

    title: str
    """The list's title in the active language (without the event and section, which the forms add)."""
    name: str
    """The file name's tail (``start-list-rating``): ``EVENT-SECTION-<name>.csv``."""
    tables: tuple[Table, ...]
    extra: tuple[Table, ...] = ()
    """Tables that follow the list (totals, counts): shown by the human forms, in the JSON under ``extra``,
    not in the CSV (one table per file)."""
    facts: Mapping[str, Any] = field(default_factory=dict)
    """What the JSON says beside the rows (``{"round": 3}``)."""
    notes: tuple[str, ...] = ()
    """Sentences under the list (how ties were shared, the date), in the active language."""
    group: str = ""
    """What a group is (``federation``): the class of the group headings on the page."""
    html_id: str = ""
    """The page's ``id`` of the list's (first) table (``by-name``)."""
    row_id: str = ""
    """The page's ``id`` of a row: this prefix and the row's ``tpn`` (``name-12``); none when empty."""
    rows_key: str = "rows"
    """The JSON's name for the rows (``players``)."""

    @property
    def columns(self) -> tuple[Column, ...]:
        return self.tables[0].columns if self.tables else ()

    @property
    def rows(self) -> tuple[Row, ...]:
        """Every row of the list, group after group, in list order."""
        return tuple(r for table in self.tables for r in table.rows)

    def shown(self, r: Row) -> dict[str, str]:
        """A row's cells by column key."""
        return dict(zip((c.key for c in self.columns), r.cells, strict=True))

    def machine(self) -> dict[str, Any]:
        """The JSON form: the facts, then every row's values (each with its group's key when grouped)."""
        grouped = any(table.key for table in self.tables)
        rows = [{**r.values, "group": table.key} if grouped else dict(r.values)
                for table in self.tables for r in table.rows]
        data: dict[str, Any] = {**self.facts, self.rows_key: rows}
        if self.extra:
            data["extra"] = [[dict(r.values) for r in table.rows] for table in self.extra]
        return data
