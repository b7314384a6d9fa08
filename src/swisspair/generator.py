"""A random tournament generator, deterministic for a seed.

Each round is paired by the chosen system and results are drawn from the
ratings (Elo expectation), with configurable draw, forfeit, retirement and
half-point-bye rates. Used by ``swisspair generate``, the engine-compatible
``-g`` option, the property tests and the benchmarks.

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
    ratings = sorted((rng.randint(low, high) for _ in range(config.players)), reverse=True)
    tournament = Tournament(
        name=f"Generated tournament (seed {seed})",
        rounds=config.rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
    )
    for tpn, rating in enumerate(ratings, start=1):
        tournament.players[tpn] = Player(tpn=tpn, name=f"Player {tpn:04d}", rating=rating)
    for rnd in range(1, config.rounds + 1):
        for player in tournament:
            player.results.extend([RoundResult.bye(Result.ABSENT)] * (rnd - 1 - len(player.results)))
            if _chance(rng, config.half_point_bye_rate):
                player.results.append(RoundResult.bye(Result.HALF_BYE))
            elif _chance(rng, config.retired_rate):
                player.results.append(RoundResult.bye(Result.ZERO_BYE))
        pairing = pair(tournament)
        for board in pairing.boards:
            _play(tournament, board, rnd, config, rng)
        if pairing.bye is not None:
            tournament.players[pairing.bye].results.append(RoundResult.bye(Result.PAB))
        for player in tournament:
            if len(player.results) < rnd:
                player.results.append(RoundResult.bye(Result.ZERO_BYE))
        if progress is not None:
            progress(rnd)
    for player in tournament:
        player.points = tournament.score(player.tpn)
    return tournament


def _play(tournament: Tournament, board: Board, rnd: int, config: GeneratorConfig, rng: random.Random) -> None:
    white, black = tournament.players[board.white], tournament.players[board.black]
    if _chance(rng, config.forfeit_rate):
        roll = rng.random()
        w, b = ((Result.FORFEIT_WIN, Result.FORFEIT_LOSS) if roll < 0.45 else
                (Result.FORFEIT_LOSS, Result.FORFEIT_WIN) if roll < 0.9 else
                (Result.FORFEIT_LOSS, Result.FORFEIT_LOSS))
    elif rng.random() * 100 < config.draw_percentage:
        w, b = Result.DRAW, Result.DRAW
    else:
        expected = 1 / (1 + 10 ** ((black.rating - white.rating) / 400))
        w, b = (Result.WIN, Result.LOSS) if rng.random() < expected else (Result.LOSS, Result.WIN)
    white.results.append(RoundResult(black.tpn, Colour.WHITE, w))
    black.results.append(RoundResult(white.tpn, Colour.BLACK, b))
    assert len(white.results) == rnd and len(black.results) == rnd
