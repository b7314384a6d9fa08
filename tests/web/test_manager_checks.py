"""Arbiter input that was accepted but recorded nothing, or recorded something wrong."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.contrib.messages import get_messages

from swisspair import trf
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import player_import
from swisspair_web.tournaments.rows import AuditEntry, Board, Bye, Player

from .helpers import BaseTestCase, form_value, numbers, shown, token


class ByeFormTestCase(BaseTestCase):
    """Item 3: the bye form has no default; it says "recorded" only when something was recorded."""

    def texts(self, response) -> list[str]:  # type: ignore[no-untyped-def]
        return [str(m) for m in get_messages(response.wsgi_request)]

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="bob", password="password")

    def test_the_form_starts_with_no_choice(self) -> None:
        page = self.client.get(self.url("sp-section-manage")).content.decode()
        select = page[page.index('name="kind"'):page.index("</select>", page.index('name="kind"'))]
        self.assertIn('<option value="" selected>choose…</option>', select)  # was: "remove" selected
        self.assertNotIn('value="H" selected', select)

    def test_no_choice_records_nothing_and_says_so(self) -> None:
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "", **numbers(self.section)})
        texts = self.texts(response)
        self.assertFalse(Bye.objects.exists())
        self.assertFalse(any("recorded for" in t for t in texts), texts)
        self.assertTrue(any("Nothing recorded" in t for t in texts), texts)
        self.assertFalse(AuditEntry.objects.filter(action="bye").exists())

    def test_removing_a_bye_that_is_not_there_is_not_a_success(self) -> None:
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "remove", **numbers(self.section)})
        texts = self.texts(response)
        self.assertTrue(any("nothing removed" in t for t in texts), texts)
        self.assertFalse(AuditEntry.objects.filter(action="bye").exists())

    def test_it_records_and_removes_a_bye(self) -> None:
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "H", **numbers(self.section)})
        self.assertIn("Bye recorded for Player03, Test in round 1: half-point bye.", self.texts(response))
        self.assertTrue(Bye.objects.filter(player__tpn=4, round_number=1, kind="H").exists())
        response = self.client.post(self.url("sp-bye"), {"player": "4", "round_number": "1", "kind": "remove", **numbers(self.section)})
        self.assertIn("Bye or absence of Player03, Test in round 1 removed.", self.texts(response))
        self.assertFalse(Bye.objects.exists())
        entries = AuditEntry.objects.filter(action="bye").order_by("id")
        self.assertEqual([(e.old, e.new) for e in entries], [("", "H"), ("H", "-")])


class DefaultSystemTestCase(BaseTestCase):
    """Item 4: "New section" and "New section from TRF" start with the FIDE Dutch system (C.04.3)."""

    def test_both_forms_preselect_the_dutch_system(self) -> None:
        self.client.login(username="alice", password="password")
        for url in ("/e/test/sections/new/", "/e/test/sections/import-trf/"):
            page = self.client.get(url).content.decode()
            select = page[page.index('name="system"'):page.index("</select>", page.index('name="system"'))]
            self.assertIn('<option value="dutch" selected>', select, url)
            self.assertEqual(select.count(" selected"), 1, url)


class InputTestCase(BaseTestCase):
    """Item 7: input that used to be accepted and stored although wrong."""

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")

    def edit(self, tpn: int, **fields: str):  # type: ignore[no-untyped-def]
        player = Player.objects.get(section=self.section, tpn=tpn)
        data = {"name": player.name, "rating": str(player.rating), "title": "", "federation": "", "fide_id": "",
                "sex": "", "birth_date": "", "club": "", "version": str(player.version), "player": str(player.pk),
                **fields}
        return self.client.post(self.url("sp-player-edit", tpn), data)

    @pytest.mark.slow
    def test_birth_dates_must_be_real_dates_and_are_stored_in_trf_form(self) -> None:
        response = self.edit(1, birth_date="31.12.1990")
        self.assertEqual(response.status_code, 302)
        self.assertEqual(Player.objects.get(section=self.section, tpn=1).birth_date, "1990/12/31")
        for wrong in ("1990-02-31", "yesterday", "2990-01-01"):
            response = self.edit(1, birth_date=wrong)
            self.assertEqual(response.status_code, 200, wrong)
            self.assertContains(response, "Birth date")
            self.assertEqual(Player.objects.get(section=self.section, tpn=1).birth_date, "1990/12/31")
        # An import reads leniently what pairing does not need: the impossible date is left
        # empty with a located warning, never stored.
        read = player_import.read_csv("name,birth_date\nA B,1990-02-31\n", source="p.csv")
        self.assertEqual(read.rows[0][1].birth_date, "")
        self.assertTrue(any(note.startswith("p.csv:2") for note in read.notes), read.notes)
        self.assertEqual(player_import.parse_csv("name,birth_date\nA B,3.4.1990\n")[0].birth_date, "1990/04/03")

    def test_the_trf_export_writes_birth_dates_in_trf_form(self) -> None:
        self.edit(1, birth_date="31.12.1990")
        Player.objects.filter(section=self.section, tpn=2).update(birth_date="yesterday")  # stored before checks
        text = self.client.get(self.url("sp-export-trf")).content.decode()
        lines = {int(line[4:8]): line for line in text.splitlines() if line.startswith("001")}
        self.assertEqual(lines[1][69:79], "1990/12/31")
        self.assertEqual(lines[2][69:79].strip(), "")

    def test_an_event_cannot_end_before_it_starts(self) -> None:
        response = self.client.post("/e/test/edit/", {"name": "Test Open", "slug": "test", "start_date": "2026-05-10",
                                                      "end_date": "2026-05-01", "public": "on"})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "cannot end before it starts")
        self.event.refresh_from_db()
        self.assertIsNone(self.event.end_date)

    def test_an_estimated_rating_pairs_but_is_not_exported_as_a_fide_rating(self) -> None:
        response = self.client.post(self.url("sp-player-add"), {"name": "Neu, Nina", "rating": "0", "rating_scale": "INGO",
                                                                "other_rating": "150", "paired": "0"})
        self.assertEqual(response.status_code, 302)
        player = Player.objects.get(section=self.section, name="Neu, Nina")
        self.assertEqual((player.rating, player.rating_estimate), (2840 - 8 * 150, "INGO 150"))
        self.edit(player.tpn, rating=str(player.rating), club="Bonn")  # saved unchanged: still an estimate
        self.assertEqual(Player.objects.get(pk=player.pk).rating_estimate, "INGO 150")
        text = self.client.get(self.url("sp-export-trf")).content.decode()
        line = next(line for line in text.splitlines() if line.startswith("001") and "Neu, Nina" in line)
        self.assertEqual(line[48:52].strip(), "", line)
        self.assertIn(f"### player {player.tpn}: rating 1640 estimated from INGO 150", text)
        self.assertIn("not a FIDE rating", text)
        self.assertEqual(trf.loads(text).tournament.player(player.tpn).rating, 0)
        self.edit(player.tpn, rating="1700")  # a rating typed in replaces the estimate
        self.assertEqual(Player.objects.get(pk=player.pk).rating_estimate, "")

    def test_a_player_is_not_paired_with_themselves(self) -> None:
        self.pair()
        url = self.url("sp-adjust", 1)
        response = self.client.post(url, {"action": "force", "board_a": "10", "board_b": "10",
                                          **token(self.section, 1)}, follow=True)
        self.assertContains(response, "cannot be paired with themselves")
        self.assertNotContains(response, "Pairing changed by hand")
        board = Board.objects.get(round__number=1, white__tpn__in=[1])
        opponent = board.black.tpn
        response = self.client.post(url, {"action": "force", "board_a": "1", "board_b": str(opponent),
                                          **token(self.section, 1)}, follow=True)
        self.assertContains(response, "already play each other")
        self.assertFalse(AuditEntry.objects.filter(action="adjusted").exists())


class SettingsAfterPairingTestCase(BaseTestCase):
    """Item 6: once a round is paired, settings that change standings or pairings need a confirmation
    that lists the changes; the audit log records each value before and after."""

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")

    def settings(self, **changes: str) -> dict[str, str]:
        self.section.refresh_from_db()
        s = self.section
        data = {name: str(getattr(s, name)) for name in (
            "name", "slug", "kind", "system", "rounds", "tiebreaks", "acceleration", "initial_colour", "win", "draw",
            "loss", "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye", "boards", "match_win",
            "match_draw", "match_loss", "team_primary", "team_colours")}
        return {**data, "version": str(s.version), **changes}

    def test_scoring_system_and_rounds_need_a_confirmation(self) -> None:
        self.play_round()
        url = self.url("sp-section-edit")
        response = self.client.post(url, self.settings(win="3", system="burstein", rounds="7"))
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Round 1 is paired already.")
        for line in ("win: 1 → 3", "rounds: 5 → 7", "pairing system: Dutch"):
            self.assertContains(response, line)
        self.section.refresh_from_db()
        self.assertEqual((self.section.win, self.section.system, self.section.rounds), (1, "dutch", 5))
        self.assertFalse(AuditEntry.objects.filter(action="section-edited").exists())
        listed = form_value(response.content.decode(), "confirmed")
        response = self.client.post(url, self.settings(win="3", system="burstein", rounds="7", confirm="1",
                                                       confirmed=listed))
        self.assertEqual(response.status_code, 302)
        self.section.refresh_from_db()
        self.assertEqual((self.section.win, self.section.system, self.section.rounds), (3, "burstein", 7))
        detail = AuditEntry.objects.get(action="section-edited").detail
        self.assertIn("win: 1 → 3", detail)
        self.assertIn("rounds: 5 → 7", detail)
        self.assertIn("pairing system: Dutch", detail)

    def test_before_pairing_or_for_a_name_no_confirmation_is_asked(self) -> None:
        url = self.url("sp-section-edit")
        self.assertEqual(self.client.post(url, self.settings(win="3", forfeit_win="3", pab="3", full_bye="3"))
                         .status_code, 302)
        self.play_round()
        self.assertEqual(self.client.post(url, self.settings(name="Open A")).status_code, 302)
        self.assertEqual(AuditEntry.objects.filter(action="section-edited").latest("id").detail, "name: Open → Open A")

    def test_renumbering_after_pairing_needs_a_confirmation(self) -> None:
        self.play_round()
        Player.objects.filter(section=self.section, tpn=10).update(rating=2800)
        url = self.url("sp-renumber")
        self.section.refresh_from_db()
        response = self.client.post(url, {"version": str(self.section.version)})
        self.assertEqual(response.status_code, 200)
        self.assertContains(response, "Player09, Test: 10 → 1")
        self.assertEqual(Player.objects.get(section=self.section, name="Player09, Test").tpn, 10)
        self.assertFalse(AuditEntry.objects.filter(action="renumbered").exists())
        self.section.refresh_from_db()
        response = self.client.post(url, {"confirm": "1", "version": str(self.section.version)})
        self.assertEqual(response.status_code, 302)
        self.assertEqual(Player.objects.get(section=self.section, name="Player09, Test").tpn, 1)
        detail = AuditEntry.objects.get(action="renumbered").detail
        self.assertIn("Player09, Test: 10 → 1", detail)
        self.assertIn("Player00, Test: 1 → 2", detail)


class SettingsConfirmedAsListedTestCase(BaseTestCase):
    """The confirmation counts for the list it showed; tie-breaks are confirmed; points are checked."""

    settings = SettingsAfterPairingTestCase.settings

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")

    @pytest.mark.slow
    def test_a_value_changed_on_the_confirmation_page_is_listed_before_it_is_saved(self) -> None:
        self.play_round()
        url = self.url("sp-section-edit")
        first = self.client.post(url, self.settings(win="3", draw="1"))
        listed = form_value(first.content.decode(), "confirmed")
        response = self.client.post(url, self.settings(win="3", draw="1", rounds="7", pab="3", confirm="1",
                                                       confirmed=listed))
        self.assertEqual(response.status_code, 200)
        for line in ("win: 1 → 3", "draw: 0.5 → 1", "rounds: 5 → 7", "pairing-allocated bye: 1 → 3"):
            self.assertContains(response, line)
        self.section.refresh_from_db()
        self.assertEqual((self.section.win, self.section.rounds), (1, 5))
        listed = form_value(response.content.decode(), "confirmed")
        response = self.client.post(url, self.settings(win="3", draw="1", rounds="7", pab="3", confirm="1",
                                                       confirmed=listed))
        self.assertEqual(response.status_code, 302)
        self.section.refresh_from_db()
        self.assertEqual((self.section.win, self.section.rounds, self.section.pab), (3, 7, 3))

    def test_tie_breaks_are_confirmed_once_a_round_is_paired(self) -> None:
        self.play_round()
        response = self.client.post(self.url("sp-section-edit"), self.settings(tiebreaks="BH,SB"))
        self.assertContains(response, 'id="confirm-changes"')
        self.assertContains(response, "tie-breaks:")

    def test_points_that_stay_at_the_old_win_are_pointed_out(self) -> None:
        response = self.client.post(self.url("sp-section-edit"), self.settings(win="3"))
        self.assertContains(response, "forfeit win, pairing-allocated bye, full-point bye: still 1, the old value of "
                                       "win (now 3)")

    @pytest.mark.slow
    def test_negative_points_and_a_draw_worth_more_than_a_win_are_refused(self) -> None:
        url = self.url("sp-section-edit")
        self.assertContains(self.client.post(url, self.settings(loss="-1")), "Points cannot be negative.")
        self.assertContains(self.client.post(url, self.settings(draw="2")), "nor a draw more than a win")
        self.assertContains(self.client.post(url, self.settings(pab="-0.5")), "Points cannot be negative.")
        self.section.refresh_from_db()
        self.assertEqual((self.section.loss, self.section.draw, self.section.pab), (0, Decimal("0.5"), 1))


class LateCorrectionTestCase(BaseTestCase):
    """Item 5: a result changed after later rounds were paired is said on the pages and in the TRF notes."""

    def setUp(self) -> None:
        super().setUp()
        self.client.login(username="alice", password="password")
        self.play_round()  # round 1: white wins everywhere
        self.pair()  # round 2 paired on those scores

    def correct(self, key: str):  # type: ignore[no-untyped-def]
        board = Board.objects.get(round__number=1, number=1)
        return self.client.post(self.url("sp-results", 1), {"r1": key, "i1": "1", **shown(board)},
                                follow=True)

    @pytest.mark.slow
    def test_the_pages_and_the_trf_export_say_so(self) -> None:
        response = self.correct("0")
        self.assertContains(response, "Round 1 was corrected after round 2 was paired")
        self.assertContains(response, "Round 1, board 1: 1-0 when round 2 was paired, now 0-1.")
        for page in (self.url("sp-section-manage"), self.url("sp-results", 2)):
            self.assertContains(self.client.get(page), 'id="late-corrections"')
        mid_round = self.client.get(self.url("sp-export-trf")).content.decode()  # round 2 in it, no results yet
        self.assertIn("### round 1 board 1: 1-0 when round 2 was paired, now 0-1", mid_round)
        self.assertEqual(trf.loads(mid_round).tournament.paired_rounds, 1)  # a game without a result: not played
        rnd = self.section.round_set.get(number=2)
        services.set_results(rnd, self.alice, {b.number: ("==", services.seen(b)) for b in rnd.boards.all()})
        text = self.client.get(self.url("sp-export-trf")).content.decode()
        self.assertIn("### round 1 board 1: 1-0 when round 2 was paired, now 0-1; round 2 was paired on other "
                      "scores", text)
        self.assertEqual(trf.loads(text).tournament.paired_rounds, 2)

    @pytest.mark.slow
    def test_a_correction_undone_is_no_longer_reported(self) -> None:
        self.correct("0")
        board = Board.objects.get(round__number=1, number=1)
        self.client.post(self.url("sp-results", 1), {"r1": "1", "i1": "0", **shown(board)})
        self.assertNotContains(self.client.get(self.url("sp-section-manage")), 'id="late-corrections"')
        self.assertNotIn("###", self.client.get(self.url("sp-export-trf")).content.decode())

    def test_a_correction_before_the_next_pairing_is_not_reported(self) -> None:
        board = Board.objects.get(round__number=2, number=1)
        services.set_results(board.round, self.alice, {1: ("10", services.seen(board))})
        board.refresh_from_db()
        response = self.client.post(self.url("sp-results", 2), {"r1": "0", "i1": "1", **shown(board)},
                                    follow=True)
        self.assertNotContains(response, "was corrected after")
        self.assertNotContains(response, 'id="late-corrections"')
