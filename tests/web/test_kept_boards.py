"""The public pages' worker keeps a section's boards between renderings and reads again only the rounds whose
boards changed (:func:`~swisspair_web.tournaments.reads.convert.kept_boards`): after every kind of write the
section it reads is the one a fresh reading gives (a stale page is worse than a slow one)."""

from __future__ import annotations

import copy
from typing import Any

from django.db.models import F

from swisspair_web.tournaments import services
from swisspair_web.tournaments.public import store
from swisspair_web.tournaments.public.render import KEPT_BOARDS, render_event
from swisspair_web.tournaments.reads.convert import BoardsKey, SectionData, kept_boards
from swisspair_web.tournaments.rows import Board, Player

from .helpers import BaseTestCase


def shown(data: SectionData) -> dict[int, list[tuple[Any, ...]]]:
    """Every board's values with its round and players as read (names included)."""
    return {n: [(b.pk, b.round.number, b.result, b.version, b.white.tpn, b.white.name, b.black.name)
                for b in boards] for n, boards in data.boards.items()}


class KeptBoardsTestCase(BaseTestCase):
    players = 8

    def assert_fresh(self, kept: dict[int, dict[int, tuple[BoardsKey, list[Board]]]], what: str) -> None:
        self.section.refresh_from_db()
        with kept_boards(kept):
            incremental = SectionData._read(self.section)
        self.assertEqual(shown(incremental), shown(SectionData._read(self.section)), what)
        for boards in incremental.boards.values():  # a rendering sets the players it read on the boards
            for board in boards:
                stale = copy.copy(board.white)
                stale.name = "Stale, Name"
                board.white = stale
        with kept_boards(kept):
            again = SectionData._read(self.section)
        self.assertEqual(shown(again), shown(SectionData._read(self.section)), what)

    def test_every_write_is_read_again(self) -> None:
        kept: dict[int, dict[int, tuple[BoardsKey, list[Board]]]] = {}
        self.play_round()
        self.assert_fresh(kept, "first reading")
        outcome = self.pair()
        rnd = outcome.round
        self.assert_fresh(kept, "new round")
        services.adjust_round(rnd, self.alice, "flip", 2)
        self.assert_fresh(kept, "colours flipped")
        services.adjust_round(rnd, self.alice, "swap-white", 3, 4)
        self.assert_fresh(kept, "players swapped")
        board = rnd.boards.order_by("number").first()
        assert board is not None
        services.set_results(rnd, self.alice, {board.number: ("01", services.seen(board))})
        self.assert_fresh(kept, "result")
        player = Player.objects.get(section=self.section, tpn=1)
        services.update_player(player, self.alice, services.PlayerData(name="Renamed, Player", rating=2400),
                               player.version)
        self.assert_fresh(kept, "player edited")
        services.set_withdrawn(Player.objects.get(section=self.section, tpn=2), self.alice, 3)
        self.assert_fresh(kept, "withdrawal")
        Board.objects.filter(round=rnd, number=3).update(result="10", version=F("version") + 1)
        self.assert_fresh(kept, "a board written with its version")
        self.section.refresh_from_db()
        services.unpair_last_round(self.section, self.alice, discard_results=True)
        self.assert_fresh(kept, "round deleted")
        self.pair()
        self.assert_fresh(kept, "round paired again")

    def test_the_rendered_round_shows_each_result(self) -> None:
        self.event.public = True
        self.event.save()
        rnd = self.pair().round
        services.publish_round(rnd, self.alice)
        render_event(self.event.pk)
        self.assertIn(self.section.pk, KEPT_BOARDS)
        file = store.html_file("en", "/e/test/open/rounds/1/")
        assert file is not None
        for board in rnd.boards.order_by("number")[:2]:
            services.set_results(rnd, self.alice, {board.number: ("10", services.seen(board))})
            render_event(self.event.pk)
            self.assertEqual(file.read_text().count(">1-0<"), board.number)
