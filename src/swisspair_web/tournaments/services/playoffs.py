"""Play-offs for tied places (FIDE C.02 art. 13.2, 2009): set up, their results recorded, deleted.
:mod:`swisspair_web.tournaments.reads.playoffs` replays them."""

from __future__ import annotations

import random

from django.db import IntegrityError
from django.db.models import F
from django.utils.translation import gettext as _

from swisspair.playoff import PlayoffError, playoff_group
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.reads.playoffs import core_standings, replay
from swisspair_web.tournaments.rows import Playoff as PlayoffRow
from swisspair_web.tournaments.rows import Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, audit
from swisspair_web.tournaments.services.effects import operation


def create(section: Section, user: User, place: int) -> PlayoffRow:
    """Set up a play-off among the players level on points for ``place`` (13.2).

    Only once every round is played: the tie must be final. The lots (colours, Berger numbers,
    knock-out pairs, 13.2.10) come from a random seed kept with the play-off.

    :raises: :exc:`OperationError` when the section is not finished or nobody is tied for ``place``.
    """
    data = SectionData.load(section)
    if section.is_team:
        raise OperationError(_("Play-offs are for individual sections."))
    if data.complete_rounds() < section.rounds:
        raise OperationError(_("A play-off can be set up once every round has all its results."))
    group = playoff_group(core_standings(data), place)
    if not group:
        raise OperationError(_("Nobody is level on points for place %(place)s.") % {"place": place})
    seed = random.SystemRandom().randrange(1, 2 ** 31)
    try:
        with operation():
            row = PlayoffRow.objects.create(section=section, place=place, players=group, seed=seed)
            audit(section.event, user, "playoff-created", section=section,
                  params={"place": place, "players": list(group), "seed": seed})
            follow.section(section)
    except IntegrityError:
        raise OperationError(_("There is a play-off for place %(place)s already.") % {"place": place}) from None
    return row


def record(row: PlayoffRow, user: User, game_id: str, result: str, seen_version: int) -> None:
    """Record the result of a pending play-off game.

    :raises: :exc:`Conflict` when somebody else recorded a result meanwhile; :exc:`OperationError` for
        a game that is not pending or a bad result.
    """
    playoff = replay(row)
    try:
        playoff.record(game_id, result)
    except PlayoffError as error:
        raise OperationError(str(error)) from None
    with operation():
        updated = PlayoffRow.objects.filter(pk=row.pk, version=seen_version).update(
            results=playoff.results, version=F("version") + 1)
        if not updated:
            raise Conflict(_("The play-off was changed by somebody else meanwhile; reload the page and try "
                             "again."))
        audit(row.section.event, user, "playoff-result", section=row.section,
              params={"place": row.place, "game": game_id}, new=playoff.results[game_id])
        follow.section(row.section)
    row.results, row.version = playoff.results, seen_version + 1


def delete(row: PlayoffRow, user: User) -> None:
    with operation():
        row.delete()
        audit(row.section.event, user, "playoff-deleted", section=row.section, params={"place": row.place})
        follow.section(row.section)
