"""A round's pairings: the page (a team section's matches) and the JSON."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, JsonResponse

from swisspair_web.tournaments.public.common import Visitor, context, json_errors, page, visible_round, visible_section
from swisspair_web.tournaments.reads import rounds, standings, teams
from swisspair_web.tournaments.rows import RESULTS, Bye, Section


def _round_byes(sec: Section, number: int) -> list[Bye]:
    return list(Bye.objects.filter(section=sec, round_number=number).select_related("player"))


def round_page(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    rnd = visible_round(visitor, sec, number)
    if sec.is_team:
        byes = [b for b in _round_byes(sec, number) if b.kind != Bye.PAB]
        return page(visitor, "tournaments/team_round.html", context(
            visitor, sec.event, sec, rnd=rnd, matches=teams.match_scores(rnd), byes=byes))
    query = visitor.GET.get("q", "").strip()[:50]
    listing = rounds.pairing_list(rnd)
    boards = listing.boards
    if query:
        needle = query.casefold()
        boards = [b for b in boards if needle in b.board.white.name.casefold()
                  or needle in b.board.black.name.casefold() or query in (str(b.board.white.tpn),
                                                                          str(b.board.black.tpn))]
    return page(visitor, "tournaments/round.html", context(
        visitor, sec.event, sec, rnd=rnd, boards=boards, byes=listing.byes, query=query))


def _board(line: rounds.ListedBoard) -> dict[str, Any]:
    b = line.board
    return {"board": b.number, "white": b.white.tpn, "black": b.black.tpn, "white_name": b.white.name,
            "black_name": b.black.name, "result": RESULTS.get(b.result, b.result) or None,
            "white_points": line.white_points, "black_points": line.black_points}


@json_errors
def round_json(visitor: Visitor, slug: str, section: str, number: int) -> JsonResponse:
    sec = visible_section(visitor, slug, section)
    rnd = visible_round(visitor, sec, number)
    listing = rounds.pairing_list(rnd)
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
