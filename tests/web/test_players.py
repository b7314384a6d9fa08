"""Registration: by hand, CSV, FIDE list; late entries, withdrawals, byes, hostile input."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db.models import F

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import player_import, rating_list
from swisspair_web.tournaments.rows import AuditEntry, Bye, Player

from .helpers import BaseTestCase, numbers, player_fields


class PlayersTestCase(BaseTestCase):
    def test_it_adds_a_player_by_hand(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-player-add"), {"name": "Newman,  Nina", "rating": "1850",
                                                                 "federation": "bul", "title": "", "paired": "0"})
        self.assertEqual(response.status_code, 302)
        player = Player.objects.get(section=self.section, name="Newman, Nina")
        self.assertEqual((player.tpn, player.rating, player.federation), (11, 1850, "BUL"))

    def test_it_estimates_a_rating_from_ingo(self) -> None:
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-player-add"), {"name": "Ingo, Ida", "rating": "0", "rating_scale": "INGO",
                                                     "other_rating": "100", "paired": "0"})
        self.assertEqual(Player.objects.get(name="Ingo, Ida").rating, 2040)
        self.assertEqual(services.estimate_rating("BCF", 200), 2200)

    def test_it_imports_csv(self) -> None:
        self.client.login(username="bob", password="password")
        data = "name;rating;fed;fide id\nAlpha, A;2100;CZE;123\n\"Beta, B\";1900;POL;\n".encode()
        response = self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": "csv", "file": SimpleUploadedFile("p.csv", data)})
        self.assertEqual(response.status_code, 302, response.content[:500])
        self.assertEqual(Player.objects.filter(section=self.section).count(), 12)
        self.assertEqual(Player.objects.get(name="Alpha, A").fide_id, "123")

    def test_it_rejects_malformed_csv_atomically(self) -> None:
        self.client.login(username="bob", password="password")
        data = b"name,rating\nGood, One,2000\nBad,notanumber\n"
        response = self.client.post(self.url("sp-players-import"), {"paired": "0", 
            "format": "csv", "file": SimpleUploadedFile("p.csv", data)})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "rating is not a number")
        self.assertEqual(Player.objects.filter(section=self.section).count(), 10)

    def test_it_rejects_csv_without_name_column(self) -> None:
        with self.assertRaises(services.OperationError):
            player_import.parse_csv("rating\n2000\n")

    def test_it_rejects_control_characters(self) -> None:
        with self.assertRaises(services.OperationError):
            player_import.parse_csv("name\nEvil\x07Name\n")

    def test_it_imports_a_fide_rating_list(self) -> None:
        header = ("ID Number      Name                                                         Fed Sex Tit  WTit OTit"
                  "           FOA SRtng SGm SK B-day Flag")

        def line(**cells: str) -> str:
            out = [" "] * len(header)
            for key, value in cells.items():
                start = header.index(key)
                out[start:start + len(value)] = value
            return "".join(out).rstrip()

        text = "\n".join([header,
                          line(**{"ID Number": "1503014", "Name": "Carlsen, Magnus", "Fed": "NOR", "Sex": "M",
                                  "Tit ": "GM", "SRtng": "2830", "B-day": "1990"}),
                          line(**{"ID Number": "4100018", "Name": "Kasparov, Garry", "Fed": "RUS", "Sex": "M",
                                  "Tit ": "GM", "SRtng": "2812", "B-day": "1963"})]) + "\n"
        players = rating_list.parse_fide_list(text, {"1503014"})
        self.assertEqual(len(players), 1)
        self.assertEqual((players[0].name, players[0].rating, players[0].federation, players[0].title),
                         ("Carlsen, Magnus", 2830, "NOR", "GM"))

    def test_it_registers_a_late_entry_with_byes_for_missed_rounds(self) -> None:
        self.play_round()
        [late] = services.add_players(self.section, self.alice, [services.PlayerData(name="Late, Larry")],
                                      late_byes=Bye.HALF)
        self.assertEqual(list(Bye.objects.filter(player=late).values_list("round_number", "kind")), [(1, "H")])
        self.assertTrue(AuditEntry.objects.filter(action="players-added", detail__contains="late entry").exists())

    def test_it_withdraws_and_reinstates(self) -> None:
        self.client.login(username="bob", password="password")
        url = self.url("sp-player-action", 3)
        response = self.client.post(url, {"action": "withdraw", **player_fields(self.section, 3)})  # asks first
        self.assertContains(response, 'id="withdraw-confirm"')
        self.assertIsNone(Player.objects.get(section=self.section, tpn=3).withdrawn_from)
        self.client.post(url, {"action": "withdraw", "from_round": "1", "confirm": "1", **player_fields(self.section, 3)})
        self.assertEqual(Player.objects.get(section=self.section, tpn=3).withdrawn_from, 1)
        outcome = self.pair()
        self.assertFalse(outcome.round.boards.filter(white__tpn=3).exists()
                         or outcome.round.boards.filter(black__tpn=3).exists())
        self.client.post(url, {"action": "reinstate", **player_fields(self.section, 3)})
        self.assertIsNone(Player.objects.get(section=self.section, tpn=3).withdrawn_from)

    def test_it_records_a_requested_bye(self) -> None:
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "H", **numbers(self.section)})
        self.assertTrue(Bye.objects.filter(player__tpn=4, round_number=1, kind="H").exists())
        outcome = self.pair()
        self.assertEqual(outcome.round.boards.count(), 4)
        self.assertTrue(Bye.objects.filter(round_number=1, kind="U").exists())

    def test_it_refuses_a_bye_for_a_paired_round(self) -> None:
        self.pair()
        with self.assertRaises(services.OperationError):
            services.request_bye(self.section.players.get(tpn=1), self.alice, 1, "H")

    def test_it_renumbers_by_rating(self) -> None:
        services.add_players(self.section, self.alice, [services.PlayerData(name="Strong, Sam", rating=2700)])
        self.section.refresh_from_db()
        services.renumber_by_rating(self.section, self.alice)
        self.assertEqual(Player.objects.get(section=self.section, tpn=1).name, "Strong, Sam")

    def test_it_does_not_delete_a_paired_player(self) -> None:
        self.pair()
        with self.assertRaises(services.OperationError):
            services.delete_player(self.section.players.get(tpn=1), self.alice)


class NumberingTestCase(BaseTestCase):
    """FIDE C.04.2 art. 2.2-2.3: pairing numbers before round 1 follow rating, then title, then name."""

    players = 0

    def names(self) -> list[str]:
        return list(Player.objects.filter(section=self.section).order_by("tpn").values_list("name", flat=True))

    def test_an_import_in_any_order_is_numbered_by_the_rules(self) -> None:
        csv = "name;rating;title\nLow, L;2063;\nTop, T;2497;GM\nEqual, B;2400;\nEqual, A;2400;\nTitled, Z;2400;FM\n"
        services.player_import.merge(self.section, self.alice, player_import.read_csv(csv))
        self.assertEqual(self.names(), ["Top, T", "Titled, Z", "Equal, A", "Equal, B", "Low, L"])
        self.client.login(username="bob", password="password")
        self.assertContains(self.client.get(self.url("sp-section-manage")), "by rating, then title (GM, IM, WGM")

    def test_the_1992_dutch_rules_order_the_titles_their_way(self) -> None:
        """FIDE Dutch system, 1992 rules, A 2: GM, WGM, IM, WIM, FM, WFM."""
        self.section.system = "dutch-1992"
        self.section.save()
        services.add_players(self.section, self.alice, [services.PlayerData(name="An IM", rating=2300, title="IM"),
                                                        services.PlayerData(name="A WGM", rating=2300, title="WGM")])
        self.assertEqual(self.names(), ["A WGM", "An IM"])

    def test_numbers_fixed_on_purpose_stay_and_pairing_warns(self) -> None:
        services.add_players(self.section, self.alice, [services.PlayerData(name=f"P{i}", rating=2000 + i)
                                                        for i in range(4)])
        self.assertEqual(self.names(), ["P3", "P2", "P1", "P0"])
        self.section.refresh_from_db()
        services.fix_numbers(self.section, self.alice, self.section.version)
        services.add_players(self.section, self.alice, [services.PlayerData(name="Strong", rating=2700)])
        self.assertEqual(self.names()[-1], "Strong")
        outcome = self.pair()
        self.assertTrue(any("fixed by the arbiter, not in the order of the rules" in w for w in outcome.warnings))

    def test_round_1_sorts_numbers_left_unsorted(self) -> None:
        """Numbers given before the manager kept them sorted (an older section) are sorted before pairing."""
        services.add_players(self.section, self.alice, [services.PlayerData(name=f"P{i}", rating=2000 + i)
                                                        for i in range(4)])
        Player.objects.filter(section=self.section).update(tpn=F("tpn") + 10)
        Player.objects.filter(section=self.section, name="P0").update(tpn=1)
        outcome = self.pair()
        self.assertEqual(self.names(), ["P3", "P2", "P1", "P0"])
        self.assertTrue(any("sorted into the order of the rules" in w for w in outcome.warnings))

    @pytest.mark.slow
    def test_no_renumbering_after_round_4(self) -> None:
        services.add_players(self.section, self.alice, [services.PlayerData(name=f"P{i}", rating=2000 + i)
                                                        for i in range(6)])
        for _ in range(4):
            self.play_round()
        Player.objects.filter(section=self.section, name="P0").update(rating=2900)
        with self.assertRaisesMessage(services.OperationError, "(FIDE C.04.2 art. 2.3)"):
            services.renumber_by_rating(self.section, self.alice)
