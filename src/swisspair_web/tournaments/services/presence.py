"""The writes of the check-in before round 1: the ticks, and the absences recorded when round 1 is paired.
:mod:`swisspair_web.tournaments.reads.presence` says who is ticked and who is left out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.presence import is_open, left_out, left_out_note
from swisspair_web.tournaments.rows import Bye, Player, Presence, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, account_of, audit, bump_section, who
from swisspair_web.tournaments.services.effects import operation


@dataclass
class Saved:
    present: list[Player]
    absent: list[Player]
    """Players whose tick was taken away."""
    unrecorded: list[Player]
    """Players ticked present whose recorded absence from round 1 was removed."""


def set_presence(section: Section, user: User, changes: Mapping[int, bool]) -> Saved:
    """Tick players present (``True``) or take the tick away (``False``), by pairing number.

    Only ticks that change are written; one audit entry lists them. The section's version is bumped: a
    pairing computed before the change is not written (:func:`.services.bump_section`). An absence the
    check-in recorded (before round 1 was unpaired, or for a pairing that failed) goes when its player is
    ticked present, and every such absence goes once nobody is ticked present (:func:`_remove_stale_absences`).

    :raises: :exc:`OperationError` once round 1 is paired or for an unknown pairing number.
    """
    if not is_open(section):
        raise OperationError(_("Round 1 is paired: the check-in is closed."))
    saved = Saved([], [], [])
    with operation():
        players = {p.tpn: p for p in section.players.filter(tpn__in=list(changes))}
        unknown = sorted(set(changes) - set(players))
        if unknown:
            raise OperationError(_("No player with number %(tpn)s.") % {"tpn": unknown[0]})
        ticks = {p.player_id: p for p in Presence.objects.filter(player__in=players.values())}
        for tpn, present in sorted(changes.items()):
            player = players[tpn]
            tick = ticks.get(player.pk)
            if (tick is not None and tick.present) == present:
                continue
            if present and tick is not None and tick.absence_recorded:
                Bye.objects.filter(player=player, round_number=1, kind=Bye.ZERO).delete()
                saved.unrecorded.append(player)
            Presence.objects.update_or_create(player=player, defaults={
                "present": present, "absence_recorded": False, "changed_by": account_of(user)})
            (saved.present if present else saved.absent).append(player)
        if saved.present or saved.absent:
            saved.unrecorded += _remove_stale_absences(section, user)
            bump_section(section)
            audit(section.event, user, "presence", section=section, round_number=1, params=_params(saved))
    return saved


def _params(saved: Saved) -> dict[str, Any]:
    """The entry's details: the pairing numbers ticked, unticked, unrecorded."""
    parts = {"present": saved.present, "absent": saved.absent, "unrecorded": saved.unrecorded}
    return {key: [p.tpn for p in players] for key, players in parts.items() if players}


def record_absences(section: Section, user: User) -> list[Player]:
    """Before round 1 is paired: record the absence (a zero-point bye) of every player :func:`left_out`
    who has none yet, in one transaction with an audit entry. Returns every player left out.

    An absence the check-in recorded earlier of a player who is not left out now is removed first
    (:func:`_remove_stale_absences`), with an audit entry of its own.

    Run by :func:`.services.pair_next_round` before it reads the section (:func:`before_pairing`).
    """
    if not is_open(section):
        return []
    with operation():
        removed = _remove_stale_absences(section, user)
        if removed:
            bump_section(section)
            audit(section.event, user, "presence", section=section, round_number=1,
                  params=_params(Saved([], [], removed)))
            follow.section(section)
    players = left_out(section)
    new = [p for p in players if not Bye.objects.filter(player=p, round_number=1).exists()]
    if new:
        with operation():
            bump_section(section)
            for player in new:
                Bye.objects.create(section=section, player=player, round_number=1, kind=Bye.ZERO,
                                   origin=Bye.CHECK_IN)
                Presence.objects.update_or_create(player=player, defaults={
                    "present": False, "absence_recorded": True, "changed_by": account_of(user)})
            audit(section.event, user, "absent-not-present", section=section, round_number=1,
                  params={"players": [who(p) for p in new]})
            follow.section(section)
    return players


def _remove_stale_absences(section: Section, user: User) -> list[Player]:
    """Inside the caller's transaction: remove the absences the check-in recorded of the players it does not
    leave out now (:func:`.presence.left_out`; nobody, once nobody is ticked present: the check-in is not in
    force and round 1 pairs everybody, FIDE C.04.2 (2026) art. 4.1). Returns those players."""
    left = {p.pk for p in left_out(section)}
    stale = [tick.player for tick in Presence.objects.filter(player__section=section, absence_recorded=True)
             .exclude(player_id__in=left).select_related("player").order_by("player__tpn")]
    if stale:
        Bye.objects.filter(player__in=stale, round_number=1, kind=Bye.ZERO, origin=Bye.CHECK_IN).delete()
        Presence.objects.filter(player__in=stale).update(absence_recorded=False, changed_by=account_of(user),
                                                         changed_at=timezone.now())
    return stale


def before_pairing(section: Section, user: User) -> list[str]:
    """What :func:`.rounds.pair_next_round` runs before it reads the section: :func:`record_absences`, and what
    the arbiter is told."""
    players = record_absences(section, user)
    return [left_out_note(players)] if players else []
