"""The prize list (:mod:`..reads.prizes`): public once an arbiter has published it; before, a visitor is told
it is not published yet. Arbiters get the same page with their forms (:mod:`..pages.prizes`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse

from swisspair_web.tournaments.public.common import Visitor, context, page, visible_section
from swisspair_web.tournaments.reads import categories, prizes
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Section

TEMPLATE = "tournaments/prizes.html"


def prizes_context(visitor: Visitor, sec: Section) -> dict[str, Any]:
    """What the prize list page shows: the list (``view``, ``None`` for a visitor while it is not published)."""
    settings = categories.settings_of(sec)
    arbiter = is_arbiter(visitor, sec.event)
    if not arbiter and settings.published_at is None:
        return context(visitor, sec.event, sec, view=None, settings=settings, awards_tab="prizes")
    view = prizes.shown(SectionData.load(sec), settings, arbiter=arbiter)
    return context(visitor, sec.event, sec, view=view, listing=prizes.listing(view), settings=view.settings,
                   awards_tab="prizes")


def prizes_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The prize list page as a visitor sees it."""
    return page(visitor, TEMPLATE, prizes_context(visitor, visible_section(visitor, slug, section)))
