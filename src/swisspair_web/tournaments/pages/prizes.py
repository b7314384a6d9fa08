"""The prize list: shown, published or withdrawn, and its files (CSV, PDF, JSON)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.dateformat import format as date_format
from django.utils.text import capfirst
from django.utils.timezone import localtime, now
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair.prizes import amount_text
from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, posted_version, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import AwardSettingsForm
from swisspair_web.tournaments.public import prizes as public_prizes
from swisspair_web.tournaments.public.common import Visitor, page, visible_section
from swisspair_web.tournaments.public.files import csv_response, heading, pdf_response, pdf_tables
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
    return prizes.compute(SectionData.load(sec), settings)


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


def _prize_lines(view: prizes.PrizeView) -> list[list[str]]:
    """``category, place, No., name, points, amount`` per award."""
    return [[block.row.title, award.place_text, str(row.player.tpn), row.player.name, row.points_text,
             amount_text(award.amount)] for block, awards in view.blocks() for award, row in awards]


def _prize_notes(view: prizes.PrizeView) -> tuple[str, ...]:
    """What the page says beside the list: how ties were shared, the currency, when the list was published
    (or the date it was printed, while it is not)."""
    settings = view.settings
    shared = capfirst(str(settings.get_sharing_display()))
    money = _("Prizes in %(currency)s") % {"currency": settings.currency} if settings.currency else ""
    when = (_("Published %(at)s") % {"at": date_format(localtime(settings.published_at), "Y-m-d H:i")}
            if settings.published_at else _("As of %(at)s") % {"at": date_format(localtime(now()), "Y-m-d H:i")})
    return tuple(text for text in (shared, money, when) if text)


def prizes_export(visitor: Visitor, slug: str, section: str, fmt: str) -> HttpResponse:
    """The prize list as ``csv``, ``pdf`` or ``json``."""
    sec = visible_section(visitor, slug, section)
    if fmt == "json":
        try:
            view = _prize_view(visitor, sec)
        except Http404:
            return JsonResponse({"error": "not found"}, status=404)
        return JsonResponse(view.as_dict(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    view = _prize_view(visitor, sec)
    currency = f" ({view.settings.currency})" if view.settings.currency else ""
    header = [_("Category"), _("Place"), _("No."), _("Name"), _("Pts"), _("Prize") + currency]
    if fmt == "csv":
        return csv_response(sec, "prizes", ["category", "place", "tpn", "name", "points", "amount"],
                             _prize_lines(view))
    if fmt == "pdf":
        title = heading(sec, _("Prize list") if view.final else
                         _("Prize list after round %(n)s") % {"n": view.table.after_round})
        return pdf_response(sec, "prizes", pdf_tables(title, [("", header, _prize_lines(view), (0, 3))],
                                                      notes=_prize_notes(view)))
    raise Http404("no such format")
