"""Arbiter pages and public pages (HTML). JSON lives in :mod:`.api`, files in :mod:`.exports`."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import IntegrityError
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
    absences,
    form_state,
    jobs,
    late_corrections,
    numbering,
    pairing_lists,
    player_import,
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
    LateEntryForm,
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
        try:
            services.update_event(form.instance, request.user, form.changed_data)
        except OperationError as error:
            form.add_error("slug", str(error))
        else:
            return redirect("sp-event", slug=ev.slug)
    return render(request, "tournaments/event_form.html", _ctx(request, _event(slug), form=form))


@login_required
def event_arbiters(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's arbiters (chief arbiters only): add one (a new account with a password), change a role,
    remove one. An event always keeps a chief arbiter."""
    ev = _event(slug)
    require(request, ev, chief=True)
    form = ArbiterForm(request.POST or None)
    if request.method == "POST" and "remove" in request.POST:
        role_id = posted_int(request, "remove", _("arbiter to remove"), low=1)
        if role_id is not None:
            try:
                name = services.remove_role(ev, request.user, role_id)
            except OperationError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("%(name)s is no longer an arbiter of this event.") % {"name": name})
        return redirect("sp-event-arbiters", slug=ev.slug)
    if request.method == "POST" and form.is_valid():
        name, role = form.cleaned_data["username"], form.cleaned_data["role"]
        try:
            services.set_role(ev, request.user, name, role, form.cleaned_data["password"])
        except OperationError as error:
            form.add_error(error.field if isinstance(error, services.FieldError) else None, str(error))
        else:
            messages.success(request, _("%(name)s is now the chief arbiter of this event.") % {"name": name}
                             if role == EventRole.CHIEF else
                             _("%(name)s is now an arbiter of this event.") % {"name": name})
            if role_of(request.user, ev) != EventRole.CHIEF:
                return redirect("sp-event", slug=ev.slug)
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
            sec = services.create_section(form.instance, request.user)
        except OperationError as error:
            form.add_error("slug", str(error))
        else:
            return _to_section(sec)
    return render(request, "tournaments/section_form.html", _ctx(request, ev, form=form))


