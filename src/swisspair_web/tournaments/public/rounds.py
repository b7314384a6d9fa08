"""A round's pairings: the page (the pairing list, :func:`..reads.rounds.pairing_listing`; a team section's
matches) and the JSON."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404

from swisspair_web.tournaments.public.common import Visitor, context, json_errors, page, round_of, visible_section
from swisspair_web.tournaments.reads import rounds, standings, teams
from swisspair_web.tournaments.reads.listing import Listing, Row
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Round


def round_page(visitor: Visitor, slug: str, section: str, number: int) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    rnd = round_of(sec, number)
    if not rnd.published and not is_arbiter(visitor, sec.event):
        return page(visitor, "tournaments/not_published.html", context(visitor, sec.event, sec, number=number),
                      status=404)
    if sec.is_team:
        return page(visitor, "tournaments/team_round.html", context(
            visitor, sec.event, sec, rnd=rnd, listing=teams.matches_listing(rnd)))
    query = visitor.GET.get("q", "").strip()[:50]
    listing = rounds.pairing_listing(rnd)
    if query:
        listing = found(listing, query)
    return page(visitor, "tournaments/round.html", context(visitor, sec.event, sec, rnd=rnd, listing=listing,
                                                           query=query, link=True))


def found(listing: Listing, query: str) -> Listing:
    """The rows of the pairing list with a player whose name holds ``query`` or whose number it is."""
    needle = query.casefold()

    def hit(r: Row) -> bool:
        v = r.values
        return any(needle in (v[name] or "").casefold() for name in ("white", "black")) or \
            query in (str(v["white_tpn"]), str(v["black_tpn"]))
    table = listing.tables[0]
    return replace(listing, tables=(replace(table, rows=tuple(r for r in table.rows if hit(r))),))


@json_errors
def round_json(visitor: Visitor, slug: str, section: str, number: int) -> JsonResponse:
    sec = visible_section(visitor, slug, section)
    rnd = get_object_or_404(Round, section=sec, number=number)
    if not rnd.published and not is_arbiter(visitor, sec.event):
        return JsonResponse({"error": "round not published"}, status=404)
    listing = rounds.pairing_listing(rnd)
    boards = [rounds.api_board(r) for r in listing.rows if r.values["board"] is not None]
    byes = [rounds.api_bye(r) for r in listing.rows if r.values["board"] is None]
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
