"""The players of a section: added (late entries with their byes), edited, deleted, withdrawn and
reinstated, and their requested byes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from django.db.models import F, Max, Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.reads.players import PlayerData
from swisspair_web.tournaments.rows import Board, Bye, Player, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit, bump_section, touch_section, who
from swisspair_web.tournaments.services.effects import operation
from swisspair_web.tournaments.services.numbering import keep_sorted


def add_players(section: Section, user: User, players: Iterable[PlayerData], *, late_byes: str = Bye.ZERO,
                source: str = "form", seen_paired: int | None = None) -> list[Player]:
    """Register players: new pairing numbers after the last one, or, before round 1, by the initial ranking
    (:mod:`.numbering`).

    Late entries (rounds already paired) get ``late_byes`` (``Z`` or ``H``) for the rounds they missed
    (FIDE C.04.2 art. 2.4); ``seen_paired`` is how many rounds the arbiter's page said were paired: the
    players are not added when another round was paired meanwhile.

    :raises: :exc:`OperationError`; :exc:`Conflict` when a round was paired (or unpaired) meanwhile.
    """
    rows = [p.validate() for p in players]
    if not rows:
        raise OperationError(_("No players to add."))
    if late_byes not in (Bye.ZERO, Bye.HALF):
        raise OperationError(_("Unknown kind of bye."))
    with operation():
        touch_section(section)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        check_paired(paired, seen_paired)
        check_fide_ids(section, [p.fide_id for p in rows])
        created = create_players(section, rows, late_byes, paired)
        audit(section.event, user, "players-added", section=section,
              params={"count": len(created), "source": source, **late_params(late_byes, paired)})
        follow.section(section)
        keep_sorted(section, user, created)
    return created


def check_paired(paired: int, seen_paired: int | None) -> None:
    """Refuse a late entry when the page that sent it showed another number of paired rounds.

    :raises: :exc:`Conflict`."""
    if seen_paired is not None and seen_paired != paired:
        raise Conflict(_("Rounds paired now: %(now)s; your page showed %(seen)s. Nothing was added: the byes for "
                         "the rounds missed depend on it. Check the page and send it again.")
                       % {"now": paired, "seen": seen_paired})


def create_players(section: Section, rows: list[PlayerData], late_byes: str, paired: int) -> list[Player]:
    """New players with the next pairing numbers, each with a bye of kind ``late_byes`` (origin
    :attr:`Bye.LATE`) for each of the ``paired`` rounds they missed (inside the caller's transaction). A
    round-robin takes none once round 1 is paired: its table is drawn for its players."""
    if paired and section.is_round_robin:
        raise OperationError(_("Round 1 is paired: a round-robin takes no new players (its table is drawn)."))
    next_tpn = (section.players.aggregate(m=Max("tpn"))["m"] or 0) + 1
    created = [Player.objects.create(section=section, tpn=next_tpn + offset, **data.__dict__)
               for offset, data in enumerate(rows)]
    Bye.objects.bulk_create([Bye(section=section, player=player, round_number=r, kind=late_byes, origin=Bye.LATE)
                             for player in created for r in range(1, paired + 1)])
    return created


def late_params(late_byes: str, paired: int) -> dict[str, Any]:
    """The audit parameters of late entries: the byes (their kind) they got for rounds 1 to ``paired``."""
    return {"late_after": paired, "late_bye": late_byes} if paired else {}


def check_fide_ids(section: Section, fide_ids: list[str], exclude: int | None = None) -> None:
    """Refuse a FIDE ID given twice, or given to a player of ``section`` already (other than ``exclude``).

    The database refuses it too (``sp_player_fide_id_unique``); this gives the arbiter the reason."""
    ids = [i for i in fide_ids if i]
    repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
    if repeated:
        raise OperationError(_("FIDE ID %(id)s is given twice.") % {"id": repeated[0]})
    holders = Player.objects.filter(section=section, fide_id__in=ids)
    holder = (holders.exclude(pk=exclude) if exclude is not None else holders).first()
    if holder is not None:
        raise OperationError(_("FIDE ID %(id)s belongs to %(player)s already; update that player instead.")
                             % {"id": holder.fide_id, "player": f"{holder.tpn}. {holder.name}"})


def update_player(player: Player, user: User, data: PlayerData, seen_version: int) -> None:
    """Store a player's edited data if the player is still at ``seen_version``; the audit log gets each field
    before and after. Before round 1 the numbers are sorted again (:func:`keep_sorted`).

    :raises: :exc:`OperationError`, :exc:`Conflict`.
    """
    data.validate()
    section = player.section
    with operation():
        touch_section(section)
        check_fide_ids(section, [data.fide_id], exclude=player.pk)
        updated = Player.objects.filter(pk=player.pk, version=seen_version).update(
            version=F("version") + 1, **data.__dict__)
        if not updated:
            raise Conflict(_("This player was changed by somebody else meanwhile; reload and try again."))
        changed = [[name, getattr(player, name), value] for name, value in data.__dict__.items()
                   if getattr(player, name) != value]
        audit(section.event, user, "player-edited", section=section,
              params={"player": {"tpn": player.tpn, "name": data.name}, "changes": changed})
        follow.section(section)
        player.refresh_from_db()
        keep_sorted(section, user, [player])


def delete_player(player: Player, user: User, seen_version: int | None = None) -> None:
    """Delete a player never paired, if still at ``seen_version``; numbered by the initial ranking, the numbers
    close up.

    :raises: :exc:`OperationError`, :exc:`Conflict`.
    """
    section = player.section
    with operation():
        touch_section(section)
        if Board.objects.filter(round__section=section).filter(Q(white=player) | Q(black=player)).exists():
            raise OperationError(_("A player who has been paired cannot be deleted; withdraw them instead."))
        if seen_version is not None and not Player.objects.filter(pk=player.pk, version=seen_version).exists():
            raise Conflict(_("This player was changed by somebody else meanwhile; reload and try again."))
        player.delete()
        audit(section.event, user, "player-deleted", section=section, params={"player": who(player)})
        follow.section(section)
        keep_sorted(section, user)


def check_withdrawal_round(section: Section, from_round: int | None, paired: int) -> None:
    """A withdrawal takes effect from a round not paired yet, within the section's rounds (``None``: a
    reinstatement, always possible).

    :raises: :exc:`OperationError` for a round paired already or beyond the last.
    """
    if from_round is not None and from_round <= paired:
        raise OperationError(_("Round %(round)s is already paired; withdraw from round %(next)s or later.")
                             % {"round": from_round, "next": paired + 1})
    if from_round is not None and from_round > section.rounds:
        raise OperationError(ngettext("The section has only %(rounds)s round.",
                                      "The section has only %(rounds)s rounds.",
                                      section.rounds) % {"rounds": section.rounds})


def set_withdrawn(player: Player, user: User, from_round: int | None, seen_version: int | None = None) -> list[str]:
    """Withdraw ``player`` from ``from_round`` on (``None``: reinstate) if the player is still at
    ``seen_version``. Returns notes for the arbiter (a round paired already without the player).

    :raises: :exc:`OperationError` for a round paired already or beyond the last; :exc:`Conflict`.
    """
    section = player.section
    notes = []
    with operation():
        touch_section(section)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        if from_round is not None and from_round < 1:
            raise OperationError(_("Withdraw from round %(next)s or later.") % {"next": paired + 1})
        check_withdrawal_round(section, from_round, paired)
        version = player.version if seen_version is None else seen_version
        updated = Player.objects.filter(pk=player.pk, version=version).update(
            withdrawn_from=from_round, withdrawn_after_forfeit=None, version=F("version") + 1)
        if not updated:
            raise Conflict(_("This player was changed by somebody else meanwhile; reload and try again."))
        absent = Bye.objects.filter(player=player, origin=Bye.WITHDRAWAL).values_list("round_number", flat=True)
        if from_round is None and paired in absent:
            notes.append(_("Round %(round)s is paired already without %(name)s (absent); %(name)s is paired "
                           "from round %(next)s on, or in round %(round)s if it is unpaired and paired again.")
                         % {"round": paired, "name": player.name, "next": paired + 1})
        audit(section.event, user, "withdrawn" if from_round else "reinstated", section=section,
              params={"player": who(player), "from_round": from_round})
        follow.section(section)
    player.withdrawn_from = from_round
    player.version = version + 1
    return notes


def request_bye(player: Player, user: User, round_number: int, kind: str, origin: str = Bye.REQUEST) -> bool:
    """Record a requested bye (``H``, ``F``) or a known absence (``Z``); ``""`` removes it. ``origin`` says
    who asked for it (:attr:`Bye.ORIGINS`): an arbiter, or the player through the private link.

    Returns whether anything changed (removing a bye that is not there changes nothing and is not audited).
    """
    section = player.section
    paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
    if round_number <= paired:
        raise OperationError(_("Round %(round)s is already paired.") % {"round": round_number})
    if round_number > section.rounds:
        raise OperationError(ngettext("The section has only %(rounds)s round.", "The section has only %(rounds)s rounds.",
                                        section.rounds) % {"rounds": section.rounds})
    if kind not in ("", Bye.HALF, Bye.FULL, Bye.ZERO):
        raise OperationError(_("Unknown kind of bye."))
    if kind and section.is_round_robin:
        raise OperationError(_("A round-robin has no byes: an absence is entered as a forfeit on the board."))
    with operation():
        bump_section(section)
        before = Bye.objects.filter(player=player, round_number=round_number).first()
        if (before.kind if before else "") == kind:
            return False
        Bye.objects.filter(player=player, round_number=round_number).delete()
        if kind:
            Bye.objects.create(section=section, player=player, round_number=round_number, kind=kind,
                               origin=origin)
        audit(section.event, user, "bye", section=section, round_number=round_number,
              params={"player": who(player)}, old=before.kind if before else "", new=kind or "-")
        follow.section(section)
    return True
