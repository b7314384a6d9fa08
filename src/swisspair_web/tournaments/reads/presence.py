"""Check-in before round 1: the arbiter ticks who is present; who is not is left out of round 1.

The check-in is *in force* once a player of the section is ticked present. From then on, pairing
round 1 (:func:`.services.pair_next_round`, through :func:`.services.presence.before_pairing`) first records
the absence of every player who is not ticked, is not withdrawn and has no bye or absence of their own
for round 1 (:func:`.services.presence.record_absences`): a zero-point bye (FIDE C.04.2 (2026) art. 4.1: participants
who have not confirmed their presence before the drawing of lots are excluded; art. 3.3: they are not
paired and score zero), written in its own transaction with an audit entry, and the pairing says who
was left out and why. Until round 1 is paired every tick can be undone; ticking present a player whose
absence the check-in recorded removes that absence (after round 1 was unpaired, or a pairing that failed,
say), and so does taking away the last tick (nobody ticked: the check-in is not in force). Once round 1 is
paired the check-in is closed.

Team sections have no check-in (their line-ups say who plays). This module reads the ticks; the ticks
and the absences are written by :mod:`.services.presence`.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads import labels
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.listing import Column, Listing, Table, rating, row
from swisspair_web.tournaments.rows import Bye, Player, Presence, Section

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


OWN_BYES = ("H", "F", "Z")
"""The byes a player has of their own in round 1 (a pairing-allocated bye is the pairing's, not theirs)."""


def state(line: Row) -> str:
    """What the list says about a player (a code of :data:`.labels.CHECK_IN`): present, not present,
    withdrawn, or their own bye or absence (``bye-H``, ``bye-F``, ``bye-Z``)."""
    if line.player.is_withdrawn(1):
        return "withdrawn"
    if line.bye in OWN_BYES and not line.recorded:
        return f"bye-{line.bye}"
    return "present" if line.present else "not-present"


ORDERS = ("tpn", "name")


def listing(section: Section, order: str = "tpn") -> Listing:
    """The check-in list as every form shows it, by pairing number or (``order="name"``) alphabetically."""
    from swisspair_web.tournaments.reads.lists import name_key

    lines = rows(section)
    if order == "name":
        lines.sort(key=lambda line: (name_key(line.player.name), line.player.tpn))
    columns = (Column("tpn", _("No."), number=True), Column("name", _("Name"), wrap=True),
               Column("rating", _("Rating"), rating, number=True), Column("federation", _("Fed")),
               Column("state", _("Present"), labels.shown("check-in")))
    table = Table(columns, tuple(row(columns, {"tpn": line.player.tpn, "name": line.player.name,
                                               "rating": line.player.rating, "federation": line.player.federation,
                                               "state": state(line)}) for line in lines))
    return Listing(_("Check-in"), "presence", (table,), facts={"in_force": any(line.present for line in lines),
                                                               "open": is_open(section), "order": order},
                   row_id="presence", rows_key="players")


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


def left_out(section: Section) -> list[Player]:
    """The players round 1 leaves out because they are not ticked present (empty when the check-in is not
    in force): not withdrawn, no bye or absence of their own, or the absence the check-in recorded."""
    if section.is_team or not in_force(section):
        return []
    return [row.player for row in rows(section)
            if not row.present and not row.player.is_withdrawn(1) and (not row.bye or row.recorded)]


def left_out_note(players: list[Player]) -> str:
    """What the pairing says about the players the check-in left out of round 1."""
    return _("Not paired in round 1 because they are not ticked present (C.04.2 art. 4.1; their absence is "
             "recorded; to pair them, unpair round 1, tick them present and pair again): %(players)s.") % {
        "players": "; ".join(f"{p.tpn}. {p.name}" for p in players)}
