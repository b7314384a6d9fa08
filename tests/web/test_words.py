"""What the pages say: translated, with plurals, about the right thing, and nothing left unsaid."""

from __future__ import annotations

import json
from typing import Any

from django.test import override_settings
from django.utils import translation

from swisspair import trf
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Board, Bye, Job, Player, Round, Section, result_label
from swisspair_web.tournaments.services import jobs

from .helpers import BaseTestCase, numbers, shown


class WordsTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")

    def texts(self, response: Any) -> list[str]:
        return [str(m) for m in response.context["messages"]]

    def test_unrated_results_are_translated(self) -> None:
        for code in ("ru", "bg", "cs", "pl"):
            with translation.override(code):
                assert "(unrated)" not in result_label("WL"), code
        with translation.override("en"):
            self.assertEqual(result_label("DD"), "½-½ (unrated)")

    def test_counts_agree_with_their_nouns(self) -> None:
        """ngettext everywhere a number counts something: "board 14", "1 round", and Russian "3 тура"."""
        rnd = self.pair().round
        board = rnd.boards.get(number=1)
        services.set_results(rnd, self.bob, {1: ("10", services.seen(board))})
        response = self.client.post(self.url("sp-results", 1), {"r1": "0", "i1": "", **shown(board)})
        self.assertIn("Somebody else entered a different result on board 1 meanwhile", " ".join(self.texts(response)))
        Section.objects.filter(pk=self.section.pk).update(rounds=1)
        self.assertContains(self.client.get(self.url("sp-section-manage")), "1 round</span>")
        Section.objects.filter(pk=self.section.pk).update(rounds=3)
        self.client.cookies["django_language"] = "ru"
        self.assertContains(self.client.get(self.url("sp-section")), "3 тура")

    def test_a_team_without_a_name_is_refused_as_a_team(self) -> None:
        section = Section.objects.create(event=self.event, name="Teams", slug="teams", kind=Section.TEAM, boards=2,
                                         system="team")
        services.teams.create_team(section, self.alice, "Club")
        response = self.client.post("/e/test/teams/teams/1/action/", {"action": "rename", "name": "  "}, follow=True)
        self.assertEqual(self.texts(response), ["A team needs a name."])

    def test_saving_an_unchanged_results_page_says_so(self) -> None:
        self.pair()
        board = Board.objects.get(round__number=1, number=1)
        response = self.client.post(self.url("sp-results", 1), {"r1": "", "i1": "", **shown(board)}, follow=True)
        self.assertEqual(self.texts(response), ["Nothing changed on the page: nothing saved."])

    def test_a_team_is_withdrawn_only_after_a_confirmation(self) -> None:
        section = Section.objects.create(event=self.event, name="Teams", slug="teams", kind=Section.TEAM, boards=2,
                                         system="team", rounds=5)
        team = services.teams.create_team(section, self.alice, "Club")
        services.teams.add_member(team, self.alice, services.PlayerData(name="Member, M"))
        url = "/e/test/teams/teams/1/action/"
        response = self.client.post(url, {"action": "withdraw", "from_round": "2"})
        self.assertContains(response, 'id="team-withdraw-confirm"')
        self.assertContains(response, "Withdraw team Club from round 2 on?")
        self.assertIsNone(Player.objects.get(team=team).withdrawn_from)
        self.client.post(url, {"action": "withdraw", "from_round": "2", "confirm": "1"})
        self.assertEqual(Player.objects.get(team=team).withdrawn_from, 2)

    @override_settings(SWISSPAIR_BACKGROUND_PLAYERS=5)
    def test_a_background_import_says_how_many_players_it_imported(self) -> None:
        from swisspair.model import Player as CorePlayer
        from swisspair.model import Tournament

        event = Tournament(name="Bg", rounds=5)
        for n in range(1, 9):
            event.players[n] = CorePlayer(tpn=n, name=f"Player {n:02d}, B", rating=2000 - n)
        text = trf.dumps(event)
        from django.core.files.uploadedfile import SimpleUploadedFile

        response = self.client.post("/e/test/sections/import-trf/", {
            "name": "Bg", "slug": "bg", "system": "dutch", "file": SimpleUploadedFile("bg.trf", text.encode())})
        job = Job.objects.get()
        self.assertRedirects(response, f"/jobs/{job.pk}/", fetch_redirect_response=False)
        jobs.run_queued()
        response = self.client.get(f"/jobs/{job.pk}/", follow=True)
        self.assertIn("Imported 8 players.", self.texts(response))

    def test_an_unknown_api_path_answers_json(self) -> None:
        for path in ("/api/", "/api/nothing", "/api/e/test/open/rounds/abc.json"):
            response = self.client.get(path)
            self.assertEqual(response.status_code, 404, path)
            self.assertEqual(json.loads(response.content), {"error": "not found"}, path)

    def test_the_trf_export_taken_mid_round_has_the_round_and_the_byes_asked_for(self) -> None:
        self.play_round()
        self.pair()  # round 2 paired, no result yet
        services.request_bye(Player.objects.get(section=self.section, tpn=10), self.alice, 3, Bye.HALF)
        text = self.client.get(self.url("sp-export-trf")).content.decode()
        boards = Board.objects.filter(round__section=self.section, round__number=2).select_related("white", "black")
        lines = {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}
        for board in boards:
            white = lines[board.white.tpn]
            self.assertEqual(white[101:107].split(), [str(board.black.tpn), "w"], white)  # round 2: opponent, colour
        self.assertEqual(lines[10][111:119].split(), ["0000", "-", "H"], lines[10])  # round 3: the bye asked for
        self.assertEqual(Round.objects.filter(section=self.section).count(), 2)

    def test_numbers_asked_for_a_bye_are_checked(self) -> None:
        """(A bye typed by number on a page loaded before the numbers changed.)"""
        stale = numbers(self.section)
        services.add_players(self.section, self.alice, [services.PlayerData(name="Strong, Sam", rating=2700)])
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "H", **stale},
                                    follow=True)
        self.assertIn("The pairing numbers changed since your page was loaded", " ".join(self.texts(response)))
        self.assertFalse(Bye.objects.exists())
