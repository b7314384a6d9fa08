"""A round's pairing list as it is posted: the boards, the byes, each player's score before the round.

The public page, the printable page, the PDF, the CSV, the JSON and the hall screen of a round render one
model (:func:`pairing_listing`): the players paired in the round and those who had a bye in it. A withdrawn player is in none of
them (the zero-point "bye" the manager records for a withdrawn player is bookkeeping, not a bye).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction

from django.utils.translation import get_language, gettext as _

from swisspair.model import Result
from swisspair_web.tournaments.reads import labels
from swisspair_web.tournaments.reads.convert import SectionData, scoring_of, units_after
from swisspair_web.tournaments.reads.listing import Column, Listing, Row, Table, points
from swisspair_web.tournaments.reads.snapshot import carried, memo, rendering
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import RESULTS, Board, Bye, Player, Round, Section, result_label


@dataclass
class ListedBoard:
    board: Board
    white_points: str
    """White's score before the round."""
    black_points: str


@dataclass
class ListedBye:
    bye: Bye
    points: str
    """The player's score before the round."""
    awarded: str
    """What the bye scores with the section's scoring."""


@dataclass
class PairingList:
    round: Round
    boards: list[ListedBoard]
    byes: list[ListedBye]


def listed(bye: Bye, player: Player) -> bool:
    """A bye that belongs on the pairing list: not a withdrawn player's zero-point absence."""
    return not (bye.kind == Bye.ZERO and player.is_withdrawn(bye.round_number))


def round_byes(section: Section, number: int) -> list[Bye]:
    """The byes of round ``number`` that a pairing list shows."""
    byes = Bye.objects.filter(section=section, round_number=number).select_related("player")
    return [b for b in byes if listed(b, b.player)]


def pairing_list(rnd: Round) -> PairingList:
    """Boards and byes of ``rnd`` with the scores before it (built once for the pages rendered together,
    :func:`~.snapshot.shared_reads`)."""
    return memo(("pairing-list", rnd.pk), lambda: _build(rnd))


def _build(rnd: Round) -> PairingList:
    """From the section's rows read in one snapshot (boards and byes with their players, no other query)."""
    section = rnd.section
    data = SectionData.load(section)
    scoring = scoring_of(section)
    after, den = units_after(data, rnd.number - 1)
    texts = {units: fmt(Fraction(units, den)) for units in set(after.values())}  # once per distinct score
    scores = {pk: texts[units] for pk, units in after.items()}
    by_id = {p.id: p for p in data.players}
    boards = []
    for board in data.boards.get(rnd.number, []):
        board.white, board.black = by_id[board.white_id], by_id[board.black_id]
        boards.append(ListedBoard(board, scores.get(board.white_id, ""), scores.get(board.black_id, "")))
    byes = []
    for bye in data.byes:  # in round, then pairing-number order
        if bye.round_number == rnd.number and listed(bye, by_id[bye.player_id]):
            bye.player = by_id[bye.player_id]
            byes.append(ListedBye(bye, scores.get(bye.player_id, ""), fmt(scoring.points(Result(bye.kind)))))
    return PairingList(rnd, boards, byes)


def _pairing_columns() -> tuple[Column, ...]:
    return (Column("board", _("Bd"), number=True), Column("white_tpn", _("No."), number=True, secondary=True),
            Column("white", _("White"), wrap=True, link="white_tpn"),
            Column("white_points", _("Pts"), points, number=True, secondary=True), Column("result", _("Result")),
            Column("black_points", _("Pts"), points, number=True, secondary=True),
            Column("black", _("Black"), wrap=True, link="black_tpn"),
            Column("black_tpn", _("No."), number=True, secondary=True),
            Column("bye", "bye", machine=True))


ROWS_KEPT = 5_000
"""How many boards' rows :func:`_board_row` keeps in a rendering process (20 rounds of 250 boards)."""

_ROWS: dict[tuple[object, ...], tuple[Player, Player, Row]] = {}


def _board_row(line: ListedBoard, language: str) -> Row:
    """The board's row; in a rendering (:func:`~.snapshot.rendering`), kept with what it is made of: the
    board's number and result, its two players as read (the worker keeps them while none changed:
    :func:`~.convert.kept_boards`; the same objects, not equal ones: a renamed player read again is equal to
    the one before), their scores before the round and the language of its labels. After one result a round's
    boards are read again, and all but one make the rows they made before."""
    if not rendering():
        return _new_board_row(line)
    b = line.board
    key = (b.number, b.result, b.white_id, b.black_id, line.white_points, line.black_points, language)
    kept = _ROWS.get(key)
    if kept is not None and kept[0] is b.white and kept[1] is b.black:
        return kept[2]
    if len(_ROWS) >= ROWS_KEPT:
        _ROWS.clear()
    row = _new_board_row(line)
    _ROWS[key] = (b.white, b.black, row)
    return row


