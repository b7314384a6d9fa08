"""A player's card (the page and the JSON) and the search for a player by name."""

from __future__ import annotations

from typing import Any

from django.db.models import Q
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404

from swisspair_web.tournaments.public.common import Visitor, context, json_errors, page, visible_section
from swisspair_web.tournaments.reads import cards, labels
from swisspair_web.tournaments.reads.roles import is_arbiter
from swisspair_web.tournaments.rows import Player


def player_page(visitor: Visitor, slug: str, section: str, tpn: int) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    player = get_object_or_404(Player, section=sec, tpn=tpn)
    rows = cards.card_rows(sec, player)
    lines = cards.card_lines(rows)
    if not is_arbiter(visitor, sec.event):
        lines = [line for line in lines if line["round"] in rows.published]
    lines = [{**line, "colour_label": labels.label("colour", line["colour"])} for line in lines]
    return page(visitor, "tournaments/player.html", context(visitor, sec.event, sec, player=player, lines=lines))


def search_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """Find a player by name (the phone use case: 'where do I play?')."""
    sec = visible_section(visitor, slug, section)
    query = visitor.GET.get("q", "").strip()[:50]
    players = sec.players.filter(Q(name__icontains=query)) if query else sec.players.none()
    return page(visitor, "tournaments/search.html", context(visitor, sec.event, sec, players=players[:50],
                                                            query=query))


def player_fields(p: Player) -> dict[str, Any]:
    return {"tpn": p.tpn, "name": p.name, "rating": p.rating, "title": p.title, "federation": p.federation,
            "fide_id": p.fide_id, "club": p.club, "withdrawn_from": p.withdrawn_from}


@json_errors
def player_json(visitor: Visitor, slug: str, section: str, tpn: int) -> JsonResponse:
    sec = visible_section(visitor, slug, section)
    p = get_object_or_404(Player, section=sec, tpn=tpn)
    rows = cards.card_rows(sec, p)
    arbiter = is_arbiter(visitor, sec.event)
    lines = [{"round": line["round"], "opponent": line["opponent"].tpn if line["opponent"] else None,
              "colour": line["colour"], "result": line["result"], "score": line["score"], "board": line["board"]}
             for line in cards.card_lines(rows) if arbiter or line["round"] in rows.published]
    return JsonResponse({**player_fields(p), "rounds": lines})
