"""The title norms of a section (:mod:`..reads.norms`)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from swisspair_web.tournaments.public.common import context, shown_round, visible_section
from swisspair_web.tournaments.reads import norms
from swisspair_web.tournaments.reads.convert import SectionData


def norms_page(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = visible_section(request, slug, section)
    data = SectionData.load(sec)
    view = norms.compute(data, shown_round(request, data))
    return render(request, "tournaments/norms.html", context(request, sec.event, sec, view=view, awards_tab="norms"))
