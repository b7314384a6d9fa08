"""Building a tournament in code: participants, requested byes and the results of each round.

What a TRF file holds can be made without one: :func:`new_tournament` starts an event,
:func:`add_player` enters a participant (the next pairing number), :func:`add_bye` records a
requested bye or an absence for a round not yet paired, and :func:`record_round` writes the
results of a paired round into the model (the games, the pairing-allocated bye, a zero-point
bye for everybody else).

>>> from swisspair import new_tournament, pair, record_round
>>> t = new_tournament("Club night", rounds=3, players=[("Ames", 1900), ("Bell", 1800), ("Cole", 1700)])
>>> pairing = pair(t)
>>> record_round(t, pairing, ["1-0"])
>>> [(p.name, str(t.score(p.tpn))) for p in t]
[('Ames', '1'), ('Bell', '0'), ('Cole', '1')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from swisspair.errors import InvalidRequestError
from swisspair.model import ABSENT, Colour, Player, Result, RoundPairing, RoundResult, Scoring, Tournament

GAME_RESULTS: dict[str, tuple[Result, Result]] = {
    "1-0": (Result.WIN, Result.LOSS),
    "0-1": (Result.LOSS, Result.WIN),
    "1/2-1/2": (Result.DRAW, Result.DRAW),
    "½-½": (Result.DRAW, Result.DRAW),
    "=": (Result.DRAW, Result.DRAW),
    "+-": (Result.FORFEIT_WIN, Result.FORFEIT_LOSS),
    "-+": (Result.FORFEIT_LOSS, Result.FORFEIT_WIN),
    "--": (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS),
}
"""Results of a board as written on a score sheet, White's first: ``+-`` is a forfeit win for White,
``--`` a double forfeit (TRF16 result codes, C.04.1 art. 3 for forfeits)."""

BYE_KINDS: dict[str, Result] = {"H": Result.HALF_BYE, "F": Result.FULL_BYE, "Z": Result.ZERO_BYE}
"""Requested byes and absences by TRF code: half-point, full-point (FIDE-deprecated), zero-point."""


def new_tournament(name: str = "", *, rounds: int, players: Iterable[str | tuple[str, int]] = (),
                   initial_colour: Colour = Colour.WHITE, scoring: Scoring | None = None,
                   system: str | None = None) -> Tournament:
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
    :raises: :exc:`~swisspair.errors.InvalidRequestError` for fewer than one round.
    """
    if rounds < 1:
        raise InvalidRequestError(f"a tournament needs at least one round, got {rounds}")
    tournament = Tournament(name=name, rounds=rounds, initial_colour=initial_colour,
                            scoring=scoring or Scoring(), system=system)
    for entry in players:
        if isinstance(entry, str):
            add_player(tournament, entry)
        else:
            add_player(tournament, entry[0], entry[1])
    return tournament


def add_player(tournament: Tournament, name: str, rating: int = 0, *, title: str = "", federation: str = "",
               fide_id: str = "", sex: str = "", birth_date: str = "") -> Player:
    """Enter a participant with the next pairing number; rounds already played count as absences.

    >>> t = new_tournament(rounds=3)
    >>> add_player(t, "Ames, Ann", 1950, federation="ENG")
    Player(tpn=1, name='Ames, Ann', rating=1950)

    :raises: :exc:`~swisspair.errors.InvalidRequestError` for a negative rating.
    """
    if rating < 0:
        raise InvalidRequestError(f"{name}: a rating cannot be negative, got {rating}")
    tpn = max(tournament.players, default=0) + 1
    player = Player(tpn=tpn, name=name, rating=rating, title=title, federation=federation, fide_id=fide_id,
                    sex=sex, birth_date=birth_date, results=[ABSENT] * tournament.paired_rounds)
    tournament.players[tpn] = player
    return player


