"""Check-in before round 1: the arbiter ticks who is present; who is not is left out of round 1.

The check-in is *in force* once a player of the section is ticked present. From then on, pairing
round 1 (:func:`.services.pair_next_round`, through :data:`.services.BEFORE_PAIRING`) first records
the absence of every player who is not ticked, is not withdrawn and has no bye or absence of their own
for round 1 (:func:`record_absences`): a zero-point bye (FIDE C.04.2 (2026) art. 4.1: participants
who have not confirmed their presence before the drawing of lots are excluded; art. 3.3: they are not
paired and score zero), written in its own transaction with an audit entry, and the pairing says who
was left out and why. Until round 1 is paired every tick can be undone; ticking present a player whose
absence the check-in recorded removes that absence (after round 1 was unpaired, say). Once round 1 is
paired the check-in is closed.

Team sections have no check-in (their line-ups say who plays).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from swisspair_web.tournaments.entry_models import Presence
from swisspair_web.tournaments.models import Bye, Player, Section
from swisspair_web.tournaments.services import OperationError, User, _user, audit, bump_section

PRESENT_KEYS = ("+", "1", "p")
"""Keys that tick a player present on the keyboard list."""
ABSENT_KEYS = ("-", "0", "a", "x")
"""Keys that take the tick away."""


def is_open(section: Section) -> bool:
    """Ticks can be changed: an individual section whose round 1 is not paired."""
    return not section.is_team and not section.round_set.exists()


def in_force(section: Section) -> bool:
    """Whether round 1 pairs only the players ticked present (somebody is ticked)."""
    return Presence.objects.filter(player__section=section, present=True).exists()


@dataclass
class Row:
    """A line of the check-in list."""

    player: Player
    present: bool
    bye: str
    """The player's own bye or absence in round 1 (``H``, ``F``, ``Z``), or ``""``."""
    recorded: bool
    """The check-in recorded the player's absence from round 1."""


def rows(section: Section) -> list[Row]:
    """Every player of the section with their tick, in pairing-number order."""
    ticks = {p.player_id: p for p in Presence.objects.filter(player__section=section)}
    byes = {b.player_id: b.kind for b in Bye.objects.filter(section=section, round_number=1)}
    return [Row(p, bool(ticks.get(p.pk) and ticks[p.pk].present), byes.get(p.pk, ""),
                bool(ticks.get(p.pk) and ticks[p.pk].absence_recorded))
            for p in section.players.order_by("tpn")]


def parse_key(text: str) -> bool:
    """A key of the keyboard list: ``True`` present, ``False`` not present (an empty box too).

    :raises: :exc:`OperationError` for anything else.
    """
    key = text.strip().lower()
    if key in PRESENT_KEYS:
        return True
    if key in ABSENT_KEYS or not key:
        return False
    raise OperationError(_("Unknown key: %(text)s (+ or 1: present, - or 0: not present)") % {"text": key[:5]})


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
    pairing computed before the change is not written (:func:`.services.bump_section`).

    :raises: :exc:`OperationError` once round 1 is paired or for an unknown pairing number.
    """
    if not is_open(section):
        raise OperationError(_("Round 1 is paired: the check-in is closed."))
    saved = Saved([], [], [])
    with transaction.atomic():
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
                "present": present, "absence_recorded": False, "changed_by": _user(user)})
            (saved.present if present else saved.absent).append(player)
        if saved.present or saved.absent:
            bump_section(section)
            audit(section.event, user, "presence", section=section, round_number=1, detail=_detail(saved))
    return saved


def _detail(saved: Saved) -> str:
    parts = []
    if saved.present:
        parts.append("present: " + ", ".join(str(p.tpn) for p in saved.present))
    if saved.absent:
        parts.append("not present: " + ", ".join(str(p.tpn) for p in saved.absent))
    if saved.unrecorded:
        parts.append("absence from round 1 removed: " + ", ".join(str(p.tpn) for p in saved.unrecorded))
    return "; ".join(parts)


def left_out(section: Section) -> list[Player]:
    """The players round 1 leaves out because they are not ticked present (empty when the check-in is not
    in force): not withdrawn, no bye or absence of their own, or the absence the check-in recorded."""
    if section.is_team or not in_force(section):
        return []
    return [row.player for row in rows(section)
            if not row.present and not row.player.is_withdrawn(1) and (not row.bye or row.recorded)]


def record_absences(section: Section, user: User) -> list[Player]:
    """Before round 1 is paired: record the absence (a zero-point bye) of every player :func:`left_out`
    who has none yet, in one transaction with an audit entry. Returns every player left out.

    Run by :func:`.services.pair_next_round` before it reads the section (:func:`before_pairing`).
    """
    if not is_open(section):
        return []
    players = left_out(section)
    new = [p for p in players if not Bye.objects.filter(player=p, round_number=1).exists()]
    if new:
        with transaction.atomic():
            bump_section(section)
            for player in new:
                Bye.objects.create(section=section, player=player, round_number=1, kind=Bye.ZERO,
                                   origin=Bye.CHECK_IN)
                Presence.objects.update_or_create(player=player, defaults={
                    "present": False, "absence_recorded": True, "changed_by": _user(user)})
            audit(section.event, user, "absent-not-present", section=section, round_number=1,
                  detail="not ticked present: " + ", ".join(f"{p.tpn}. {p.name}" for p in new))
    return players


def before_pairing(section: Section, user: User) -> list[str]:
    """The step of :data:`.services.BEFORE_PAIRING`: :func:`record_absences`, and what the arbiter is told."""
    players = record_absences(section, user)
    return [left_out_note(players)] if players else []


def left_out_note(players: list[Player]) -> str:
    """What the pairing says about the players the check-in left out of round 1."""
    return _("Not paired in round 1 because they are not ticked present (C.04.2 art. 4.1; their absence is "
             "recorded; to pair them, unpair round 1, tick them present and pair again): %(players)s.") % {
        "players": "; ".join(f"{p.tpn}. {p.name}" for p in players)}
