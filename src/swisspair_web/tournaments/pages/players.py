"""Players: added by hand or from a file (CSV, FIDE rating list), edited, withdrawn, reinstated or deleted,
and their byes."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import (
    arbiter_page,
    form_errors,
    posted_int,
    refusals_shown,
    show_warnings,
    to_section,
)
from swisspair_web.tournaments.pages.forms import (
    BYE_KINDS,
    ByeForm,
    LateEntryForm,
    PlayerForm,
    PlayersImportForm,
    read_upload_bytes,
)
from swisspair_web.tournaments.public.common import context
from swisspair_web.tournaments.reads import form_state, player_import, rating_list
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Player, Section
from swisspair_web.tournaments.services import OperationError, jobs


def _player_data(form: PlayerForm) -> services.PlayerData:
    data = form.cleaned_data
    return services.PlayerData(name=data["name"], rating=data["rating"] or 0, title=data["title"] or "",
                               federation=data["federation"] or "", fide_id=data["fide_id"] or "",
                               sex=data["sex"] or "", birth_date=data["birth_date"] or "", club=data["club"] or "",
                               rating_estimate=data.get("rating_estimate") or "")


@login_required
@arbiter_page
def player_add(request: HttpRequest, sec: Section) -> HttpResponse:
    """Add a player; after paired rounds (a late entry) the form says which and asks for the kind of bye the
    player gets for them, and it carries how many rounds its page showed paired."""
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
                return to_section(sec, "sp-player-add")
            return to_section(sec)
    elif request.method == "POST" and not late.is_valid():
        form_errors(request, late)
    return render(request, "tournaments/player_form.html", context(request, sec.event, sec, form=form, paired=paired,
                                                                 player=None))


def _late_message(request: HttpRequest, players: list[Player], kind: str, paired: int) -> None:
    """What late entries got for the rounds paired before them (C.04.2 art. 2.4), said once."""
    if not players or not paired:
        return
    names = "; ".join(p.name for p in players[:5]) + (" …" if len(players) > 5 else "")
    messages.info(request, ngettext(
        "Late entry: %(names)s: %(kind)s in round 1, which was paired before.",
        "Late entry: %(names)s: %(kind)s in each of rounds 1-%(paired)s, which were paired before.",
        paired) % {"names": names, "kind": BYE_KINDS[kind], "paired": paired})


@login_required
@arbiter_page
def player_edit(request: HttpRequest, sec: Section, tpn: int) -> HttpResponse:
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
            return to_section(sec)
    snapshot = SectionData.load(sec)
    return render(request, "tournaments/player_form.html", context(
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
@arbiter_page
def player_action(request: HttpRequest, sec: Section, tpn: int) -> HttpResponse:
    """``withdraw`` (after a confirmation page), ``reinstate`` or ``delete`` the player the page showed as
    number ``tpn`` (the form carries the player and the version it showed)."""
    posted = _posted_player(request, sec, tpn)
    if posted is None:
        return to_section(sec)
    player, version = posted
    action = request.POST.get("action", "")
    with refusals_shown(request):
        if action == "withdraw":
            paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
            from_round = posted_int(request, "from_round", _("Withdraw from round"), low=paired + 1,
                                     high=sec.rounds) if request.POST.get("from_round") else paired + 1
            if from_round is None:
                return to_section(sec)
            if not request.POST.get("confirm"):
                return render(request, "tournaments/withdraw_confirm.html", context(
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
    return to_section(sec)


@login_required
@arbiter_page
def players_import(request: HttpRequest, sec: Section) -> HttpResponse:
    """Players from a CSV file or a FIDE rating list; after paired rounds the page says which and asks what
    the new players (late entries) get for them, as *Add player* does."""
    form = PlayersImportForm(request.POST or None, request.FILES or None)
    late = LateEntryForm(request.POST or None)
    paired = sec.round_set.aggregate(m=Max("number"))["m"] or 0
    valid = request.method == "POST" and form.is_valid() and late.is_valid()
    if request.method == "POST" and not late.is_valid():
        form_errors(request, late)
    if valid and form.cleaned_data["format"] == "fide" and \
            form.cleaned_data["work"] >= settings.SWISSPAIR_BACKGROUND_LIST_BYTES:
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
            show_warnings(request, read.notes)
            return to_section(sec)
    return render(request, "tournaments/upload.html",
                  context(request, sec.event, sec, form=form, title=_("Import players"), paired=paired, late_entry=True,
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
@arbiter_page
def bye(request: HttpRequest, sec: Section) -> HttpResponse:
    form = ByeForm(request.POST)
    if form.is_valid():
        player = Player.objects.filter(section=sec, tpn=form.cleaned_data["player"]).first()
        if player is None:
            messages.error(request, _("No player with this number."))
            return to_section(sec)
        if request.POST.get("numbers", "") != form_state.numbers_token(sec):
            messages.error(request, _("The pairing numbers changed since your page was loaded (players added, deleted "
                                      "or sorted): nothing was recorded. Number %(tpn)s is %(name)s now; check it and "
                                      "record again.") % {"tpn": player.tpn, "name": player.name})
            return to_section(sec)
        kind = form.cleaned_data["kind"]
        number = form.cleaned_data["round_number"]
        names = {"name": player.name, "round": number}
        with refusals_shown(request):
            changed = services.request_bye(player, request.user, number, "" if kind == ByeForm.REMOVE else kind)
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
    return to_section(sec)
