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
    rank: str
    """Place, ``"3-5"`` when shared."""
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


@dataclass
class _Ranked:
    tpn: int
    place: str
    values: list[str]


def _core_standings(tournament: Tournament, codes: list[str]) -> tuple[list[_Ranked], list[str], str] | None:
    """Rows in rank order, tie-break labels and notes from the core, or ``None`` without it."""
    try:
        from swisspair.standings import compute_standings
    except ImportError:
        return None
    result = compute_standings(tournament, ",".join(codes) if codes else None)
    rows = [_Ranked(row.tpn, row.place_text, [fmt(v) if v is not None else "" for v in row.values])
            for row in result.rows]
    labels = [d.label for d in result.tiebreaks]
    return rows, labels, "; ".join(result.notes)


def table(data: SectionData, after_round: int | None = None) -> Table:
    """Standings after ``after_round`` (default: the last round with every result in)."""
    complete = data.complete_rounds()
    upto = complete if after_round is None else max(0, min(after_round, complete))
    conv = to_tournament(data, upto=upto)
    tournament = conv.tournament
    codes = data.section.tiebreak_codes
    note = ""
    try:
        core = _core_standings(tournament, codes)
    except Exception as error:  # a bad list must not take the page down: say why
        core, note = None, f"tie-breaks unavailable: {error}"
    if core is None:
        note = note or "tie-breaks not available (swisspair.standings is not installed); ordered by points"
        order = sorted(tournament.players, key=lambda tpn: (-tournament.score(tpn), tpn))
        ranked: list[_Ranked] = []
        labels: list[str] = []
        previous, place = None, 0
        for index, tpn in enumerate(order, start=1):
            if tournament.score(tpn) != previous:
                place, previous = index, tournament.score(tpn)
            ranked.append(_Ranked(tpn, str(place), []))
    else:
        ranked, labels, core_note = core
        note = note or core_note
    rows = [Row(r.place, conv.by_tpn[r.tpn], tournament.score(r.tpn), r.values,
                [cell(tournament, r.tpn, rnd) for rnd in range(1, upto + 1)]) for r in ranked]
    return Table(upto, labels, rows, note)


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
