"""Arbiter pages and public pages (HTML). JSON lives in :mod:`.api`, files in :mod:`.exports`."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from swisspair.rounds import recommended_rounds
from swisspair_web.tournaments import (
    jobs,
    late_corrections,
    pairing_lists,
    player_import,
    playoffs,
    rating_list,
    result_entry,
    services,
    settings_changes,
    standings,
    teams,
)
from swisspair_web.tournaments.auth import is_arbiter, require, require_visible, role_of
from swisspair_web.tournaments.convert import SectionData
from swisspair_web.tournaments.forms import (
    BYE_KINDS,
    AdjustForm,
    ArbiterForm,
    ByeForm,
    EventForm,
    PairForm,
    PlayerForm,
    PlayersImportForm,
    PlayoffForm,
    PlayoffResultForm,
    SectionForm,
    TRFImportForm,
    read_upload_bytes,
)
from swisspair_web.tournaments.models import (
    RESULTS,
    AuditEntry,
    Board,
    Bye,
    Event,
    EventRole,
    Job,
    Player,
    Playoff,
    Round,
    Section,
)
from swisspair_web.tournaments.services import OperationError


def _event(slug: str) -> Event:
    return get_object_or_404(Event, slug=slug)


def _section(slug: str, section: str) -> Section:
    return get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section)


def _round(sec: Section, number: int) -> Round:
    return get_object_or_404(Round, section=sec, number=number)


def _ctx(request: HttpRequest, event: Event, section: Section | None = None, **extra: Any) -> dict[str, Any]:
    role = role_of(request.user, event)
    ctx: dict[str, Any] = {"event": event, "section": section, "role": role, "arbiter": role is not None,
                           "chief": role == EventRole.CHIEF}
    if section is not None:
        rounds = list(section.round_set.all())
        ctx["rounds"] = rounds if role else [r for r in rounds if r.published]
    ctx.update(extra)
    return ctx


def _to_section(sec: Section, name: str = "sp-section-manage") -> HttpResponseRedirect:
    return redirect(name, slug=sec.event.slug, section=sec.slug)


# -- events -----------------------------------------------------------------------------------------


def index(request: HttpRequest) -> HttpResponse:
    events = Event.objects.filter(public=True)
    mine = Event.objects.none()
    if request.user.is_authenticated:
        mine = Event.objects.filter(roles__user_id=request.user.pk)
        if getattr(request.user, "is_superuser", False):
            mine = Event.objects.all()
    return render(request, "tournaments/index.html", {"events": events[:200], "mine": mine.distinct()[:200]})


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            event = services.create_event(request.user, **data)
        except IntegrityError:
            form.add_error("slug", _("This short name is taken."))
        else:
            messages.success(request, _("Event created. Now add a section."))
            return redirect("sp-section-new", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


def event(request: HttpRequest, slug: str) -> HttpResponse:
    ev = _event(slug)
    require_visible(request, ev)
    return render(request, "tournaments/event.html", _ctx(request, ev, sections=ev.sections.all()))


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    ev = _event(slug)
    require(request, ev, chief=True)
    form = EventForm(request.POST or None, instance=ev)
    if request.method == "POST" and form.is_valid():
        form.save()
        services.audit(ev, request.user, "event-edited")
        return redirect("sp-event", slug=ev.slug)
    return render(request, "tournaments/event_form.html", _ctx(request, ev, form=form))


@login_required
def event_arbiters(request: HttpRequest, slug: str) -> HttpResponse:
    ev = _event(slug)
    require(request, ev, chief=True)
    form = ArbiterForm(request.POST or None)
    if request.method == "POST" and "remove" in request.POST:
        EventRole.objects.filter(event=ev, pk=request.POST.get("remove", "0")).exclude(
            user_id=request.user.pk or 0).delete()
        services.audit(ev, request.user, "arbiter-removed")
        return redirect("sp-event-arbiters", slug=ev.slug)
    if request.method == "POST" and form.is_valid():
        users = get_user_model()
        name = form.cleaned_data["username"]
        user = users.objects.filter(username=name).first()
        if user is None:
            password = form.cleaned_data["password"]
            if not password:
                form.add_error("password", _("A new account needs a password."))
            else:
                try:
                    validate_password(password, users(username=name))
                except ValidationError as error:
                    form.add_error("password", error)
                else:
                    user = users.objects.create_user(username=name, password=password)
        if user is not None:
            EventRole.objects.update_or_create(event=ev, user=user, defaults={"role": form.cleaned_data["role"]})
            services.audit(ev, request.user, "arbiter-added", detail=f"{name} ({form.cleaned_data['role']})")
            messages.success(request, _("%(name)s is now an arbiter of this event.") % {"name": name})
            return redirect("sp-event-arbiters", slug=ev.slug)
    return render(request, "tournaments/arbiters.html",
                  _ctx(request, ev, form=form, arbiter_roles=ev.roles.select_related("user")))


@login_required
def event_audit(request: HttpRequest, slug: str) -> HttpResponse:
    ev = _event(slug)
    require(request, ev)
    entries = AuditEntry.objects.filter(event=ev).select_related("user", "section")[:500]
    return render(request, "tournaments/audit.html", _ctx(request, ev, entries=entries))


# -- sections ---------------------------------------------------------------------------------------


@login_required
def section_new(request: HttpRequest, slug: str) -> HttpResponse:
    ev = _event(slug)
    require(request, ev)
    form = SectionForm(request.POST or None, initial={"name": "Open", "slug": "open"})
    if request.method == "POST" and form.is_valid():
        form.instance.event = ev
        try:
            with transaction.atomic():
                sec = form.save()
        except IntegrityError:
            form.add_error("slug", _("This short name is taken."))
        else:
            services.audit(ev, request.user, "section-created", section=sec, detail=sec.name)
            return _to_section(sec)
    return render(request, "tournaments/section_form.html", _ctx(request, ev, form=form))


@login_required
def section_edit(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    before = settings_changes.snapshot(sec)
    form = SectionForm(request.POST or None, instance=sec)
    confirm: list[settings_changes.Change] = []
    paired = sec.round_set.count()
    if request.method == "POST" and form.is_valid():
        found = settings_changes.changes(before, form.instance)
        confirm = settings_changes.needing_confirmation(found, paired)
        if not confirm or request.POST.get("confirm") == "1":
            with transaction.atomic():
                try:
                    services.bump_section(sec, int(request.POST.get("version", -1)))
                except (ValueError, OperationError) as error:
                    messages.error(request, str(error))
                    return redirect("sp-section-edit", slug=slug, section=section)
                form.instance.version = sec.version
                form.save()
                services.audit(sec.event, request.user, "section-edited", section=sec,
                               detail=settings_changes.audit_text(found))
            return _to_section(sec)
    return render(request, "tournaments/section_form.html", _ctx(request, sec.event, sec, form=form,
                                                                 confirm=confirm, paired=paired))


@login_required
def import_trf(request: HttpRequest, slug: str) -> HttpResponse:
    ev = _event(slug)
    require(request, ev)
    form = TRFImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data: bytes = form.cleaned_data["file"]
        upload = request.FILES.get("file")
        source = getattr(upload, "name", "") or "upload.trf"
        if jobs.in_background(sum(1 for line in data.splitlines() if line.lstrip(b"\xef\xbb\xbf").startswith(b"001"))):
            job = jobs.start(ev, None, request.user, "import", {
                "data": jobs.encode_bytes(data), "name": form.cleaned_data["name"],
                "slug": form.cleaned_data["slug"], "system": form.cleaned_data["system"], "source": source})
            return redirect("sp-job", pk=job.pk)
        warnings: list[str] = []
        try:
            sec = services.import_trf(ev, request.user, data, name=form.cleaned_data["name"],
                                      slug=form.cleaned_data["slug"], system=form.cleaned_data["system"],
                                      source=source, warnings=warnings)
        except OperationError as error:
            form.add_error("file", str(error))
        else:
            count = sec.players.count()
            messages.success(request, ngettext("Imported %(count)s player.", "Imported %(count)s players.", count)
                             % {"count": count})
            _show_warnings(request, warnings)
            return _to_section(sec)
    return render(request, "tournaments/upload.html",
                  _ctx(request, ev, form=form, title=_("New section from a TRF file"),
                       hint=_("A file with team records (013 or 310) becomes a team section (C.04.6) with its "
                              "teams, rosters, matches and results; it is paired with the team system.")))


WARNINGS_SHOWN = 10
"""At most this many warnings of an import are shown one by one; the rest are counted."""


def _show_warnings(request: HttpRequest, warnings: list[str]) -> None:
    """What an import read anyway, located (``FILE:LINE:COLUMN: ...``), as warning messages."""
    for warning in warnings[:WARNINGS_SHOWN]:
        messages.warning(request, warning)
    rest = len(warnings) - WARNINGS_SHOWN
    if rest > 0:
        messages.warning(request, ngettext("… and %(count)s more warning (all are in the audit log).",
                                           "… and %(count)s more warnings (all are in the audit log).", rest)
                         % {"count": rest})


def section(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    players = sec.players.all()
    return render(request, "tournaments/section.html", _ctx(request, sec.event, sec, players=players))


@login_required
def section_manage(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    data = SectionData.load(sec)
    next_round = data.paired_rounds + 1
    byes = Bye.objects.filter(section=sec).exclude(kind=Bye.PAB).select_related("player")
    pending = data.pending_boards(data.paired_rounds) if data.paired_rounds else []
    finished = bool(data.rounds) and data.complete_rounds() == sec.rounds and not sec.is_team
    table = standings.table(data) if finished else None
    return render(request, "tournaments/section_manage.html", _ctx(
        request, sec.event, sec, players=data.players, next_round=next_round, pair_form=PairForm(),
        bye_form=ByeForm(initial={"round_number": next_round}), byes=byes.filter(round_number__gte=next_round),
        pending=len(pending), can_pair=next_round <= sec.rounds and len(data.teams if sec.is_team else
                                                                       data.players) >= 2,
        last_round=data.rounds[-1] if data.rounds else None, teams=data.teams, late=late_corrections.find(sec),
        suggested=recommended_rounds(len(data.players), 3) if len(data.players) >= 3 else None, finished=finished,
        playoffs=table.playoffs if table else [], playoff_form=PlayoffForm()))


def _player_data(form: PlayerForm) -> services.PlayerData:
    data = form.cleaned_data
    return services.PlayerData(name=data["name"], rating=data["rating"] or 0, title=data["title"] or "",
                               federation=data["federation"] or "", fide_id=data["fide_id"] or "",
                               sex=data["sex"] or "", birth_date=data["birth_date"] or "", club=data["club"] or "",
                               rating_estimate=data.get("rating_estimate") or "")


@login_required
def player_add(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    form = PlayerForm(request.POST or None)
    paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
    if request.method == "POST" and form.is_valid():
        data = _player_data(form)
        try:
            [player] = services.add_players(sec, request.user, [data],
                                            late_byes=Bye.HALF if request.POST.get("late_half") else Bye.ZERO)
        except OperationError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Added %(name)s as number %(tpn)s.") % {"name": player.name,
                                                                                "tpn": player.tpn})
            if "another" in request.POST:
                return redirect("sp-player-add", slug=slug, section=section)
            return _to_section(sec)
    return render(request, "tournaments/player_form.html", _ctx(request, sec.event, sec, form=form, paired=paired,
                                                                 player=None))


@login_required
def player_edit(request: HttpRequest, slug: str, section: str, tpn: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    player = get_object_or_404(Player, section=sec, tpn=tpn)
    form = PlayerForm(request.POST or None, instance=player, initial={"version": player.version})
    if request.method == "POST" and form.is_valid():
        data = _player_data(form)
        try:
            services.update_player(player, request.user, data, form.cleaned_data.get("version") or 0)
        except OperationError as error:
            form.add_error(None, str(error))
        else:
            return _to_section(sec)
    snapshot = SectionData.load(sec)
    return render(request, "tournaments/player_form.html", _ctx(
        request, sec.event, sec, form=form, player=player, next_round=snapshot.paired_rounds + 1))


@login_required
@require_POST
def player_action(request: HttpRequest, slug: str, section: str, tpn: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    player = get_object_or_404(Player, section=sec, tpn=tpn)
    action = request.POST.get("action", "")
    try:
        if action == "withdraw":
            paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
            from_round = int(request.POST.get("from_round") or paired + 1)
            if not request.POST.get("confirm"):
                return render(request, "tournaments/withdraw_confirm.html", _ctx(
                    request, sec.event, sec, player=player, from_round=from_round, first=paired + 1))
            services.set_withdrawn(player, request.user, from_round)
            messages.success(request, _("%(name)s withdrawn.") % {"name": player.name})
        elif action == "reinstate":
            services.set_withdrawn(player, request.user, None)
            messages.success(request, _("%(name)s reinstated.") % {"name": player.name})
        elif action == "delete":
            services.delete_player(player, request.user)
            messages.success(request, _("%(name)s deleted.") % {"name": player.name})
        else:
            messages.error(request, _("Unknown action."))
    except (OperationError, ValueError) as error:
        messages.error(request, str(error))
    return _to_section(sec)


@login_required
def players_import(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    form = PlayersImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid() and form.cleaned_data["format"] == "fide" and \
            (form.cleaned_data["file"].size or 0) >= settings.SWISSPAIR_BACKGROUND_LIST_BYTES:
        job = jobs.start(sec.event, sec, request.user, "rating-list", _rating_list_params(request, sec, form))
        return redirect("sp-job", pk=job.pk)
    if request.method == "POST" and form.is_valid():
        try:
            read = _read_players(request, sec, form)
            merged = player_import.merge(sec, request.user, read, existing=form.cleaned_data["existing"])
        except (OperationError, ValidationError) as error:
            form.add_error("file", error.messages if isinstance(error, ValidationError) else str(error))
        else:
            if merged.updated or merged.unchanged:
                done = _("Players added: %(added)s; updated: %(updated)s; unchanged: %(same)s.") % {
                    "added": len(merged.created), "updated": len(merged.updated), "same": merged.unchanged}
            else:
                done = ngettext("Imported %(count)s player.", "Imported %(count)s players.",
                                len(merged.created)) % {"count": len(merged.created)}
            messages.success(request, done + (" " + _("Read as %(format)s.") % {"format": read.encoding}
                                              if read.encoding else ""))
            _show_warnings(request, read.notes)
            return _to_section(sec)
    return render(request, "tournaments/upload.html",
                  _ctx(request, sec.event, sec, form=form, title=_("Import players"),
                       hint=_("CSV: a header row naming the columns (name, or last name and first name; rating, "
                              "federation, FIDE ID, title, sex, birth date, club), separated by ; , or tab, in "
                              "UTF-8 or the Windows code page Excel writes (detected). FIDE rating list: the "
                              "file as downloaded from FIDE (combined, standard, rapid or blitz list).")))


def _list_ids(sec: Section, form: PlayersImportForm) -> set[str] | None:
    """The FIDE IDs to take from a rating list: those given, or the section's to only update; None: all."""
    ids: set[str] | None = form.cleaned_data["fide_ids"] or None
    if ids is None and form.cleaned_data["existing"] == player_import.ONLY_UPDATE:
        ids = set(sec.players.exclude(fide_id="").values_list("fide_id", flat=True))
    return ids


