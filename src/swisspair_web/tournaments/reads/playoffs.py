"""Play-offs for tied places (FIDE C.02 art. 13.2, 2009), stored per section.

The procedure is the core's :class:`swisspair.playoff.Playoff`: the rows keep
its players, seed and recorded results, and every read replays it. The
standings (:func:`.standings.table`) place the players of a finished play-off
as it decided (13.2.5, 13.2.6) with :func:`swisspair.playoff.apply_playoff`.
:mod:`.services.playoffs` sets them up and records their results.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from swisspair.playoff import Playoff
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.rows import Playoff as PlayoffRow


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
