"""Read-only JSON endpoints: the same data as the public pages."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import timezone

from swisspair_web.tournaments import jobs, pairing_lists, standings, teams
from swisspair_web.tournaments.auth import is_arbiter, require, require_visible
from swisspair_web.tournaments.convert import SectionData
from swisspair_web.tournaments.models import RESULTS, Event, Job, Player, Round, Section, Team


def json_errors(view: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """A missing object answers ``{"error": ...}`` with 404, a forbidden one with 403: JSON, not an HTML page."""
    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> JsonResponse:
        try:
            return view(request, *args, **kwargs)
        except Http404:
            return JsonResponse({"error": "not found"}, status=404)
        except PermissionDenied:
            return JsonResponse({"error": "forbidden"}, status=403)
    return wrapper


def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Any other path under ``/api/``: JSON, as the API answers a missing event or round, not an HTML page."""
    return JsonResponse({"error": "not found"}, status=404)


def _section(request: HttpRequest, slug: str, section: str) -> Section:
    sec = get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section)
    require_visible(request, sec.event)
    return sec


def _player(p: Player) -> dict[str, Any]:
    return {"tpn": p.tpn, "name": p.name, "rating": p.rating, "title": p.title, "federation": p.federation,
            "fide_id": p.fide_id, "club": p.club, "withdrawn_from": p.withdrawn_from}


@json_errors
def events(request: HttpRequest) -> JsonResponse:
    rows = [{"slug": e.slug, "name": e.name, "city": e.city,
             "start_date": e.start_date.isoformat() if e.start_date else None,
             "url": request.build_absolute_uri(reverse("sp-api-event", args=[e.slug]))}
            for e in Event.objects.filter(public=True)[:500]]
    return JsonResponse({"events": rows})


@json_errors
def event(request: HttpRequest, slug: str) -> JsonResponse:
    ev = get_object_or_404(Event, slug=slug)
    require_visible(request, ev)
    return JsonResponse({"slug": ev.slug, "name": ev.name, "city": ev.city, "sections": [
        {"slug": s.slug, "name": s.name, "system": s.system, "rounds": s.rounds,
         "url": request.build_absolute_uri(reverse("sp-api-section", args=[ev.slug, s.slug]))}
        for s in ev.sections.all()]})


@json_errors
def section(request: HttpRequest, slug: str, section: str) -> JsonResponse:
    sec = _section(request, slug, section)
    arbiter = is_arbiter(request, sec.event)
    rounds = [r for r in sec.round_set.all() if arbiter or r.published]
    return JsonResponse({
        "event": sec.event.slug, "slug": sec.slug, "name": sec.name, "system": sec.system, "rounds": sec.rounds,
        "kind": sec.kind, "tiebreaks": sec.tiebreak_codes,
        "players": [_player(p) for p in sec.players.all()],
        **({"boards": sec.boards, "primary": sec.team_primary, "colour_type": sec.team_colours,
            "teams": [_team(request, sec, t) for t in sec.teams.all()]} if sec.is_team else {}),
        "paired_rounds": [{"number": r.number, "published": r.published,
                           "url": request.build_absolute_uri(reverse("sp-api-round", args=[slug, section, r.number]))}
                          for r in rounds]})


def _board(line: pairing_lists.ListedBoard) -> dict[str, Any]:
    b = line.board
    return {"board": b.number, "white": b.white.tpn, "black": b.black.tpn, "white_name": b.white.name,
            "black_name": b.black.name, "result": RESULTS.get(b.result, b.result) or None,
            "white_points": line.white_points, "black_points": line.black_points}


@json_errors
def round_(request: HttpRequest, slug: str, section: str, number: int) -> JsonResponse:
    sec = _section(request, slug, section)
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published and not is_arbiter(request, sec.event):
        return JsonResponse({"error": "round not published"}, status=404)
    listing = pairing_lists.pairing_list(rnd)
    boards = [_board(line) for line in listing.boards]
    byes = [{"tpn": line.bye.player.tpn, "name": line.bye.player.name, "kind": line.bye.kind,
             "points": line.points, "scores": line.awarded} for line in listing.byes]
    data: dict[str, Any] = {"round": number, "published": rnd.published, "boards": boards, "byes": byes}
    if sec.is_team:
        data["matches"] = [{
            "match": m.match.number, "white": m.match.white.number, "black": m.match.black.number,
            "white_name": m.match.white.name, "black_name": m.match.black.name,
            "white_game_points": standings.fmt(m.white_points), "black_game_points": standings.fmt(m.black_points),
            "white_match_points": standings.fmt(m.white_match_points),
            "black_match_points": standings.fmt(m.black_match_points), "complete": m.complete,
            "boards": [b.number for b in m.boards]} for m in teams.match_scores(rnd)]
        data["bye_team"] = rnd.team_bye.number if rnd.team_bye else None
    return JsonResponse(data)