def _read_players(request: HttpRequest, sec: Section, form: PlayersImportForm) -> player_import.ReadPlayers:
    upload = form.cleaned_data["file"]
    source = upload.name or "upload"
    if form.cleaned_data["format"] == "fide":
        upload.seek(0)
        return rating_list.read(upload, source=source, kind=form.cleaned_data["kind"], ids=_list_ids(sec, form),
                                size=upload.size or 0)
    return player_import.read_csv(read_upload_bytes(upload), source=source, language=get_language() or "",
                                  encoding=form.cleaned_data["encoding"])


def _rating_list_params(request: HttpRequest, sec: Section, form: PlayersImportForm) -> dict[str, object]:
    """A big rating list for a background job (:func:`.jobs.read_rating_list`): the upload is kept in the
    uploads directory (the request's own temporary file is gone when the request ends), the form's choices
    beside it. It ends on the section's page."""
    upload = form.cleaned_data["file"]
    upload.seek(0)
    ids = _list_ids(sec, form)
    return {"path": jobs.keep_upload(upload), "source": upload.name or "upload", "size": upload.size or 0,
            "kind": form.cleaned_data["kind"], "existing": form.cleaned_data["existing"],
            "ids": sorted(ids) if ids is not None else None}


@login_required
@require_POST
def bye(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    form = ByeForm(request.POST)
    if form.is_valid():
        player = Player.objects.filter(section=sec, tpn=form.cleaned_data["player"]).first()
        if player is None:
            messages.error(request, _("No player with this number."))
            return _to_section(sec)
        kind = form.cleaned_data["kind"]
        number = form.cleaned_data["round_number"]
        names = {"name": player.name, "round": number}
        try:
            changed = services.request_bye(player, request.user, number, "" if kind == ByeForm.REMOVE else kind)
        except OperationError as error:
            messages.error(request, str(error))
        else:
            if kind == ByeForm.REMOVE and changed:
                messages.success(request, _("Bye or absence of %(name)s in round %(round)s removed.") % names)
            elif kind == ByeForm.REMOVE:
                messages.error(request, _("%(name)s has no bye or absence in round %(round)s: nothing removed.")
                               % names)
            elif changed:
                messages.success(request, _("Bye recorded for %(name)s in round %(round)s: %(kind)s.")
                                 % {**names, "kind": BYE_KINDS[kind]})
            else:
                messages.info(request, _("%(name)s already has this in round %(round)s: nothing changed.") % names)
    elif "kind" in form.errors:
        messages.error(request, _("Nothing recorded: choose a half-point bye, a full-point bye, an absence, or "
                                  "removing the bye."))
    else:
        messages.error(request, _("Invalid bye request."))
    return _to_section(sec)


@login_required
@require_POST
def renumber(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Sort pairing numbers by rating; once a round is paired, only after confirming the list of changes."""
    sec = _section(slug, section)
    require(request, sec.event)
    paired = sec.round_set.count()
    if paired and request.POST.get("confirm") != "1":
        plan = services.renumber_plan(sec)
        if plan:
            return render(request, "tournaments/renumber_confirm.html", _ctx(request, sec.event, sec, plan=plan,
                                                                              paired=paired))
    try:
        done = services.renumber_by_rating(sec, request.user, int(request.POST.get("version") or sec.version))
    except (ValueError, OperationError) as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Pairing numbers sorted by rating.") if done
                         else _("The pairing numbers are sorted by rating already: nothing changed."))
    return _to_section(sec)


@login_required
@require_POST
def pair(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    expected = sec.round_set.count() + 1
    if request.POST.get("round", str(expected)) != str(expected):
        messages.error(request, _("Round %(round)s was paired meanwhile (by somebody else?).")
                       % {"round": request.POST.get("round", "")[:3]})
        return _to_section(sec)
    form = PairForm(request.POST)
    allow = form.is_valid() and form.cleaned_data["allow_pending"]
    if not sec.is_team and jobs.in_background(sec.players.count()):
        job = jobs.start(sec.event, sec, request.user, "pair", {"allow_pending": allow})
        return redirect("sp-job", pk=job.pk)
    try:
        if sec.is_team:
            outcome = teams.pair_team_round(sec, request.user, allow_pending=allow)
        else:
            outcome = services.pair_next_round(sec, request.user, allow_pending=allow)
    except OperationError as error:
        messages.error(request, str(error))
        return _to_section(sec)
    for warning in outcome.warnings:
        messages.warning(request, warning)
    messages.success(request, _("Round %(round)s paired. Check it, then publish it.") % {"round": outcome.round.number})
    return redirect("sp-results", slug=slug, section=section, number=outcome.round.number)


@login_required
def job_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The progress of a background job; the page polls its JSON and goes on when the job is done."""
    job = jobs.refreshed(get_object_or_404(Job.objects.select_related("event", "section"), pk=pk))
    require(request, job.event)
    if job.state == Job.DONE and job.url:
        return HttpResponseRedirect(job.url)
    return render(request, "tournaments/job.html", _ctx(request, job.event, job.section, job=job,
                                                         stage=jobs.STAGES.get(job.stage, job.stage)))


# -- rounds -----------------------------------------------------------------------------------------


def _boards(rnd: Round) -> list[Board]:
    return list(rnd.boards.select_related("white", "black"))


def _round_byes(sec: Section, number: int) -> list[Bye]:
    return list(Bye.objects.filter(section=sec, round_number=number).select_related("player"))


def round_view(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    rnd = _round(sec, number)
    if not rnd.published and not is_arbiter(request, sec.event):
        return render(request, "tournaments/not_published.html", _ctx(request, sec.event, sec, number=number),
                      status=404)
    if sec.is_team:
        byes = [b for b in _round_byes(sec, number) if b.kind != Bye.PAB]
        return render(request, "tournaments/team_round.html", _ctx(
            request, sec.event, sec, rnd=rnd, matches=teams.match_scores(rnd), byes=byes))
    query = request.GET.get("q", "").strip()[:50]
    listing = pairing_lists.pairing_list(rnd)
    boards = listing.boards
    if query:
        needle = query.casefold()
        boards = [b for b in boards if needle in b.board.white.name.casefold()
                  or needle in b.board.black.name.casefold() or query in (str(b.board.white.tpn),
                                                                          str(b.board.black.tpn))]
    return render(request, "tournaments/round.html", _ctx(
        request, sec.event, sec, rnd=rnd, boards=boards, byes=listing.byes, query=query))


@login_required
def results(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    rnd = _round(sec, number)
    conflicts: dict[int, str] = {}
    submitted = None
    if request.method == "POST":
        submitted = result_entry.read(request.POST, {b.number: b for b in rnd.boards.all()})
        if not submitted.errors:
            try:
                outcome = services.set_results(rnd, request.user, submitted.changes)
            except OperationError as error:
                messages.error(request, str(error))
            else:
                conflicts = dict(outcome.conflicts)
                for note in outcome.notes:
                    messages.info(request, note)
                if outcome.saved:
                    messages.success(request, ngettext("%(count)s result saved.", "%(count)s results saved.",
                                                       len(outcome.saved)) % {"count": len(outcome.saved)})
                if not conflicts:
                    return redirect("sp-results", slug=slug, section=section, number=number)
                messages.error(request, _("Somebody else entered a different result on boards %(boards)s "
                                          "meanwhile; yours was not saved there. The page shows their result "
                                          "now: to keep yours instead, type it again and save.")
                               % {"boards": ", ".join(map(str, sorted(conflicts)))})
        else:
            messages.error(request, _("Nothing saved: fix the marked boards."))
    boards = _boards(rnd)
    heads = {score.boards[0].number: score for score in teams.match_scores(rnd) if score.boards} \
        if sec.is_team else {}
    rows = result_entry.rows(boards, submitted, conflicts)
    late = [c for c in late_corrections.find(sec) if c.round == number or number in c.later]
    for row in rows:
        row["head"] = heads.get(row["board"].number)
    return render(request, "tournaments/results.html", _ctx(
        request, sec.event, sec, rnd=rnd, rows=rows, byes=_round_byes(sec, number),
        is_last=not sec.round_set.filter(number__gt=number).exists(), adjust_form=AdjustForm(),
        entered=sum(1 for b in boards if b.result), total=len(boards), late=late))



@login_required
@require_POST
def publish(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    rnd = _round(sec, number)
    services.publish_round(rnd, request.user, request.POST.get("publish", "1") == "1")
    messages.success(request, _("Round %(round)s published.") % {"round": number}
                     if request.POST.get("publish", "1") == "1" else _("Round withdrawn from the public pages."))
    return redirect("sp-results", slug=slug, section=section, number=number)


@login_required
@require_POST
def unpair(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    last = sec.round_set.aggregate(m=Max("number"))["m"]
    if last != number:
        messages.error(request, _("Only the last round can be unpaired."))
        return _to_section(sec)
    try:
        services.unpair_last_round(sec, request.user, discard_results=bool(request.POST.get("discard")))
        messages.success(request, _("Round %(round)s unpaired.") % {"round": number})
    except OperationError as error:
        messages.error(request, str(error))
        return redirect("sp-results", slug=slug, section=section, number=number)
    return _to_section(sec)


@login_required
@require_POST
def adjust(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    rnd = _round(sec, number)
    form = AdjustForm(request.POST)
    if form.is_valid():
        try:
            warnings = services.adjust_round(rnd, request.user, form.cleaned_data["action"],
                                             form.cleaned_data["board_a"], form.cleaned_data["board_b"])
        except OperationError as error:
            messages.error(request, str(error))
        else:
            for warning in warnings:
                messages.warning(request, warning)
            messages.success(request, _("Pairing changed by hand."))
    else:
        messages.error(request, _("Invalid adjustment."))
    return redirect("sp-results", slug=slug, section=section, number=number)


# -- play-offs ------------------------------------------------------------------------------------


@login_required
@require_POST
def playoff_new(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Set up a play-off for a tied place (C.02 13.2)."""
    sec = _section(slug, section)
    require(request, sec.event)
    form = PlayoffForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Invalid place."))
        return _to_section(sec)
    try:
        row = playoffs.create(sec, request.user, form.cleaned_data["place"])
    except OperationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Play-off for place %(place)s set up; the lots are drawn.")
                         % {"place": row.place})
    return _to_section(sec)


@login_required
@require_POST
def playoff_action(request: HttpRequest, slug: str, section: str, place: int) -> HttpResponse:
    """``result`` of a pending play-off game (with the version seen), or ``delete`` the play-off."""
    sec = _section(slug, section)
    require(request, sec.event)
    row = get_object_or_404(Playoff, section=sec, place=place)
    try:
        if request.POST.get("action") == "delete":
            playoffs.delete(row, request.user)
            messages.success(request, _("Play-off for place %(place)s deleted.") % {"place": place})
        else:
            form = PlayoffResultForm(request.POST)
            if not form.is_valid():
                raise OperationError(_("Invalid play-off result."))
            playoffs.record(row, request.user, form.cleaned_data["game"], form.cleaned_data["result"],
                            form.cleaned_data["version"])
            messages.success(request, _("Play-off result saved."))
    except OperationError as error:
        messages.error(request, str(error))
    return _to_section(sec)


# -- tables -----------------------------------------------------------------------------------------


def standings_view(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    data = SectionData.load(sec)
    shown = standings.shown_round(request, data)
    limit = data.complete_rounds(published_only=not is_arbiter(request, sec.event))
    after = list(range(1, limit + 1))
    if sec.is_team:
        return render(request, "tournaments/team_standings.html", _ctx(
            request, sec.event, sec, table=teams.team_table(data, shown), after_rounds=after))
    table = standings.table(data, shown)
    return render(request, "tournaments/standings.html", _ctx(request, sec.event, sec, table=table,
                                                               after_rounds=after))


def crosstable(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    data = SectionData.load(sec)
    table = standings.table(data, standings.shown_round(request, data))
    return render(request, "tournaments/crosstable.html", _ctx(
        request, sec.event, sec, table=table, round_numbers=range(1, table.after_round + 1)))


def player_card(request: HttpRequest, slug: str, section: str, tpn: int) -> HttpResponse:
    sec = _section(slug, section)
    require_visible(request, sec.event)
    player = get_object_or_404(Player, section=sec, tpn=tpn)
    data = SectionData.load(sec)
    lines = standings.player_card(data, player)
    if not is_arbiter(request, sec.event):
        published = {r.number for r in data.rounds if r.published}
        lines = [line for line in lines if line["round"] in published]
    return render(request, "tournaments/player.html", _ctx(request, sec.event, sec, player=player, lines=lines))


def search(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Find a player by name (the phone use case: 'where do I play?')."""
    sec = _section(slug, section)
    require_visible(request, sec.event)
    query = request.GET.get("q", "").strip()[:50]
    players = sec.players.filter(Q(name__icontains=query)) if query else sec.players.none()
    return render(request, "tournaments/search.html", _ctx(request, sec.event, sec, players=players[:50],
                                                            query=query))


def result_labels() -> dict[str, str]:
    return dict(RESULTS)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render(request, "tournaments/csrf.html", {"reason": reason}, status=403)


def reverse_section(sec: Section) -> str:
    return reverse("sp-section", kwargs={"slug": sec.event.slug, "section": sec.slug})
