"""Who is not paired in a round, and why: nobody is left out of a round without a word.

A player is out of a round for one recorded reason: a pairing-allocated bye (C.04.1 art. 3), a requested
half- or full-point bye or a known absence recorded by an arbiter, a withdrawal (the zero-point bye the
pairing writes for it, FIDE C.04.2 art. 2.4 and the 1992 Dutch rules, F 8), a late entry's byes for the
rounds before it (C.04.2 art. 2.4), a bye read from an imported TRF file, the absence of a player not
ticked present before round 1, or a bye the player announced through the private link. The section's
page lists, before pairing, who will not be paired and why; a result page lists who was not.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Board, Bye, Player, Round


@dataclass(frozen=True)
class Absence:
    """A player out of a round, with the reason in words (``bye`` is ``None`` for a player nobody recorded)."""

    player: Player
    reason: str
    bye: Bye | None = None


def withdrawal_text(player: Player) -> str:
    """``withdrawn from round 4 (after a forfeit in round 3)``: the player's withdrawal in words."""
    if player.withdrawn_from is None:
        return _("withdrawn when the round was paired (reinstated since)")
    if player.withdrawn_after_forfeit:
        return _("withdrawn from round %(round)s after a forfeit in round %(forfeit)s") % {
            "round": player.withdrawn_from, "forfeit": player.withdrawn_after_forfeit}
    return _("withdrawn from round %(round)s by an arbiter") % {"round": player.withdrawn_from}


def reason(bye: Bye, player: Player) -> str:
    """Why ``player`` has ``bye``, in words."""
    kind = bye.get_kind_display()
    if bye.origin == Bye.WITHDRAWAL:
        return withdrawal_text(player)
    if bye.origin == Bye.LATE:
        return _("late entry: %(kind)s") % {"kind": kind}
    if bye.origin == Bye.IMPORT:
        return _("%(kind)s, from the imported TRF file") % {"kind": kind}
    if bye.origin == Bye.PAIRING:
        return str(kind)
    if bye.origin == Bye.CHECK_IN:
        return _("%(kind)s: not ticked present before round 1") % {"kind": kind}
    if bye.origin == Bye.ANNOUNCED:
        return _("%(kind)s, announced through the player's private link") % {"kind": kind}
    return _("%(kind)s, recorded by an arbiter") % {"kind": kind}


def of_round(data: SectionData, number: int) -> list[Absence]:
    """Who is not paired in round ``number``: for a paired round, everybody not on a board (a player without
    a recorded bye is listed too, with the reason that nothing was recorded); for the next round, the
    requested byes and absences and the withdrawn players."""
    playing = {pid for b in data.boards.get(number, []) for pid in (b.white_id, b.black_id)}
    return _listed([p for p in data.players if p.pk not in playing],
                   [b for b in data.byes if b.round_number == number], number,
                   paired=number <= data.paired_rounds, team=data.section.is_team)


def of_paired_round(rnd: Round) -> list[Absence]:
    """:func:`of_round` for the paired round ``rnd``, reading only the players on none of its boards and its
    byes (not the whole section: the results page shows this after every save)."""
    section = rnd.section
    boards = Board.objects.filter(round=rnd)
    off = section.players.exclude(pk__in=boards.values("white_id")).exclude(pk__in=boards.values("black_id"))
    return _listed(list(off.order_by("tpn")),
                   list(section.byes.filter(round_number=rnd.number)), rnd.number,
                   paired=True, team=section.is_team)


def _listed(off: list[Player], byes: list[Bye], number: int, *, paired: bool, team: bool) -> list[Absence]:
    """The absences of ``off`` (the players on no board of round ``number``, in pairing-number order)."""
    by_player = {b.player_id: b for b in byes}
    out = []
    for player in off:
        bye = by_player.get(player.pk)
        if bye is not None:
            out.append(Absence(player, reason(bye, player), bye))
        elif not paired and player.is_withdrawn(number):
            out.append(Absence(player, withdrawal_text(player)))
        elif paired and not team:  # a team's reserves sit out a round without a bye
            out.append(Absence(player, _("not paired, and no bye or absence recorded")))
    return out
