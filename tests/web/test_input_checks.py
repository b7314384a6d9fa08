"""Hand-made and mistyped requests: every field is checked, and the answer names the field and what it expects.

None of them is a server error (500) or Python's "invalid literal for int() with base 10"; none writes
anything.
"""

from __future__ import annotations

from typing import Any

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import AuditEntry, Board, EventRole, Player, Round, Section

from .helpers import BaseTestCase, player_fields, token


class InputChecksTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")

    def messages(self, response: Any) -> list[str]:
        return [str(m) for m in response.context["messages"]] if response.context else []

    def assert_refused(self, response: Any, *words: str) -> None:
        self.assertEqual(response.status_code, 200)
        text = " ".join(self.messages(response)) + response.content.decode()
        self.assertNotIn("invalid literal", text)
        for word in words:
            self.assertIn(word, text)

    def test_a_short_name_taken_by_another_section_is_a_form_error(self) -> None:
        Section.objects.create(event=self.event, name="Blitz", slug="blitz")
        self.section.refresh_from_db()
        data = {name: str(getattr(self.section, name)) for name in (
            "name", "kind", "system", "rounds", "tiebreaks", "acceleration", "initial_colour", "win", "draw", "loss",
            "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye", "boards", "match_win",
            "match_draw", "match_loss", "team_primary", "team_colours")}
        response = self.client.post(self.url("sp-section-edit"), {**data, "slug": "blitz",
                                                                  "version": str(self.section.version)})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "This short name is taken by another section of the event (short names are "
                                      "compared without regard to case")
        self.assertEqual(Section.objects.get(pk=self.section.pk).slug, "open")
        self.assertContains(response, 'href="/e/test/open/manage/"')  # the page's links keep the saved name

    def test_the_arbiters_page_checks_what_to_remove(self) -> None:
        for value, words in (("abc", ["arbiter to remove: expected a whole number from 1, got 'abc'."]),
                             ("99999", ["This arbiter was removed meanwhile"])):
            response = self.client.post("/e/test/arbiters/", {"remove": value}, follow=True)
            self.assert_refused(response, *words)
        self.assertEqual(EventRole.objects.filter(event=self.event).count(), 2)

    @pytest.mark.slow
    def test_withdrawal_rounds_are_checked(self) -> None:
        url = self.url("sp-player-action", 3)
        for value, words in (("abc", ["Withdraw from round: expected a whole number from 1 to 5, got 'abc'."]),
                             ("99", ["Withdraw from round: expected a whole number from 1 to 5, got '99'."]),
                             ("0", ["expected a whole number from 1 to 5"])):
            response = self.client.post(url, {"action": "withdraw", "confirm": "1", "from_round": value,
                                              **player_fields(self.section, 3)}, follow=True)
            self.assert_refused(response, *words)
        self.assertIsNone(Player.objects.get(section=self.section, tpn=3).withdrawn_from)
        with self.assertRaisesMessage(services.OperationError, "The section has only 5 rounds."):
            services.set_withdrawn(Player.objects.get(section=self.section, tpn=3), self.alice, 99)

    @pytest.mark.slow
    def test_versions_and_player_fields_must_be_numbers(self) -> None:
        response = self.client.post(self.url("sp-renumber"), {"version": "abc"}, follow=True)
        self.assert_refused(response, "version: expected a whole number from 0, got 'abc'.")
        response = self.client.post(self.url("sp-player-action", 3), {"action": "reinstate", "player": "x",
                                                                      "version": "0"}, follow=True)
        self.assert_refused(response, "player: expected a whole number from 0, got 'x'.")
        response = self.client.post(self.url("sp-player-action", 3), {"action": "reinstate"}, follow=True)
        self.assert_refused(response, "player: expected a whole number from 0, got nothing.")
        self.assertFalse(AuditEntry.objects.filter(action__in=("renumbered", "reinstated")).exists())

    def test_publish_accepts_only_1_or_0(self) -> None:
        self.pair()
        response = self.client.post(self.url("sp-publish", 1), {"publish": "x", **token(self.section, 1)},
                                    follow=True)
        self.assert_refused(response, "publish: expected 1 (publish) or 0 (unpublish), got 'x'.")
        self.assertFalse(Round.objects.get(section=self.section, number=1).published)

    def test_the_round_to_pair_must_be_a_number(self) -> None:
        response = self.client.post(self.url("sp-pair"), {"round": "abc", "version": "0"}, follow=True)
        self.assert_refused(response, "round: Enter a whole number.")
        self.assertNotIn("was paired meanwhile", " ".join(self.messages(response)))
        self.assertFalse(Round.objects.exists())

    def test_a_results_form_with_a_bad_version_or_players_field_marks_the_board(self) -> None:
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        response = self.client.post(self.url("sp-results", 1), {"r1": "1", "v1": "abc", "p1": "1-2"})
        self.assert_refused(response, "v1: expected the board&#x27;s version (a whole number), got &#x27;abc&#x27;.")
        response = self.client.post(self.url("sp-results", 1), {"r1": "1", "v1": str(board.version), "p1": "x"})
        self.assert_refused(response, "p1: expected the board&#x27;s players (white id-black id), got &#x27;x&#x27;.")
        self.assertFalse(Board.objects.exclude(result="").exists())

    @pytest.mark.slow
    def test_team_forms_check_their_numbers(self) -> None:
        section = Section.objects.create(event=self.event, name="Teams", slug="teams", kind=Section.TEAM, boards=2,
                                         system="team", rounds=5)
        services.teams.create_team(section, self.alice, "Club")
        url = "/e/test/teams/teams/1/action/"
        for data, words in (({"action": "up", "tpn": "abc"}, ["pairing number: expected a whole number from 1, "
                                                               "got 'abc'."]),
                            ({"action": "withdraw", "from_round": "abc"}, ["withdraw from round: expected a whole "
                                                                           "number from 1 to 5, got 'abc'."]),
                            ({"action": "withdraw", "from_round": "99", "confirm": "1"}, ["got '99'"]),
                            ({"action": "dance"}, ["action: expected rename, delete, add"])):
            response = self.client.post(url, data, follow=True)
            self.assert_refused(response, *words)
        self.assertFalse(AuditEntry.objects.filter(action="team-withdrawn").exists())
        response = self.client.post("/e/test/teams/rounds/1/forfeit/", {"match": "abc"}, follow=True)
        self.assertEqual(response.status_code, 404)  # no round 1: nothing to forfeit
