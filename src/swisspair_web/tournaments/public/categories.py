"""The categories of a section and a category's standings: the standings the visitor may see, filtered, places
counted again. Arbiters get the categories page with their forms (:mod:`..pages.categories`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import Visitor, context, page, shown_round, visible_section
from swisspair_web.tournaments.reads import categories, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Category, Section

TEMPLATE = "tournaments/categories.html"


def _shown(visitor: Visitor, sec: Section) -> tuple[SectionData, standings.Table]:
    """The section's data and the standings the requester may see."""
    data = SectionData.load(sec)
    return data, standings.table(data, shown_round(visitor, data))


def categories_context(visitor: Visitor, sec: Section) -> dict[str, Any]:
    """What the categories page shows: each category with its conditions, members and prizes."""
    settings = categories.settings_of(sec)
    data, table = _shown(visitor, sec)
    views = categories.category_views(data, table, settings)
    return context(visitor, sec.event, sec, categories=views, settings=settings,
                   listing=categories.overview_listing(views, settings),
                   on=categories.reference_date(sec, settings), undated=categories.undated(data, views), form=None,
                   settings_form=None, awards_tab="categories")


def categories_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The categories page as a visitor sees it."""
    sec = visible_section(visitor, slug, section)
    return page(visitor, TEMPLATE, categories_context(visitor, sec))


def categories_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The section's categories as printable HTML, PDF, CSV or JSON."""
    sec = visible_section(visitor, slug, section)
    settings = categories.settings_of(sec)
    data, table = _shown(visitor, sec)
    views = categories.category_views(data, table, settings)
    return listings.respond(visitor, sec, categories.overview_listing(views, settings), fmt)


def categories_print(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    return categories_export(visitor, slug, section, "print")


def _category(visitor: Visitor, sec: Section, pk: int) -> tuple[categories.CategoryView, standings.Table]:
    """The category ``pk`` and the standings it filters."""
    get_object_or_404(Category, section=sec, pk=pk)
    data, table = _shown(visitor, sec)
    view = next(v for v in categories.category_views(data, table, categories.settings_of(sec)) if v.row.pk == pk)
    return view, table


def category_page(visitor: Visitor, slug: str, section: str, pk: int) -> HttpResponse:
    """A category's standings: the event's standings filtered, places counted again."""
    sec = visible_section(visitor, slug, section)
    view, table = _category(visitor, sec, pk)
    return page(visitor, "tournaments/category.html", context(
        visitor, sec.event, sec, view=view, row=view.row, table=table,
        listing=categories.standings_listing(view, table), awards_tab="categories"))


def category_print(visitor: Visitor, slug: str, section: str, pk: int) -> HttpResponse:
    return category_export(visitor, slug, section, pk, "print")


def category_export(visitor: Visitor, slug: str, section: str, pk: int, fmt: str) -> HttpResponse:
    """A category's standings as printable HTML, PDF, CSV or JSON."""
    sec = visible_section(visitor, slug, section)
    view, table = _category(visitor, sec, pk)
    return listings.respond(visitor, sec, categories.standings_listing(view, table), fmt)
