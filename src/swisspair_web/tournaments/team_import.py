"""A team section from a TRF file with team records (FIDE C.04.6; TRF16 ``013``, TRF26 ``310``).

:func:`plan` reads and checks the team records and groups the imported games
into team matches before anything is written; :func:`save` writes the plan
inside the import transaction of :func:`.services.import_trf`. A file
exported by the manager (:func:`.exports.trf_text`) comes back with the same
teams, rosters, matches, board numbers and results.

* Teams: the ``310`` records when the file has any (TRF26 phases ``013``
  out), else the ``013`` records numbered in file order, as the core's
  :func:`swisspair.pairing.team.team_event` reads them. Members are in board
  order.
* Matches: the games of a round between players of two teams; a match's
  boards follow the rosters' board order, and the team of the White player on
  board 1 is the team with White (C.04.6 1.6.1). Matches are numbered like the
  core numbers them when it pairs (C.04.6 4.2: the higher primary score, then
  the higher secondary score, then the smaller team number first).
* The team whose players have the pairing-allocated bye has the team PAB of the
  round (C.04.6 1.4). A roster player without a game in a paired round simply
  did not play (a zero-point bye there is not kept).
* The section settings: boards from ``352`` (else the largest match), match
  points from ``362`` (C.04.6 1.2), the primary score and colour-preference
  type from the ``192`` code. ``300``/``320``/``330`` records are not kept:
  the manager derives line-ups, PABs and forfeits from the board results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from django.db.models import F
from django.utils.translation import gettext as _

from swisspair.errors import SwissPairError
from swisspair.model import Tournament
from swisspair.pairing.team import parse_code, team_event
from swisspair.trf.teams import TEAM_CODES, TeamRecord, parse_team_line
from swisspair_web.tournaments.convert import ImportedBoard, ImportedRows, decimal
from swisspair_web.tournaments.models import Board, Bye, Player, Round, Section, Team, TeamMatch
from swisspair_web.tournaments.registry import TEAM_TIEBREAKS

DROPPED_RECORDS = TEAM_CODES | {"300", "320", "330"}
"""Records the import turns into rows (or derives again from the board results), not kept as extras."""


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


def has_team_records(text: str) -> bool:
    return any(line[:3] in TEAM_CODES for line in _lines(text))


def _lines(text: str) -> list[str]:
    """The lines of a TRF file as the reader numbers them (CR, LF or CRLF; a byte-order mark ignored)."""
    return re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))


def read_records(text: str, players: set[int]) -> list[tuple[int, int, TeamRecord]]:
    """The team records of ``text`` as ``(line number, team number, record)``, checked.

    :raises: :exc:`TeamImportError` naming the line of a malformed record, a member who is not a player
        of the file or is in two teams, a ``310`` without a team number or a number used twice.
    """
    found: dict[str, list[tuple[int, TeamRecord]]] = {"013": [], "310": []}
    for lineno, line in enumerate(_lines(text), start=1):
        if line[:3] not in TEAM_CODES:
            continue
        record, problems = parse_team_line(line)
        if problems:
            column, message = problems[0]
            raise TeamImportError(_("Line %(line)s, column %(column)s: %(error)s")
                                  % {"line": lineno, "column": column, "error": message})
        assert record is not None
        found[record.code].append((lineno, record))
    records = found["310"] or found["013"]
    out: list[tuple[int, int, TeamRecord]] = []
    team_of: dict[int, int] = {}
    for index, (lineno, record) in enumerate(records, start=1):
        number = record.number if record.code == "310" else index
        if number is None or number < 1:
            raise TeamImportError(_("Line %(line)s: a 310 record needs a team number (columns 5-7).")
                                  % {"line": lineno})
        if any(number == other for _, other, _ in out):
            raise TeamImportError(_("Line %(line)s: team number %(number)s is used twice.")
                                  % {"line": lineno, "number": number})
        if not record.name:
            raise TeamImportError(_("Line %(line)s: the team has no name.") % {"line": lineno})
        for tpn in record.members:
            if tpn not in players:
                raise TeamImportError(_("Line %(line)s: member %(tpn)s is not a player of the file.")
                                      % {"line": lineno, "tpn": tpn})
            if tpn in team_of:
                raise TeamImportError(_("Line %(line)s: player %(tpn)s is already in team %(team)s.")
                                      % {"line": lineno, "tpn": tpn, "team": team_of[tpn]})
            team_of[tpn] = number
        out.append((lineno, number, record))
    return out


def _match_points(values: list[str]) -> dict[str, Fraction]:
    """``362`` (TRF26): ``TW`` won, ``TD`` drawn, ``TL`` lost match points; C.04.6 1.2 defaults 2/1/0."""
    points = {"TW": Fraction(2), "TD": Fraction(1), "TL": Fraction(0)}
    tokens = " ".join(values).replace("=", " ").split()
    for key, value in zip(tokens, tokens[1:]):
        if key.upper() in points:
            try:
                points[key.upper()] = Fraction(value)
            except (ValueError, ZeroDivisionError):
                raise TeamImportError(_("362: match points are not a number: %(value)s")
                                      % {"value": value[:10]}) from None
    return points


def plan(text: str, tournament: Tournament, rows: ImportedRows) -> TeamPlan:
    """The teams, matches and team byes of a file with team records (see the module documentation).

    :raises: :exc:`TeamImportError`.
    """
    records = read_records(text, set(tournament.players))
    team_of = {tpn: number for _, number, record in records for tpn in record.members}
    order = {tpn: position for _, _, record in records
             for position, tpn in enumerate(record.members)}
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
    boards = len("".join(tournament.headers.get("352", [])).strip()) or max(
        (len(g) for g in games.values()), default=0) or min((len(r.members) for _, _, r in records
                                                            if r.members), default=4)
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
    points = _match_points(tournament.headers.get("362", []))
    settings: dict[str, object] = {
        "kind": Section.TEAM, "system": "team", "boards": boards, "tiebreaks": TEAM_TIEBREAKS,
        "match_win": decimal(points["TW"]), "match_draw": decimal(points["TD"]),
        "match_loss": decimal(points["TL"]), "team_primary": primary, "team_colours": colour_type}
    return TeamPlan(settings, [(number, record.name, record.members) for _, number, record in records], matches,
                    team_byes)


def kept_byes(team_plan: TeamPlan, rows: ImportedRows) -> list[tuple[int, int, str]]:
    """The byes to store: a roster player's zero-point bye in a paired round only says they did not play."""
    members = {tpn for _, _, team in team_plan.teams for tpn in team}
    return [(tpn, rnd, kind) for tpn, rnd, kind in rows.byes
            if not (kind == Bye.ZERO and tpn in members and rnd <= rows.paired_rounds)]


def save(team_plan: TeamPlan, section: Section, players: dict[int, Player], rounds: dict[int, Round]) -> None:
    """Write the teams, rosters, matches and their boards; called inside the import transaction."""
    teams: dict[int, Team] = {}
    for number, name, members in team_plan.teams:
        teams[number] = Team.objects.create(section=section, number=number, name=name)
        for order, tpn in enumerate(members, start=1):
            Player.objects.filter(pk=players[tpn].pk).update(team=teams[number], board_order=order,
                                                             version=F("version") + 1)
    index: dict[int, int] = {}
    boards: list[Board] = []
    for match in team_plan.matches:
        index[match.round_number] = index.get(match.round_number, 0) + 1
        number = index[match.round_number]
        row = TeamMatch.objects.create(round=rounds[match.round_number], number=number,
                                       white=teams[match.white], black=teams[match.black])
        for position, game in enumerate(match.boards, start=1):
            boards.append(Board(round=rounds[match.round_number], match=row,
                                number=(number - 1) * section.boards + position, white=players[game.white],
                                black=players[game.black], result=game.result))
    Board.objects.bulk_create(boards)
    for rnd, team in team_plan.team_byes.items():
        Round.objects.filter(pk=rounds[rnd].pk).update(team_bye=teams[team])
