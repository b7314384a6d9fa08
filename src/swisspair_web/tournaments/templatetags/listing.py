"""The lists' table (``tournaments/_listing.html``): rendered by Jinja2 (``swisspair_web.jinja``), the engine
chosen for the templates that loop over many rows, and included in the Django page as a safe fragment."""

from __future__ import annotations

from typing import Any

from django import template
from django.template import engines
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from swisspair_web.recent import Recent
from swisspair_web.tournaments.reads.snapshot import rendering

register = template.Library()

ROWS = "tournaments/listing.html"
"""The Jinja2 template of the table (``tournaments/jinja2/``)."""
PLAYERS = "tournaments/section_players.html"
"""The Jinja2 template of the rows of a section page's players."""


def prefix(name: str, slug: str, section: str) -> str:
    """The address of the page ``name`` of a section's player or team, less the number at its end: one
    ``reverse`` for a table's hundreds of links."""
    address = reverse(name, args=(slug, section, 0))
    if not address.endswith("/0/"):
        raise ValueError(f"{name}: the number is not the end of its address ({address})")
    return address[:-2]


FRAGMENTS_KEPT = 24
"""How many rendered lists :func:`listing_table` keeps in a rendering process, with the list they were rendered
from (a 500-player section's standings, crosstable, norm checks and rating report: about 3 MB; a round's
pairings: 0.1 MB)."""

_FRAGMENTS: Recent[int, tuple[Any, tuple[Any, ...], SafeString]] = Recent(FRAGMENTS_KEPT)
"""By the list's ``id``: the list (an ``id`` is another list's once the list is gone), its links, the fragment."""


@register.simple_tag(takes_context=True)
def listing_table(context: template.Context) -> SafeString:
    """The tables, extra tables and notes of the context's ``listing``; with ``link``, each player's (team's)
    name, and a cell whose column links to a player, is a link to their page. A list rendered before (the same
    object: a list kept from one rendering to the next, :func:`~..reads.snapshot.carried`) with the same links
    is not rendered again in a rendering of the public pages (:func:`~..reads.snapshot.rendering`): the fragment
    depends on nothing else."""
    listing = context.get("listing")
    values: dict[str, Any] = {"listing": listing, "link": context.get("link")}
    if values["link"]:
        slug, section = context["event"].slug, context["section"].slug
        values.update(players=prefix("sp-player", slug, section), teams=prefix("sp-team", slug, section))
    if not rendering():
        return _rendered(values)
    links = (values["link"], values.get("players"), values.get("teams"))
    kept = _FRAGMENTS.get(id(listing))
    if kept is not None and kept[0] is listing and kept[1] == links:
        return kept[2]
    fragment = _rendered(values)
    _FRAGMENTS.put(id(listing), (listing, links, fragment))
    return fragment


def forget_fragments() -> None:
    """Drop the rendered lists :func:`listing_table` keeps (``public.render.forget_kept``)."""
    _FRAGMENTS.clear()


@register.simple_tag(takes_context=True)
def section_players(context: template.Context) -> SafeString:
    """The rows of the section page's players (``players``), each name a link to the player's page: rendered by
    Jinja2 with the links made from one prefix (hundreds of rows: ``swisspair_web.jinja``)."""
    link = prefix("sp-player", context["event"].slug, context["section"].slug)
    return mark_safe(engines["jinja2"].get_template(PLAYERS).render({"players": context["players"], "link": link}))


def _rendered(values: dict[str, Any]) -> SafeString:
    return mark_safe(engines["jinja2"].get_template(ROWS).render(values))
