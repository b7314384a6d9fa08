"""Pairing numbers sorted by the initial ranking or fixed as they are."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, posted_int, refusals_shown, to_section
from swisspair_web.tournaments.public.common import context
from swisspair_web.tournaments.rows import Section


@login_required
@require_POST
@arbiter_page
def renumber(request: HttpRequest, sec: Section) -> HttpResponse:
    """``mode=rating``: sort pairing numbers by the initial ranking (before round 1 they then stay sorted;
    once a round is paired, only after confirming the list of changes); ``mode=fixed``: keep them as they are.
    The form carries the section's version its page showed."""
    version = posted_int(request, "version", _("version"))
    mode = request.POST.get("mode", Section.RATING_ORDER)
    if version is None:
        return to_section(sec)
    if mode not in (Section.RATING_ORDER, Section.FIXED_ORDER):
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": "mode", "expected": "rating, fixed", "value": repr(mode[:20])})
        return to_section(sec)
    paired = sec.round_set.count()
    if mode == Section.RATING_ORDER and paired and request.POST.get("confirm") != "1":
        plan = services.renumber_plan(sec)
        if plan and version == sec.version:
            return render(request, "tournaments/renumber_confirm.html", context(request, sec.event, sec, plan=plan,
                                                                              paired=paired))
    with refusals_shown(request):
        if mode == Section.FIXED_ORDER:
            services.fix_numbers(sec, request.user, version)
            messages.success(request, _("Pairing numbers fixed as they are; new players get the next numbers."))
        else:
            done = services.renumber_by_rating(sec, request.user, version)
            messages.success(request, _("Pairing numbers sorted by rating.") if done
                             else _("The pairing numbers are sorted by rating already: nothing changed."))
    return to_section(sec)
