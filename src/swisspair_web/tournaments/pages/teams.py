"""The arbiter's pages of a team section (FIDE C.04.6): teams and rosters changed, a match forfeited as a
whole."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages import results
from swisspair_web.tournaments.pages.common import arbiter_page, posted_int, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import PlayerForm, TeamForm
from swisspair_web.tournaments.public.common import TEAM_ONLY, context
from swisspair_web.tournaments.rows import Player, Round, Section, Team, TeamMatch
from swisspair_web.tournaments.services import OperationError


@login_required
@require_POST
@arbiter_page(kind=TEAM_ONLY)
def team_new(request: HttpRequest, sec: Section) -> HttpResponse:
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A team needs a name."))
    else:
        with refusals_shown(request):
            team = services.teams.create_team(sec, request.user, form.cleaned_data["name"])
            messages.success(request, _("Team %(name)s added as number %(number)s.")
                             % {"name": team.name, "number": team.number})
    return to_section(sec, "sp-teams")


@login_required
@require_POST
@arbiter_page(kind=TEAM_ONLY)
def team_action(request: HttpRequest, sec: Section, number: int) -> HttpResponse:
    """``rename``, ``delete``, ``add`` (a player at the end of the roster), ``up``/``down``/``remove``
    (the player ``tpn``), ``withdraw`` (the team, from round ``from_round``) and ``reinstate``."""
    team = get_object_or_404(Team, section=sec, number=number)
    action = request.POST.get("action", "")
    with refusals_shown(request):
        if action == "rename":
            services.teams.rename_team(team, request.user, request.POST.get("name", ""))
        elif action == "delete":
            services.teams.delete_team(team, request.user)
            messages.success(request, _("Team %(name)s deleted.") % {"name": team.name})
        elif action == "add":
            form = PlayerForm(request.POST)
            if not form.is_valid():
                raise OperationError(_("Invalid player: %(errors)s")
                                     % {"errors": "; ".join(str(e) for errors in form.errors.values()
                                                            for e in errors)})
            data = form.cleaned_data
            player = services.teams.add_member(team, request.user, services.PlayerData(
                name=data["name"], rating=data["rating"] or 0, title=data["title"] or "",
                federation=data["federation"] or "", fide_id=data["fide_id"] or "", sex=data["sex"] or "",
                birth_date=data["birth_date"] or "", club=data["club"] or ""))
            messages.success(request, _("%(name)s added to %(team)s on board %(board)s.")
                             % {"name": player.name, "team": team.name, "board": player.board_order})
        elif action == "withdraw":
            paired = sec.round_set.count()
            from_round = posted_int(request, "from_round", _("withdraw from round"), low=paired + 1,
                                    high=sec.rounds) if request.POST.get("from_round") else paired + 1
            if from_round is None:
                return to_section(sec, "sp-teams")
            if not request.POST.get("confirm"):
                return render(request, "tournaments/team_withdraw_confirm.html", context(
                    request, sec.event, sec, team=team, from_round=from_round, first=paired + 1))
            services.teams.withdraw_team(team, request.user, from_round)
            messages.success(request, _("Team %(name)s withdrawn from round %(round)s on.")
                             % {"name": team.name, "round": from_round})
        elif action == "reinstate":
            services.teams.withdraw_team(team, request.user, None)
            messages.success(request, _("Team %(name)s reinstated.") % {"name": team.name})
        elif action in ("up", "down", "remove"):
            tpn = posted_int(request, "tpn", _("pairing number"), low=1)
            if tpn is None:
                return to_section(sec, "sp-teams")
            player = get_object_or_404(Player, section=sec, team=team, tpn=tpn)
            if action == "remove":
                services.teams.remove_member(player, request.user)
                messages.success(request, _("%(name)s deleted.") % {"name": player.name})
            else:
                services.teams.move_member(player, request.user, -1 if action == "up" else 1)
        else:
            messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.") % {
                "field": "action", "expected": "rename, delete, add, up, down, remove, withdraw, reinstate",
                "value": repr(action[:20])})
    return to_section(sec, "sp-teams")


@login_required
@require_POST
@arbiter_page(kind=TEAM_ONLY)
def match_forfeit(request: HttpRequest, sec: Section, number: int) -> HttpResponse:
    """A whole match forfeited in one action (:func:`.services.teams.forfeit_match`): ``match``, ``side`` and, for each
    board, what the arbiter's page showed of it (``v`` and ``p`` fields as on the results form)."""
    rnd = get_object_or_404(Round, section=sec, number=number)
    number_posted = request.POST.get("match", "")
    try:
        match = rnd.matches.select_related("white", "black", "round__section__event").get(
            number=int(number_posted) if number_posted.isdigit() else 0)
    except TeamMatch.DoesNotExist:
        messages.error(request, _("No such match in this round."))
        return to_section(sec, "sp-results", number=number)
    seen = results.shown_boards(request.POST)
    with refusals_shown(request):
        services.teams.forfeit_match(match, request.user, request.POST.get("side", ""), seen)
        messages.success(request, _("Match %(match)s recorded as forfeited.") % {"match": match.number})
    return to_section(sec, "sp-results", number=number)
