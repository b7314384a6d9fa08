"""Pages of categories, prizes, the rating report and title norms, with their files (CSV, PDF, JSON).

Categories, their standings, the rating report and the norms are public like the standings (over the rounds
the requester may see, :func:`.standings.shown_round`); the prize list is public once an arbiter has
published it. Every change goes through :mod:`.categories` and :mod:`.prizes` (audited, version-checked).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from swisspair.prizes import amount_text
from swisspair.tiebreaks.rounding import decimal_text
from swisspair_web.tournaments import categories, norm_report, prizes, rating_report, services, standings
from swisspair_web.tournaments.auth import is_arbiter, require, require_visible
from swisspair_web.tournaments.award_forms import AwardSettingsForm, CategoryForm
from swisspair_web.tournaments.convert import SectionData
from swisspair_web.tournaments.exports import _csv_safe, _filename, _heading, _pdf
from swisspair_web.tournaments.models import Category, PlayerDetail, Section
from swisspair_web.tournaments.services import Conflict, OperationError
from swisspair_web.tournaments.views import _ctx, _section


def _shown(request: HttpRequest, sec: Section) -> tuple[SectionData, standings.Table]:
    """The section's data and the standings the requester may see."""
    data = SectionData.load(sec)
    return data, standings.table(data, standings.shown_round(request, data))


