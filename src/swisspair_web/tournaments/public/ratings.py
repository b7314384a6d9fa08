"""The rating report (:mod:`..reads.ratings`) as a page, CSV and PDF."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _

from swisspair.tiebreaks.rounding import decimal_text
from swisspair_web.tournaments.public.common import Visitor, context, page, shown_round, visible_section
from swisspair_web.tournaments.public.files import csv_response, heading, pdf_response, pdf_table
from swisspair_web.tournaments.reads import ratings
from swisspair_web.tournaments.reads.convert import SectionData


def ratings_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    view = ratings.compute(data, shown_round(visitor, data))
    return page(visitor, "tournaments/ratings.html", context(visitor, sec.event, sec, view=view,
                                                             awards_tab="ratings"))


def _rating_lines(view: ratings.RatingView) -> list[list[str]]:
    """One line per player: No., name, rating, K, games, points, expected, change (exact, rounded), Ra, %, Rp,
    and for an unrated player Ru and why it is not published yet."""
    out = []
    for line, player in view.lines:
        perf = line.performance
        initial = line.initial
        out.append([str(line.tpn), line.name, player.federation, str(line.rating or ""), str(line.k or ""),
                    str(len(line.rated_games)), decimal_text(line.score), decimal_text(line.expected),
                    decimal_text(line.change_exact), "" if line.change is None else f"{line.change:+d}",
                    str(perf[1]) if perf else "", str(perf[2]) if perf else "", str(perf[0]) if perf else "",
                    str(initial.rating) if initial and initial.rating is not None else "",
                    ratings.initial_text(initial)])
    return out


def ratings_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The rating report as ``csv`` or ``pdf``."""
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    view = ratings.compute(data, shown_round(visitor, data))
    if fmt == "csv":
        return csv_response(sec, "ratings", ["tpn", "name", "federation", "rating", "k", "games", "score", "expected",
                                              "change_exact", "change", "average", "percent", "performance",
                                              "initial", "note"], _rating_lines(view))
    if fmt == "pdf":
        header = [_("No."), _("Name"), _("Fed"), _("Rtg"), "K", _("Games"), _("Pts"), _("Exp."), "K×Δ", "±",
                  "Ra", "%", "Rp", "Ru", _("Note")]
        title = heading(sec, _("Rating report after round %(n)s") % {"n": view.after_round})
        return pdf_response(sec, "ratings", pdf_table(title, header, _rating_lines(view), wrap=(1, 14)))
    raise Http404("no such format")
