"""Rounds: paired, published or withdrawn, unpaired, changed by hand."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, form_errors, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import AdjustForm, PairForm
from swisspair_web.tournaments.reads import form_state, late_corrections
from swisspair_web.tournaments.rows import Round, Section
from swisspair_web.tournaments.services import jobs


@login_required
@require_POST
@arbiter_page
def pair(request: HttpRequest, sec: Section) -> HttpResponse:
    """Pair the next round: the form carries the round it pairs and the section's version its page showed
    (who is paired depends on every result, bye and withdrawal: a change since then refuses it)."""
    form = PairForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
        return to_section(sec)
    expected = (sec.round_set.aggregate(m=Max("number"))["m"] or 0) + 1
    if form.cleaned_data["round"] != expected:
        messages.error(request, _("Round %(round)s was paired meanwhile (by somebody else?).")
                       % {"round": form.cleaned_data["round"]} if form.cleaned_data["round"] < expected else
                       _("Round %(round)s was unpaired meanwhile (by somebody else?): check the page and pair "
                         "again.") % {"round": expected})
        return to_section(sec)
    if form.cleaned_data["version"] != sec.version:
        messages.error(request, _("The section changed since your page was loaded (results, byes, withdrawals or "
                                  "players): nothing was paired. Check who will not be paired, then pair again."))
        return to_section(sec)
    allow = form.cleaned_data["allow_pending"]
    if not sec.is_team and jobs.in_background(sec.players.count()):
        job = jobs.start(sec.event, sec, request.user, "pair", {"allow_pending": allow})
        return redirect("sp-job", pk=job.pk)
    with refusals_shown(request):
        if sec.is_team:
            outcome = services.teams.pair_team_round(sec, request.user, allow_pending=allow)
        else:
            outcome = services.pair_next_round(sec, request.user, allow_pending=allow,
                                               seen_version=form.cleaned_data["version"])
        for warning in outcome.warnings:
            messages.warning(request, warning)
        messages.success(request, _("Round %(round)s paired. Check it, then publish it.")
                         % {"round": outcome.round.number})
        return to_section(sec, "sp-results", number=outcome.round.number)
    return to_section(sec)


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
@arbiter_page
def publish(request: HttpRequest, sec: Section, number: int) -> HttpResponse:
    rnd = _posted_round(request, sec, number)
    if rnd is None:
        return to_section(sec)
    value = request.POST.get("publish", "")
    if value not in ("0", "1"):
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": "publish", "expected": _("1 (publish) or 0 (unpublish)"), "value": repr(value[:20])})
    elif _round_as_shown(request, rnd, form_state.pairing_token(rnd)):
        with refusals_shown(request):
            changed = services.publish_round(rnd, request.user, value == "1")
            _publish_message(request, number, value == "1", changed)
    return to_section(sec, "sp-results", number=number)


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
@arbiter_page
def unpair(request: HttpRequest, sec: Section, number: int) -> HttpResponse:
    rnd = _posted_round(request, sec, number)
    if rnd is None:
        return to_section(sec)
    last = sec.round_set.aggregate(m=Max("number"))["m"]
    if last != number:
        messages.error(request, _("Only the last round can be unpaired."))
        return to_section(sec, "sp-results", number=number)
    if not _round_as_shown(request, rnd, form_state.results_token(rnd)):
        return to_section(sec, "sp-results", number=number)
    with refusals_shown(request) as tried:
        services.unpair_last_round(sec, request.user, discard_results=bool(request.POST.get("discard")))
        messages.success(request, _("Round %(round)s unpaired.") % {"round": number})
    if tried.refused:
        return to_section(sec, "sp-results", number=number)
    return to_section(sec)


@login_required
@require_POST
@arbiter_page
def adjust(request: HttpRequest, sec: Section, number: int) -> HttpResponse:
    rnd = _posted_round(request, sec, number)
    if rnd is None:
        return to_section(sec)
    form = AdjustForm(request.POST)
    if not _round_as_shown(request, rnd, form_state.pairing_token(rnd)):
        pass
    elif form.is_valid():
        with refusals_shown(request):
            warnings = services.adjust_round(rnd, request.user, form.cleaned_data["action"],
                                             form.cleaned_data["board_a"], form.cleaned_data["board_b"])
            for warning in warnings:
                messages.warning(request, warning)
            messages.success(request, _("Pairing changed by hand."))
    else:
        form_errors(request, form)
    return to_section(sec, "sp-results", number=number)
