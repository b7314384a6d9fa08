"""A player's card: one line per paired round (board, opponent, colour, result, running score).

Read from the player's own boards and byes and his opponents' rows (:func:`card_rows`), not from the whole
section: a reader asking for one card costs a few rows. Inside a rendering of the public pages the section is
read already, and the card is taken from it (:func:`rows_from`). The lines are the ones the core's tournament
records (:func:`~.convert.to_tournament`): a board's result for both players, a bye over a board, an absence in
a round whose games all have results a zero-point bye, a game still on the board shown as ``…``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Max, Q

from swisspair.model import Colour, Result, Scoring
from swisspair_web.tournaments.reads.convert import SectionData, board_results, scoring_of
from swisspair_web.tournaments.reads.snapshot import read_snapshot, rendering
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import Board, Bye, Player, Round, Section

CELL = {Result.WIN: "1", Result.DRAW: "½", Result.LOSS: "0", Result.FORFEIT_WIN: "+", Result.FORFEIT_LOSS: "−",
        Result.WIN_UNRATED: "1", Result.DRAW_UNRATED: "½", Result.LOSS_UNRATED: "0"}
"""A game's result on the card."""


@dataclass
class Game:
    board: int
    opponent: Player
    colour: Colour
    result: str
    """The stored result (``""``: still on the board)."""


@dataclass
class CardRows:
    """What a player's card is made of."""

    scoring: Scoring
    paired: int
    """The last paired round."""
    published: set[int]
    games: dict[int, Game] = field(default_factory=dict)
    """The player's game by round number."""
    byes: dict[int, str] = field(default_factory=dict)
    """The kind of the player's bye by round number."""
    pending: set[int] = field(default_factory=set)
    """The rounds with a game still on the board."""


def _game(board: Board, player: Player, opponent: Player) -> Game:
    colour = Colour.WHITE if board.white_id == player.id else Colour.BLACK
    return Game(board.number, opponent, colour, board.result)


def card_rows(section: Section, player: Player) -> CardRows:
    """The player's boards (with his opponents) and byes, the rounds paired and published, the rounds with a
    game still on the board: read in one snapshot; the section's rows when a rendering read them already."""
    if rendering():
        return rows_from(SectionData.load(section), player)
    with read_snapshot():
        rounds = section.round_set.aggregate(paired=Max("number"))
        published = set(Round.objects.filter(section=section, published_at__isnull=False)
                        .values_list("number", flat=True))
        boards = Board.objects.filter(Q(white=player) | Q(black=player), round__section=section)
        games = {b.round.number: _game(b, player, b.black if b.white_id == player.id else b.white)
                 for b in boards.select_related("round", "white", "black")}
        byes = {b.round_number: b.kind for b in Bye.objects.filter(section=section, player=player)}
        pending = set(Board.objects.filter(round__section=section, result="")
                      .values_list("round__number", flat=True).distinct())
    return CardRows(scoring_of(section), rounds["paired"] or 0, published, games, byes, pending)


def rows_from(data: SectionData, player: Player) -> CardRows:
    """The card's rows from a section read whole."""
    by_id = {p.id: p for p in data.players}
    rows = CardRows(scoring_of(data.section), data.paired_rounds, {r.number for r in data.rounds if r.published})
    for number, boards in data.boards.items():
        for board in boards:
            if player.id in (board.white_id, board.black_id):
                other = board.black_id if board.white_id == player.id else board.white_id
                rows.games[number] = _game(board, player, by_id[other])
            if not board.result:
                rows.pending.add(number)
    rows.byes = {b.round_number: b.kind for b in data.byes if b.player_id == player.id}
    return rows


def card_lines(rows: CardRows) -> list[dict[str, Any]]:
    """One line per paired round: ``round``, ``opponent`` (a player or ``None``), ``colour`` (``w``/``b``/``""``),
    ``result`` (the game's, the bye's code, ``…`` while on the board), ``points`` (what the round scored, when
    it is known), ``score`` (after the round) and ``board``."""
    lines: list[dict[str, Any]] = []
    running = Fraction(0)
    for number in range(1, rows.paired + 1):
        game, kind = rows.games.get(number), rows.byes.get(number)
        if kind is None and game is not None and not game.result:
            lines.append({"round": number, "opponent": game.opponent, "colour": _colour(game.colour),
                          "result": "…", "score": fmt(running), "board": game.board})
            continue
        if kind is None and game is None and number in rows.pending:  # absent from a round still being played
            lines.append({"round": number, "opponent": None, "colour": "", "result": "", "score": fmt(running),
                          "board": None})
            continue
        if kind is not None or game is None:  # a bye; an absence in a settled round is a zero-point one
            result, colour = Result(kind) if kind is not None else Result.ZERO_BYE, Colour.NONE
            text, opponent, board = result.value, None, None
        else:
            white, black = board_results(game.result)
            result, colour = (white if game.colour is Colour.WHITE else black), game.colour
            text, opponent, board = CELL.get(result, ""), game.opponent, game.board
        points = rows.scoring.points(result, colour)
        running += points
        lines.append({"round": number, "opponent": opponent, "colour": _colour(colour), "result": text,
                      "points": fmt(points), "score": fmt(running), "board": board})
    return lines


def _colour(colour: Colour) -> str:
    return {Colour.WHITE: "w", Colour.BLACK: "b"}.get(colour, "")
