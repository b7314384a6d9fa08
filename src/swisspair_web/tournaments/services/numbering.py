"""Pairing numbers: re-sorted by the initial ranking, kept sorted before round 1 as players come and go, or
fixed by the arbiter. :mod:`swisspair_web.tournaments.reads.numbering` computes the ranking."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import F, Max
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads import numbering
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.rows import Player, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit, bump_section
from swisspair_web.tournaments.services.effects import operation


def renumber_plan(section: Section) -> list[tuple[Player, int]]:
    """``(player, new pairing number)`` of every player whose number the initial ranking of the section's
    system changes (:func:`.numbering.plan`: rating, then title, then name, FIDE C.04.2 art. 2.2)."""
    return numbering.plan(section)


FROZEN_AFTER = 4
"""Pairing numbers are not changed once this round is paired (FIDE C.04.2 art. 2.3)."""


def renumber_by_rating(section: Section, user: User, seen_version: int | None = None) -> list[tuple[Player, int]]:
    """Re-sort pairing numbers (:func:`renumber_plan`) if the section is still at ``seen_version``; the
    audit log lists every number before and after. Before round 1 the numbers then stay sorted as players
    come and go (:attr:`Section.RATING_ORDER`). Returns the changes made."""
    with operation():
        bump_section(section, seen_version)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        if paired and section.is_round_robin:
            raise OperationError(_("Round 1 is paired: the pairing numbers of a round-robin are its schedule."))
        if paired >= FROZEN_AFTER:
            raise OperationError(_("Round %(round)s is paired: pairing numbers do not change after round 4 is "
                                   "paired (FIDE C.04.2 art. 2.3).") % {"round": paired})
        if section.numbering != Section.RATING_ORDER and not paired:
            _set_numbering(section, user, Section.RATING_ORDER)
        plan = renumber_plan(section)
        if plan:
            audit(section.event, user, "renumbered", section=section, params={"changes": numbering.changes(plan)})
            follow.section(section)
            apply(plan)
    return plan


def fix_numbers(section: Section, user: User, seen_version: int) -> None:
    """Keep the pairing numbers as they are (:attr:`Section.FIXED_ORDER`): new players get the next numbers,
    nothing is re-sorted, if the section is still at ``seen_version``."""
    with operation():
        bump_section(section, seen_version)
        if section.numbering != Section.FIXED_ORDER:
            _set_numbering(section, user, Section.FIXED_ORDER)


def _set_numbering(section: Section, user: User, mode: str) -> None:
    Section.objects.filter(pk=section.pk).update(numbering=mode)
    audit(section.event, user, "numbering", section=section, old=section.numbering, new=mode)
    follow.section(section)
    section.numbering = mode


def apply(changes: list[tuple[Player, int]]) -> None:
    """Give each player its new number (inside the caller's transaction); the moved players' versions move."""
    if not changes:
        return
    Player.objects.filter(pk__in=[p.pk for p, _tpn in changes]).update(tpn=F("tpn") + 1000000,
                                                                        version=F("version") + 1)
    for player, tpn in changes:
        player.tpn = tpn
    Player.objects.bulk_update([player for player, _tpn in changes], ["tpn"], batch_size=500)


def keep_sorted(section: Section, user: User, players: Iterable[Player] = ()) -> None:
    """Before round 1, a section numbered by the initial ranking is sorted again after a change of its players
    (inside the change's transaction, audited); ``players`` (in memory) get their new numbers."""
    if not numbering.automatic(section):
        return
    plan = numbering.plan(section)
    if not plan:
        return
    audit(section.event, user, "renumbered", section=section,
          params={"changes": numbering.changes(plan), "sorted": True})
    apply(plan)
    new = {player.pk: tpn for player, tpn in plan}
    for player in players:
        player.tpn = new.get(player.pk, player.tpn)