@login_required
def section_edit(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """The section's settings. Once a round is paired, the changes that alter standings or pairings are saved
    only after a page that lists them is confirmed; the confirmation counts for that list only (a value
    changed on the confirmation page is listed again). Hints (points left at the old value of a win) are
    confirmed the same way, paired rounds or not."""
    sec = _section(slug, section)
    require(request, sec.event)
    before = settings_changes.snapshot(sec)
    seen = posted_int(request, "version", _("version")) if request.method == "POST" else sec.version
    form = SectionForm(request.POST or None, instance=sec)
    confirm: list[settings_changes.Change] = []
    hints: list[str] = []
    paired = sec.round_set.count()
    if request.method == "POST" and seen is not None and form.is_valid():
        found = settings_changes.changes(before, form.instance)
        confirm = settings_changes.needing_confirmation(found, paired)
        hints = settings_changes.hints(before, form.instance)
        listed = settings_changes.token(confirm, hints)
        if (confirm or hints) and request.POST.get("confirm") == "1" and request.POST.get("confirmed") != listed:
            messages.warning(request, _("The settings differ from the list you confirmed (changed on the "
                                        "confirmation page?): check the list again."))
        elif not found:
            messages.info(request, _("Nothing changed in the settings: nothing saved."))
            return _to_section(sec)
        elif not (confirm or hints) or request.POST.get("confirm") == "1":
            try:
                services.update_section(form.instance, request.user, seen, settings_changes.audit_text(found))
            except OperationError as error:
                form.add_error("slug" if isinstance(error, services.NameTaken) else None, str(error))
            else:
                messages.success(request, _("Settings saved."))
                return _to_section(sec)
        if not form.errors:
            return render(request, "tournaments/section_form.html", _ctx(
                request, sec.event, _section(slug, section), form=form, confirm=confirm, hints=hints, paired=paired,
                seen_version=seen, confirmed=listed))
    return render(request, "tournaments/section_form.html", _ctx(request, sec.event, _section(slug, section),
                                                                 form=form, paired=paired, seen_version=seen))


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
    before_round_1 = not data.rounds and not sec.is_team
    return render(request, "tournaments/section_manage.html", _ctx(
        request, sec.event, sec, players=data.players, next_round=next_round, pair_form=PairForm(),
        bye_form=ByeForm(initial={"round_number": next_round}), byes=byes.filter(round_number__gte=next_round),
        pending=len(pending), can_pair=next_round <= sec.rounds and len(data.teams if sec.is_team else
                                                                       data.players) >= 2,
        last_round=data.rounds[-1] if data.rounds else None, teams=data.teams, late=late_corrections.find(sec),
        suggested=recommended_rounds(len(data.players), 3) if len(data.players) >= 3 else None, finished=finished,
        playoffs=table.playoffs if table else [], playoff_form=PlayoffForm(),
        not_paired=absences.of_round(data, next_round) if next_round <= sec.rounds else [],
        before_round_1=before_round_1, order=numbering.order(sec),
        out_of_order=len(numbering.plan(sec, data.players)) if before_round_1 else 0,
        numbers_token=form_state.numbers_token(sec)))


def _player_data(form: PlayerForm) -> services.PlayerData:
    data = form.cleaned_data
    return services.PlayerData(name=data["name"], rating=data["rating"] or 0, title=data["title"] or "",
                               federation=data["federation"] or "", fide_id=data["fide_id"] or "",
                               sex=data["sex"] or "", birth_date=data["birth_date"] or "", club=data["club"] or "",
                               rating_estimate=data.get("rating_estimate") or "")


@login_required
def player_add(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Add a player; after paired rounds (a late entry) the form says which and asks for the kind of bye the
    player gets for them, and it carries how many rounds its page showed paired."""
    sec = _section(slug, section)
    require(request, sec.event)
    form = PlayerForm(request.POST or None)
    late = LateEntryForm(request.POST or None)
    paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
    if request.method == "POST" and form.is_valid() and late.is_valid():
        data = _player_data(form)
        try:
            [player] = services.add_players(sec, request.user, [data], late_byes=late.cleaned_data["late_byes"],
                                            seen_paired=late.cleaned_data["paired"])
        except OperationError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Added %(name)s as number %(tpn)s.") % {"name": player.name,
                                                                                "tpn": player.tpn})
            _late_message(request, [player], late.cleaned_data["late_byes"], paired)
            if "another" in request.POST:
                return redirect("sp-player-add", slug=slug, section=section)
            return _to_section(sec)
    elif request.method == "POST" and not late.is_valid():
        form_errors(request, late)
    return render(request, "tournaments/player_form.html", _ctx(request, sec.event, sec, form=form, paired=paired,
                                                                 player=None))


def _late_message(request: HttpRequest, players: list[Player], kind: str, paired: int) -> None:
    """What late entries got for the rounds paired before them (C.04.2 art. 2.4), said once."""
    if not players or not paired:
        return
    names = ", ".join(p.name for p in players[:5]) + (" …" if len(players) > 5 else "")
    messages.info(request, ngettext(
        "Late entry: %(names)s: %(kind)s in round 1, which was paired before.",
        "Late entry: %(names)s: %(kind)s in each of rounds 1-%(paired)s, which were paired before.",
        paired) % {"names": names, "kind": BYE_KINDS[kind], "paired": paired})


@login_required
def player_edit(request: HttpRequest, slug: str, section: str, tpn: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    player = get_object_or_404(Player, section=sec, tpn=tpn)
    form = PlayerForm(request.POST or None, instance=player, initial={"version": player.version})
    if request.method == "POST" and request.POST.get("player") != str(player.pk):
        form = PlayerForm(instance=player, initial={"version": player.version})
        messages.error(request, _("Pairing number %(tpn)s is somebody else now (the numbers changed since your "
                                  "page was loaded): nothing was saved. This page shows them now.") % {"tpn": tpn})
    elif request.method == "POST" and form.is_valid():
        data = _player_data(form)
        version = form.cleaned_data.get("version")
        try:
            if version is None:
                raise OperationError(_("%(field)s: expected %(expected)s, got %(value)s.") % {
                    "field": _("version"), "expected": _("a whole number from %(low)s") % {"low": 0},
                    "value": _("nothing")})
            services.update_player(player, request.user, data, version)
        except OperationError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Saved %(name)s (number %(tpn)s).") % {"name": player.name,
                                                                                "tpn": player.tpn})
            return _to_section(sec)
    snapshot = SectionData.load(sec)
    return render(request, "tournaments/player_form.html", _ctx(
        request, sec.event, sec, form=form, player=player, next_round=snapshot.paired_rounds + 1))


def _posted_player(request: HttpRequest, sec: Section, tpn: int) -> tuple[Player, int] | None:
    """The player a form about player number ``tpn`` meant, with the version its page showed; ``None``, with a
    message, when the form does not say (``player``, ``version``) or number ``tpn`` is somebody else now
    (the numbers were sorted again meanwhile)."""
    pk = posted_int(request, "player", _("player"))
    version = posted_int(request, "version", _("version"))
    if pk is None or version is None:
        return None
    player = Player.objects.filter(section=sec, tpn=tpn).first()
    if player is None or player.pk != pk:
        messages.error(request, _("Pairing number %(tpn)s is somebody else now (the numbers changed since your page "
                                  "was loaded): nothing was done. Check the list and try again.") % {"tpn": tpn})
        return None
    return player, version


@login_required
@require_POST
def player_action(request: HttpRequest, slug: str, section: str, tpn: int) -> HttpResponse:
    """``withdraw`` (after a confirmation page), ``reinstate`` or ``delete`` the player the page showed as
    number ``tpn`` (the form carries the player and the version it showed)."""
    sec = _section(slug, section)
    require(request, sec.event)
    posted = _posted_player(request, sec, tpn)
    if posted is None:
        return _to_section(sec)
    player, version = posted
    action = request.POST.get("action", "")
    try:
        if action == "withdraw":
            paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
            from_round = posted_int(request, "from_round", _("Withdraw from round"), low=paired + 1,
                                     high=sec.rounds) if request.POST.get("from_round") else paired + 1
            if from_round is None:
                return _to_section(sec)
            if not request.POST.get("confirm"):
                return render(request, "tournaments/withdraw_confirm.html", _ctx(
                    request, sec.event, sec, player=player, from_round=from_round, first=paired + 1,
                    version=version))
            services.set_withdrawn(player, request.user, from_round, version)
            messages.success(request, _("%(name)s withdrawn from round %(round)s on.")
                             % {"name": player.name, "round": from_round})
        elif action == "reinstate":
            for note in services.set_withdrawn(player, request.user, None, version):
                messages.info(request, note)
            messages.success(request, _("%(name)s reinstated.") % {"name": player.name})
        elif action == "delete":
            services.delete_player(player, request.user, version)
            messages.success(request, _("%(name)s deleted.") % {"name": player.name})
        else:
            messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                           % {"field": "action", "expected": "withdraw, reinstate, delete", "value": repr(action[:20])})
    except OperationError as error:
        messages.error(request, str(error))
    return _to_section(sec)


@login_required
def players_import(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Players from a CSV file or a FIDE rating list; after paired rounds the page says which and asks what
    the new players (late entries) get for them, as *Add player* does."""
    sec = _section(slug, section)
    require(request, sec.event)
    form = PlayersImportForm(request.POST or None, request.FILES or None)
    late = LateEntryForm(request.POST or None)
    paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
    valid = request.method == "POST" and form.is_valid() and late.is_valid()
    if request.method == "POST" and not late.is_valid():
        form_errors(request, late)
    if valid and form.cleaned_data["format"] == "fide" and \
            (form.cleaned_data["file"].size or 0) >= settings.SWISSPAIR_BACKGROUND_LIST_BYTES:
        job = jobs.start(sec.event, sec, request.user, "rating-list", {
            **_rating_list_params(request, sec, form), **late.cleaned_data})
        return redirect("sp-job", pk=job.pk)
    if valid:
        try:
            read = _read_players(request, sec, form)
            merged = services.player_import.merge(sec, request.user, read, existing=form.cleaned_data["existing"],
                                         late_byes=late.cleaned_data["late_byes"],
                                         seen_paired=late.cleaned_data["paired"])
        except (OperationError, ValidationError) as error:
            form.add_error("file", error.messages if isinstance(error, ValidationError) else str(error))
        else:
            messages.success(request, player_import.done_text(merged) + (
                " " + _("Read as %(format)s.") % {"format": read.encoding} if read.encoding else ""))
            _late_message(request, merged.created, merged.late_byes, merged.paired)
            _show_warnings(request, read.notes)
            return _to_section(sec)
    return render(request, "tournaments/upload.html",
                  _ctx(request, sec.event, sec, form=form, title=_("Import players"), paired=paired, late_entry=True,
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
        if request.POST.get("numbers", "") != form_state.numbers_token(sec):
            messages.error(request, _("The pairing numbers changed since your page was loaded (players added, deleted "
                                      "or sorted): nothing was recorded. Number %(tpn)s is %(name)s now; check it and "
                                      "record again.") % {"tpn": player.tpn, "name": player.name})
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
        form_errors(request, form)
    return _to_section(sec)


@login_required
@require_POST
def renumber(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """``mode=rating``: sort pairing numbers by the initial ranking (before round 1 they then stay sorted;
    once a round is paired, only after confirming the list of changes); ``mode=fixed``: keep them as they are.
    The form carries the section's version its page showed."""
    sec = _section(slug, section)
    require(request, sec.event)
    version = posted_int(request, "version", _("version"))
    mode = request.POST.get("mode", Section.RATING_ORDER)
    if version is None:
        return _to_section(sec)
    if mode not in (Section.RATING_ORDER, Section.FIXED_ORDER):
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": "mode", "expected": "rating, fixed", "value": repr(mode[:20])})
        return _to_section(sec)
    paired = sec.round_set.count()
    if mode == Section.RATING_ORDER and paired and request.POST.get("confirm") != "1":
        plan = services.renumber_plan(sec)
        if plan and version == sec.version:
            return render(request, "tournaments/renumber_confirm.html", _ctx(request, sec.event, sec, plan=plan,
                                                                              paired=paired))
    try:
        if mode == Section.FIXED_ORDER:
            services.fix_numbers(sec, request.user, version)
            messages.success(request, _("Pairing numbers fixed as they are; new players get the next numbers."))
        else:
            done = services.renumber_by_rating(sec, request.user, version)
            messages.success(request, _("Pairing numbers sorted by rating.") if done
                             else _("The pairing numbers are sorted by rating already: nothing changed."))
    except OperationError as error:
        messages.error(request, str(error))
    return _to_section(sec)


def posted_int(request: HttpRequest, name: str, label: str, *, low: int = 0, high: int | None = None) -> int | None:
    """The whole number posted as ``name``; ``None``, with a message naming the field (``label``) and what it
    expects, when it is missing, not a number or out of range."""
    text = request.POST.get(name, "")
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        expected = (_("a whole number from %(low)s to %(high)s") % {"low": low, "high": high} if high is not None
                    else _("a whole number from %(low)s") % {"low": low})
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": label, "expected": expected, "value": repr(text[:20]) if text else _("nothing")})
        return None
    return value


@login_required
@require_POST
def pair(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """Pair the next round: the form carries the round it pairs and the section's version its page showed
    (who is paired depends on every result, bye and withdrawal: a change since then refuses it)."""
    sec = _section(slug, section)
    require(request, sec.event)
    form = PairForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
        return _to_section(sec)
    expected = (sec.round_set.aggregate(m=Max("number"))["m"] or 0) + 1
    if form.cleaned_data["round"] != expected:
        messages.error(request, _("Round %(round)s was paired meanwhile (by somebody else?).")
                       % {"round": form.cleaned_data["round"]} if form.cleaned_data["round"] < expected else
                       _("Round %(round)s was unpaired meanwhile (by somebody else?): check the page and pair "
                         "again.") % {"round": expected})
        return _to_section(sec)
    if form.cleaned_data["version"] != sec.version:
        messages.error(request, _("The section changed since your page was loaded (results, byes, withdrawals or "
                                  "players): nothing was paired. Check who will not be paired, then pair again."))
        return _to_section(sec)
    allow = form.cleaned_data["allow_pending"]
    if not sec.is_team and jobs.in_background(sec.players.count()):
        job = jobs.start(sec.event, sec, request.user, "pair", {"allow_pending": allow})
        return redirect("sp-job", pk=job.pk)
    try:
        if sec.is_team:
            outcome = services.teams.pair_team_round(sec, request.user, allow_pending=allow)
        else:
            outcome = services.pair_next_round(sec, request.user, allow_pending=allow,
                                               seen_version=form.cleaned_data["version"])
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
        if job.message:
            messages.success(request, job.message)
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
    rnd = Round.objects.filter(section=sec, number=number).first()
    if rnd is None and request.method == "POST":
        messages.error(request, _("Round %(round)s is not paired any more (somebody unpaired it): nothing was "
                                  "saved.") % {"round": number})
        return _to_section(sec)
    rnd = _round(sec, number)
    conflicts: dict[int, str] = {}
    moved: dict[int, str] = {}
    submitted = None
    if request.method == "POST":
        submitted = result_entry.read(request.POST, {b.number: b for b in rnd.boards.all()})
        if not submitted.errors:
            try:
                outcome = services.set_results(rnd, request.user, submitted.changes)
            except OperationError as error:
                messages.error(request, str(error))
            else:
                conflicts, moved = dict(outcome.conflicts), dict(outcome.moved)
                _results_messages(request, outcome, bool(submitted.changes))
                if not conflicts and not moved:
                    return redirect("sp-results", slug=slug, section=section, number=number)
        else:
            messages.error(request, _("Nothing saved: fix the marked boards."))
    boards = _boards(rnd)
    heads = {score.boards[0].number: score for score in teams.match_scores(rnd) if score.boards} \
        if sec.is_team else {}
    rows = result_entry.rows(boards, submitted, conflicts, moved)
    late = [c for c in late_corrections.find(sec) if c.round == number or number in c.later]
    for row in rows:
        row["head"] = heads.get(row["board"].number)
    return render(request, "tournaments/results.html", _ctx(
        request, sec.event, sec, rnd=rnd, rows=rows, not_paired=absences.of_round(SectionData.load(sec), number),
        is_last=not sec.round_set.filter(number__gt=number).exists(), adjust_form=AdjustForm(),
        entered=sum(1 for b in boards if b.result), total=len(boards), late=late,
        pairing_token=form_state.pairing_token(rnd), results_token=form_state.results_token(rnd), gone=sorted(n for n, now in moved.items() if not now)))


def _results_messages(request: HttpRequest, outcome: services.ResultChanges, changed: bool) -> None:
    """What a save of the results page did: saved, nothing changed, conflicts, boards that hold other players."""
    for note in outcome.notes:
        messages.info(request, note)
    if outcome.saved:
        messages.success(request, ngettext("%(count)s result saved.", "%(count)s results saved.",
                                           len(outcome.saved)) % {"count": len(outcome.saved)})
    elif not changed:
        messages.info(request, _("Nothing changed on the page: nothing saved."))
    if outcome.moved:
        boards = ", ".join(str(n) for n, _now in outcome.moved)
        messages.error(request, ngettext(
            "Board %(boards)s does not hold the players your page showed any more (the round was paired again "
            "or changed by hand): your result was not saved there. The page shows the current pairing; check "
            "it and type the result again.",
            "Boards %(boards)s do not hold the players your page showed any more (the round was paired again "
            "or changed by hand): your results were not saved there. The page shows the current pairing; check "
            "it and type the results again.", len(outcome.moved)) % {"boards": boards})
    if outcome.conflicts:
        messages.error(request, ngettext(
            "Somebody else entered a different result on board %(boards)s meanwhile; yours was not saved there. "
            "The page shows their result now: to keep yours instead, type it again and save.",
            "Somebody else entered a different result on boards %(boards)s meanwhile; yours were not saved "
            "there. The page shows their results now: to keep yours instead, type them again and save.",
            len(outcome.conflicts)) % {"boards": ", ".join(str(n) for n, _now in sorted(outcome.conflicts))})


def _posted_round(request: HttpRequest, sec: Section, number: int) -> Round | None:
    """The round a form posted to acts on; ``None``, with a message, when it is not paired any more."""
    rnd = Round.objects.filter(section=sec, number=number).first()
    if rnd is None:
        messages.error(request, _("Round %(round)s is not paired any more (somebody unpaired it): nothing was "
                                  "done.") % {"round": number})
    return rnd


def _round_as_shown(request: HttpRequest, rnd: Round, token: str) -> bool:
    """Whether the round is still as the page that posted showed it (``token``); else a message saying so."""
    if request.POST.get("token", "") == token:
        return True
    messages.error(request, _("Round %(round)s changed since your page was loaded (paired again, changed by "
                              "hand, or results entered): nothing was done. The page shows it now; check it and "
                              "try again.") % {"round": rnd.number})
    return False


@login_required
@require_POST
def publish(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    rnd = _posted_round(request, sec, number)
    if rnd is None:
        return _to_section(sec)
    value = request.POST.get("publish", "")
    if value not in ("0", "1"):
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": "publish", "expected": _("1 (publish) or 0 (unpublish)"), "value": repr(value[:20])})
    elif _round_as_shown(request, rnd, form_state.pairing_token(rnd)):
        try:
            changed = services.publish_round(rnd, request.user, value == "1")
        except OperationError as error:
            messages.error(request, str(error))
        else:
            _publish_message(request, number, value == "1", changed)
    return redirect("sp-results", slug=slug, section=section, number=number)


def _publish_message(request: HttpRequest, number: int, publish: bool, changed: list[int]) -> None:
    if publish:
        messages.success(request, _("Round %(round)s published.") % {"round": number} if changed else
                         _("Round %(round)s was published already: nothing changed.") % {"round": number})
    elif len(changed) > 1:
        messages.success(request, _("Rounds %(rounds)s withdrawn from the public pages: the later rounds' pairing "
                                    "lists and the players' running scores include round %(round)s.")
                         % {"rounds": late_corrections.rounds_text(changed), "round": number})
    else:
        messages.success(request, _("Round withdrawn from the public pages.") if changed else
                         _("Round %(round)s was not public: nothing changed.") % {"round": number})


@login_required
@require_POST
def unpair(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    sec = _section(slug, section)
    require(request, sec.event)
    rnd = _posted_round(request, sec, number)
    if rnd is None:
        return _to_section(sec)
    last = sec.round_set.aggregate(m=Max("number"))["m"]
    if last != number:
        messages.error(request, _("Only the last round can be unpaired."))
        return redirect("sp-results", slug=slug, section=section, number=number)
    if not _round_as_shown(request, rnd, form_state.results_token(rnd)):
        return redirect("sp-results", slug=slug, section=section, number=number)
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
    rnd = _posted_round(request, sec, number)
    if rnd is None:
        return _to_section(sec)
    form = AdjustForm(request.POST)
    if not _round_as_shown(request, rnd, form_state.pairing_token(rnd)):
        pass
    elif form.is_valid():
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
        form_errors(request, form)
    return redirect("sp-results", slug=slug, section=section, number=number)


def form_errors(request: HttpRequest, form: forms.Form) -> None:
    """Each field error of a hand-made or mistyped request as a message naming the field and what it expects."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields and form.fields[name].label else name
        for error in errors:
            messages.error(request, f"{label}: {error}")


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
        row = services.playoffs.create(sec, request.user, form.cleaned_data["place"])
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
            services.playoffs.delete(row, request.user)
            messages.success(request, _("Play-off for place %(place)s deleted.") % {"place": place})
        else:
            form = PlayoffResultForm(request.POST)
            if not form.is_valid():
                raise OperationError(_("Invalid play-off result."))
            services.playoffs.record(row, request.user, form.cleaned_data["game"], form.cleaned_data["result"],
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
