"""The random tournament generator, deterministic for a seed.

Each round is paired by the chosen system and results are drawn from the
ratings (Elo expectation), with configurable draw, forfeit, retirement and
half-point-bye rates. Used by ``swisspair generate``, the engine-compatible
``-g`` option, the property tests and the benchmarks.

The pieces every generated event shares live here too - a rated field
(:func:`new_event`), a game's result (:func:`game_result`), the record of a
game (:func:`record_game`), closing an event (:func:`finish`) - and the systems
with a representation of their own (two-game matches,
:func:`swisspair.pairing.double_swiss.generate_double_swiss`; teams,
:func:`swisspair.pairing.team.generate_team_tournament`) build their events
from them (the ability :class:`swisspair.pairing.GeneratesTournaments`).

The configuration keys follow the RTG files read by the established engines
(``PlayersNumber=100`` per line); a rate of N means "one in N", ``1e30`` never.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path

from swisspair.errors import SwissPairError
from swisspair.model import Board, Colour, Player, Result, RoundPairing, RoundResult, Tournament

NEVER = 1e30


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

    @classmethod
    def parse(cls, text: str, source: str = "<config>") -> GeneratorConfig:
        """Read ``Key=value`` lines (RTG style); unknown keys are an error.

        :raises: :exc:`~swisspair.errors.SwissPairError` naming the line.
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
                raise SwissPairError(f"{source}:{lineno}: expected Key=value with a known key, got {raw!r}")
            try:
                number = float(value)
            except ValueError:
                raise SwissPairError(f"{source}:{lineno}: {key.strip()}: expected a number, got {value!r}") \
                    from None
            values[name] = int(number) if name in ("players", "rounds", "highest_rating",
                                                    "lowest_rating") else number
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


def generate(config: GeneratorConfig, seed: int,
             pair: Callable[[Tournament], RoundPairing],
             progress: Callable[[int], None] | None = None) -> Tournament:
    """A complete tournament of ``config.rounds`` rounds, each paired by ``pair``.

    :param progress: called with the round number after each round.
    """
    if config.players < 1 or config.rounds < 1:
        raise SwissPairError("a tournament needs at least one player and one round")
    rng = random.Random(seed)
    low, high = sorted((config.lowest_rating, config.highest_rating))
    tournament = new_event(rng, f"Generated tournament (seed {seed})", config.rounds, config.players, low, high)
    for rnd in range(1, config.rounds + 1):
        for player in tournament:
            player.results.extend([RoundResult.bye(Result.ABSENT)] * (rnd - 1 - len(player.results)))
            if _chance(rng, config.half_point_bye_rate):
                player.results.append(RoundResult.bye(Result.HALF_BYE))
            elif _chance(rng, config.retired_rate):
                player.results.append(RoundResult.bye(Result.ZERO_BYE))
        pairing = pair(tournament)
        for board in pairing.boards:
            record_game(tournament, board, _result(tournament, board, config, rng))
        if pairing.bye is not None:
            tournament.players[pairing.bye].results.append(RoundResult.bye(Result.PAB))
        for player in tournament:
            if len(player.results) < rnd:
                player.results.append(RoundResult.bye(Result.ZERO_BYE))
        if progress is not None:
            progress(rnd)
    return finish(tournament)


def _result(tournament: Tournament, board: Board, config: GeneratorConfig,
            rng: random.Random) -> tuple[Result, Result]:
    """A forfeit at ``config.forfeit_rate`` (either side, or both), else a game by the ratings."""
    if _chance(rng, config.forfeit_rate):
        roll = rng.random()
        return ((Result.FORFEIT_WIN, Result.FORFEIT_LOSS) if roll < 0.45 else
                (Result.FORFEIT_LOSS, Result.FORFEIT_WIN) if roll < 0.9 else
                (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS))
    white, black = tournament.players[board.white], tournament.players[board.black]
    return game_result(rng, config.draw_percentage, elo_expectation(white.rating, black.rating))


__all__ = ["NEVER", "GeneratorConfig", "elo_expectation", "finish", "game_result", "generate", "new_event",
           "record_game"]
