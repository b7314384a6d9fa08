"""A player's card read from his own boards and byes and his opponents' rows equals the card the core's
tournament of the whole section gives (:func:`~.convert.to_tournament`: results, forfeits, byes, absences in
settled rounds, a game still on the board, a withdrawal), for every player of imported events, read alone and
within a rendering (from the section read whole)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from swisspair.model import Colour, Result
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads.cards import CELL, card_lines, card_rows, rows_from
from swisspair_web.tournaments.reads.convert import Conversion, SectionData, to_tournament
from swisspair_web.tournaments.reads.snapshot import shared_reads
from swisspair_web.tournaments.reads.standings import fmt
from swisspair_web.tournaments.rows import Board, Bye, Player, Round, Section

from .helpers import BaseTestCase

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "dutch"
FILES = ("dev-000007.trf", "dev-000029.trf", "dev-000035.trf")


def core_card(data: SectionData, conv: Conversion, player: Player) -> list[dict[str, Any]]:
    """The card as the core's tournament of the whole section (``conv``) records the player's rounds."""
    tournament = conv.tournament
    lines: list[dict[str, Any]] = []
    running = Fraction(0)
    core = tournament.players[player.tpn]
    for rnd in range(1, data.paired_rounds + 1):
        entry = core.result(rnd)
        opponent = conv.by_tpn.get(entry.opponent) if entry.opponent else None
        if entry.opponent is None and entry.result is Result.ABSENT:
            for board in data.boards.get(rnd, []):
                if player.id in (board.white_id, board.black_id):
                    other = board.black_id if board.white_id == player.id else board.white_id
                    lines.append({"round": rnd, "opponent": next(p for p in data.players if p.id == other),
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
            board_no = next(b.number for b in data.boards[rnd] if player.id in (b.white_id, b.black_id))
        lines.append({"round": rnd, "opponent": opponent,
                      "colour": {Colour.WHITE: "w", Colour.BLACK: "b"}.get(entry.colour, ""),
                      "result": entry.result.value if entry.opponent is None else CELL.get(entry.result, ""),
                      "points": fmt(points), "score": fmt(running), "board": board_no})
    return lines


def comparable(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The lines with each opponent as his stored values."""
    return [{**line, "opponent": line["opponent"] and (line["opponent"].pk, line["opponent"].tpn,
                                                       line["opponent"].name, line["opponent"].rating)}
            for line in lines]


class PlayerCardTestCase(BaseTestCase):
    players = 0

    def test_each_card_equals_the_cores(self) -> None:
        for index, name in enumerate(FILES):
            section = services.import_trf(self.event, self.alice, (CORPUS / name).read_text(), name=name,
                                          slug=f"s{index}")
            board = Board.objects.filter(round__section=section, round__number=2).exclude(result="") \
                .order_by("number").first()
            assert board is not None
            Board.objects.filter(pk=board.pk).update(result="")  # a game still on the board in round 2
            absent = Board.objects.filter(round__section=section, round__number=2).exclude(pk=board.pk) \
                .order_by("-number").first()
            assert absent is not None
            absent.delete()  # two players absent while round 2 is played
            player = section.players.order_by("tpn").last()
            assert player is not None
            Player.objects.filter(pk=player.pk).update(withdrawn_from=3)
            gone = Board.objects.filter(round__section=section, round__number__gte=3)
            gone.filter(white=player).delete()  # absent from round 3 on: zero-point byes in settled rounds
            gone.filter(black=player).delete()
            section.byes.filter(player=player, round_number__gte=3).delete()
            other = section.players.order_by("tpn").first()
            assert other is not None
            Bye.objects.update_or_create(section=section, player=other, round_number=3,
                                         defaults={"kind": Bye.HALF})  # a bye over a board
            Round.objects.filter(section=section, number=4).update(published_at=None)
            section = Section.objects.get(pk=section.pk)
            data = SectionData._read(section)
            conv = to_tournament(data)
            kinds = {line["result"] for p in data.players for line in core_card(data, conv, p)}
            self.assertTrue({"…", "", "Z", "H", "1", "0"} <= kinds, kinds)  # the cases are all there
            published = {r.number for r in data.rounds if r.published}
            for p in data.players:
                with self.subTest(file=name, tpn=p.tpn):
                    expected = comparable(core_card(data, conv, p))
                    rows = card_rows(section, p)
                    self.assertEqual(comparable(card_lines(rows)), expected)
                    self.assertEqual(rows.published, published)
                    self.assertEqual(comparable(card_lines(rows_from(data, p))), expected)
            with shared_reads():  # a rendering takes the card from the section it read
                self.assertEqual(comparable(card_lines(card_rows(section, player))),
                                 comparable(core_card(data, conv, player)))
