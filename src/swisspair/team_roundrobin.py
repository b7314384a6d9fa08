"""Team round-robins: every team meets every other by the Berger tables, scored as team matches.

The teams are numbered 1 .. n (their pairing numbers, :attr:`~swisspair.teams.TeamEntry.number`) and
meet as the Berger table for n says (:mod:`swisspair.roundrobin`, FIDE C.05 Annex 1), the team
written first in the table (the "White" of the table) having White on board 1; in a double
round-robin the second cycle reverses it. The players of a match are its two line-ups in board
order; the team with White on board 1 has White on the odd boards and Black on the even ones
(C.04.6 art. 1.6.1; TRF26 ``352`` ``WBWB...`` unless the tournament gives another sequence).

Everything after the pairing is the team machinery of the Swiss sections, not repeated here: the
matches, game points and match points (:mod:`swisspair.team_matches`: C.04.6 art. 1.2, TRF26
``362``), the team view of the standings (:func:`swisspair.tiebreaks.team.standings_event`) and the
team tie-breaks (C.07 (2026) arts. 11-13). :func:`team_standings` ranks a team round-robin by match
points (then :data:`TEAM_ROUND_ROBIN_TIEBREAKS` unless told otherwise), its tie-breaks computed as a
round-robin's (C.07 (2026) 15.2: forfeits count as played).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from swisspair.errors import SwissPairError
from swisspair.model import Board, RoundPairing, Tournament
from swisspair.roundrobin import RoundSchedule, berger_schedule
from swisspair.standings import Standings, compute_standings

__all__ = ["TEAM_ROUND_ROBIN_TIEBREAKS", "TeamRoundRobinError", "match_boards", "team_round_pairing",
           "team_schedule", "team_standings"]

TEAM_ROUND_ROBIN_TIEBREAKS = ("MPVGP", "DE", "EMGSB")
"""A team round-robin ranked by match points: then game points, direct encounter, Sonneborn-Berger for
teams (opponents' match points times the game points scored against them), the order FIDE recommended
for team round-robins (C.02 (2009) 13.15.3, 13.9.3); every acronym is in the tie-break registry."""


class TeamRoundRobinError(SwissPairError, ValueError):
    """A team round-robin that cannot be paired as asked (no teams, a line-up too short...)."""


def team_schedule(teams: int, double: bool = False, *, cycles: int | None = None) -> tuple[RoundSchedule, ...]:
    """The rounds of a round-robin of ``teams`` teams by team number (FIDE C.05 Annex 1): in each match the
    team written first has White on board 1; an odd number of teams leaves one team resting each round."""
    return berger_schedule(teams, double, cycles=cycles)


def match_boards(first: Sequence[int], second: Sequence[int], board_colours: str = "") -> tuple[Board, ...]:
    """The games of a team match by player, board 1 first: ``first`` is the line-up (TPNs in board order)
    of the team with White on board 1, ``second`` the other's; ``board_colours`` gives that team's
    colour board by board (``352``, ``"WBWB"``), default White on the odd boards (C.04.6 1.6.1).

    >>> match_boards((1, 2, 3, 4), (5, 6, 7, 8))
    (Board(white=1, black=5), Board(white=6, black=2), Board(white=3, black=7), Board(white=8, black=4))

    :raises: :exc:`TeamRoundRobinError` when the line-ups differ in length or the colours do not fit them.
    """
    if len(first) != len(second) or not first:
        raise TeamRoundRobinError(f"a match needs two line-ups of one length, got {len(first)} and {len(second)}")
    colours = board_colours.upper() or "".join("W" if i % 2 == 0 else "B" for i in range(len(first)))
    if len(colours) != len(first) or set(colours) - {"W", "B"}:
        raise TeamRoundRobinError(f"board colours {board_colours!r} do not fit {len(first)} boards")
    return tuple(Board(a, b) if c == "W" else Board(b, a) for a, b, c in zip(first, second, colours, strict=True))


def team_round_pairing(tournament: Tournament, schedule: RoundSchedule,
                       lineups: Mapping[int, Sequence[int]] | None = None) -> RoundPairing:
    """The player boards of one round of a team round-robin: every match of ``schedule`` (by team number)
    laid out by :func:`match_boards`, the matches in the table's order. ``lineups`` gives a team's players
    in board order for the round (default: the first players of its roster, as many as the boards of a
    match: the length of ``352``, else the shortest roster). A resting team has no boards (record its
    players as a zero-point round).

    :raises: :exc:`TeamRoundRobinError` for an unknown team or a line-up of the wrong length.
    """
    teams = {team.number: team for team in tournament.teams}
    if not teams:
        raise TeamRoundRobinError("a team round-robin needs teams (310 or 013 records)")
    size = len(tournament.board_colours) or min(len(team.members) for team in teams.values())
    boards: list[Board] = []
    for match in schedule.boards:
        sides = []
        for number in (match.white, match.black):
            if number not in teams:
                raise TeamRoundRobinError(f"round {schedule.round_number}: no team number {number}")
            players = tuple(lineups[number]) if lineups and number in lineups else teams[number].members[:size]
            if len(players) != size:
                raise TeamRoundRobinError(f"round {schedule.round_number}: team {teams[number].name or number} "
                                          f"fields {len(players)} players for {size} boards")
            sides.append(players)
        boards.extend(match_boards(sides[0], sides[1], tournament.board_colours))
    where = f"team round-robin, Berger table round {schedule.table_round}, cycle {schedule.cycle}"
    if schedule.rests is not None:
        where += f"; team {schedule.rests} rests"
    return RoundPairing(schedule.round_number, tuple(boards), None, (where,))


def team_standings(tournament: Tournament, tiebreaks: str | Sequence[str] | None = None, *,
                   rounds: int | None = None, lots_seed: int | None = None) -> Standings:
    """The standings of a team round-robin: match points (or game points, when ``192`` names them first),
    then ``tiebreaks`` (default :data:`TEAM_ROUND_ROBIN_TIEBREAKS`), computed as a round-robin's.

    :raises: :exc:`~swisspair.errors.InvalidTieBreakError` without team records or for a bad list.
    """
    from swisspair.tiebreaks.team import standings_event

    event = standings_event(tournament, rounds=rounds, round_robin=True)
    chosen = ",".join(TEAM_ROUND_ROBIN_TIEBREAKS) if tiebreaks is None else tiebreaks
    return compute_standings(event, chosen, lots_seed=lots_seed)
