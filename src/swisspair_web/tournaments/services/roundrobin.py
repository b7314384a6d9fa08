"""Round-robin sections: the pairing numbers drawn (by lot, by the Varma tables of FIDE C.05 Annex 2, or fixed
by the arbiter) and recorded in the audit log, a round paired from the Berger tables (C.05 Annex 1), and the
schedule of all rounds made public at once (a round is paired by :func:`.rounds.pair_next_round`).
:mod:`..reads.roundrobin` reads what these write."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair.drawing_of_lots import DrawMethod, NumberDraw, draw_numbers
from swisspair.errors import SwissPairError
from swisspair.varma import Entrant, VarmaTable, clashes, varma_available
from swisspair_web.tournaments.reads import roundrobin
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.rows import Player, Section, Team
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit, bump_section
from swisspair_web.tournaments.services.effects import operation

METHODS = tuple(method.value for method in DrawMethod)
"""``lot``, ``varma``, ``fixed``."""



def _require_round_robin(section: Section) -> None:
    if not section.is_round_robin:
        raise OperationError(_("The section is not a round-robin."))


def _entrants(section: Section) -> list[Entrant]:
    """Who draws: the players (with their federations, for the Varma tables) or the teams, by database id."""
    if section.is_team:
        return [Entrant(team.name, "", team.pk) for team in section.teams.order_by("number")]
    return [Entrant(player.name, player.federation or "", player.pk) for player in section.players.order_by("tpn")]


def _draw(section: Section, method: str, seed: int | None, table: str, fixed: Mapping[int, int] | None) -> NumberDraw:
    entrants = _entrants(section)
    if len(entrants) < 2:
        raise OperationError(_("A round-robin needs at least two participants."))
    if method == DrawMethod.VARMA.value and not varma_available(len(entrants)):
        raise OperationError(_("The Varma tables cover 9 to 24 players (FIDE C.05 Annex 2); draw %(count)s "
                               "players by lot.") % {"count": len(entrants)})
    try:
        return draw_numbers(entrants, DrawMethod(method), seed=seed, table=VarmaTable(table),
                            fixed={key: number for key, number in (fixed or {}).items()})
    except (SwissPairError, ValueError) as error:
        raise OperationError(str(error)) from None


def draw(section: Section, user: User, method: str, *, seed: int | None = None, table: str = "handbook",
         fixed: Mapping[int, int] | None = None, seen_version: int | None = None) -> NumberDraw:
    """Give the participants their pairing numbers by ``method`` (:data:`METHODS`) before round 1: every line
    of the draw goes to the audit log and stays with the section (shown on its page); the numbers are then
    kept as drawn, and the section's rounds follow from the count and the cycles.

    :param fixed: for ``fixed``: database id of each player (team) -> its number.
    :raises: :exc:`OperationError` (a round paired, a Varma draw outside 9-24, bad fixed numbers),
        :exc:`Conflict`.
    """
    _require_round_robin(section)
    with operation():
        bump_section(section, seen_version)
        if section.round_set.exists():
            raise OperationError(_("Round 1 is paired: the numbers of a round-robin are drawn before it."))
        result = _draw(section, method, seed, table, fixed)
        _apply(section, result.numbers())
        lines = list(result.lines())
        count = len(result.entrants)
        Section.objects.filter(pk=section.pk).update(
            numbering=Section.FIXED_ORDER, rounds=roundrobin.planned_rounds(section, count),
            number_draw={"method": method, "seed": result.seed, "table": table, "lines": lines})
        audit(section.event, user, "numbers-drawn", section=section, params=draw_params(result, table), new=method)
        follow.section(section)
    return result


def _apply(section: Section, numbers: Mapping[int | str | None, int]) -> None:
    """The drawn numbers written: team numbers in a team section, pairing numbers otherwise."""
    rows = Team.objects.filter(section=section) if section.is_team else Player.objects.filter(section=section)
    field = "number" if section.is_team else "tpn"
    rows.update(**{field: F(field) + 1000000})
    for pk, number in numbers.items():
        rows.filter(pk=int(str(pk))).update(**{field: number})  # the keys are the database ids
    if not section.is_team:
        Player.objects.filter(section=section).update(version=F("version") + 1)


def publish_schedule(section: Section, user: User, publish: bool = True) -> None:
    """Make the schedule of all rounds public at once (or take it back); the rounds' own pairing lists are
    published round by round as in any section."""
    _require_round_robin(section)
    with operation():
        bump_section(section)
        Section.objects.filter(pk=section.pk).update(schedule_published=timezone.now() if publish else None)
        audit(section.event, user, "schedule-published" if publish else "schedule-unpublished", section=section)
        follow.section(section, hiding=not publish)


def renumber_allowed(section: Section) -> None:
    """A round-robin's numbers are its schedule: they do not change once round 1 is paired."""
    if section.is_round_robin and section.round_set.exists():
        raise OperationError(_("Round 1 is paired: the pairing numbers of a round-robin are its schedule and "
                               "do not change."))


def draw_params(result: NumberDraw, table: str) -> dict[str, Any]:
    """A drawing of numbers as the audit log's parameters: what :meth:`NumberDraw.lines` says, as data."""
    params: dict[str, Any] = {"method": result.method.value, "count": len(result.entrants), "seed": result.seed,
                              "table": table}
    if result.varma is None:
        return {**params, "numbers": [[entrant.name, number] for entrant, number in result.entrants]}
    varma = result.varma
    return {**params, "table": varma.table.value,
            "envelopes": [[group.label, list(group.numbers)] for group in varma.groups],
            "draws": [[d.order, d.entrant.name, d.entrant.federation, d.group, d.number] for d in varma.draws],
            "split": list(varma.split),
            "clashes": [[c.federation, *c.numbers, c.round_number] for c in clashes(varma)]}
