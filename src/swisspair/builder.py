"""Building a tournament in code: participants, requested byes and the results of each round.

What a TRF file holds can be made without one: :func:`new_tournament` starts an event,
:func:`add_player` enters a participant (the next pairing number), :func:`add_team` a team and its
players (a team event), :func:`add_bye` records a requested bye or an absence for a round not yet
paired, and :func:`record_round` writes the results of a paired round into the model (the games,
the pairing-allocated bye, a zero-point bye for everybody else).

>>> from swisspair import new_tournament, pair, record_round
>>> t = new_tournament("Club night", rounds=3, players=[("Ames", 1900), ("Bell", 1800), ("Cole", 1700)])
>>> pairing = pair(t)
>>> record_round(t, pairing, ["1-0"])
>>> [(p.name, str(t.score(p.tpn))) for p in t]
[('Ames', '1'), ('Bell', '0'), ('Cole', '1')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from swisspair.errors import InvalidRequestError, InvalidTypeError, RoundNumberError
from swisspair.model import (
    ABSENT,
    BOARD_RESULTS,
    Board,
    BoardResult,
    Colour,
    Player,
    Result,
    RoundPairing,
    RoundResult,
    Scoring,
    Tournament,
)
from swisspair.team_pairing import TeamPairing
from swisspair.teams import TeamEntry

GameResult = Literal["1-0", "0-1", "1/2-1/2", "½-½", "=", "+-", "-+", "--", "0-0"]
"""A board's result as written on a score sheet, White's first (:data:`GAME_RESULTS`)."""

ByeKind = Literal["H", "F", "Z"]
"""A requested bye or an absence by its TRF code (:data:`BYE_KINDS`)."""

GAME_RESULTS: dict[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
    "½-½": (Result.DRAW, Result.DRAW),
    "=": (Result.DRAW, Result.DRAW),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
    "0-0": (Result.LOSS, Result.LOSS),
}
"""Results of a board as written on a score sheet, White's first: ``+-`` is a forfeit win for White,
``--`` a double forfeit, ``0-0`` a game both players lost (TRF16 result codes, C.04.1 art. 3 for
forfeits)."""

BYE_KINDS: dict[str, Result] = {"H": Result.HALF_BYE, "F": Result.FULL_BYE, "Z": Result.ZERO_BYE}
"""Requested byes and absences by TRF code: half-point, full-point (FIDE-deprecated), zero-point."""

TEAM_SYSTEM = "FIDE_TEAM"
"""The pairing system of a team event made by :func:`new_tournament` (FIDE C.04.6, TRF ``192``)."""


def new_tournament(name: str = "", *, rounds: int, players: Iterable[str | tuple[str, int]] = (),
                   initial_colour: Colour = Colour.WHITE, scoring: Scoring | None = None,
                   system: str | None = None, boards: int | None = None) -> Tournament:
    """An event of ``rounds`` rounds with ``players`` entered in order (pairing numbers 1, 2, ...).

    Enter the players in the order of the initial ranking (C.04.2 art. 2: rating first), as
    the pairing numbers follow it.

    >>> t = new_tournament("Open", rounds=5, players=["Ames", ("Bell", 2100)])
    >>> t.rounds, [(p.tpn, p.name, p.rating) for p in t]
    (5, [(1, 'Ames', 0), (2, 'Bell', 2100)])

    :param players: names, or ``(name, rating)`` pairs.
    :param initial_colour: the colour drawn for the first player in round 1 (C.04.3 art. 5.1).
    :param scoring: points per result (default FIDE's 1, 1/2, 0).
    :param system: a pairing system name (or TRF ``192`` code) used when :func:`swisspair.pair`
        is given none.
    :param boards: the boards of a match: a team event (its teams entered with :func:`add_team`),
        paired by the FIDE team system (C.04.6) unless ``system`` says otherwise; the team with White
        on board 1 has White on the odd boards (TRF ``352`` ``WBWB...``).
    :raises: :exc:`~swisspair.errors.InvalidRequestError` for fewer than one round or board, a player
        that is not a name or a ``(name, rating)`` pair (:exc:`~swisspair.errors.InvalidTypeError`).
    """
    _whole(rounds, "rounds")
    if rounds < 1:
        raise InvalidRequestError(f"a tournament needs at least one round, got {rounds}")
    if boards is not None:
        _whole(boards, "boards")
        if boards < 1:
            raise InvalidRequestError(f"a team match needs at least one board, got {boards}")
    tournament = Tournament(name=name, rounds=rounds, initial_colour=initial_colour,
                            scoring=scoring or Scoring(), system=system or (TEAM_SYSTEM if boards else None))
    if boards:
        tournament.board_colours = "".join("W" if board % 2 == 0 else "B" for board in range(boards))
    for entry in players:
        _enter(tournament, entry)
    return tournament


def add_player(tournament: Tournament, name: str, rating: int = 0, *, title: str = "", federation: str = "",
               fide_id: str = "", sex: str = "", birth_date: str = "") -> Player:
    """Enter a participant with the next pairing number; rounds already played count as absences.

    >>> t = new_tournament(rounds=3)
    >>> add_player(t, "Ames, Ann", 1950, federation="ENG")
    Player(tpn=1, name='Ames, Ann', rating=1950)

    :raises: :exc:`~swisspair.errors.InvalidRequestError` for a negative rating;
        :exc:`~swisspair.errors.InvalidTypeError` for a name that is not text or a rating that is not a
        whole number.
    """
    if not isinstance(name, str):
        raise InvalidTypeError(f"a player's name is text, got {name!r}")
    _whole(rating, f"{name}: the rating")
    if rating < 0:
        raise InvalidRequestError(f"{name}: a rating cannot be negative, got {rating}")
    tpn = max(tournament.players, default=0) + 1
    player = Player(tpn=tpn, name=name, rating=rating, title=title, federation=federation, fide_id=fide_id,
                    sex=sex, birth_date=birth_date, results=[ABSENT] * tournament.paired_rounds)
    tournament.players[tpn] = player
    return player


def add_team(tournament: Tournament, name: str, players: Iterable[str | tuple[str, int] | Player]) -> TeamEntry:
    """Enter a team with the next team number, and its players in board order (board 1 first; reserves
    after the boards of a match): each a new participant (:func:`add_player`), or one already entered.

    >>> t = new_tournament("League", rounds=5, boards=2)
    >>> team = add_team(t, "Ajax", [("Ames", 2100), ("Bell", 2000), "Cole"])
    >>> team.number, team.name, team.members
    (1, 'Ajax', (1, 2, 3))

    :raises: :exc:`~swisspair.errors.InvalidRequestError` for a player already in a team, or a round
        already paired.
    """
    if tournament.paired_rounds:
        raise RoundNumberError(f"team {name}: teams are entered before round 1 is paired "
                               f"({tournament.paired_rounds} round(s) paired)")
    taken = {tpn: team.name for team in tournament.teams for tpn in team.members}
    members = []
    for entry in players:
        player = entry if isinstance(entry, Player) else _enter(tournament, entry)
        if tournament.players.get(player.tpn) is not player:
            raise InvalidRequestError(f"team {name}: player {player.tpn} is not a participant of this tournament")
        if player.tpn in taken or player.tpn in members:
            raise InvalidRequestError(f"team {name}: player {player.tpn} ({player.name}) is already in team "
                                      f"{taken.get(player.tpn, name)}")
        members.append(player.tpn)
    team = TeamEntry(max((t.number for t in tournament.teams), default=0) + 1, name, tuple(members))
    tournament.teams = (*tournament.teams, team)
    return team


def add_bye(tournament: Tournament, tpn: int, kind: ByeKind = "H", round_number: int | None = None) -> None:
    """Record a requested bye (``H`` half-point, ``F`` full-point) or an absence (``Z``) for a round
    not yet paired (default: the next); the pairing leaves the participant out (GHR 3.3: a participant
    known in advance not to play a round is not paired). In a team event, a player with a bye is not in
    the team's line-up for the round.

    >>> t = new_tournament(rounds=3, players=["Ames", "Bell", "Cole"])
    >>> add_bye(t, 3)
    >>> t.player(3).result(1).result
    Result.HALF_BYE

    :raises: :exc:`~swisspair.errors.InvalidRequestError` for an unknown participant or kind;
        :exc:`~swisspair.errors.RoundNumberError` for a round already paired or beyond the last.
    """
    result = BYE_KINDS.get(kind.upper()) if isinstance(kind, str) else None
    if result is None:
        raise InvalidRequestError(f"bye {kind!r}: expected one of {', '.join(BYE_KINDS)}")
    player = _player(tournament, tpn)
    rnd = tournament.paired_rounds + 1 if round_number is None else round_number
    if rnd <= tournament.paired_rounds:
        raise RoundNumberError(f"round {rnd} is already paired: a bye is requested before the pairing")
    if tournament.rounds is not None and rnd > tournament.rounds:
        raise RoundNumberError(f"round {rnd} is beyond the {tournament.rounds} rounds of the tournament")
    _set(player, rnd, RoundResult.bye(result))


def record_round(tournament: Tournament, pairing: RoundPairing | TeamPairing,
                 results: Sequence[GameResult | BoardResult | tuple[Result, Result]]) -> None:
    """Write the results of ``pairing`` into ``tournament``, one per board in board order (one per game
    of a team round: match by match, board 1 first, :attr:`TeamPairing.games
    <swisspair.team_pairing.TeamPairing.games>`).

    A result is a score-sheet string of :data:`GAME_RESULTS` (``"1-0"``, ``"1/2-1/2"``, ``"+-"``...),
    a :class:`~swisspair.model.BoardResult`, or a pair of :class:`~swisspair.model.Result` (White's,
    Black's) that is a board's result. The participant with the pairing-allocated bye scores it (C.04.1
    art. 3; in a team round the team's line-up, its value in the team-bye record ``320``, C.04.6 1.4); a
    participant neither paired nor given a bye by :func:`add_bye` gets a zero-point bye (``Z``). Each
    participant's points (the TRF points column, :attr:`~swisspair.model.Player.points`) become the score
    after the round.

    >>> from swisspair import pair
    >>> t = new_tournament(rounds=2, players=["Ames", "Bell", "Cole", "Dunn"])
    >>> record_round(t, pair(t), ["1/2-1/2", "+-"])
    >>> t.paired_rounds, [str(t.score(p.tpn)) for p in t]
    (1, ['1/2', '0', '1/2', '1'])

    The pairing must be of this tournament as it is: the next round, its participants, nobody paired who
    has since asked for a bye (pair the round again after :func:`add_bye`).

    :raises: :exc:`~swisspair.errors.RoundNumberError` for a pairing of another round than the next;
        :exc:`~swisspair.errors.InvalidRequestError` when the number of results is not the number of
        boards, a result is unknown or not a game's, a participant is unknown, paired twice, or has a
        requested bye in the round.
    """
    rnd = pairing.round_number
    games, byes = _round_of(pairing)
    if len(results) != len(games):
        what = "games" if isinstance(pairing, TeamPairing) else "boards"
        raise InvalidRequestError(f"round {rnd}: {len(games)} {what}, {len(results)} results")
    expected = tournament.paired_rounds + 1
    if rnd != expected:
        already = " (already recorded)" if rnd < expected else ""
        raise RoundNumberError(f"the pairing is of round {rnd}{already}; the round to record is {expected}")
    _check_participants(tournament, games, byes, rnd)
    scored = [(board, _game_result(result, number)) for number, (board, result) in enumerate(zip(games, results), 1)]
    for board, (white, black) in scored:
        _set(tournament.players[board.white], rnd, RoundResult(board.black, Colour.WHITE, white))
        _set(tournament.players[board.black], rnd, RoundResult(board.white, Colour.BLACK, black))
    for tpn in byes:
        _set(tournament.players[tpn], rnd, RoundResult.bye(Result.PAB))
    for player in tournament.players.values():
        if player.result(rnd).result is Result.ABSENT:
            _set(player, rnd, RoundResult.bye(Result.ZERO_BYE))
        player.points = tournament.score(player.tpn)  # the TRF points column
    if isinstance(pairing, TeamPairing):
        from swisspair.team_matches import state_pab_value

        state_pab_value(tournament)  # a written file says what its team byes are worth (320, C.04.6 1.4)


def _round_of(pairing: RoundPairing | TeamPairing) -> tuple[tuple[Board, ...], tuple[int, ...]]:
    """The games of a round and the players who score its pairing-allocated bye."""
    if isinstance(pairing, TeamPairing):
        return pairing.games, pairing.bye_players
    if isinstance(pairing, RoundPairing):
        return pairing.boards, () if pairing.bye is None else (pairing.bye,)
    raise InvalidTypeError(f"expected a RoundPairing or a TeamPairing (what swisspair.pair returns), got {pairing!r}")


def _check_participants(tournament: Tournament, games: tuple[Board, ...], byes: tuple[int, ...], rnd: int) -> None:
    """Every participant of the round is one of the tournament's, once, without a requested bye in it."""
    seen: set[int] = set()
    for tpn in [tpn for board in games for tpn in (board.white, board.black)] + list(byes):
        player = _player(tournament, tpn)
        if tpn in seen:
            raise InvalidRequestError(f"round {rnd}: participant {tpn} ({player.name}) is paired twice")
        seen.add(tpn)
        requested = player.result(rnd).result
        if requested.is_bye and requested is not Result.ABSENT:
            raise InvalidRequestError(
                f"round {rnd}: participant {tpn} ({player.name}) is paired but has a requested bye or absence "
                f"({requested.value}) in the round, entered after the pairing was made: pair the round again")


def _game_result(result: GameResult | BoardResult | tuple[Result, Result], board: int) -> tuple[Result, Result]:
    if isinstance(result, BoardResult):
        return result.white, result.black
    if isinstance(result, tuple):
        if len(result) == 2 and any((result[0], result[1]) == (r.white, r.black) for r in BOARD_RESULTS):
            return result[0], result[1]
        raise InvalidRequestError(f"board {board}: {result!r} is not the result of a game; expected White's and "
                                  f"Black's results of one of {', '.join(r.code for r in BOARD_RESULTS)} "
                                  "(a bye is recorded by the pairing or add_bye, not on a board)")
    found = GAME_RESULTS.get(result.replace(" ", "")) if isinstance(result, str) else None
    if found is None:
        raise InvalidRequestError(f"board {board}: result {result!r}: expected one of {', '.join(GAME_RESULTS)}")
    return found


def _enter(tournament: Tournament, entry: str | tuple[str, int]) -> Player:
    """A participant entered from a name or a ``(name, rating)`` pair."""
    if isinstance(entry, str):
        return add_player(tournament, entry)
    if isinstance(entry, tuple) and len(entry) == 2:
        return add_player(tournament, entry[0], entry[1])
    raise InvalidTypeError(f"a player is a name or a (name, rating) pair, got {entry!r}")


def _whole(value: object, what: str) -> None:
    """``value`` is a whole number (not a bool, not text)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidTypeError(f"{what}: expected a whole number, got {value!r}")


def _player(tournament: Tournament, tpn: int) -> Player:
    try:
        return tournament.players[tpn]
    except (KeyError, TypeError):
        raise InvalidRequestError(f"no participant with pairing number {tpn!r}") from None


def _set(player: Player, round_number: int, entry: RoundResult) -> None:
    """Put ``entry`` in ``round_number``, the rounds before it absences if they have no entry."""
    if len(player.results) < round_number:
        player.results.extend([ABSENT] * (round_number - len(player.results)))
    player.results[round_number - 1] = entry


__all__ = ["BYE_KINDS", "GAME_RESULTS", "TEAM_SYSTEM", "ByeKind", "GameResult", "add_bye", "add_player", "add_team",
           "new_tournament", "record_round"]