def forget_rows() -> None:
    """Drop the kept rows (:func:`_board_row`)."""
    _ROWS.clear()


def _new_board_row(line: ListedBoard) -> Row:
    b = line.board
    values = {"board": b.number, "white_tpn": b.white.tpn, "white": b.white.name, "white_points": line.white_points,
              "result": RESULTS.get(b.result, b.result) or None, "black_points": line.black_points,
              "black": b.black.name, "black_tpn": b.black.tpn, "bye": None}
    return Row(values, (str(b.number), str(b.white.tpn), b.white.name, points(line.white_points),
                        result_label(b.result), points(line.black_points), b.black.name, str(b.black.tpn), ""))


def _bye_row(line: ListedBye) -> Row:
    player = line.bye.player
    values = {"board": None, "white_tpn": player.tpn, "white": player.name, "white_points": line.points,
              "result": line.awarded, "black_points": None, "black": None, "black_tpn": None, "bye": line.bye.kind}
    return Row(values, ("", str(player.tpn), player.name, points(line.points), points(line.awarded), "",
                        labels.label("bye", line.bye.kind), "", line.bye.kind))


def pairing_listing(rnd: Round) -> Listing:
    """A round's pairing list by board as every form shows it (page, print, PDF, CSV, JSON, the hall screen): a
    row per board (the scores before the round with ``½``, the result by its label), then a row per bye (the
    player in White's columns, what the bye scores as the result, the bye by its label in Black's; the CSV and
    the JSON carry its kind, ``U`` ``H`` ``F`` ``Z``). Built once per language for the pages rendered together
    (:func:`~.snapshot.shared_reads`)."""
    return carried(("pairing-listing", get_language()), basis(rnd.section_id, rnd.number), lambda: _listing(rnd))


def basis(section_id: int, number: int) -> Hashable:
    """The key under which a rendering shares the digest of what round ``number``'s pairing list is built from
    (:func:`~.snapshot.carried`: the list is kept from one rendering to the next while that is the same): the
    section's settings and players, and the boards and byes of the *published* rounds up to ``number``
    (``public.render.Fingerprints.pairings``). The scores before the round are summed over every earlier round,
    published or not; the digest covers them because the services publish a section's rounds in order and
    withdrawing a round withdraws the later ones (``services.rounds.publish_round``): every round before a
    published one is published."""
    return ("pairing-list", section_id, number)


def _listing(rnd: Round) -> Listing:
    listing = pairing_list(rnd)
    language = get_language()
    rows = (*(_board_row(line, language) for line in listing.boards), *(_bye_row(line) for line in listing.byes))
    return Listing(_("Round %(n)s") % {"n": rnd.number}, f"pairings-{rnd.number}", (Table(_pairing_columns(), rows),),
                   facts={"round": rnd.number, "published": rnd.published}, html_id="pairings")


def api_board(r: Row) -> dict[str, object]:
    """A board of the pairing list as the round's JSON names it."""
    v = r.values
    return {"board": v["board"], "white": v["white_tpn"], "black": v["black_tpn"], "white_name": v["white"],
            "black_name": v["black"], "result": v["result"], "white_points": v["white_points"],
            "black_points": v["black_points"]}


def api_bye(r: Row) -> dict[str, object]:
    """A bye of the pairing list as the round's JSON names it (``points``: the score before the round,
    ``scores``: what the bye scores)."""
    v = r.values
    return {"tpn": v["white_tpn"], "name": v["white"], "kind": v["bye"], "points": v["white_points"],
            "scores": v["result"]}


def player_text(player: Player) -> str:
    """``12. GM Name (2450, CZE)``: a player as the cards and result slips name them."""
    extra = ", ".join(x for x in (str(player.rating) if player.rating else "", player.federation) if x)
    return f"{player.tpn}. {player.title + ' ' if player.title else ''}{player.name}" + (f" ({extra})" if extra else "")


def slips_listing(rnd: Round) -> Listing:
    """The boards of a round as its board cards and result slips (each printed and as a PDF) name them: the
    board, then each player's number, title, name, rating and federation (:func:`player_text`)."""
    columns = (Column("board", _("Bd"), number=True), Column("white", _("White"), wrap=True),
               Column("black", _("Black"), wrap=True))
    rows = tuple(Row({"board": line.board.number, "white": line.board.white.tpn, "black": line.board.black.tpn},
                     (str(line.board.number), player_text(line.board.white), player_text(line.board.black)))
                 for line in pairing_list(rnd).boards)
    return Listing(_("Round %(n)s") % {"n": rnd.number}, f"sheets-{rnd.number}", (Table(columns, rows),),
                   facts={"round": rnd.number})
