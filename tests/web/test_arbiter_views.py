"""What the arbiter sees that is not a picture: JSON errors, the log, plurals, CSV."""

from __future__ import annotations

import csv
import io
import json
import logging

import pytest
from django.conf import settings

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Player

from .helpers import BaseTestCase, play_next, shown


class ArbiterViewsTestCase(BaseTestCase):
    players = 9

    @classmethod
    def build(cls) -> None:
        play_next(cls.section, cls.alice)  # 9 players: a pairing-allocated bye
        play_next(cls.section, cls.alice, "==")
        for rnd in cls.section.round_set.all():
            services.publish_round(rnd, cls.alice)

    def test_json_endpoints_answer_404_in_json(self) -> None:
        """Item 11: a missing event, section, round or player is a JSON 404, not the HTML page."""
        for url in ("/api/e/nothing.json", "/api/e/test/nothing.json", "/api/e/test/open/rounds/9.json",
                    "/api/e/test/open/players/99.json", "/api/e/test/open/teams/1.json",
                    "/api/e/test/nothing/standings.json", "/api/jobs/999.json"):
            response = self.client.get(url)
            self.assertEqual(response.status_code, 404, url)
            self.assertEqual(response["Content-Type"], "application/json", url)
            self.assertIn("error", json.loads(response.content), url)

    def test_standings_json_honours_the_round(self) -> None:
        """Item 11: ``standings.json?round=N`` is the table after round N."""
        after_one = json.loads(self.client.get("/api/e/test/open/standings.json?round=1").content)
        self.assertEqual(after_one["after_round"], 1)
        self.assertTrue(all(len(row["rounds"]) == 1 for row in after_one["standings"]))
        latest = json.loads(self.client.get("/api/e/test/open/standings.json").content)
        self.assertEqual(latest["after_round"], 2)

    def test_a_403_is_one_line_in_the_log(self) -> None:
        """Item 11: a refused request logs one line, not the PermissionDenied traceback."""
        self.assertIn("console", settings.LOGGING["handlers"])
        [handler] = [h for h in logging.getLogger().handlers if h.name == "console"]
        stream = io.StringIO()
        old = handler.setStream(stream)
        try:
            self.client.login(username="charlie", password="password")
            self.assertEqual(self.client.get(self.url("sp-section-manage")).status_code, 403)
        finally:
            handler.setStream(old)  # type: ignore[arg-type]
        lines = stream.getvalue().splitlines()
        self.assertEqual(len(lines), 1, lines)
        self.assertIn("Forbidden", lines[0])

    @pytest.mark.slow
    def test_one_result_saved_is_singular(self) -> None:
        """Item 11: "1 result saved" (ngettext), and in Russian the form for 1."""
        self.client.login(username="bob", password="password")
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        url = self.url("sp-results", rnd.number)
        response = self.client.post(url, {"r1": "1", **shown(board)}, follow=True)
        self.assertContains(response, "1 result saved.")
        board.refresh_from_db()
        self.client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
        response = self.client.post(url, {"r1": "0", **shown(board)}, follow=True)
        self.assertContains(response, "Сохранён 1 результат.")

    def test_the_pairing_csv_lists_the_bye_and_the_scores(self) -> None:
        """Item 9: ``export/N.csv`` has each player's score before the round and the byes."""
        rows = list(csv.DictReader(io.StringIO(self.client.get(self.url("sp-export-csv", "2")).content.decode())))
        boards, byes = [r for r in rows if r["board"]], [r for r in rows if not r["board"]]
        self.assertEqual(len(boards), 4)
        self.assertEqual([(b["bye"], b["result"]) for b in byes], [("U", "1")])
        self.assertEqual({r["white_points"] for r in boards} | {r["black_points"] for r in boards}, {"0", "1"})

    def test_the_round_json_has_the_scores_before_the_round(self) -> None:
        """Item 9: the JSON pairing list has the scores before the round, and the bye with what it scores."""
        data = json.loads(self.client.get("/api/e/test/open/rounds/2.json").content)
        self.assertEqual({b["white_points"] for b in data["boards"]} | {b["black_points"] for b in data["boards"]},
                         {"0", "1"})
        self.assertEqual([(b["kind"], b["scores"]) for b in data["byes"]], [("U", "1")])

    def test_the_printed_pairings_list_the_bye(self) -> None:
        """Item 9: the printable pairing list has the bye and the scores before the round."""
        response = self.client.get(self.url("sp-print", "pairings-2"))
        self.assertContains(response, "pairing-allocated bye")
        self.assertContains(response, "<th class=\"n hide-s\">Pts</th>", count=2)

    def test_a_withdrawn_player_is_not_on_the_pairing_lists(self) -> None:
        """Item 10: the JSON and the CSV of a round leave out a withdrawn player's zero-point entry."""
        player = Player.objects.get(section=self.section, tpn=9)
        services.set_withdrawn(player, self.alice, 3)
        rnd = self.pair().round
        services.publish_round(rnd, self.alice)
        data = json.loads(self.client.get("/api/e/test/open/rounds/3.json").content)
        self.assertNotIn(9, [b["tpn"] for b in data["byes"]])
        self.assertNotIn("Player08, Test", self.client.get(self.url("sp-export-csv", "3")).content.decode())
