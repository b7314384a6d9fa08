"""A team section from a TRF file with team records (FIDE C.04.6; TRF16 ``013``, TRF26 ``310``).

:func:`plan` reads and checks the team records and groups the imported games
into team matches before anything is written; :func:`.services.trf_import.save_teams`
writes the plan inside the import transaction of :func:`.services.import_trf`. A file
exported by the manager (:func:`.exports.trf_text`) comes back with the same
teams, rosters, matches, board numbers and results.

* Teams: :attr:`Tournament.teams <swisspair.model.Tournament.teams>` as the
  TRF reader built them (``310`` records, else ``013``; the numbering rule of
  :mod:`swisspair.teams`), the same teams the core pairs and breaks ties with.
  Members are in board order. A file whose team records the reader had to
  repair (its located warnings) is refused, naming the line.
* Matches: the games of a round between players of two teams; a match's
  boards follow the rosters' board order, and the team of the White player on
  board 1 is the team with White (C.04.6 1.6.1). Matches are numbered like the
  core numbers them when it pairs (C.04.6 4.2: the higher primary score, then
  the higher secondary score, then the smaller team number first).
* The team whose players have the pairing-allocated bye has the team PAB of the
  round (C.04.6 1.4). A roster player without a game in a paired round simply
  did not play (a zero-point bye there is not kept).
* The section settings: boards as the core counts them for the event
  (:attr:`TeamEvent.boards <swisspair.team_matches.TeamEvent.boards>`: ``352``, else the
  largest match, else the smallest roster), match points from ``362``
  (``match_points``, C.04.6 1.2), the primary score and colour-preference type
  from the ``192`` code. ``300``/``320``/``330`` records are not kept: the
  manager derives line-ups, PABs and forfeits from the board results.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from swisspair.errors import SwissPairError
from swisspair.model import Tournament
from swisspair.pairing.team import parse_code
from swisspair.team_matches import team_event
from swisspair.teams import DEFAULT_MATCH_POINTS, team_numbers
from swisspair.trf import Diagnostic
from swisspair.trf.teams import TEAM_CODES
from swisspair_web.tournaments.reads.convert import ImportedBoard, ImportedRows, decimal
from swisspair_web.tournaments.rows import Bye, Section
from swisspair_web.tournaments.rows.registry import TEAM_TIEBREAKS

DROPPED_RECORDS = TEAM_CODES | {"300", "320", "330"}
"""Records the import turns into rows (or derives again from the board results), not kept as extras."""

CHECKED_RECORDS = TEAM_CODES | {"362"}
"""Records whose problems (the reader's located warnings) make the import refuse the file."""


class TeamImportError(ValueError):
    """A team record or a team game the manager cannot take; the message names the line or the round."""


@dataclass
class ImportedMatch:
    round_number: int
    white: int
    """Team number of the team with White on board 1 (C.04.6 1.6.1)."""
    black: int
    boards: list[ImportedBoard]
    """The games in board order."""


@dataclass
class TeamPlan:
    """What the team records of a file become in the database."""

    settings: dict[str, object]
    """Section fields of the team section."""
    teams: list[tuple[int, str, tuple[int, ...]]]
    """``(number, name, member TPNs in board order)``."""
    matches: list[ImportedMatch] = field(default_factory=list)
    """Round by round, in match order."""
    team_byes: dict[int, int] = field(default_factory=dict)
    """Round number -> the team with the pairing-allocated bye."""


def has_team_records(tournament: Tournament) -> bool:
    """Whether the file read into ``tournament`` has teams (``310`` or ``013`` records)."""
    return bool(tournament.teams)


def check_records(problems: Sequence[Diagnostic]) -> None:
    """Refuse a file whose team records the reader had to repair.

    :raises: :exc:`TeamImportError` naming the line (and column) of the first problem the reader found
        in a ``310``/``013``/``362`` record: a malformed field, a member who is not a player of the file or
        is in two teams, a ``310`` without a team number or a number used twice, a team without a name.
    """
    for problem in problems:
        where = problem.location
        if where.record not in CHECKED_RECORDS or where.line is None:
            continue
        if where.column is None:
            raise TeamImportError(_("Line %(line)s: %(error)s") % {"line": where.line, "error": problem.message})
        raise TeamImportError(_("Line %(line)s, column %(column)s: %(error)s")
                              % {"line": where.line, "column": where.column, "error": problem.message})


def plan(tournament: Tournament, rows: ImportedRows, problems: Sequence[Diagnostic] = ()) -> TeamPlan:
    """The teams, matches and team byes of a file with team records (see the module documentation);
    ``problems`` are the reader's warnings (:func:`check_records`).

    :raises: :exc:`TeamImportError`.
    """
    check_records(problems)
    team_of = team_numbers(tournament.teams)
    order = {tpn: position for team in tournament.teams for position, tpn in enumerate(team.members)}
    try:
        colour_type, primary, secondary = parse_code(tournament.system or "FIDE_TEAM")
        event = team_event(tournament)
    except SwissPairError as error:
        raise TeamImportError(str(error)) from None
    games: dict[tuple[int, frozenset[int]], list[ImportedBoard]] = {}
    for board in rows.boards:
        white, black = team_of.get(board.white), team_of.get(board.black)
        if white is None or black is None:
            raise TeamImportError(_("Round %(round)s: player %(tpn)s plays but is in no team.")
                                  % {"round": board.round_number, "tpn": board.white if white is None
                                     else board.black})
        if white == black:
            raise TeamImportError(_("Round %(round)s: players %(white)s and %(black)s of team %(team)s meet.")
                                  % {"round": board.round_number, "white": board.white, "black": board.black,
                                     "team": white})
        games.setdefault((board.round_number, frozenset((white, black))), []).append(board)
    opponents: dict[tuple[int, int], int] = {}
    for (rnd, pair) in games:
        for team in pair:
            other = next(iter(pair - {team}))
            if opponents.setdefault((rnd, team), other) != other:
                raise TeamImportError(_("Round %(round)s: team %(team)s meets teams %(first)s and %(second)s.")
                                      % {"round": rnd, "team": team, "first": opponents[(rnd, team)],
                                         "second": other})
    boards = event.boards  # the core's one rule for the boards of a team event
    matches: list[ImportedMatch] = []
    for (rnd, pair), boards_of in games.items():
        if len(boards_of) > boards:
            raise TeamImportError(_("Round %(round)s: the match of teams %(teams)s has %(count)s games; a match "
                                    "has %(boards)s boards (352).")
                                  % {"round": rnd, "teams": " - ".join(map(str, sorted(pair))),
                                     "count": len(boards_of), "boards": boards})
        first = min(pair)
        boards_of.sort(key=lambda b: order[b.white] if team_of[b.white] == first else order[b.black])
        white = team_of[boards_of[0].white]
        matches.append(ImportedMatch(rnd, white, next(iter(pair - {white})), boards_of))

    def key(team: int, rnd: int) -> tuple[Fraction, Fraction, int]:
        """C.04.6 4.2 as the core orders the matches of a round."""
        return (-event.score(team, primary, rnd), -event.score(team, secondary or primary, rnd), team)

    matches.sort(key=lambda m: (m.round_number, min(key(m.white, m.round_number), key(m.black, m.round_number))))
    team_byes: dict[int, int] = {}
    for tpn, rnd, kind in rows.byes:
        if kind != Bye.PAB:
            continue
        bye_team = team_of.get(tpn)
        if bye_team is None:
            raise TeamImportError(_("Round %(round)s: player %(tpn)s has the pairing-allocated bye but is in "
                                    "no team.") % {"round": rnd, "tpn": tpn})
        if team_byes.setdefault(rnd, bye_team) != bye_team:
            raise TeamImportError(_("Round %(round)s: teams %(first)s and %(second)s both have the "
                                    "pairing-allocated bye.") % {"round": rnd, "first": team_byes[rnd],
                                                                 "second": bye_team})
    points = tournament.match_points or DEFAULT_MATCH_POINTS
    settings: dict[str, object] = {
        "kind": Section.TEAM, "system": "team", "boards": boards, "tiebreaks": TEAM_TIEBREAKS,
        "match_win": decimal(points.win), "match_draw": decimal(points.draw),
        "match_loss": decimal(points.loss), "team_primary": primary, "team_colours": colour_type}
    return TeamPlan(settings, [(team.number, team.name, team.members) for team in tournament.teams], matches,
                    team_byes)


def kept_byes(team_plan: TeamPlan, rows: ImportedRows) -> list[tuple[int, int, str]]:
    """The byes to store: a roster player's zero-point bye in a paired round only says they did not play."""
    members = {tpn for _, _, team in team_plan.teams for tpn in team}
    return [(tpn, rnd, kind) for tpn, rnd, kind in rows.byes
            if not (kind == Bye.ZERO and tpn in members and rnd <= rows.paired_rounds)]
