"""The hall screen: the current round's pairings for a TV or projector, in large type, by board then by
name, paging through by itself, and picking up a newly published round without anybody touching it.

The page polls :func:`hall_json` (a small JSON document with the ETag of every public page, so an
unchanged round costs a ``304``) every few seconds and redraws when it changes: a new round published,
a result entered. The *current* round is the last published one: what the public may see.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from swisspair_web.tournaments.public.common import Visitor, json_errors, page, visible_section
from swisspair_web.tournaments.reads import lists, rounds
from swisspair_web.tournaments.rows import Round, Section

POLL_SECONDS = 10
"""How often the screen asks whether something changed (``?poll=`` overrides it, 1-300)."""
PAGE_SECONDS = 12
"""How long a page of pairings stays on the screen (``?page=`` overrides it, 3-120)."""


def current_round(section: Section) -> Round | None:
    """The last published round: the one the hall shows."""
    return section.round_set.filter(published_at__isnull=False).order_by("-number").first()


def _bounded(visitor: Visitor, name: str, default: int, low: int, high: int) -> int:
    try:
        return max(low, min(high, int(visitor.GET.get(name, default))))
    except ValueError:
        return default


def screen(section: Section) -> dict[str, Any]:
    """What the hall screen shows: the current round's boards and byes (its pairing list,
    :func:`..reads.rounds.pairing_listing`) and every player by name (:func:`..reads.lists.by_name_listing`), as
    their pages show them."""
    rnd = current_round(section)
    data: dict[str, Any] = {"event": section.event.name, "section": section.name, "rounds": section.rounds,
                            "round": rnd.number if rnd else None, "boards": [], "byes": [], "names": []}
    if rnd is None:
        return data
    listing = rounds.pairing_listing(rnd)
    for r in listing.rows:
        v, cells = r.values, listing.shown(r)
        if v["board"] is not None:
            data["boards"].append({"board": v["board"], "white": v["white"], "white_tpn": v["white_tpn"],
                                   "white_points": cells["white_points"], "black": v["black"],
                                   "black_tpn": v["black_tpn"], "black_points": cells["black_points"],
                                   "result": cells["result"]})
        else:
            data["byes"].append({"name": v["white"], "tpn": v["white_tpn"], "points": cells["white_points"],
                                 "kind": cells["black"], "awarded": cells["result"]})
    by_name = lists.by_name_listing(rnd)
    data["names"] = [{"name": r.values["name"], "tpn": r.values["tpn"], "points": cells["points"],
                      "board": r.values["board"], "colour": r.values["colour"] or "",
                      "opponent": cells["opponent_name"] if r.values["opponent"] else None,
                      "bye": None if r.values["opponent"] else cells["opponent_name"], "result": cells["result"]}
                     for r in by_name.rows for cells in [by_name.shown(r)]]
    return data


def labels() -> dict[str, str]:
    """The words the screen's script writes (``%(name)s`` filled in by the script)."""
    return {"round": _("Round %(n)s"), "boards": _("Boards %(from)s–%(to)s"), "names": _("By name: %(from)s – %(to)s"),
            "page": _("page %(n)s of %(of)s"), "bd": _("Bd"), "white": _("White"), "black": _("Black"),
            "pts": _("Pts"), "result": _("Result"), "name": _("Name"), "opponent": _("Opponent"),
            "colour": _("Colour"), "w": _("white"), "b": _("black"),
            "empty": _("The pairings appear here as soon as a round is published.")}


def hall_page(visitor: Visitor, slug: str, section: str) -> HttpResponse:
    """The full-screen page (no header: everything on it is for the hall)."""
    sec = visible_section(visitor, slug, section)
    return page(visitor, "tournaments/hall.html", {
        "event": sec.event, "section": sec, "screen": screen(sec), "labels": labels(),
        "poll": _bounded(visitor, "poll", POLL_SECONDS, 1, 300), "page": _bounded(visitor, "page", PAGE_SECONDS, 3, 120)})


@json_errors
def hall_json(visitor: Visitor, slug: str, section: str) -> JsonResponse:
    """What the screen shows, as it polls it."""
    sec = visible_section(visitor, slug, section)
    return JsonResponse(screen(sec))
