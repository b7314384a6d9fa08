"""The categories of a section and a category's standings: the standings the visitor may see, filtered, places
counted again. Arbiters get the categories page with their forms (:mod:`..pages.categories`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from swisspair_web.tournaments.public.common import context, shown_round, visible_section
from swisspair_web.tournaments.reads import categories, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Category, Section

TEMPLATE = "tournaments/categories.html"


def _shown(request: HttpRequest, sec: Section) -> tuple[SectionData, standings.Table]:
    """The section's data and the standings the requester may see."""
    data = SectionData.load(sec)
    return data, standings.table(data, shown_round(request, data))


def categories_context(request: HttpRequest, sec: Section) -> dict[str, Any]:
    """What the categories page shows: each category with its conditions, members and prizes."""
    settings = categories.settings_of(sec)
    data, table = _shown(request, sec)
    return context(request, sec.event, sec, categories=categories.category_views(data, table, settings),
                   settings=settings, on=categories.reference_date(sec, settings), form=None, settings_form=None,
                   awards_tab="categories")


def categories_page(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """The categories page as a visitor sees it."""
    sec = visible_section(request, slug, section)
    return render(request, TEMPLATE, categories_context(request, sec))


def category_page(request: HttpRequest, slug: str, section: str, pk: int) -> HttpResponse:
    """A category's standings: the event's standings filtered, places counted again."""
    sec = visible_section(request, slug, section)
    row = get_object_or_404(Category, section=sec, pk=pk)
    data, table = _shown(request, sec)
    view = next(v for v in categories.category_views(data, table, categories.settings_of(sec)) if v.row.pk == pk)
    return render(request, "tournaments/category.html", context(request, sec.event, sec, view=view, row=row,
                                                                table=table, awards_tab="categories"))
