"""The crosstable of a round-robin as a grid: one row and one column per player, in each cell his results
against that opponent, one per cycle (the table of FIDE C.05 art. 6.6: ``+`` / ``−`` for a game not
played).

Build it from :attr:`swisspair.withdrawals.RoundRobinView.table`, so that the games a player who left did
not play show as forfeits.

>>> from swisspair.model import Colour, Player, Result, RoundResult, Tournament
>>> t = Tournament(players={
...     1: Player(1, "A", results=[RoundResult(2, Colour.WHITE, Result.WIN), RoundResult(2, Colour.BLACK, Result.DRAW)]),
...     2: Player(2, "B", results=[RoundResult(1, Colour.BLACK, Result.LOSS), RoundResult(1, Colour.WHITE, Result.DRAW)]),
... })
>>> grid = crosstable_grid(t, cycles=2)
>>> grid.cells[1][2], grid.cells[2][1], grid.cells[1][1]
(('1', '½'), ('0', '½'), None)
"""

from __future__ import annotations

from dataclasses import dataclass

from swisspair.model import Tournament
from swisspair.roundrobin import cycles_for

__all__ = ["Grid", "crosstable_grid"]


@dataclass(frozen=True, slots=True)
class Grid:
    """The cells of a round-robin's crosstable (:func:`crosstable_grid`)."""

    players: tuple[int, ...]
    """Rows and columns, by pairing number."""
    cycles: int
    """Results per cell."""
    cells: dict[int, dict[int, tuple[str, ...] | None]]
    """Row player -> column player -> his results against him, cycle by cycle (``""`` for a game not yet
    played); ``None`` on the diagonal."""
    rounds: dict[int, dict[int, tuple[int, ...]]]
    """Row player -> column player -> the rounds in which they met (or are to meet), in order."""


def crosstable_grid(tournament: Tournament, cycles: int | None = None) -> Grid:
    """Each player's results against each other, one per cycle, in the order they were played (the symbols
    of :attr:`swisspair.model.Result.symbol`: ``1``, ``½``, ``0``, ``+``, ``−``).

    :param cycles: results per cell; default: from the planned rounds (else the recorded ones).
    """
    players = tuple(sorted(tournament.players))
    count = cycles or cycles_for(tournament.rounds or tournament.recorded_rounds, len(players))
    met: dict[int, dict[int, list[tuple[int, str]]]] = {p: {} for p in players}
    for player in tournament:
        for rnd, entry in enumerate(player.results, start=1):
            if entry.opponent is not None and entry.opponent in met:
                met[player.tpn].setdefault(entry.opponent, []).append((rnd, entry.result.symbol))
    cells: dict[int, dict[int, tuple[str, ...] | None]] = {}
    rounds: dict[int, dict[int, tuple[int, ...]]] = {}
    for row in players:
        cells[row], rounds[row] = {}, {}
        for column in players:
            games = met[row].get(column, [])
            rounds[row][column] = tuple(r for r, _ in games)
            symbols = [symbol for _, symbol in games]
            cells[row][column] = None if row == column else tuple(symbols + [""] * (count - len(symbols)))
    return Grid(players, count, cells, rounds)
