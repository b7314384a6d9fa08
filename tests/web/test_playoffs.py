"""Play-offs for tied places (C.02 (2009) art. 13.2): set-up, games, final standings, public pages."""

from __future__ import annotations

import json

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import playoffs, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import AuditEntry, Playoff

from .helpers import BaseTestCase


class PlayoffTestCase(BaseTestCase):
    def finish(self) -> None:
        """Five rounds, White winning every game, each published (the public standings show published rounds)."""
        for number in range(1, self.section.rounds + 1):
            self.play_round()
            services.publish_round(self.section.round_set.get(number=number), self.alice)

    def tied_place(self) -> tuple[int, list[int]]:
        """The first place that players share on points, with them in tie-break order (13.2)."""
        core = playoffs.core_standings(SectionData.load(self.section))
        for place in range(1, len(core.rows) + 1):
            group = core.playoff_players(place)
            if group:
                return place, group
        raise AssertionError("no tie")

    def play_out(self, place: int) -> Playoff:
        """Record 1-0 for every pending game through the manage page until the play-off is over."""
        for _ in range(30):
            row = Playoff.objects.get(section=self.section, place=place)
            pending = playoffs.replay(row).pending
            if not pending:
                return row
            response = self.client.post(self.url("sp-playoff-action", place), {
                "game": pending[0].id, "result": "1-0", "version": str(row.version)})
            self.assertEqual(response.status_code, 302)
        raise AssertionError("the play-off did not end")

    def test_it_needs_a_finished_section(self) -> None:
        self.play_round()
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-playoff-new"), {"place": "1"}, follow=True)
        self.assertContains(response, "once every round has all its results")
        self.assertFalse(Playoff.objects.exists())

    @pytest.mark.slow
    def test_it_plays_off_a_tied_place_and_ranks_by_it(self) -> None:
        self.finish()
        place, group = self.tied_place()
        self.client.login(username="bob", password="password")
        manage = self.client.get(self.url("sp-section-manage"))
        self.assertContains(manage, 'id="playoff-panel"')
        response = self.client.post(self.url("sp-playoff-new"), {"place": str(place)})
        self.assertEqual(response.status_code, 302)
        row = Playoff.objects.get(section=self.section, place=place)
        self.assertEqual(row.players, group)
        self.assertContains(self.client.get(self.url("sp-section-manage")), "playoff-games")
        # not finished yet: the standings keep the tie-break order
        self.assertFalse(any(r.playoff for r in standings.table(SectionData.load(self.section)).rows))
        row = self.play_out(place)
        result = playoffs.replay(row)
        self.assertTrue(result.finished)
        assert result.placements is not None
        decided = [(p.text, tpn) for p in result.placements for tpn in p.players]
        table = standings.table(SectionData.load(self.section))
        rows = [(r.rank, r.player.tpn) for r in table.rows if r.playoff]
        self.assertEqual(rows, decided)  # 13.2.5: each place as the play-off gave it
        self.assertTrue(AuditEntry.objects.filter(action="playoff-result").exists())
        self.assertTrue(AuditEntry.objects.filter(action="playoff-created").exists())
        # public standings (HTML, JSON) and the printed prize list show it
        self.client.logout()
        page = self.client.get(self.url("sp-standings")).content.decode()
        self.assertIn("PO", page)
        self.assertIn(f'id="playoff-{place}"', page)
        data = json.loads(self.client.get(self.url("sp-api-standings")).content)
        self.assertEqual([(r["rank"], r["tpn"]) for r in data["standings"] if r["playoff"]], decided)
        self.assertTrue(data["playoffs"][0]["applied"])
        self.assertContains(self.client.get(self.url("sp-print", "standings")), table.rows[0].player.name)

    @pytest.mark.slow
    def test_it_refuses_a_stale_version_and_a_second_play_off(self) -> None:
        self.finish()
        place, _ = self.tied_place()
        row = services.playoffs.create(self.section, self.alice, place)
        game = playoffs.replay(row).pending[0]
        services.playoffs.record(row, self.alice, game.id, "1/2-1/2", row.version)
        self.client.login(username="bob", password="password")
        stale = Playoff.objects.get(pk=row.pk)
        response = self.client.post(self.url("sp-playoff-action", place), {
            "game": playoffs.replay(stale).pending[0].id, "result": "1-0", "version": "0"}, follow=True)
        self.assertContains(response, "changed by somebody else")
        response = self.client.post(self.url("sp-playoff-new"), {"place": str(place)}, follow=True)
        self.assertContains(response, "There is a play-off for place")
        self.client.post(self.url("sp-playoff-action", place), {"action": "delete"})
        self.assertFalse(Playoff.objects.exists())

    @pytest.mark.slow
    def test_a_corrected_result_makes_the_play_off_stale(self) -> None:
        self.finish()
        place, group = self.tied_place()
        services.playoffs.create(self.section, self.alice, place)
        last = self.section.round_set.get(number=self.section.rounds)
        board = next(b for b in last.boards.select_related("white", "black")
                     if group[0] in (b.white.tpn, b.black.tpn))
        code = "01" if board.result == "10" else "10"
        services.set_results(last, self.alice, {board.number: (code, services.seen(board))}, withdraw_no_shows=False)
        view = standings.table(SectionData.load(self.section)).playoffs[0]
        self.assertTrue(view.stale)
        self.assertFalse(view.applied)

    @pytest.mark.slow
    def test_it_refuses_play_off_writes_without_a_role(self) -> None:
        self.finish()
        place, _ = self.tied_place()
        services.playoffs.create(self.section, self.alice, place)
        response = self.client.post(self.url("sp-playoff-new"), {"place": "1"})
        self.assertIn("/accounts/login/", response["Location"])
        self.client.login(username="charlie", password="password")
        self.assertEqual(self.client.post(self.url("sp-playoff-new"), {"place": "1"}).status_code, 403)
        self.assertEqual(self.client.post(self.url("sp-playoff-action", place), {"action": "delete"}).status_code,
                         403)
        self.assertEqual(Playoff.objects.count(), 1)
