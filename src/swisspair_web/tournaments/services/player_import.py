"""The merge of players read from a file into a section by FIDE ID, in one transaction.
:mod:`swisspair_web.tournaments.reads.player_import` reads the file."""

from __future__ import annotations

from django.db.models import F, Max
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.player_import import (
    ONLY_UPDATE,
    REFUSE,
    UPDATE,
    Merged,
    ReadPlayers,
    check_unique_ids,
    refusal,
)
from swisspair_web.tournaments.reads.players import PlayerData
from swisspair_web.tournaments.rows import Bye, Player, PlayerDetail, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit, touch_section
from swisspair_web.tournaments.services.effects import operation
from swisspair_web.tournaments.services.numbering import keep_sorted
from swisspair_web.tournaments.services.players import check_paired, create_players, late_params


def merge(section: Section, user: User, read: ReadPlayers, *, existing: str = UPDATE,
          late_byes: str = Bye.ZERO, seen_paired: int | None = None) -> Merged:
    """Write the players read into ``section`` in one transaction.

    A player whose FIDE ID is in the section already is updated with the
    fields the file gives (an empty cell keeps the stored value); with
    ``existing=REFUSE`` the file is refused instead, naming them; with
    ``existing=ONLY_UPDATE`` only such players are updated and nobody is added.
    New players get the next pairing numbers (before round 1, the initial
    ranking's) and, after paired rounds, byes of kind ``late_byes`` for them, as
    :func:`.services.add_players` gives them (also ``seen_paired``, the rounds
    the arbiter's page showed as paired).
    """
    check_unique_ids(read)
    if late_byes not in (Bye.ZERO, Bye.HALF):
        raise OperationError(_("Unknown kind of bye."))
    with operation():
        touch_section(section)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        known = {p.fide_id: p for p in Player.objects.filter(section=section).exclude(fide_id="")}
        matched = [(line, data, known[data.fide_id]) for line, data in read.rows if data.fide_id in known]
        new = [data for _line, data in read.rows if data.fide_id not in known]
        if existing == REFUSE and matched:
            raise OperationError(refusal(read.source, matched))
        if existing == ONLY_UPDATE:
            new = []
        if not matched and not new:
            raise OperationError(_("No players to add or update."))
        if new:
            check_paired(paired, seen_paired)
        updated = [player for _line, data, player in matched if _update(player, data, read.fields)]
        created = create_players(section, new, late_byes, paired)
        _store_k(section, read.k_factors)
        audit(section.event, user, "players-imported", section=section,
              params={"source": read.source, "added": len(created), "updated": len(updated),
                      **late_params(late_byes, paired if created else 0), "encoding": read.encoding,
                      "notes": list(read.notes)})
        follow.section(section)
        keep_sorted(section, user, [*created, *updated])
    return Merged(created, updated, len(matched) - len(updated), late_byes if created and paired else "", paired)


def _store_k(section: Section, given: dict[str, int]) -> None:
    """The K a rating list gives (B.02 7.1.2, by FIDE ID), into the players' details for the rating report."""
    if not given:
        return
    for player in Player.objects.filter(section=section, fide_id__in=list(given)):
        PlayerDetail.objects.update_or_create(player=player, defaults={"k_factor": given[player.fide_id]})


def _update(player: Player, data: PlayerData, fields: set[str]) -> bool:
    changes = {name: getattr(data, name) for name in fields - {"fide_id"}
               if getattr(data, name) not in ("", 0) and getattr(data, name) != getattr(player, name)}
    if changes:
        Player.objects.filter(pk=player.pk).update(version=F("version") + 1, **changes)
        for name, value in changes.items():
            setattr(player, name, value)
    return bool(changes)
