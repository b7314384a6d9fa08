"""A round's pairing list as it is posted: the boards, the byes, each player's score before the round.

The public page, the printable page, the PDF, the CSV and the JSON of a round all list the same
players: those paired in the round and those who had a bye in it. A withdrawn player is in none of
them (the zero-point "bye" the manager records for a withdrawn player is bookkeeping, not a bye).
"""

from __future__ import annotations

from dataclasses import dataclass

from swisspair.model import Result
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.reads.snapshot import memo
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import Board, Bye, Player, Round, Section


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
    tournament = to_tournament(data, upto=rnd.number - 1).tournament
    scores = {p.id: fmt(tournament.score(p.tpn)) for p in data.players}
    by_id = {p.id: p for p in data.players}
    boards = []
    for board in data.boards.get(rnd.number, []):
        board.white, board.black = by_id[board.white_id], by_id[board.black_id]
        boards.append(ListedBoard(board, scores.get(board.white_id, ""), scores.get(board.black_id, "")))
    byes = []
    for bye in data.byes:  # in round, then pairing-number order
        if bye.round_number == rnd.number and listed(bye, by_id[bye.player_id]):
            bye.player = by_id[bye.player_id]
            byes.append(ListedBye(bye, scores.get(bye.player_id, ""), fmt(tournament.scoring.points(Result(bye.kind)))))
    return PairingList(rnd, boards, byes)
