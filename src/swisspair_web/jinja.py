"""The Jinja2 environment of the templates that loop over many rows (the lists' table, ``_listing.html``).

Chosen by measurement (``benchmarks/templates.py``: the 250 board rows of a round page in 3.3 ms of CPU with
Jinja2 and links made from one prefix, against 50 ms with Django's ``{% url %}`` per link). The rest of the
manager's templates are Django's; a Django template includes a Jinja2 one through a tag that renders it to a
safe fragment (``templatetags/listing.py``).

The output is the same as Django's: every ``{{ value }}`` is escaped by Django's own ``conditional_escape``
(``'`` as ``&#x27;``, what is marked safe as it is), and ``slugify`` is Django's.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
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


def _cell_class(number: bool, hide: bool) -> SafeString:
    if not (number or hide):
        return mark_safe("")
    return mark_safe(f' class="{"n" if number else ""}{" hide-s" if hide else ""}"')


def environment(**options: Any) -> Environment:
    """The environment of the ``jinja2`` backend in ``settings.TEMPLATES``."""
    options["autoescape"] = False  # escaping is ``finalize``'s: Django's escape, byte for byte
    options["keep_trailing_newline"] = True  # a file's text as it is, as Django's templates keep it
    env = Environment(finalize=shown, **options)
    env.filters["slugify"] = slugify
    env.globals["classes"] = cell_classes
    return env
