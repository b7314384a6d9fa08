"""The start list (by pairing number, rating, name, federation, with the count per federation and title)
and a round's pairings by name; each as a page, print, PDF, CSV and JSON."""

from __future__ import annotations

import json

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import lists
from swisspair_web.tournaments.rows import Bye, Player

from .helpers import BaseTestCase
from .pdfcheck import read_pdf

FIELD = [("Novák, Petr", 2450, "GM", "CZE"), ("Ahmed, Ali", 2300, "IM", "EGY"), ("Černá, Eva", 2300, "WGM", "CZE"),
         ("Ivanov, Ivan", 2100, "", "RUS"), ("Kowalski, Jan", 2300, "IM", "POL"), ("Dvořák, Jiří", 1900, "", "CZE"),
         ("Bauer, Max", 0, "", "")]


class ListsTestCase(BaseTestCase):
    players = 0

    @classmethod
    def build(cls) -> None:
        services.add_players(cls.section, cls.alice, [
            services.PlayerData(name=name, rating=rating, title=title, federation=fed,
                                fide_id=str(1000 + i) if fed else "")
            for i, (name, rating, title, fed) in enumerate(FIELD)])
        cls.section.refresh_from_db()

    def test_the_orders(self) -> None:
        """By rating: rating, then title, then name (C.04.2 (2026) art. 2.2); before round 1 the pairing numbers
        follow the same order."""
        names = {order: [p.name for p in lists.start_list(self.section, order).players] for order in lists.ORDERS}
        self.assertEqual(names["rating"], ["Novák, Petr", "Ahmed, Ali", "Kowalski, Jan", "Černá, Eva", "Ivanov, Ivan",
                                           "Dvořák, Jiří", "Bauer, Max"])
        self.assertEqual(names["tpn"], names["rating"])
        self.assertEqual(names["name"][:4], ["Ahmed, Ali", "Bauer, Max", "Černá, Eva", "Dvořák, Jiří"])
        self.assertEqual(names["federation"], ["Novák, Petr", "Černá, Eva", "Dvořák, Jiří", "Ahmed, Ali",
                                               "Kowalski, Jan", "Ivanov, Ivan", "Bauer, Max"])

    def test_the_counts_per_federation_and_title(self) -> None:
        listing = lists.start_list(self.section, "federation")
        self.assertEqual(listing.titles, ["GM", "IM", "WGM"])
        self.assertEqual([(c.federation, c.players, c.titles) for c in listing.federations], [
            ("CZE", 3, [1, 0, 1]), ("EGY", 1, [0, 1, 0]), ("POL", 1, [0, 1, 0]), ("RUS", 1, [0, 0, 0]),
            ("", 1, [0, 0, 0]), ("", 7, [1, 2, 1])])
        page = self.client.get(self.url("sp-start-list") + "?order=federation").content.decode()
        self.assertIn('id="federation-counts"', page)
        self.assertIn("Players by federation and title", page)

    @pytest.mark.slow
    def test_the_files(self) -> None:
        data = json.loads(self.client.get(self.url("sp-start-list-export", "json") + "?order=rating").content)
        self.assertEqual(data["players"][0]["name"], "Novák, Petr")
        self.assertEqual(data["federations"][0], {"federation": "CZE", "players": 3,
                                                  "titles": {"GM": 1, "IM": 0, "WGM": 1}})
        text = self.client.get(self.url("sp-start-list-export", "csv") + "?order=name").content.decode()
        self.assertEqual(text.splitlines()[1], "2,IM,\"Ahmed, Ali\",1001,EGY,2300,")
        pdf = read_pdf(self.client.get(self.url("sp-start-list-export", "pdf") + "?order=federation").content)
        self.assertIn("Start list (by federation)", pdf.text)
        self.assertIn("Novák, Petr", pdf.text)
        self.assertIn("CZE 3 1 1", pdf.text)  # the counts: CZE, 3 players, 1 GM, (no IM), 1 WGM
        self.assertIn("Total 7 1 2 1", pdf.text)
        self.assertFalse(pdf.problems, pdf.problems[:3])
        self.assertContains(self.client.get(self.url("sp-start-list-print") + "?order=federation"), "Černá, Eva")
        self.assertEqual(self.client.get(self.url("sp-start-list-export", "xls")).status_code, 404)


