"""The standings and the crosstable, and the standings as JSON (with the play-offs)."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, JsonResponse

from swisspair_web.tournaments.public.common import (
    Visitor,
    context,
    json_errors,
    page,
    round_note,
    shown_round,
    visible_section,
)
from swisspair_web.tournaments.reads import standings, teams
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.roles import is_arbiter


def standings_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    shown = shown_round(visitor, data)
    limit = data.complete_rounds(published_only=not is_arbiter(visitor, sec.event))
    after = list(range(1, limit + 1))
    if sec.is_team:
        return page(visitor, "tournaments/team_standings.html", context(
            visitor, sec.event, sec, table=teams.team_table(data, shown), after_rounds=after,
            round_note=round_note(visitor, shown)))
    table = standings.table(data, shown)
    return page(visitor, "tournaments/standings.html", context(visitor, sec.event, sec, table=table,
                                                               after_rounds=after, round_note=round_note(visitor, shown)))


def crosstable_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    table = standings.table(data, shown_round(visitor, data))
    return page(visitor, "tournaments/crosstable.html", context(
        visitor, sec.event, sec, table=table, round_numbers=range(1, table.after_round + 1),
        round_note=round_note(visitor, table.after_round)))


@json_errors
def standings_json(visitor: Visitor, slug: str, section: str) -> JsonResponse:
    sec = visible_section(visitor, slug, section)
    data = SectionData.load(sec)
    if sec.is_team:
        team_table = teams.team_table(data, shown_round(visitor, data))
        return JsonResponse({"after_round": team_table.after_round, "primary": team_table.primary,
                             "tiebreaks": team_table.codes, "note": team_table.note,
                             "standings": [{"rank": r.rank, "team": r.team.number, "name": r.team.name,
                                            "match_points": r.match_points_text,
                                            "game_points": r.game_points_text, "tiebreaks": r.tiebreaks}
                                           for r in team_table.rows]})
    table = standings.table(data, shown_round(visitor, data))
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
