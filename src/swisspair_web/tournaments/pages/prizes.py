"""The prize list: shown, published or withdrawn, and its files (CSV, PDF, JSON)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, posted_version, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import AwardSettingsForm
from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public import prizes as public_prizes
from swisspair_web.tournaments.public.common import Visitor, page, visible_section
from swisspair_web.tournaments.reads import categories, prizes
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Section


def _prize_view(visitor: Visitor, sec: Section) -> prizes.PrizeView:
    """The prize list the visitor may see: arbiters always, the public once it is published (404 before)."""
    settings = categories.settings_of(sec)
    if not is_arbiter(visitor, sec.event) and settings.published_at is None:
        raise Http404("the prize list is not published")
    if settings.published_at is not None and services.follow.prize_list(sec):
        settings.refresh_from_db()
    return prizes.shown(SectionData.load(sec), settings, arbiter=is_arbiter(visitor, sec.event))


def prizes_view(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The prize list page (:mod:`..public.prizes`): a published list is checked against the results first
    (:func:`~..services.follow.prize_list`); arbiters get the settings form."""
    sec = visible_section(visitor, slug, section)
    if categories.settings_of(sec).published_at is not None:
        services.follow.prize_list(sec)
    ctx = public_prizes.prizes_context(visitor, sec)
    if ctx["view"] is not None and is_arbiter(visitor, sec.event):
        ctx["settings_form"] = AwardSettingsForm(instance=ctx["settings"], initial={"version": ctx["settings"].version})
    return page(visitor, public_prizes.TEMPLATE, ctx)


@login_required
@require_POST
@arbiter_page
def prizes_publish(request: HttpRequest, sec: Section) -> HttpResponse:
    publish = request.POST.get("action") != "withdraw"
    seen = request.POST.get("section_version", "")
    with refusals_shown(request):
        services.prizes.publish(sec, request.user, posted_version(request), publish=publish,
                                seen_section=int(seen) if seen.isdigit() else None)
        messages.success(request, _("The prize list is published.") if publish
                         else _("The prize list is no longer public."))
    return to_section(sec, "sp-prizes")


def prizes_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The prize list as ``print``, ``pdf``, ``csv`` or ``json`` (:func:`..reads.prizes.listing`)."""
    sec = visible_section(visitor, slug, section)
    if fmt not in listings.FORMS:
        raise Http404("no such format")
    try:
        view = _prize_view(visitor, sec)
    except Http404:
        if fmt == "json":
            return JsonResponse({"error": "not found"}, status=404)
        raise
    return listings.respond(visitor, sec, prizes.listing(view), fmt)
