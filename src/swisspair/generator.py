"""The random tournament generator, deterministic for a seed: one for every system.

Each round is paired by the chosen system and results are drawn from the
ratings (Elo expectation), with configurable draw, forfeit, retirement and
half-point-bye rates. Used by ``swisspair generate``, the engine-compatible
``-g`` option, the property tests and the benchmarks.

What differs between systems is what one paired round plays, which each system
declares (:class:`swisspair.pairing.system.EventShape`): one game or a
two-game match (Double-Swiss: the second game with the colours reversed, the
PAB one game won and one drawn, C.04.5), between players or teams of players
(C.04.6: a match is a game on every board, the team with White having White on
the odd boards). Absences and byes apply to the participants the system pairs
(a team is absent with all its players); a forfeit takes a whole pairing (both
games of a match, every board of a team match).

The configuration keys follow the RTG files read by the established engines
(``PlayersNumber=100`` per line); a rate of N means "one in N", ``1e30`` never.
``PlayersNumber`` counts the participants (teams in a team event) and
``RoundsNumber`` the pairings (matches in a Double-Swiss); ``boards`` sets the players of a team
(default: the system's, 4). A team's byes are stated in a ``320`` record with their value (C.04.6 1.4:
a drawn match), since TRF's default for ``U`` would make each one a won game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path

from swisspair.errors import InvalidRequestError
from swisspair.model import ABSENT, Board, Colour, Player, Result, RoundPairing, RoundResult, Tournament
from swisspair.pairing.system import INDIVIDUAL, EventShape
from swisspair.team_matches import state_pab_value

NEVER = 1e30

Progress = Callable[[int], None]
"""Called with the round number (the pairing's) after each generated round."""


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """Settings of a generated tournament."""

    players: int = 30
    """Number of participants (``PlayersNumber``)."""
    rounds: int = 9
    """Number of rounds (``RoundsNumber``)."""
    draw_percentage: float = 30
    """Share of played games drawn, in percent (``DrawPercentage``)."""
    forfeit_rate: float = NEVER
    """One game in N is forfeited (``ForfeitRate``)."""
    retired_rate: float = NEVER
    """One participant-round in N is an announced absence, a zero-point bye (``RetiredRate``)."""
    half_point_bye_rate: float = NEVER
    """One participant-round in N is a requested half-point bye (``HalfPointByeRate``)."""
    highest_rating: int = 2600
    """``HighestRating``."""
    lowest_rating: int = 1400
    """``LowestRating``."""
    boards: int = 0
    """Boards per team (players of a team) when the system pairs teams (C.04.6); 0: the system's default."""

    @classmethod
    def parse(cls, text: str, source: str = "<config>") -> GeneratorConfig:
        """Read ``Key=value`` lines (RTG style); unknown keys are an error.

        :raises: :exc:`~swisspair.errors.InvalidRequestError` naming the line.
        """
        names = {
            "playersnumber": "players", "roundsnumber": "rounds", "drawpercentage": "draw_percentage",
            "forfeitrate": "forfeit_rate", "retiredrate": "retired_rate",
            "halfpointbyerate": "half_point_bye_rate", "highestrating": "highest_rating",
            "lowestrating": "lowest_rating",
        }
        names.update({f.name: f.name for f in fields(cls)})
        values: dict[str, float | int] = {}
        for lineno, raw in enumerate(text.splitlines(), start=1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            key, sep, value = line.partition("=")
            name = names.get(key.strip().lower())
            if not sep or name is None:
                raise InvalidRequestError(f"{source}:{lineno}: expected Key=value with a known key, got {raw!r}")
            try:
                number = float(value)
            except ValueError:
                raise InvalidRequestError(f"{source}:{lineno}: {key.strip()}: expected a number, got {value!r}") \
                    from None
            values[name] = int(number) if name in ("players", "rounds", "highest_rating",
                                                    "lowest_rating", "boards") else number
        return cls(**values)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: str | Path) -> GeneratorConfig:
        """:meth:`parse` the file at ``path``."""
        return cls.parse(Path(path).read_text(encoding="utf-8"), str(path))


def _chance(rng: random.Random, rate: float) -> bool:
    return rate < NEVER and rng.random() * rate < 1


def elo_expectation(white: int, black: int) -> float:
    """White's expected score against ``black`` (the Elo formula)."""
    return 1 / (1 + 10 ** ((black - white) / 400))


def game_result(rng: random.Random, draw_percentage: float, expected: float) -> tuple[Result, Result]:
    """A game played over the board: a draw at ``draw_percentage`` percent, else White wins with
    probability ``expected``; the results of White and Black."""
    if rng.random() * 100 < draw_percentage:
        return Result.DRAW, Result.DRAW
    return (Result.WIN, Result.LOSS) if rng.random() < expected else (Result.LOSS, Result.WIN)


def record_game(tournament: Tournament, board: Board, results: tuple[Result, Result],
                colour: Colour = Colour.WHITE) -> None:
    """Append a game between the players of ``board``: the first has ``colour`` and ``results[0]``."""
    first, second = tournament.players[board.white], tournament.players[board.black]
    first.results.append(RoundResult(second.tpn, colour, results[0]))
    second.results.append(RoundResult(first.tpn, colour.opposite, results[1]))


def new_event(rng: random.Random, name: str, rounds: int, players: int, low: int = 1400, high: int = 2600,
              system: str | None = None) -> Tournament:
    """An event of ``players`` with random ratings in ``low..high`` (TPN 1 the highest) and a random
    initial colour (C.04.3 art. 5.1), no round played."""
    ratings = sorted((rng.randint(low, high) for _ in range(players)), reverse=True)
    tournament = Tournament(name=name, rounds=rounds, initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
                            system=system)
    for tpn, rating in enumerate(ratings, start=1):
        tournament.players[tpn] = Player(tpn=tpn, name=f"Player {tpn:04d}", rating=rating)
    return tournament


def finish(tournament: Tournament) -> Tournament:
    """Every player's points column (TRF) from the results; returns ``tournament``."""
    for player in tournament:
        player.points = tournament.score(player.tpn)
    return tournament


def generate(config: GeneratorConfig, seed: int, pair: Callable[[Tournament], RoundPairing],
             progress: Progress | None = None, shape: EventShape = INDIVIDUAL) -> Tournament:
    """A complete tournament of ``config.rounds`` pairings, each made by ``pair`` and played as
    ``shape`` says (see the module documentation).

    :param progress: called with the pairing's number after each one.
    """
    if config.players < 1 or config.rounds < 1:
        raise InvalidRequestError("a tournament needs at least one player and one round")
    if config.boards:
        if not shape.team_boards:
            raise InvalidRequestError("boards per team: this system pairs players, not teams")
        if config.boards < 1:
            raise InvalidRequestError(f"boards per team: expected at least 1, got {config.boards}")
        shape = replace(shape, team_boards=config.boards)
    rng = random.Random(seed)
    low, high = sorted((config.lowest_rating, config.highest_rating))
    size = max(shape.team_boards, 1)
    tournament = new_event(rng, f"Generated tournament (seed {seed})", config.rounds * shape.games,
                           config.players * size, low, high, shape.code)
    units: dict[int, tuple[int, ...]] = (_team_up(tournament, shape) if shape.team_boards
                                         else {tpn: (tpn,) for tpn in tournament.players})
    for rnd in range(1, config.rounds + 1):
        done = (rnd - 1) * shape.games
        for members in units.values():
            for tpn in members:
                tournament.players[tpn].results.extend([ABSENT] * (done - len(tournament.players[tpn].results)))
            if _chance(rng, config.half_point_bye_rate):
                _record_byes(tournament, members, (Result.HALF_BYE,) * shape.games)
            elif _chance(rng, config.retired_rate):
                _record_byes(tournament, members, (Result.ZERO_BYE,) * shape.games)
        pairing = pair(tournament)
        for board in pairing.boards:
            _play(tournament, units, board, shape, config, rng)
        if pairing.bye is not None:
            _record_byes(tournament, units[pairing.bye], shape.pab)
            if shape.team_boards:  # C.04.6 1.4: the value in a 320 record, not TRF's default for U (a win)
                state_pab_value(tournament)
        for player in tournament:
            player.results.extend([RoundResult.bye(Result.ZERO_BYE)] * (done + shape.games - len(player.results)))
        if progress is not None:
            progress(rnd)
    return finish(tournament)



def _team_up(tournament: Tournament, shape: EventShape) -> dict[int, tuple[int, ...]]:
    """Teams of ``shape.team_boards`` players in TPN order (team 1: the highest rated), as the
    model's team records (``310``) with the board colours (``352``); team number -> its players."""
    from swisspair.teams import TeamEntry

    size = shape.team_boards
    count = len(tournament) // size
    units = {number: tuple(range((number - 1) * size + 1, number * size + 1)) for number in range(1, count + 1)}
    tournament.teams = tuple(TeamEntry(number, f"Team {number}", members) for number, members in units.items())
    tournament.board_colours = "".join("W" if board % 2 == 0 else "B" for board in range(size))
    return units


def _record_byes(tournament: Tournament, members: tuple[int, ...], results: tuple[Result, ...]) -> None:
    for tpn in members:
        tournament.players[tpn].results.extend(RoundResult.bye(result) for result in results)


def _play(tournament: Tournament, units: dict[int, tuple[int, ...]], board: Board, shape: EventShape,
          config: GeneratorConfig, rng: random.Random) -> None:
    """The games of one pairing: on every board of the participants (White's first player with
    White, then alternating), each game of the pairing (the later ones with the colours reversed);
    a forfeit at ``config.forfeit_rate`` takes them all."""
    forfeit = _forfeit(rng, config.forfeit_rate)
    for index, (first, second) in enumerate(zip(units[board.white], units[board.black])):
        game = Board(first, second) if index % 2 == 0 else Board(second, first)
        for played in range(shape.games):
            colour = Colour.WHITE if played % 2 == 0 else Colour.BLACK
            if forfeit is not None:
                results = forfeit if index % 2 == 0 else (forfeit[1], forfeit[0])
            else:
                results = _game(tournament, game, colour, config, rng)
            record_game(tournament, game, results, colour)


def _forfeit(rng: random.Random, rate: float) -> tuple[Result, Result] | None:
    """Results of a forfeit at ``rate`` (the first side's, then the second's: either side, or both), else None."""
    if not _chance(rng, rate):
        return None
    roll = rng.random()
    return ((Result.FORFEIT_WIN, Result.FORFEIT_LOSS) if roll < 0.45 else
            (Result.FORFEIT_LOSS, Result.FORFEIT_WIN) if roll < 0.9 else
            (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS))


def _game(tournament: Tournament, game: Board, colour: Colour, config: GeneratorConfig,
          rng: random.Random) -> tuple[Result, Result]:
    """A game by the ratings between ``game.white`` (who has ``colour``) and ``game.black``: their results."""
    first, second = tournament.players[game.white], tournament.players[game.black]
    if colour is Colour.WHITE:
        return game_result(rng, config.draw_percentage, elo_expectation(first.rating, second.rating))
    white, black = game_result(rng, config.draw_percentage, elo_expectation(second.rating, first.rating))
    return black, white


__all__ = ["NEVER", "GeneratorConfig", "Progress", "elo_expectation", "finish", "game_result", "generate",
           "new_event", "record_game"]
