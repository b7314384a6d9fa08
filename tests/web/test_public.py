"""Public read-only pages and JSON endpoints."""

from __future__ import annotations

import csv
import json

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import AuditEntry

from .helpers import BaseTestCase, pair_next, play_next


class PublicTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        play_next(cls.section, cls.alice)
        services.publish_round(cls.section.round_set.get(number=1), cls.alice)
        pair_next(cls.section, cls.alice)  # round 2 paired, not published

    def test_it_shows_the_public_pages(self) -> None:
        for name, args in (("sp-section", ()), ("sp-round", (1,)), ("sp-standings", ()), ("sp-crosstable", ()),
                           ("sp-player", (1,)), ("sp-search", ())):
            response = self.client.get(self.url(name, *args))
            self.assertEqual(response.status_code, 200, name)
        self.assertContains(self.client.get("/"), "Test Open")
        self.assertContains(self.client.get("/e/test/"), "Open")

    def test_it_hides_unpublished_rounds(self) -> None:
        self.assertEqual(self.client.get(self.url("sp-round", 2)).status_code, 404)
        self.assertEqual(self.client.get("/api/e/test/open/rounds/2.json").status_code, 404)
        self.assertNotContains(self.client.get(self.url("sp-section")), "Round 2")
        self.client.login(username="bob", password="password")
        self.assertEqual(self.client.get(self.url("sp-round", 2)).status_code, 200)

    def test_it_serves_json(self) -> None:
        data = json.loads(self.client.get("/api/e/test/open.json").content)
        self.assertEqual(len(data["players"]), 10)
        self.assertEqual([r["number"] for r in data["paired_rounds"]], [1])
        rnd = json.loads(self.client.get("/api/e/test/open/rounds/1.json").content)
        self.assertEqual(len(rnd["boards"]), 5)
        self.assertEqual(rnd["boards"][0]["result"], "1-0")
        table = json.loads(self.client.get("/api/e/test/open/standings.json").content)
        self.assertEqual(table["after_round"], 1)
        self.assertEqual(table["standings"][0]["points"], "1")
        player = json.loads(self.client.get("/api/e/test/open/players/1.json").content)
        self.assertEqual([r["round"] for r in player["rounds"]], [1])
        events = json.loads(self.client.get("/api/events.json").content)
        self.assertEqual(events["events"][0]["slug"], "test")

    def test_it_shows_standings_after_an_earlier_round(self) -> None:
        self.section.round_set.get(number=2).delete()
        self.play_round(code="01")
        services.publish_round(self.section.round_set.get(number=2), self.alice)
        response = self.client.get(self.url("sp-standings") + "?round=1")
        self.assertContains(response, "after round 1")
        self.assertContains(response, 'id="after-rounds"')

    @pytest.mark.slow
    def test_standings_stop_at_the_last_published_round(self) -> None:
        # round 2 complete but not published: its results are not out, whatever ?round= asks
        self.section.round_set.get(number=2).delete()
        self.play_round(code="01")
        for query in ("", "?round=2", "?round=9"):
            table = json.loads(self.client.get("/api/e/test/open/standings.json" + query).content)
            self.assertEqual(table["after_round"], 1, query)
            self.assertEqual([len(row["rounds"]) for row in table["standings"]], [1] * 10)
            self.assertContains(self.client.get(self.url("sp-standings") + query), "after round 1")
        self.assertNotContains(self.client.get(self.url("sp-standings")), "after round 2")
        crosstable = self.client.get(self.url("sp-crosstable") + "?round=2")
        self.assertEqual(crosstable.context["listing"].facts["after_round"], 1)
        for name in ("sp-export-csv", "sp-export-pdf", "sp-print"):
            response = self.client.get(self.url(name, "standings"))
            self.assertEqual(response.status_code, 200, name)
        csv_rows = list(csv.reader(self.client.get(self.url("sp-export-csv", "standings")).content.decode()
                                   .splitlines()))
        self.assertEqual(csv_rows[1][csv_rows[0].index("points")], "1", "the leader's points after round 1, not 2")
        self.client.login(username="bob", password="password")  # an arbiter sees the unpublished round
        table = json.loads(self.client.get("/api/e/test/open/standings.json").content)
        self.assertEqual(table["after_round"], 2)
        services.publish_round(self.section.round_set.get(number=2), self.alice)
        self.client.logout()
        table = json.loads(self.client.get("/api/e/test/open/standings.json").content)
        self.assertEqual(table["after_round"], 2)

    def test_it_finds_a_player(self) -> None:
        response = self.client.get(self.url("sp-search") + "?q=player03")
        self.assertContains(response, "Player03, Test")
        self.assertNotContains(response, "Player04, Test")

    def test_it_hides_private_events(self) -> None:
        self.event.public = False
        self.event.save()
        self.assertEqual(self.client.get("/e/test/").status_code, 404)
        self.assertEqual(self.client.get(self.url("sp-standings")).status_code, 404)
        self.assertEqual(self.client.get("/api/e/test/open.json").status_code, 404)
        self.client.login(username="bob", password="password")
        self.assertEqual(self.client.get("/e/test/").status_code, 200)

    def test_it_is_mobile_friendly(self) -> None:
        response = self.client.get(self.url("sp-round", 1))
        self.assertContains(response, 'name="viewport"')
        self.assertLess(len(response.content), 60_000)


class PublicationOrderTestCase(BaseTestCase):
    """The public rounds are the first ones: a later round's list shows scores that include the earlier rounds."""

    def test_withdrawing_a_round_withdraws_the_later_ones(self) -> None:
        for _ in range(3):
            self.play_round()
        for number in (1, 2, 3):
            services.publish_round(self.section.round_set.get(number=number), self.alice)
        changed = services.publish_round(self.section.round_set.get(number=2), self.alice, publish=False)
        self.assertEqual(changed, [2, 3])
        self.assertEqual(self.client.get(self.url("sp-round", 3)).status_code, 404)
        card = json.loads(self.client.get("/api/e/test/open/players/1.json").content)
        self.assertEqual([line["round"] for line in card["rounds"]], [1])
        with self.assertRaisesMessage(services.OperationError, "Round 2 is not published"):
            services.publish_round(self.section.round_set.get(number=3), self.alice)
        self.assertEqual(AuditEntry.objects.filter(action="unpublished").count(), 2)
