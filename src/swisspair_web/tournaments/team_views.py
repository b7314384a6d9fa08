"""Pages of team sections (FIDE C.04.6): teams and rosters, team rounds, team standings."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments import result_entry, services, teams
from swisspair_web.tournaments.auth import is_arbiter, require, require_visible
from swisspair_web.tournaments.convert import SectionData
from swisspair_web.tournaments.forms import PlayerForm, TeamForm
from swisspair_web.tournaments.models import Player, Round, Section, Team, TeamMatch
from swisspair_web.tournaments.services import OperationError
from swisspair_web.tournaments.views import _ctx, _section, posted_int


def _team_section(slug: str, section: str) -> Section:
    sec = _section(slug, section)
    if not sec.is_team:
        raise Http404("not a team section")
    return sec


def teams_view(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """The teams with their rosters in board order; arbiters also get the forms to change them."""
    sec = _team_section(slug, section)
    require_visible(request, sec.event)
    data = SectionData.load(sec)
    rows = [(team, members, teams.withdrawn_from(members)) for team in data.teams
            for members in [data.members(team)]]
    return render(request, "tournaments/teams.html", _ctx(
        request, sec.event, sec, teams=rows, team_form=TeamForm(), member_form=PlayerForm(),
        fixed_order=bool(data.rounds), next_round=data.paired_rounds + 1))


@login_required
@require_POST
def team_new(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    sec = _team_section(slug, section)
    require(request, sec.event)
    form = TeamForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("A team needs a name."))
    else:
        try:
            team = services.teams.create_team(sec, request.user, form.cleaned_data["name"])
            messages.success(request, _("Team %(name)s added as number %(number)s.")
                             % {"name": team.name, "number": team.number})
        except OperationError as error:
            messages.error(request, str(error))
    return redirect("sp-teams", slug=slug, section=section)


@login_required
@require_POST
def team_action(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    """``rename``, ``delete``, ``add`` (a player at the end of the roster), ``up``/``down``/``remove``
    (the player ``tpn``), ``withdraw`` (the team, from round ``from_round``) and ``reinstate``."""
    sec = _team_section(slug, section)
    require(request, sec.event)
    team = get_object_or_404(Team, section=sec, number=number)
    action = request.POST.get("action", "")
    try:
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
                return redirect("sp-teams", slug=slug, section=section)
            if not request.POST.get("confirm"):
                return render(request, "tournaments/team_withdraw_confirm.html", _ctx(
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
                return redirect("sp-teams", slug=slug, section=section)
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
    except OperationError as error:
        messages.error(request, str(error))
    return redirect("sp-teams", slug=slug, section=section)


def team_card(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    """A team: roster and results round by round (published rounds only for the public)."""
    sec = _team_section(slug, section)
    require_visible(request, sec.event)
    team = get_object_or_404(Team, section=sec, number=number)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(request, sec.event)}
    lines = [line for line in teams.team_results(data, team) if line["round"] in published]
    return render(request, "tournaments/team.html", _ctx(request, sec.event, sec, team=team,
                                                          members=data.members(team), lines=lines))


@login_required
@require_POST
def match_forfeit(request: HttpRequest, slug: str, section: str, number: int) -> HttpResponse:
    """A whole match forfeited in one action (:func:`.services.teams.forfeit_match`): ``match``, ``side`` and, for each
    board, what the arbiter's page showed of it (``v`` and ``p`` fields as on the results form)."""
    sec = _team_section(slug, section)
    require(request, sec.event)
    rnd = get_object_or_404(Round, section=sec, number=number)
    number_posted = request.POST.get("match", "")
    try:
        match = rnd.matches.select_related("white", "black", "round__section__event").get(
            number=int(number_posted) if number_posted.isdigit() else 0)
    except TeamMatch.DoesNotExist:
        messages.error(request, _("No such match in this round."))
        return redirect("sp-results", slug=slug, section=section, number=number)
    seen = result_entry.shown_boards(request.POST)
    try:
        services.teams.forfeit_match(match, request.user, request.POST.get("side", ""), seen)
    except OperationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Match %(match)s recorded as forfeited.") % {"match": match.number})
    return redirect("sp-results", slug=slug, section=section, number=number)
