"""Play-offs for tied places (C.02 13.2): set up, results, deleted."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import PlayoffForm, PlayoffResultForm
from swisspair_web.tournaments.rows import Playoff, Section
from swisspair_web.tournaments.services import OperationError


@login_required
@require_POST
@arbiter_page
def playoff_new(request: HttpRequest, sec: Section) -> HttpResponse:
    """Set up a play-off for a tied place (C.02 13.2)."""
    form = PlayoffForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Invalid place."))
        return to_section(sec)
    with refusals_shown(request):
        row = services.playoffs.create(sec, request.user, form.cleaned_data["place"])
        messages.success(request, _("Play-off for place %(place)s set up; the lots are drawn.")
                         % {"place": row.place})
    return to_section(sec)


@login_required
@require_POST
@arbiter_page
def playoff_action(request: HttpRequest, sec: Section, place: int) -> HttpResponse:
    """``result`` of a pending play-off game (with the version seen), or ``delete`` the play-off."""
    row = get_object_or_404(Playoff, section=sec, place=place)
    with refusals_shown(request):
        if request.POST.get("action") == "delete":
            services.playoffs.delete(row, request.user)
            messages.success(request, _("Play-off for place %(place)s deleted.") % {"place": place})
        else:
            form = PlayoffResultForm(request.POST)
            if not form.is_valid():
                raise OperationError(_("Invalid play-off result."))
            services.playoffs.record(row, request.user, form.cleaned_data["game"], form.cleaned_data["result"],
                            form.cleaned_data["version"])
            messages.success(request, _("Play-off result saved."))
    return to_section(sec)
