"""Standings, crosstable and player cards of a section, computed by the core.

The tie-breaks are the core's (``swisspair.standings``); until that package is
installed the table is ordered by points, then pairing number, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swisspair.model import Colour, Result, Tournament
from swisspair_web.tournaments.convert import SectionData, to_tournament
from swisspair_web.tournaments.models import Player


def fmt(value: Fraction | float | int | None) -> str:
    """A score as arbiters write it: ``3½``-free plain ``3.5``, ``4``, ``2.25``."""
    if value is None:
        return ""
    if isinstance(value, float):
        value = Fraction(value).limit_denominator(1000)
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}".rstrip("0")
    return text


@dataclass
class Row:
    rank: int
    player: Player
    points: Fraction
    tiebreaks: list[str] = field(default_factory=list)
    cells: list[str] = field(default_factory=list)
    """Crosstable cells, one per round (``12w1``, ``+``, ``U``...)."""

    @property
    def points_text(self) -> str:
        return fmt(self.points)


@dataclass
class Table:
    after_round: int
    codes: list[str]
    rows: list[Row]
    note: str = ""


_CELL = {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−",
         Result.WIN_UNRATED: "1", Result.DRAW_UNRATED: "½", Result.LOSS_UNRATED: "0"}


def cell(tournament: Tournament, tpn: int, rnd: int) -> str:
    entry = tournament.players[tpn].result(rnd)
    if entry.opponent is not None:
        colour = {Colour.WHITE: "w", Colour.BLACK: "b"}.get(entry.colour, "")
        return f"{entry.opponent}{colour}{_CELL.get(entry.result, '')}"
    return {Result.PAB: "U", Result.HALF_BYE: "H", Result.FULL_BYE: "F", Result.ZERO_BYE: "Z"}.get(entry.result, "")


def _core_standings(tournament: Tournament, codes: list[str]) -> list[tuple[int, list[Any]]] | None:
    """``[(tpn, [tie-break values])]`` in rank order from the core, or ``None`` without it."""
    try:
        from swisspair import standings as core  # type: ignore[attr-defined]
    except ImportError:
        return None
    function = getattr(core, "standings", None) or getattr(core, "compute", None)
    if function is None:
        return None
    rows = function(tournament, codes)
    out = []
    for row in rows:
        tpn = getattr(row, "tpn", None)
        if tpn is None:
            tpn = getattr(getattr(row, "player", None), "tpn")
        values = getattr(row, "tiebreaks", None) or getattr(row, "values", None) or []
        if isinstance(values, dict):
            values = list(values.values())
        out.append((int(tpn), list(values)))
    return out


def table(data: SectionData, after_round: int | None = None) -> Table:
    """Standings after ``after_round`` (default: the last round with every result in)."""
    complete = data.complete_rounds()
    upto = complete if after_round is None else max(0, min(after_round, complete))
    conv = to_tournament(data, upto=upto)
    tournament = conv.tournament
    codes = data.section.tiebreak_codes
    note = ""
    try:
        ranked = _core_standings(tournament, codes)
    except Exception as error:  # keep the page up; show why the tie-breaks are missing
        ranked, note = None, f"tie-breaks unavailable: {error}"
    if ranked is None:
        note = note or "tie-breaks not available yet (swisspair.standings is not installed); ordered by points"
        codes_shown: list[str] = []
        order = sorted(tournament.players, key=lambda tpn: (-tournament.score(tpn), tpn))
        ranked = [(tpn, []) for tpn in order]
    else:
        codes_shown = codes
    rows = []
    previous: tuple[Any, ...] | None = None
    rank = 0
    for index, (tpn, values) in enumerate(ranked, start=1):
        points = tournament.score(tpn)
        key = (points, *[str(v) for v in values])
        if key != previous or not codes_shown:
            rank = index
        previous = key
        rows.append(Row(rank, conv.by_tpn[tpn], points, [fmt(v) if isinstance(v, (Fraction, int, float)) else str(v)
                                                        for v in values],
                        [cell(tournament, tpn, r) for r in range(1, upto + 1)]))
    return Table(upto, codes_shown, rows, note)


def player_card(data: SectionData, player: Player) -> list[dict[str, Any]]:
    """One line per round: opponent, colour, result, running score."""
    conv = to_tournament(data)
    tournament = conv.tournament
    lines = []
    running = Fraction(0)
    core = tournament.players[player.tpn]
    for rnd in range(1, data.paired_rounds + 1):
        entry = core.result(rnd)
        opponent = conv.by_tpn.get(entry.opponent) if entry.opponent else None
        if entry.opponent is None and entry.result is Result.ABSENT:
            # a game in progress is not in the standings view: look it up directly
            for board in data.boards.get(rnd, []):
                if player.id in (board.white_id, board.black_id):
                    other = board.black_id if board.white_id == player.id else board.white_id
                    opponent = next(p for p in data.players if p.id == other)
                    lines.append({"round": rnd, "opponent": opponent,
                                  "colour": "w" if board.white_id == player.id else "b",
                                  "result": "…", "score": fmt(running), "board": board.number})
                    break
            else:
                lines.append({"round": rnd, "opponent": None, "colour": "", "result": "", "score": fmt(running),
                              "board": None})
            continue
        points = tournament.scoring.points(entry.result, entry.colour)
        running += points
        board_no = None
        if opponent is not None:
            for board in data.boards.get(rnd, []):
                if player.id in (board.white_id, board.black_id):
                    board_no = board.number
        lines.append({"round": rnd, "opponent": opponent,
                      "colour": {Colour.WHITE: "w", Colour.BLACK: "b"}.get(entry.colour, ""),
                      "result": entry.result.value if entry.opponent is None else _CELL.get(entry.result, ""),
                      "points": fmt(points), "score": fmt(running), "board": board_no})
    return lines
