"""The recommended number of rounds: one rule (Swiss for any sport), one answer on every page.

round(log2 players) + round(log2 prize places) - 1 (:func:`swisspair.rounds.recommended_rounds`): for
24 players and the first three places, 5 + 2 - 1 = 6 rounds, on the section page and in the section form.
"""

from __future__ import annotations

from swisspair.rounds import recommended_rounds

from .helpers import BaseTestCase


class RecommendedRoundsTestCase(BaseTestCase):
    players = 24

    def test_it_gives_one_number_on_the_section_page_and_in_its_form(self) -> None:
        self.assertEqual(recommended_rounds(24, 3), 6)
        self.client.login(username="alice", password="password")
        page = self.client.get(self.url("sp-section-manage"))
        self.assertContains(page, "24 players: about 6 rounds separate the first three places.")
        form = self.client.get(self.url("sp-section-edit"))
        self.assertContains(form, "For 24 players and 3 prize places: 6 rounds.")


class TooFewPlayersTestCase(BaseTestCase):
    players = 2

    def test_it_gives_no_number_for_fewer_players_than_places(self) -> None:
        self.client.login(username="alice", password="password")
        page = self.client.get(self.url("sp-section-manage"))
        self.assertEqual(page.status_code, 200)
        self.assertNotContains(page, "rounds separate the first three places")
