"""What the list template (``tournaments/_listing.html``) reads from a row beyond its cells."""

from __future__ import annotations

from django import template

from swisspair_web.tournaments.reads.listing import Column, Row

register = template.Library()


@register.filter
def linked(row: Row, column: Column) -> object:
    """The pairing number of the player whose page ``column``'s cell of ``row`` links to (none: no link)."""
    return row.values.get(column.link) if column.link else None
