"""The hall screen: the last published round, by board and by name, and the JSON it polls."""

from __future__ import annotations

import json

import pytest

from swisspair_web.tournaments import services

from .helpers import BaseTestCase


class HallTestCase(BaseTestCase):
    players = 7

    def screen(self) -> dict[str, object]:
        response = self.client.get(self.url("sp-api-hall"))
        self.assertEqual(response.status_code, 200)
        return dict(json.loads(response.content))

    @pytest.mark.slow
    def test_it_shows_the_last_published_round(self) -> None:
        self.assertEqual(self.screen()["round"], None)
        self.assertContains(self.client.get(self.url("sp-hall")), "as soon as a round is published")
        self.play_round()
        self.assertEqual(self.screen()["round"], None)  # paired, not published
        services.publish_round(self.section.round_set.get(number=1), self.alice)
        screen = self.screen()
        self.assertEqual((screen["round"], len(screen["boards"]), len(screen["byes"]), len(screen["names"])),
                         (1, 3, 1, 7))
        rnd = self.pair().round  # round 2 paired: the hall stays on round 1 until it is published
        self.assertEqual(self.screen()["round"], 1)
        services.publish_round(rnd, self.alice)
        screen = self.screen()
        self.assertEqual(screen["round"], 2)
        names = [line["name"] for line in screen["names"]]
        self.assertEqual(names, sorted(names))
        page = self.client.get(self.url("sp-hall") + "?poll=2&page=5").content.decode()
        self.assertIn('id="hall-data"', page)
        self.assertIn('"round": 2', page)
        self.assertIn("var url=\"/api/e/test/open/hall.json\", poll=2*1000, pageTime=5*1000", page)

    def test_an_unchanged_screen_costs_a_304(self) -> None:
        self.play_round()
        services.publish_round(self.section.round_set.get(number=1), self.alice)
        first = self.client.get(self.url("sp-api-hall"))
        again = self.client.get(self.url("sp-api-hall"), HTTP_IF_NONE_MATCH=first["ETag"])
        self.assertEqual(again.status_code, 304)
        services.publish_round(self.pair().round, self.alice)
        self.assertEqual(self.client.get(self.url("sp-api-hall"), HTTP_IF_NONE_MATCH=first["ETag"]).status_code, 200)

    def test_a_private_event_is_not_shown(self) -> None:
        self.event.public = False
        self.event.save()
        self.assertEqual(self.client.get(self.url("sp-hall")).status_code, 404)
        response = self.client.get(self.url("sp-api-hall"))
        self.assertEqual((response.status_code, json.loads(response.content)), (404, {"error": "not found"}))