class ByNameTestCase(BaseTestCase):
    players = 9

    @pytest.mark.slow
    def test_each_player_alphabetically_with_board_colour_opponent_and_score(self) -> None:
        services.request_bye(self.section.players.get(tpn=5), self.alice, 2, Bye.HALF)
        self.play_round()
        rnd = self.pair().round
        first = rnd.boards.select_related("white", "black").get(number=1)
        services.set_results(rnd, self.alice, {1: ("==", services.seen(first))})
        lines = lists.by_name(rnd)
        self.assertEqual([line.player.name for line in lines], sorted(p.name for p in Player.objects.all()))
        self.assertEqual(lists.name_key("Černá, Eva") < lists.name_key("Dvořák, Jiří") < lists.name_key("Иванов"),
                         True)
        line = next(x for x in lines if x.player == first.black)
        self.assertEqual((line.board, line.colour, line.opponent, line.result), (1, "b", first.white, "½"))
        self.assertEqual(line.points, "1" if first.black.tpn <= 4 else "0")
        bye = next(x for x in lines if x.player.tpn == 5)
        self.assertEqual((bye.board, bye.bye, bye.awarded), (None, "H", "0.5"))
        # unpublished: arbiters only
        self.assertEqual(self.client.get(self.url("sp-by-name", 2)).status_code, 404)
        self.assertEqual(self.client.get(self.url("sp-by-name-export", 2, "json")).status_code, 404)
        services.publish_round(self.section.round_set.get(number=1), self.alice)  # public rounds come in order
        services.publish_round(rnd, self.alice)
        page = self.client.get(self.url("sp-by-name", 2)).content.decode()
        self.assertIn(f'id="name-{first.black.tpn}"', page)
        data = json.loads(self.client.get(self.url("sp-by-name-export", 2, "json")).content)
        self.assertEqual(len(data["players"]), 9)
        mine = next(p for p in data["players"] if p["tpn"] == first.white.tpn)
        self.assertEqual((mine["board"], mine["colour"], mine["opponent"], mine["result"]),
                         (1, "w", first.black.tpn, "½"))
        text = self.client.get(self.url("sp-by-name-export", 2, "csv")).content.decode()
        self.assertTrue(text.startswith("name,tpn,points,board,colour,opponent"))
        pdf = read_pdf(self.client.get(self.url("sp-by-name-export", 2, "pdf")).content)
        self.assertIn("pairings by name", pdf.text)
        self.assertIn("half-point bye: ½", pdf.text)
        self.assertFalse(pdf.problems, pdf.problems[:3])
        self.assertContains(self.client.get(self.url("sp-by-name-print", 2)), first.white.name)
        self.assertContains(self.client.get(self.url("sp-round", 2)), 'id="by-name-link"')

    def test_each_players_own_result_is_the_cores(self) -> None:
        """Every board result, a forfeit and a game shorter than one move too, as each player scored it: the core's
        result of each side (TRF16 result codes); nothing while the game is on."""
        rnd = self.pair().round
        codes = {1: "+-", 2: "LW", 3: "00"}  # board 4 is still being played
        services.set_results(rnd, self.alice, {b.number: (codes[b.number], services.seen(b)) for b in rnd.boards.all()
                                               if b.number in codes}, withdraw_no_shows=False)
        own = {(line.board, line.colour): line.result for line in lists.by_name(rnd) if line.board}
        self.assertEqual([(own[n, "w"], own[n, "b"]) for n in (1, 2, 3, 4)],
                         [("+", "−"), ("0", "1"), ("0", "0"), ("", "")])
