"""Play-offs for tied places (FIDE C.02 art. 13.2, 2009), stored per section.

The procedure is the core's :class:`swisspair.playoff.Playoff`: the rows keep
its players, seed and recorded results, and every read replays it. The
standings (:func:`.standings.table`) place the players of a finished play-off
as it decided (13.2.5, 13.2.6) with :func:`swisspair.playoff.apply_playoff`.
"""

from __future__ import annotations

import random
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from swisspair.playoff import Playoff, PlayoffError, playoff_group
from swisspair_web.tournaments.convert import SectionData, to_tournament
from swisspair_web.tournaments.models import Playoff as PlayoffRow, Section
from swisspair_web.tournaments.services import Conflict, OperationError, User, audit


def replay(row: PlayoffRow) -> Playoff:
    """The core play-off of ``row`` with its recorded results (in the order the games came up, whatever
    order the database returns them in).

    :raises: :exc:`OperationError` when the stored results do not replay.
    """
    playoff = Playoff(players=[int(p) for p in row.players], seed=int(row.seed), first_place=row.place)
    results: dict[str, str] = dict(row.results or {})
    while True:
        ready = [g.id for g in playoff.pending if g.id in results]
        if not ready:
            break
        for game_id in ready:
            playoff.record(game_id, results.pop(game_id))
    if results:
        raise OperationError(_("The play-off results do not fit its games: %(games)s")
                             % {"games": ", ".join(sorted(results))})
    return playoff


def core_standings(data: SectionData) -> Any:
    """The core's standings of the section after its last complete round (a
    :class:`swisspair.standings.Standings`)."""
    from swisspair.standings import compute_standings

    codes = ",".join(data.section.tiebreak_codes) or None
    return compute_standings(to_tournament(data, upto=data.complete_rounds()).tournament, codes)


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
        with transaction.atomic():
            row = PlayoffRow.objects.create(section=section, place=place, players=group, seed=seed)
            audit(section.event, user, "playoff-created", section=section,
                  detail=f"place {place}: {', '.join(map(str, group))}, seed {seed}")
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
    with transaction.atomic():
        updated = PlayoffRow.objects.filter(pk=row.pk, version=seen_version).update(
            results=playoff.results, version=F("version") + 1)
        if not updated:
            raise Conflict(_("The play-off was changed by somebody else meanwhile; reload the page and try "
                             "again."))
        audit(row.section.event, user, "playoff-result", section=row.section,
              detail=f"place {row.place}: {game_id}", new=playoff.results[game_id])
    row.results, row.version = playoff.results, seen_version + 1


def delete(row: PlayoffRow, user: User) -> None:
    with transaction.atomic():
        row.delete()
        audit(row.section.event, user, "playoff-deleted", section=row.section, detail=f"place {row.place}")
