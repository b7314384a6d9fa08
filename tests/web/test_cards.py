"""Board cards, result slips and start-number cards: PDF and print, for arbiters."""

from __future__ import annotations

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages import cards

from .helpers import BaseTestCase
from .pdfcheck import read_pdf


class CardsTestCase(BaseTestCase):
    players = 13

    def setUp(self) -> None:
        super().setUp()
        services.add_players(self.section, self.alice, [services.PlayerData(
            name="Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine Wolfe", rating=1234, federation="GER",
            title="FM")])
        self.section.refresh_from_db()
        self.rnd = self.pair().round
        self.client.login(username="bob", password="password")

    @pytest.mark.slow
    def test_board_cards_one_per_board_two_a_page(self) -> None:
        pdf = read_pdf(self.client.get(self.url("sp-cards-pdf", 1, "boards")).content)
        self.assertEqual(pdf.pages, 4)  # 7 boards
        for board in self.rnd.boards.select_related("white", "black"):
            self.assertIn(f"White: {board.white.tpn}. {board.white.name} ({board.white.rating})", pdf.text)
        self.assertIn("Black: 14. FM Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine Wolfe (1234, GER)", pdf.text)
        self.assertIn("Test Open – Open · Round 1", pdf.text)
        self.assertFalse([p for p in pdf.problems if "off the page" in p], pdf.problems[:3])

    @pytest.mark.slow
    def test_result_slips_five_a_page(self) -> None:
        pdf = read_pdf(self.client.get(self.url("sp-cards-pdf", 1, "slips")).content)
        self.assertEqual(pdf.pages, 2)
        self.assertEqual(pdf.text.count("½-½"), 7)
        self.assertIn("Board 7", pdf.text)
        self.assertIn("Signatures", pdf.text)
        page = self.client.get(self.url("sp-cards-print", 1, "slips")).content.decode()
        self.assertEqual(page.count('class="card slip"'), 7)

    def test_start_number_cards_eight_a_page(self) -> None:
        pdf = read_pdf(self.client.get(self.url("sp-numbers-pdf")).content)
        self.assertEqual(pdf.pages, 2)  # 14 players
        self.assertIn("FM Wolfeschlegelsteinhausenbergerdorff", pdf.text)  # shrunk to fit, not cut
        self.assertIn("Hubert Blaine Wolfe", pdf.text)
        self.assertFalse([p for p in pdf.problems if "off the page" in p], pdf.problems[:3])
        page = self.client.get(self.url("sp-numbers-print")).content.decode()
        self.assertEqual(page.count('class="card number-card"'), 14)

    @pytest.mark.slow
    def test_it_is_for_arbiters_in_their_language(self) -> None:
        self.client.cookies["django_language"] = "cs"
        pdf = read_pdf(self.client.get(self.url("sp-cards-pdf", 1, "boards")).content)
        self.assertIn("Šachovnice", pdf.text)
        self.client.logout()
        self.assertEqual(self.client.get(self.url("sp-cards-pdf", 1, "boards")).status_code, 302)
        self.client.login(username="charlie", password="password")
        self.assertEqual(self.client.get(self.url("sp-numbers-pdf")).status_code, 403)
        self.client.login(username="bob", password="password")
        self.assertEqual(self.client.get(self.url("sp-cards-pdf", 1, "menus")).status_code, 404)
        self.assertEqual(cards.KINDS, ("boards", "slips"))
