"""Check-in before round 1 (FIDE C.04.2 (2026) art. 4.1: participants who have not confirmed their presence
before the drawing of lots are excluded; art. 3.3: not paired, zero points)."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import presence
from swisspair_web.tournaments.rows import AuditEntry, Bye, Job, Presence
from swisspair_web.tournaments.services import jobs

from .helpers import BaseTestCase, pair_form


def paired_numbers(outcome: services.PairingOutcome) -> set[int]:
    """Who round N pairs: the players of its boards and the one with the pairing-allocated bye."""
    boards = outcome.round.boards.select_related("white", "black")
    pab = Bye.objects.filter(section=outcome.round.section, round_number=outcome.round.number, kind=Bye.PAB)
    return {b.white.tpn for b in boards} | {b.black.tpn for b in boards} | {b.player.tpn for b in pab}


class PresenceTestCase(BaseTestCase):
    def tick(self, **fields: str) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-presence"), fields)
        self.assertEqual(response.status_code, 302)

    def test_nobody_ticked_pairs_everybody(self) -> None:
        outcome = self.pair()
        self.assertEqual(paired_numbers(outcome), set(range(1, 11)))
        self.assertEqual(outcome.warnings, [])

    @pytest.mark.slow
    def test_round_one_pairs_only_the_players_ticked_present(self) -> None:
        """C.04.2 art. 4.1: the eight ticked are paired; the two others are left out, recorded and named."""
        self.tick(numbers="1 2 3 4 5 6 7 8")
        self.assertEqual([p.tpn for p in presence.left_out(self.section)], [9, 10])
        page = self.client.get(self.url("sp-presence")).content.decode()
        self.assertIn("8 of 10 present", page)
        self.assertIn("9. Player08, Test; 10. Player09, Test", page)
        self.assertIn("Not paired in round 1 unless ticked present", self.client.get(
            self.url("sp-section-manage")).content.decode())
        response = self.client.post(self.url("sp-pair"), pair_form("open", 1), follow=True)
        self.assertContains(response, "Not paired in round 1 because they are not ticked present")
        self.assertContains(response, "9. Player08, Test; 10. Player09, Test")
        self.assertContains(response, "10. Player09, Test — absent (zero-point bye): not ticked present before round 1")
        rnd = self.section.round_set.get(number=1)
        paired = {b.white.tpn for b in rnd.boards.all()} | {b.black.tpn for b in rnd.boards.all()}
        self.assertEqual(paired, set(range(1, 9)))
        self.assertEqual(sorted(Bye.objects.filter(round_number=1).values_list("player__tpn", "kind")),
                         [(9, "Z"), (10, "Z")])
        audit = AuditEntry.objects.get(action="absent-not-present")
        self.assertEqual((audit.round_number, audit.detail),
                         (1, "not ticked present: 9. Player08, Test, 10. Player09, Test"))
        # round 1 paired: the check-in is closed
        page = self.client.get(self.url("sp-presence")).content.decode()
        self.assertIn('id="presence-closed"', page)
        with self.assertRaises(services.OperationError):
            services.presence.set_presence(self.section, self.alice, {9: True})
        # round 2 pairs them again
        services.set_results(rnd, self.alice, {b.number: ("10", services.seen(b)) for b in rnd.boards.all()})
        self.section.refresh_from_db()
        self.assertEqual(paired_numbers(self.pair()), set(range(1, 11)))

    @pytest.mark.slow
    def test_ticks_are_reversible_until_round_one_is_paired(self) -> None:
        self.tick(p1="+", i1="", p2="1", i2="", p3="p", i3="")
        self.tick(p2="-", i2="+")  # the tick taken away again
        self.assertEqual(sorted(Presence.objects.filter(present=True).values_list("player__tpn", flat=True)), [1, 3])
        self.section.refresh_from_db()
        outcome = self.pair()
        self.assertEqual(paired_numbers(outcome), {1, 3})
        self.assertEqual(Bye.objects.filter(round_number=1, kind="Z").count(), 8)
        # unpaired: tick 2 present again; their recorded absence goes, and round 1 pairs them
        services.unpair_last_round(self.section, self.alice)
        self.section.refresh_from_db()
        self.tick(p2="+", i2="")
        self.assertFalse(Bye.objects.filter(player__tpn=2, round_number=1).exists())
        self.section.refresh_from_db()
        self.assertEqual(paired_numbers(self.pair()), {1, 2, 3})
        actions = list(AuditEntry.objects.filter(action="presence").values_list("detail", flat=True))
        self.assertIn("present: 2; absence from round 1 removed: 2", actions)

    def test_nobody_ticked_any_more_pairs_everybody(self) -> None:
        """C.04.2 (2026) art. 4.1 leaves out only the players who did not confirm their presence where it is
        checked: a pairing that failed after the check-in recorded the others' absences (one player ticked:
        fewer than two to pair), then the tick taken away, and round 1 pairs all ten."""
        self.tick(numbers="1")
        with self.assertRaises(services.OperationError):
            self.pair()
        self.assertEqual(Bye.objects.filter(round_number=1, kind="Z", origin=Bye.CHECK_IN).count(), 9)
        self.section.refresh_from_db()
        saved = services.presence.set_presence(self.section, self.alice, {1: False})
        self.assertEqual([p.tpn for p in saved.unrecorded], list(range(2, 11)))
        self.assertFalse(Bye.objects.filter(round_number=1).exists())
        self.assertFalse(Presence.objects.filter(absence_recorded=True).exists())
        self.assertIn("not present: 1; absence from round 1 removed: 2, 3, 4, 5, 6, 7, 8, 9, 10",
                      AuditEntry.objects.filter(action="presence").values_list("detail", flat=True))
        self.section.refresh_from_db()
        self.assertEqual(paired_numbers(self.pair()), set(range(1, 11)))

    def test_a_tick_gone_otherwise_leaves_no_absence_at_pairing(self) -> None:
        """The only player ticked present deleted (their tick goes with them): the check-in is no longer in force,
        and pairing round 1 removes the absences it recorded before and pairs the nine left (C.04.2 art. 4.1)."""
        self.tick(numbers="1")
        with self.assertRaises(services.OperationError):
            self.pair()
        self.section.refresh_from_db()
        services.delete_player(self.section.players.get(tpn=1), self.alice)
        self.section.refresh_from_db()
        outcome = self.pair()
        self.assertEqual(len(paired_numbers(outcome)), 9)
        self.assertFalse(Bye.objects.filter(round_number=1).exclude(kind=Bye.PAB).exists())
        self.assertEqual(outcome.warnings, [])
        self.assertTrue(AuditEntry.objects.filter(action="presence", detail__startswith="absence from round 1 "
                                                  "removed: ").exists())

    def test_a_stale_page_changes_only_what_it_changed(self) -> None:
        """Two arbiters: the second page, loaded before the first ticked 4, does not take 4's tick away."""
        self.tick(p4="+", i4="")
        self.tick(p4="", i4="", p5="+", i5="")
        self.assertEqual(sorted(Presence.objects.filter(present=True).values_list("player__tpn", flat=True)), [4, 5])

    def test_own_byes_and_withdrawals_are_not_overruled(self) -> None:
        services.request_bye(self.section.players.get(tpn=6), self.alice, 1, Bye.HALF)
        services.set_withdrawn(self.section.players.get(tpn=7), self.alice, 1)
        self.tick(numbers="1 2 3 4 5")
        self.assertEqual([p.tpn for p in presence.left_out(self.section)], [8, 9, 10])
        self.section.refresh_from_db()
        outcome = self.pair()
        self.assertEqual(paired_numbers(outcome), {1, 2, 3, 4, 5})
        self.assertEqual(Bye.objects.get(player__tpn=6, round_number=1).kind, "H")
        self.assertIn("8. Player07, Test; 9. Player08, Test; 10. Player09, Test", outcome.warnings[0])

    def test_it_refuses_unknown_keys_and_numbers(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-presence"), {"p1": "q", "i1": ""}, follow=True)
        self.assertContains(response, "Unknown key: q")
        response = self.client.post(self.url("sp-presence"), {"numbers": "99"}, follow=True)
        self.assertContains(response, "No player with number 99.")
        response = self.client.post(self.url("sp-presence"), {"numbers": "x1"}, follow=True)
        self.assertContains(response, "Not a pairing number: x1")
        self.assertFalse(Presence.objects.exists())
        self.client.login(username="charlie", password="password")
        self.assertEqual(self.client.post(self.url("sp-presence"), {"numbers": "1"}).status_code, 403)

    def test_it_exports_the_check_in(self) -> None:
        services.request_bye(self.section.players.get(tpn=6), self.alice, 1, Bye.ZERO)
        self.tick(numbers="1 2")
        data = json.loads(self.client.get(self.url("sp-presence-export", "json")).content)
        states = {p["tpn"]: p["state"] for p in data["players"]}
        self.assertEqual((states[1], states[3], states[6], data["in_force"]), ("present", "not-present", "bye-Z", True))
        text = self.client.get(self.url("sp-presence-export", "csv")).content.decode()
        self.assertIn("1,\"Player00, Test\",2400,,present", text)
        self.assertEqual(self.client.get(self.url("sp-presence-export", "pdf"))["Content-Type"], "application/pdf")
        self.assertContains(self.client.get(self.url("sp-presence-print")), "<td>present</td>", count=2)  # as every form says it


@override_settings(SWISSPAIR_BACKGROUND_PLAYERS=5)
class PresenceJobTestCase(BaseTestCase):
    """A section paired as a background job honours the check-in too (the step runs inside the pairing)."""

    def test_the_job_pairs_those_ticked(self) -> None:
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-presence"), {"numbers": "1 2 3 4 5 6"})
        self.client.post(self.url("sp-pair"), pair_form("open", 1))
        job = Job.objects.get()
        jobs.run_queued()
        job.refresh_from_db()
        self.assertEqual(job.state, "done", job.message)
        rnd = self.section.round_set.get(number=1)
        paired = {b.white.tpn for b in rnd.boards.all()} | {b.black.tpn for b in rnd.boards.all()}
        self.assertEqual(paired, {1, 2, 3, 4, 5, 6})
        page = self.client.get(self.url("sp-results", 1)).content.decode()
        self.assertIn("7. Player06, Test — absent (zero-point bye): not ticked present before round 1", page)