@json_errors
def standings_(request: HttpRequest, slug: str, section: str) -> JsonResponse:
    sec = _section(request, slug, section)
    data = SectionData.load(sec)
    if sec.is_team:
        team_table = teams.team_table(data, standings.shown_round(request, data))
        return JsonResponse({"after_round": team_table.after_round, "primary": team_table.primary,
                             "tiebreaks": team_table.codes, "note": team_table.note,
                             "standings": [{"rank": r.rank, "team": r.team.number, "name": r.team.name,
                                            "match_points": r.match_points_text,
                                            "game_points": r.game_points_text, "tiebreaks": r.tiebreaks}
                                           for r in team_table.rows]})
    table = standings.table(data, standings.shown_round(request, data))
    return JsonResponse({"after_round": table.after_round, "tiebreaks": table.codes, "note": table.note,
                         "standings": [{"rank": r.rank, "tpn": r.player.tpn, "name": r.player.name,
                                        "points": r.points_text, "tiebreaks": r.tiebreaks, "rounds": r.cells,
                                        "playoff": r.playoff}
                                       for r in table.rows],
                         "playoffs": [_playoff(view) for view in table.playoffs]})


def _playoff(view: standings.PlayoffView) -> dict[str, Any]:
    playoff = view.playoff
    return {"place": view.row.place, "players": view.row.players, "seed": view.row.seed,
            "applied": view.applied, "stale": view.stale,
            "games": [{"id": g.id, "stage": g.stage, "white": g.white, "black": g.black, "result": g.result}
                      for g in (playoff.games if playoff else [])],
            "places": [{"place": p.text, "players": list(p.players)}
                       for p in (playoff.placements or [] if playoff else [])]}


def _team(request: HttpRequest, sec: Section, team: Team) -> dict[str, Any]:
    return {"number": team.number, "name": team.name,
            "members": [p.tpn for p in team.members.order_by("board_order", "tpn")],
            "url": request.build_absolute_uri(reverse("sp-api-team", args=[sec.event.slug, sec.slug, team.number]))}


@json_errors
def team(request: HttpRequest, slug: str, section: str, number: int) -> JsonResponse:
    """A team of a team section: roster in board order and its matches (published rounds for the public)."""
    sec = _section(request, slug, section)
    t = get_object_or_404(Team, section=sec, number=number)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(request, sec.event)}
    lines = [{"round": line["round"], "bye": line["bye"],
              "opponent": line["opponent"].number if isinstance(line["opponent"], Team) else None,
              "colour": line["colour"], "score": line["score"], "match_points": line["match_points"]}
             for line in teams.team_results(data, t) if line["round"] in published]
    return JsonResponse({"number": t.number, "name": t.name,
                         "members": [_player(p) for p in data.members(t)], "rounds": lines})


@json_errors
def player(request: HttpRequest, slug: str, section: str, tpn: int) -> JsonResponse:
    sec = _section(request, slug, section)
    p = get_object_or_404(Player, section=sec, tpn=tpn)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(request, sec.event)}
    lines = [{"round": line["round"], "opponent": line["opponent"].tpn if line["opponent"] else None,
              "colour": line["colour"], "result": line["result"], "score": line["score"], "board": line["board"]}
             for line in standings.player_card(data, p) if line["round"] in published]
    return JsonResponse({**_player(p), "rounds": lines})


@json_errors
def job(request: HttpRequest, pk: int) -> JsonResponse:
    """State and progress of a background job (the event's arbiters only)."""
    j = get_object_or_404(Job.objects.select_related("event"), pk=pk)
    require(request, j.event)
    j = jobs.refreshed(j)
    return JsonResponse({"id": j.pk, "kind": j.kind, "state": j.state, "stage": j.stage,
                         "stage_text": str(jobs.STAGES.get(j.stage, j.stage)), "progress": j.progress,
                         "message": j.message, "url": j.url or None,
                         "seconds": round(((j.finished_at or timezone.now()) - j.created_at).total_seconds(), 1)})
