"""The lists' table (``tournaments/_listing.html``): rendered by Jinja2 (``swisspair_web.jinja``), the engine
chosen for the templates that loop over many rows, and included in the Django page as a safe fragment."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

ROWS = "tournaments/listing.html"
"""The Jinja2 template of the table (``tournaments/jinja2/``)."""


def prefix(name: str, slug: str, section: str) -> str:
    """The address of the page ``name`` of a section's player or team, less the number at its end: one
    ``reverse`` for a table's hundreds of links."""
    address = reverse(name, args=(slug, section, 0))
    if not address.endswith("/0/"):
        raise ValueError(f"{name}: the number is not the end of its address ({address})")
    return address[:-2]


@register.simple_tag(takes_context=True)
def listing_table(context: template.Context) -> SafeString:
    """The tables, extra tables and notes of the context's ``listing``; with ``link``, each player's (team's)
    name, and a cell whose column links to a player, is a link to their page."""
    values: dict[str, Any] = {"listing": context.get("listing"), "link": context.get("link")}
    if values["link"]:
        slug, section = context["event"].slug, context["section"].slug
        values.update(players=prefix("sp-player", slug, section), teams=prefix("sp-team", slug, section))
    return mark_safe(engines["jinja2"].get_template(ROWS).render(values))
