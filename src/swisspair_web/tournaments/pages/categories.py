"""Categories, the prize settings and the players' labels, changed by an arbiter; the categories page with
the arbiter's forms."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, posted_version, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import AwardSettingsForm, CategoryForm
from swisspair_web.tournaments.public import categories as public_categories
from swisspair_web.tournaments.public.common import Visitor, context, page, visible_section
from swisspair_web.tournaments.reads import categories
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Category, PlayerDetail, Section
from swisspair_web.tournaments.services import Conflict, OperationError


def categories_view(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The section's categories with their conditions, members and prizes (:mod:`..public.categories`);
    arbiters add categories here."""
    return _categories_page(visitor, visible_section(visitor, slug, section), None)


def _categories_page(visitor: Visitor, sec: Section, form: CategoryForm | None, status: int = 200) -> HttpResponse:
    """The categories page, with ``form`` (a refused one) or an empty form for arbiters."""
    ctx = public_categories.categories_context(visitor, sec)
    settings = ctx["settings"]
    arbiter = is_arbiter(visitor, sec.event)
    if arbiter and form is None:
        form = CategoryForm(initial={"version": settings.version, "order": len(ctx["categories"]) + 1})
    elif form is not None:
        _shown_version(form, settings.version)
    ctx["form"] = form
    if arbiter:
        ctx["settings_form"] = AwardSettingsForm(instance=settings, initial={"version": settings.version})
    return page(visitor, public_categories.TEMPLATE, ctx, status=status)


def _shown_version(form: CategoryForm, version: int) -> None:
    """A refused form shown again carries the version of the state now shown with it (sending it again is a
    decision taken on that state)."""
    if isinstance(form.data, QueryDict):
        data = form.data.copy()
        data["version"] = str(version)
        form.data = data


@login_required
@require_POST
@arbiter_page
def category_add(request: HttpRequest, sec: Section) -> HttpResponse:
    form = CategoryForm(request.POST)
    if form.is_valid():
        with refusals_shown(request):
            row = services.categories.save_category(sec, request.user, dict(form.cleaned_data),
                                                    form.cleaned_data["version"])
            messages.success(request, _("Category %(name)s added.") % {"name": row.title})
            return to_section(sec, "sp-categories")
    return _categories_page(Visitor.of(request), sec, form, status=400)


@login_required
@arbiter_page
def category_edit(request: HttpRequest, sec: Section, pk: int) -> HttpResponse:
    """Change or delete a category (the overall standings: name, order and prizes only)."""
    row = get_object_or_404(Category, section=sec, pk=pk)
    settings = categories.settings_of(sec)
    overall = row.code == categories.OVERALL
    if request.method == "POST":
        form = CategoryForm(request.POST, instance=Category.objects.get(pk=row.pk), overall=overall)
        try:
            if request.POST.get("delete"):
                services.categories.delete_category(sec, request.user, row, posted_version(request))
                messages.success(request, _("Category %(name)s deleted.") % {"name": row.title})
                return to_section(sec, "sp-categories")
            if form.is_valid():
                services.categories.save_category(sec, request.user, dict(form.cleaned_data),
                                                  form.cleaned_data["version"], category=row)
                messages.success(request, _("Category %(name)s saved.") % {"name": form.cleaned_data["name"]
                                                                              or row.title})
                return to_section(sec, "sp-categories")
        except Conflict as error:  # show what is there now
            messages.error(request, str(error))
            settings.refresh_from_db()
            row.refresh_from_db()
            form = CategoryForm(instance=row, initial={"version": settings.version}, overall=overall)
        except OperationError as error:
            messages.error(request, str(error))
    else:
        form = CategoryForm(instance=row, initial={"version": settings.version}, overall=overall)
    return render(request, "tournaments/category_form.html", context(request, sec.event, sec, form=form, row=row,
                                                                   overall=overall, version=settings.version))


@login_required
@arbiter_page
def player_details(request: HttpRequest, sec: Section) -> HttpResponse:
    """Labels (club, school...), K and the ratings reached (2300, 2400: FIDE B.02 8.3.3) of every player, in
    one table."""
    settings = categories.settings_of(sec)
    players = list(sec.players.order_by("tpn"))
    if request.method == "POST":
        with refusals_shown(request) as tried:
            details = {p.tpn: (request.POST.get(f"labels-{p.tpn}", ""), _k(request.POST.get(f"k-{p.tpn}", "")),
                               f"r2300-{p.tpn}" in request.POST, f"r2400-{p.tpn}" in request.POST)
                       for p in players if f"labels-{p.tpn}" in request.POST}
            changed = services.categories.save_player_details(sec, request.user, details, posted_version(request))
            messages.success(request, ngettext("%(n)s player changed.", "%(n)s players changed.", changed)
                             % {"n": changed})
            return to_section(sec, "sp-player-details")
        if tried.refused:
            settings.refresh_from_db()  # the page shows what is there now, with its version
    stored = {d.player_id: d for d in PlayerDetail.objects.filter(player__section=sec)}
    rows = [(p, stored.get(p.id)) for p in players]
    return render(request, "tournaments/player_details.html", context(request, sec.event, sec, rows=rows,
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
@arbiter_page
def award_settings(request: HttpRequest, sec: Section) -> HttpResponse:
    settings = categories.settings_of(sec)
    form = AwardSettingsForm(request.POST, instance=settings)
    if not form.is_valid():
        messages.error(request, "; ".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items()))
    else:
        with refusals_shown(request):
            services.categories.save_settings(sec, request.user, dict(form.cleaned_data), form.cleaned_data["version"])
            messages.success(request, _("Settings saved."))
    back = "sp-categories" if request.POST.get("next") == "categories" else "sp-prizes"
    return to_section(sec, back)