def _version(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return -1


# -- categories ---------------------------------------------------------------------------------------------


def categories_view(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """The section's categories with their conditions, members and prizes; arbiters add categories here."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    return _categories_page(request, sec, None)


def _categories_page(request: HttpRequest, sec: Section, form: CategoryForm | None, status: int = 200) -> HttpResponse:
    """The categories page, with ``form`` (a refused one) or an empty form for arbiters."""
    settings = categories.settings_of(sec)
    data, table = _shown(request, sec)
    views = categories.category_views(data, table, settings)
    arbiter = is_arbiter(request, sec.event)
    if arbiter and form is None:
        form = CategoryForm(initial={"version": settings.version, "order": len(views) + 1})
    elif form is not None:
        _shown_version(form, settings.version)
    return render(request, "tournaments/categories.html", _ctx(
        request, sec.event, sec, categories=views, settings=settings, on=categories.reference_date(sec, settings),
        undated=categories.undated(data, views),
        form=form, settings_form=AwardSettingsForm(instance=settings, initial={"version": settings.version})
        if arbiter else None, awards_tab="categories"), status=status)


def _shown_version(form: CategoryForm, version: int) -> None:
    """A refused form shown again carries the version of the state now shown with it (sending it again is a
    decision taken on that state)."""
    if isinstance(form.data, QueryDict):
        data = form.data.copy()
        data["version"] = str(version)
        form.data = data


@login_required
@require_POST
def category_add(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    form = CategoryForm(request.POST)
    if form.is_valid():
        try:
            row = services.categories.save_category(sec, request.user, dict(form.cleaned_data),
                                                    form.cleaned_data["version"])
            messages.success(request, _("Category %(name)s added.") % {"name": row.title})
            return redirect("sp-categories", slug=slug, section=section)
        except OperationError as error:
            messages.error(request, str(error))
    return _categories_page(request, sec, form, status=400)


@login_required
def category_edit(request: HttpRequest, slug: str, section: str, pk: int) -> HttpResponse:
    """Change or delete a category (the overall standings: name, order and prizes only)."""
    sec = _section(slug, section)
    require(request, sec.event)
    row = get_object_or_404(Category, section=sec, pk=pk)
    settings = categories.settings_of(sec)
    overall = row.code == categories.OVERALL
    if request.method == "POST":
        form = CategoryForm(request.POST, instance=Category.objects.get(pk=row.pk), overall=overall)
        try:
            if request.POST.get("delete"):
                services.categories.delete_category(sec, request.user, row, _version(request))
                messages.success(request, _("Category %(name)s deleted.") % {"name": row.title})
                return redirect("sp-categories", slug=slug, section=section)
            if form.is_valid():
                services.categories.save_category(sec, request.user, dict(form.cleaned_data),
                                                  form.cleaned_data["version"], category=row)
                messages.success(request, _("Category %(name)s saved.") % {"name": form.cleaned_data["name"]
                                                                              or row.title})
                return redirect("sp-categories", slug=slug, section=section)
        except Conflict as error:  # show what is there now
            messages.error(request, str(error))
            settings.refresh_from_db()
            row.refresh_from_db()
            form = CategoryForm(instance=row, initial={"version": settings.version}, overall=overall)
        except OperationError as error:
            messages.error(request, str(error))
    else:
        form = CategoryForm(instance=row, initial={"version": settings.version}, overall=overall)
    return render(request, "tournaments/category_form.html", _ctx(request, sec.event, sec, form=form, row=row,
                                                                   overall=overall, version=settings.version))


def category_view(request: HttpRequest, slug: str, section: str, pk: int) -> HttpResponse:
    """A category's standings: the event's standings filtered, places counted again."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    row = get_object_or_404(Category, section=sec, pk=pk)
    data, table = _shown(request, sec)
    view = next(v for v in categories.category_views(data, table, categories.settings_of(sec)) if v.row.pk == pk)
    return render(request, "tournaments/category.html", _ctx(request, sec.event, sec, view=view, row=row, table=table,
                                                              awards_tab="categories"))


@login_required
def player_details(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Labels (club, school...), K and the ratings reached (2300, 2400: FIDE B.02 8.3.3) of every player, in
    one table."""
    sec = _section(slug, section)
    require(request, sec.event)
    settings = categories.settings_of(sec)
    players = list(sec.players.order_by("tpn"))
    if request.method == "POST":
        try:
            details = {p.tpn: (request.POST.get(f"labels-{p.tpn}", ""), _k(request.POST.get(f"k-{p.tpn}", "")),
                               f"r2300-{p.tpn}" in request.POST, f"r2400-{p.tpn}" in request.POST)
                       for p in players if f"labels-{p.tpn}" in request.POST}
            changed = services.categories.save_player_details(sec, request.user, details, _version(request))
            messages.success(request, ngettext("%(n)s player changed.", "%(n)s players changed.", changed)
                             % {"n": changed})
            return redirect("sp-player-details", slug=slug, section=section)
        except OperationError as error:
            messages.error(request, str(error))
            settings.refresh_from_db()  # the page shows what is there now, with its version
    stored = {d.player_id: d for d in PlayerDetail.objects.filter(player__section=sec)}
    rows = [(p, stored.get(p.id)) for p in players]
    return render(request, "tournaments/player_details.html", _ctx(request, sec.event, sec, rows=rows,
                                                                    version=settings.version, awards_tab="details"))


def _k(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 100:
        raise OperationError(_("K must be a whole number from 1 to 100, not %(text)s.") % {"text": text[:10]})
    return int(text)


@login_required
@require_POST
def award_settings(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    settings = categories.settings_of(sec)
    form = AwardSettingsForm(request.POST, instance=settings)
    if not form.is_valid():
        messages.error(request, "; ".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items()))
    else:
        try:
            services.categories.save_settings(sec, request.user, dict(form.cleaned_data), form.cleaned_data["version"])
            messages.success(request, _("Settings saved."))
        except OperationError as error:
            messages.error(request, str(error))
    back = "sp-categories" if request.POST.get("next") == "categories" else "sp-prizes"
    return redirect(back, slug=slug, section=section)


# -- prizes -------------------------------------------------------------------------------------------------


def _prize_view(request: HttpRequest, sec: Section) -> prizes.PrizeView:
    """The prize list the requester may see: arbiters always, the public once it is published (404 before)."""
    settings = categories.settings_of(sec)
    if not is_arbiter(request, sec.event) and settings.published_at is None:
        raise Http404("the prize list is not published")
    if settings.published_at is not None and services.prizes.record_change(sec):
        settings.refresh_from_db()
    return prizes.compute(SectionData.load(sec), settings)


def prizes_view(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    settings = categories.settings_of(sec)
    if not is_arbiter(request, sec.event) and settings.published_at is None:
        return render(request, "tournaments/prizes.html", _ctx(request, sec.event, sec, view=None, settings=settings,
                                                                awards_tab="prizes"))
    view = _prize_view(request, sec)
    return render(request, "tournaments/prizes.html", _ctx(
        request, sec.event, sec, view=view, settings=view.settings, awards_tab="prizes",
        settings_form=AwardSettingsForm(instance=view.settings, initial={"version": view.settings.version})))


@login_required
@require_POST
def prizes_publish(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    publish = request.POST.get("action") != "withdraw"
    try:
        seen = request.POST.get("section_version", "")
        services.prizes.publish(sec, request.user, _version(request), publish=publish,
                       seen_section=int(seen) if seen.isdigit() else None)
        messages.success(request, _("The prize list is published.") if publish
                         else _("The prize list is no longer public."))
    except OperationError as error:
        messages.error(request, str(error))
    return redirect("sp-prizes", slug=slug, section=section)


def _prize_lines(view: prizes.PrizeView) -> list[list[str]]:
    """``category, place, No., name, points, amount`` per award."""
    return [[block.row.title, award.place_text, str(row.player.tpn), row.player.name, row.points_text,
             amount_text(award.amount)] for block, awards in view.blocks() for award, row in awards]


def prizes_export(request: HttpRequest, slug: str, section: str, fmt: str) -> HttpResponse:
    """The prize list as ``csv``, ``pdf`` or ``json``."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    if fmt == "json":
        try:
            view = _prize_view(request, sec)
        except Http404:
            return JsonResponse({"error": "not found"}, status=404)
        return JsonResponse(view.as_dict(), json_dumps_params={"ensure_ascii": False, "indent": 1})
    view = _prize_view(request, sec)
    currency = f" ({view.settings.currency})" if view.settings.currency else ""
    header = [_("Category"), _("Place"), _("No."), _("Name"), _("Pts"), _("Prize") + currency]
    if fmt == "csv":
        return _csv_response(sec, "prizes", ["category", "place", "tpn", "name", "points", "amount"],
                             _prize_lines(view))
    if fmt == "pdf":
        title = _heading(sec, _("Prize list") if view.final else
                         _("Prize list after round %(n)s") % {"n": view.table.after_round})
        return _pdf_response(sec, "prizes", _pdf(title, header, _prize_lines(view), wrap=(0, 3)))
    raise Http404("no such format")


def _csv_response(sec: Section, what: str, header: list[str], rows: Iterable[list[str]]) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    writer.writerows([_csv_safe(v) for v in row] for row in rows)
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(sec, f"-{what}.csv")}"'
    return response


def _pdf_response(sec: Section, what: str, pdf: bytes) -> HttpResponse:
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{_filename(sec, f"-{what}.pdf")}"'
    return response


# -- rating report and norms --------------------------------------------------------------------------------


def ratings_view(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    data = SectionData.load(sec)
    view = rating_report.compute(data, standings.shown_round(request, data))
    return render(request, "tournaments/ratings.html", _ctx(request, sec.event, sec, view=view,
                                                             awards_tab="ratings"))


def _rating_lines(view: rating_report.RatingView) -> list[list[str]]:
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
                    rating_report.initial_text(initial)])
    return out


def ratings_export(request: HttpRequest, slug: str, section: str, fmt: str) -> HttpResponse:
    """The rating report as ``csv`` or ``pdf``."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    data = SectionData.load(sec)
    view = rating_report.compute(data, standings.shown_round(request, data))
    if fmt == "csv":
        return _csv_response(sec, "ratings", ["tpn", "name", "federation", "rating", "k", "games", "score", "expected",
                                              "change_exact", "change", "average", "percent", "performance",
                                              "initial", "note"], _rating_lines(view))
    if fmt == "pdf":
        header = [_("No."), _("Name"), _("Fed"), _("Rtg"), "K", _("Games"), _("Pts"), _("Exp."), "K×Δ", "±",
                  "Ra", "%", "Rp", "Ru", _("Note")]
        title = _heading(sec, _("Rating report after round %(n)s") % {"n": view.after_round})
        return _pdf_response(sec, "ratings", _pdf(title, header, _rating_lines(view), wrap=(1, 14)))
    raise Http404("no such format")


def norms_view(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    data = SectionData.load(sec)
    view = norm_report.compute(data, standings.shown_round(request, data))
    return render(request, "tournaments/norms.html", _ctx(request, sec.event, sec, view=view, awards_tab="norms"))
