"""A new section, its settings (confirmed when they change what is paired), and the arbiter's page of a
section."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from swisspair.rounds import recommended_rounds
from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, posted_int, to_section
from swisspair_web.tournaments.pages.forms import ByeForm, PairForm, PlayoffForm, SectionForm
from swisspair_web.tournaments.public.common import context, event_of, section_of
from swisspair_web.tournaments.reads import (
    absences,
    form_state,
    late_corrections,
    numbering,
    presence,
    sections,
    standings,
)
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import require
from swisspair_web.tournaments.rows import Bye, Section
from swisspair_web.tournaments.services import OperationError


@login_required
def section_new(request: HttpRequest, slug: str) -> HttpResponse:
    ev = event_of(slug)
    require(request, ev)
    form = SectionForm(request.POST or None, initial={"name": "Open", "slug": "open"})
    if request.method == "POST" and form.is_valid():
        form.instance.event = ev
        try:
            sec = services.create_section(form.instance, request.user)
        except OperationError as error:
            form.add_error("slug", str(error))
        else:
            return to_section(sec)
    return render(request, "tournaments/section_form.html", context(request, ev, form=form))


@login_required
@arbiter_page
def section_edit(request: HttpRequest, sec: Section) -> HttpResponse:
    """The section's settings. Once a round is paired, the changes that alter standings or pairings are saved
    only after a page that lists them is confirmed; the confirmation counts for that list only (a value
    changed on the confirmation page is listed again). Hints (points left at the old value of a win) are
    confirmed the same way, paired rounds or not."""
    slug, section = sec.event.slug, sec.slug  # the address: the form changes ``sec`` as it validates
    before = sections.snapshot(sec)
    seen = posted_int(request, "version", _("version")) if request.method == "POST" else sec.version
    form = SectionForm(request.POST or None, instance=sec)
    confirm: list[sections.Change] = []
    hints: list[str] = []
    paired = sec.round_set.count()
    if request.method == "POST" and seen is not None and form.is_valid():
        found = sections.changes(before, form.instance)
        confirm = sections.needing_confirmation(found, paired)
        hints = sections.hints(before, form.instance)
        listed = sections.token(confirm, hints)
        if (confirm or hints) and request.POST.get("confirm") == "1" and request.POST.get("confirmed") != listed:
            messages.warning(request, _("The settings differ from the list you confirmed (changed on the "
                                        "confirmation page?): check the list again."))
        elif not found:
            messages.info(request, _("Nothing changed in the settings: nothing saved."))
            return to_section(sec)
        elif not (confirm or hints) or request.POST.get("confirm") == "1":
            try:
                services.update_section(form.instance, request.user, seen, sections.audit_changes(before, form.instance))
            except OperationError as error:
                form.add_error("slug" if isinstance(error, services.NameTaken) else None, str(error))
            else:
                messages.success(request, _("Settings saved."))
                return to_section(sec)
        if not form.errors:
            return render(request, "tournaments/section_form.html", context(
                request, sec.event, section_of(slug, section), form=form, confirm=confirm, hints=hints, paired=paired,
                seen_version=seen, confirmed=listed))
    return render(request, "tournaments/section_form.html", context(request, sec.event, section_of(slug, section),
                                                                 form=form, paired=paired, seen_version=seen))


@login_required
@arbiter_page
def section_manage(request: HttpRequest, sec: Section) -> HttpResponse:
    data = SectionData.load(sec)
    next_round = data.paired_rounds + 1
    byes = Bye.objects.filter(section=sec).exclude(kind=Bye.PAB).select_related("player")
    pending = data.pending_boards(data.paired_rounds) if data.paired_rounds else []
    finished = bool(data.rounds) and data.complete_rounds() == sec.rounds and not sec.is_team
    table = standings.table(data) if finished else None
    before_round_1 = not data.rounds and not sec.is_team
    return render(request, "tournaments/section_manage.html", context(
        request, sec.event, sec, players=data.players, next_round=next_round, pair_form=PairForm(),
        bye_form=ByeForm(initial={"round_number": next_round}), byes=byes.filter(round_number__gte=next_round),
        pending=len(pending), can_pair=next_round <= sec.rounds and len(data.teams if sec.is_team else
                                                                       data.players) >= 2,
        last_round=data.rounds[-1] if data.rounds else None, teams=data.teams, late=late_corrections.find(sec),
        suggested=recommended_rounds(len(data.players), 3) if len(data.players) >= 3 else None, finished=finished,
        playoffs=table.playoffs if table else [], playoff_form=PlayoffForm(),
        not_paired=absences.of_round(data, next_round) if next_round <= sec.rounds else [],
        before_round_1=before_round_1, order=numbering.order(sec),
        checkin_leaves_out=before_round_1 and presence.in_force(sec),
        out_of_order=len(numbering.plan(sec, data.players)) if before_round_1 else 0,
        numbers_token=form_state.numbers_token(sec)))
