"""The Jinja2 environment of the templates that loop over many rows (the lists' table, ``_listing.html``).

Chosen by measurement (``benchmarks/templates.py``: the 250 board rows of a round page in 3.3 ms of CPU with
Jinja2 and links made from one prefix, against 50 ms with Django's ``{% url %}`` per link). The rest of the
manager's templates are Django's; a Django template includes a Jinja2 one through a tag that renders it to a
safe fragment (``templatetags/listing.py``).

The output is the same as Django's: every ``{{ value }}`` is escaped by Django's own ``conditional_escape``
(``'`` as ``&#x27;``, what is marked safe as it is), and ``slugify`` is Django's.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Hashable, Iterable, Iterator
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.text import slugify
from jinja2 import Environment


def shown(value: Any) -> str:
    """A value as Django's templates show it: escaped as ``conditional_escape`` does (``html.escape`` of its
    text), unless marked safe; ``None`` as ``None`` (our templates print none)."""
    if type(value) is str:  # the cells: most of what a table prints
        return html.escape(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


def cell_classes(columns: Iterable[Any], narrow: bool = True) -> list[SafeString]:
    """Each column's cells' ``class`` attribute: ``n`` for a number (aligned right), ``hide-s`` for a column a
    phone leaves out (``narrow``); nothing when neither. Computed once per table, not once per cell."""
    return [_cell_class(column.number, narrow and column.secondary) for column in columns]


@functools.lru_cache(maxsize=256)
def kept_classes(columns: tuple[Any, ...], narrow: bool = True) -> list[SafeString]:
    """:func:`cell_classes` of a tuple of columns, computed once for the tables that share them (a rating report's
    hundreds of games tables): the list is shared, not to be changed."""
    return cell_classes(columns, narrow)


def _cell_class(number: bool, hide: bool) -> SafeString:
    if not (number or hide):
        return mark_safe("")
    return mark_safe(f' class="{"n" if number else ""}{" hide-s" if hide else ""}"')


def list_row(row: Any, cells: list[tuple[Any, Any]], context: tuple[Any, ...]) -> str:
    """A list's row as ``<tr>``: its ``id`` (the list's ``row_id`` and the row's player or team number), the
    class of a withdrawn player, each cell a reader sees (``cells``: its column and text) with its class; with
    ``link``, a player's (team's) name and a cell whose column links to a player are links to their page.
    ``context``: :func:`row_context`. Every value shown as a template shows it (:func:`shown`)."""
    row_id, opening, link, players, teams = context
    v = row.values
    out = ["<tr"]
    if row_id:
        out.append(f' id="{row_id}-{shown(v.get("tpn") or v.get("team") or "")}"')
    if v.get("withdrawn_from"):
        out.append(' class="withdrawn"')
    out.append(">")
    for td, (c, text) in zip(opening, cells):
        target = (players, v.get("tpn")) if link and c.key == "name" and v.get("tpn") else \
            (teams, v.get("team")) if link and c.key == "name" and v.get("team") else \
            (players, v.get(c.link)) if link and c.link and v.get(c.link) else None
        shown_text = shown(text) if target is None else f'<a href="{target[0]}{shown(target[1])}/">{shown(text)}</a>'
        out.append(f"{td}{shown_text}</td>")
    out.append("</tr>")
    return "".join(out)


def row_context(context: tuple[Any, ...]) -> tuple[Any, ...]:
    """What :func:`list_row` needs of a table's ``(row_id, classes, link, players, teams)``, shown once for all
    its rows: the row id, each cell's opening tag, ``link``, the players' and the teams' address prefixes."""
    row_id, classes, link, players, teams = context
    return shown(row_id) if row_id else "", _openings(classes), link, shown(players), shown(teams)


def _openings(classes: Iterable[Any]) -> list[str]:
    """Each cell's opening tag, ``<td>`` with its class (:func:`cell_classes`)."""
    return [f"<td{shown(k)}>" for k in classes]


ROWS_KEPT = 20_000
"""How many rendered rows :func:`table_rows` keeps (a few hundred bytes each), over all tables."""

_ROWS: dict[Hashable, dict[Hashable, SafeString]] = {}
_kept = 0


def table_rows(table: Any, context: tuple[Any, ...]) -> Iterator[SafeString]:
    """Each row of ``table`` (a :class:`~.reads.listing.Table`) rendered by :func:`list_row`, whose output depends
    on nothing but the row's cells and values, the table's columns and ``context``. A row rendered before with
    the same of these is not rendered again: a page rendered after one result changed renders one row. Written
    here, not as a template's macro: a list of hundreds of rows is rendered in a third of the time."""
    global _kept
    context = tuple(tuple(part) if isinstance(part, list) else part for part in context)
    try:
        rendered = _ROWS.setdefault((table.columns, context), {})
    except TypeError:  # a context that cannot be kept: every row rendered
        rendered = {}
    shown_columns = [not c.machine for c in table.columns]
    prepared = row_context(context)
    for row in table.rows:
        try:
            key: Hashable = (row.cells, tuple(row.values.items()))
            html_row = rendered.get(key)
        except TypeError:  # a value that cannot be a key (a list): rendered each time
            key, html_row = None, None
        if html_row is None:
            cells = [(c, text) for c, text, s in zip(table.columns, row.cells, shown_columns, strict=True) if s]
            html_row = mark_safe(list_row(row, cells, prepared))
            if key is not None:
                if _kept >= ROWS_KEPT:
                    _ROWS.clear()
                    rendered = _ROWS.setdefault((table.columns, context), {})
                    _kept = 0
                rendered[key] = html_row
                _kept += 1
        yield html_row


def plain_rows(table: Any, classes: list[SafeString]) -> SafeString:
    """The rows of ``table`` (a :class:`~.reads.listing.Table` following a list: no link, no row id) as
    ``<tr><td class>text</td>...</tr>``, the cells a reader sees each shown as a template shows a value
    (:func:`shown`); ``classes``: :func:`cell_classes` of those columns. Written here, not in the template:
    the games of a rating report are thousands of rows, each rendered once."""
    opening = _openings(classes)
    out = []
    for row in table.rows:
        cells = table.shown_cells(row)
        out.append("<tr>" + "".join(f"{td}{shown(text)}</td>" for td, text in zip(opening, cells)) + "</tr>")
    return mark_safe("".join(out))


def environment(**options: Any) -> Environment:
    """The environment of the ``jinja2`` backend in ``settings.TEMPLATES``."""
    options["autoescape"] = False  # escaping is ``finalize``'s: Django's escape, byte for byte
    options["keep_trailing_newline"] = True  # a file's text as it is, as Django's templates keep it
    env = Environment(finalize=shown, **options)
    env.filters["slugify"] = slugify
    env.globals["classes"] = kept_classes
    env.globals["table_rows"] = table_rows
    env.globals["plain_rows"] = plain_rows
    return env
