"""The title norms of a section (:mod:`..reads.norms`)."""

from __future__ import annotations

from django.http import HttpResponse

from swisspair_web.tournaments.public.common import Visitor, context, page, round_note, shown_round, visible_section
from swisspair_web.tournaments.reads import norms
from swisspair_web.tournaments.reads.convert import SectionData


def norms_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    view = norms.compute(data, shown_round(visitor, data))
    return page(visitor, "tournaments/norms.html", context(visitor, sec.event, sec, view=view, awards_tab="norms",
                                                           round_note=round_note(visitor, view.after_round)))
