"""A paired team round as the model plays it: each match with its games, board by board (FIDE C.04.6).

The team pairing system pairs teams (:mod:`swisspair.pairing.team`); a match is then a game on every
board between the two teams' line-ups. This module says who plays on which board, once for the public
API (:func:`swisspair.pair` returns a :class:`TeamPairing`, :func:`swisspair.record_round` writes its
games), by the reading of the team records of :mod:`swisspair.team_matches`:

* the number of boards of a match is that of the event (:attr:`TeamEvent.boards
  <swisspair.team_matches.TeamEvent.boards>`: the ``352`` sequence, else the most boards a match had,
  else the smallest roster);
* a team's line-up in a round is its ``300`` record for the round when there is one, else the first
  players of its roster, in roster order (board 1 first), who have no requested bye or absence in the
  round (``H``, ``F``, ``Z``): the reserves play for those who do not (C.04.6 1.6.1);
* on board ``i`` the team with White on board 1 has the colour of the ``i``-th letter of the ``352``
  sequence, else White on the odd boards and Black on the even ones (``WBWB...``);
* a team with the pairing-allocated bye scores it with its line-up (each player a ``U``, C.04.6 1.4).

>>> from swisspair import add_team, new_tournament, pair
>>> t = new_tournament("League", rounds=3, boards=2)
>>> for club in ("Ajax", "Bree", "Cork"):
...     _ = add_team(t, club, [f"{club} 1", f"{club} 2", f"{club} 3"])
>>> p = pair(t)
>>> p.matches, p.bye, p.bye_players
((MatchPairing(white=1, black=2, games=(Board(white=1, black=4), Board(white=5, black=2))),), 3, (7, 8))
"""

from __future__ import annotations

from swisspair.errors import InvalidRequestError
from swisspair.model import Board, Result, RoundPairing, Tournament
from swisspair.valueclass import valueclass

_AWAY = frozenset({Result.HALF_BYE, Result.FULL_BYE, Result.ZERO_BYE})
"""A requested bye or an absence: the player is not in the round's line-up."""


@valueclass(frozen=True)
class MatchPairing:
    """One match of a team round: the two teams and their games, board 1 first."""

    white: int
    """The number of the team with White on board 1 (C.04.6 1.6.1)."""
    black: int
    """The number of the other team."""
    games: tuple[Board, ...]
    """The games by players' pairing numbers, White first, board 1 first."""


@valueclass(frozen=True)
class TeamPairing:
    """A paired round of a team event: its matches and the team with the pairing-allocated bye.

    It reads as a :class:`~swisspair.model.RoundPairing` of the teams too (:attr:`boards`, :attr:`bye`,
    :meth:`engine_lines`: by team number), so code written for individual rounds can print it.
    """

    round_number: int
    """The round that was paired."""
    matches: tuple[MatchPairing, ...]
    """The matches in publication order."""
    bye: int | None = None
    """The number of the team with the pairing-allocated bye (C.04.6 1.4)."""
    bye_players: tuple[int, ...] = ()
    """The line-up of that team, who score the bye (each a ``U``)."""
    explanation: tuple[str, ...] = ()
    """Human-readable notes on how the pairing was reached."""

    @property
    def boards(self) -> tuple[Board, ...]:
        """The matches as boards of teams: the team with White on board 1 first."""
        return tuple(Board(match.white, match.black) for match in self.matches)

    @property
    def games(self) -> tuple[Board, ...]:
        """Every game of the round, match by match, board 1 first: what
        :func:`swisspair.record_round` takes one result for each of."""
        return tuple(game for match in self.matches for game in match.games)

    def engine_lines(self) -> list[str]:
        """The engines' output by team number: pair count, ``W B`` lines, ``N 0`` for the PAB."""
        return RoundPairing(self.round_number, self.boards, self.bye).engine_lines()


def board_colours(tournament: Tournament, boards: int) -> str:
    """The colours of the team with White on board 1, board by board: the ``352`` sequence, else
    ``WBWB...`` (``boards`` letters)."""
    if tournament.board_colours:
        return tournament.board_colours.upper()
    return "".join("W" if board % 2 == 0 else "B" for board in range(boards))


def lineup(tournament: Tournament, team: int, round_number: int, boards: int) -> tuple[int, ...]:
    """The players of team ``team`` in round ``round_number``, board 1 first (see the module's text).

    :raises: :exc:`~swisspair.errors.InvalidRequestError` for an unknown team, or one with players but
        fewer than ``boards`` of them available.
    """
    entry = next((t for t in tournament.teams if t.number == team), None)
    if entry is None:
        raise InvalidRequestError(f"no team with number {team}")
    from swisspair.team_matches import written_lineup

    written = written_lineup(tournament, round_number, team)
    if written is not None:
        return tuple(tpn for tpn in written if tpn)[:boards]
    available = [tpn for tpn in entry.members if tpn in tournament.players
                 and tournament.players[tpn].result(round_number).result not in _AWAY]
    if len(available) < boards:
        raise InvalidRequestError(f"team {team} ({entry.name}): {len(available)} player(s) available for round "
                                  f"{round_number}, a match has {boards} boards")
    return tuple(available[:boards])


def team_pairing(tournament: Tournament, pairing: RoundPairing) -> TeamPairing:
    """The team round ``pairing`` (by team numbers, as the team system gives it) with the games of each
    match (see the module's text)."""
    from swisspair.team_matches import team_event

    rnd = pairing.round_number
    boards = team_event(tournament, rnd - 1).boards
    colours = board_colours(tournament, boards)
    matches = []
    for board in pairing.boards:
        first, second = lineup(tournament, board.white, rnd, boards), lineup(tournament, board.black, rnd, boards)
        games = tuple(Board(a, b) if colour == "W" else Board(b, a) for a, b, colour in zip(first, second, colours))
        matches.append(MatchPairing(board.white, board.black, games))
    bye = () if pairing.bye is None else lineup(tournament, pairing.bye, rnd, boards)
    return TeamPairing(rnd, tuple(matches), pairing.bye, bye, pairing.explanation)


__all__ = ["MatchPairing", "TeamPairing", "board_colours", "lineup", "team_pairing"]
