"""Read-only JSON endpoints: the same data as the public pages."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from swisspair_web.tournaments import standings
from swisspair_web.tournaments.auth import is_arbiter, require_visible
from swisspair_web.tournaments.convert import SectionData
from swisspair_web.tournaments.models import RESULTS, Bye, Event, Player, Round, Section


def _section(request: HttpRequest, slug: str, section: str) -> Section:
    sec = get_object_or_404(Section.objects.select_related("event"), event__slug=slug, slug=section)
    require_visible(request, sec.event)
    return sec


def _player(p: Player) -> dict[str, Any]:
    return {"tpn": p.tpn, "name": p.name, "rating": p.rating, "title": p.title, "federation": p.federation,
            "fide_id": p.fide_id, "club": p.club, "withdrawn_from": p.withdrawn_from}


def events(request: HttpRequest) -> JsonResponse:
    rows = [{"slug": e.slug, "name": e.name, "city": e.city,
             "start_date": e.start_date.isoformat() if e.start_date else None,
             "url": request.build_absolute_uri(reverse("sp-api-event", args=[e.slug]))}
            for e in Event.objects.filter(public=True)[:500]]
    return JsonResponse({"events": rows})


def event(request: HttpRequest, slug: str) -> JsonResponse:
    ev = get_object_or_404(Event, slug=slug)
    require_visible(request, ev)
    return JsonResponse({"slug": ev.slug, "name": ev.name, "city": ev.city, "sections": [
        {"slug": s.slug, "name": s.name, "system": s.system, "rounds": s.rounds,
         "url": request.build_absolute_uri(reverse("sp-api-section", args=[ev.slug, s.slug]))}
        for s in ev.sections.all()]})


def section(request: HttpRequest, slug: str, section: str) -> JsonResponse:
    sec = _section(request, slug, section)
    arbiter = is_arbiter(request, sec.event)
    rounds = [r for r in sec.round_set.all() if arbiter or r.published]
    return JsonResponse({
        "event": sec.event.slug, "slug": sec.slug, "name": sec.name, "system": sec.system, "rounds": sec.rounds,
        "tiebreaks": sec.tiebreak_codes,
        "players": [_player(p) for p in sec.players.all()],
        "paired_rounds": [{"number": r.number, "published": r.published,
                           "url": request.build_absolute_uri(reverse("sp-api-round", args=[slug, section, r.number]))}
                          for r in rounds]})


def round_(request: HttpRequest, slug: str, section: str, number: int) -> JsonResponse:
    sec = _section(request, slug, section)
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published and not is_arbiter(request, sec.event):
        return JsonResponse({"error": "round not published"}, status=404)
    boards = [{"board": b.number, "white": b.white.tpn, "black": b.black.tpn, "white_name": b.white.name,
               "black_name": b.black.name, "result": RESULTS.get(b.result, b.result) or None}
              for b in rnd.boards.select_related("white", "black")]
    byes = [{"tpn": b.player.tpn, "name": b.player.name, "kind": b.kind}
            for b in Bye.objects.filter(section=sec, round_number=number).select_related("player")]
    return JsonResponse({"round": number, "published": rnd.published, "boards": boards, "byes": byes})


def standings_(request: HttpRequest, slug: str, section: str) -> JsonResponse:
    sec = _section(request, slug, section)
    table = standings.table(SectionData.load(sec))
    return JsonResponse({"after_round": table.after_round, "tiebreaks": table.codes, "note": table.note,
                         "standings": [{"rank": r.rank, "tpn": r.player.tpn, "name": r.player.name,
                                        "points": r.points_text, "tiebreaks": r.tiebreaks, "rounds": r.cells}
                                       for r in table.rows]})


def player(request: HttpRequest, slug: str, section: str, tpn: int) -> JsonResponse:
    sec = _section(request, slug, section)
    p = get_object_or_404(Player, section=sec, tpn=tpn)
    data = SectionData.load(sec)
    published = {r.number for r in data.rounds if r.published or is_arbiter(request, sec.event)}
    lines = [{"round": line["round"], "opponent": line["opponent"].tpn if line["opponent"] else None,
              "colour": line["colour"], "result": line["result"], "score": line["score"], "board": line["board"]}
             for line in standings.player_card(data, p) if line["round"] in published]
    return JsonResponse({**_player(p), "rounds": lines})