def add_bye(tournament: Tournament, tpn: int, kind: str = "H", round_number: int | None = None) -> None:
    """Record a requested bye (``H`` half-point, ``F`` full-point) or an absence (``Z``) for a round
    not yet paired (default: the next); the pairing leaves the participant out (C.04.1 art. 5).

    >>> t = new_tournament(rounds=3, players=["Ames", "Bell", "Cole"])
    >>> add_bye(t, 3)
    >>> t.player(3).result(1).result
    Result.HALF_BYE

    :raises: :exc:`~swisspair.errors.InvalidRequestError` for an unknown participant or kind, or a
        round already paired.
    """
    result = BYE_KINDS.get(kind.upper())
    if result is None:
        raise InvalidRequestError(f"bye {kind!r}: expected one of {', '.join(BYE_KINDS)}")
    player = _player(tournament, tpn)
    rnd = tournament.paired_rounds + 1 if round_number is None else round_number
    if rnd <= tournament.paired_rounds:
        raise InvalidRequestError(f"round {rnd} is already paired: a bye is requested before the pairing")
    _set(player, rnd, RoundResult.bye(result))


def record_round(tournament: Tournament, pairing: RoundPairing,
                 results: Sequence[str | tuple[Result, Result]]) -> None:
    """Write the results of ``pairing`` into ``tournament``, one per board in board order.

    A result is a score-sheet string of :data:`GAME_RESULTS` (``"1-0"``, ``"1/2-1/2"``, ``"+-"``...)
    or a pair of :class:`~swisspair.model.Result` (White's, Black's). The participant with the
    pairing-allocated bye scores it (C.04.1 art. 3); a participant neither paired nor given a
    bye by :func:`add_bye` gets a zero-point bye (``Z``). Each participant's points (the TRF points
    column, :attr:`~swisspair.model.Player.points`) become the score after the round.

    >>> from swisspair import pair
    >>> t = new_tournament(rounds=2, players=["Ames", "Bell", "Cole", "Dunn"])
    >>> record_round(t, pair(t), ["1/2-1/2", "+-"])
    >>> t.paired_rounds, [str(t.score(p.tpn)) for p in t]
    (1, ['1/2', '0', '1/2', '1'])

    :raises: :exc:`~swisspair.errors.InvalidRequestError` when the number of results is not the
        number of boards, a result is unknown, or the round is already recorded.
    """
    rnd = pairing.round_number
    if len(results) != len(pairing.boards):
        raise InvalidRequestError(f"round {rnd}: {len(pairing.boards)} boards, {len(results)} results")
    if any(p.result(rnd).result.paired for p in tournament.players.values()):
        raise InvalidRequestError(f"round {rnd} is already recorded")
    games = [(board, _game_result(result)) for board, result in zip(pairing.boards, results)]
    for board, (white, black) in games:
        _set(_player(tournament, board.white), rnd, RoundResult(board.black, Colour.WHITE, white))
        _set(_player(tournament, board.black), rnd, RoundResult(board.white, Colour.BLACK, black))
    if pairing.bye is not None:
        _set(_player(tournament, pairing.bye), rnd, RoundResult.bye(Result.PAB))
    for player in tournament.players.values():
        if player.result(rnd).result is Result.ABSENT:
            _set(player, rnd, RoundResult.bye(Result.ZERO_BYE))
        player.points = tournament.score(player.tpn)  # the TRF points column


def _game_result(result: str | tuple[Result, Result]) -> tuple[Result, Result]:
    if isinstance(result, tuple):
        return result
    found = GAME_RESULTS.get(result.replace(" ", ""))
    if found is None:
        raise InvalidRequestError(f"result {result!r}: expected one of {', '.join(GAME_RESULTS)}")
    return found


def _player(tournament: Tournament, tpn: int) -> Player:
    try:
        return tournament.players[tpn]
    except KeyError:
        raise InvalidRequestError(f"no participant with pairing number {tpn}") from None


def _set(player: Player, round_number: int, entry: RoundResult) -> None:
    """Put ``entry`` in ``round_number``, the rounds before it absences if they have no entry."""
    if len(player.results) < round_number:
        player.results.extend([ABSENT] * (round_number - len(player.results)))
    player.results[round_number - 1] = entry


__all__ = ["BYE_KINDS", "GAME_RESULTS", "add_bye", "add_player", "new_tournament", "record_round"]
