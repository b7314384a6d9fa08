"""Pairing the next round, unpairing, adjustments, unfinished games."""

from __future__ import annotations

import pytest

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import AuditEntry, Board, Bye, Round, registry

from .helpers import BaseTestCase, pair_form, token


class PairTestCase(BaseTestCase):
    players = 9

    def test_it_pairs_through_the_view(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-pair"), pair_form("open", "1"))
        self.assertRedirects(response, self.url("sp-results", 1))
        rnd = Round.objects.get(section=self.section, number=1)
        self.assertEqual(rnd.boards.count(), 4)
        self.assertFalse(rnd.published)
        self.assertEqual(Bye.objects.get(round_number=1, kind="U").player.tpn, 9)
        self.assertTrue(AuditEntry.objects.filter(action="paired", user=self.bob).exists())

    def test_it_refuses_a_stale_pair_request(self) -> None:
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-pair"), pair_form("open", "1"))
        self.client.post(self.url("sp-pair"), pair_form("open", "1"))  # a double submission
        self.assertEqual(Round.objects.count(), 1)

    def test_it_refuses_to_pair_with_missing_results(self) -> None:
        self.pair()
        with self.assertRaises(services.OperationError):
            self.pair()

    def test_it_pairs_counting_unfinished_games_as_draws(self) -> None:
        rnd = self.pair().round
        boards = list(rnd.boards.all())
        services.set_results(rnd, self.alice, {b.number: ("10", services.seen(b)) for b in boards[:-1]})
        self.section.refresh_from_db()
        outcome = services.pair_next_round(self.section, self.alice, allow_pending=True)
        self.assertEqual(outcome.round.number, 2)
        self.assertTrue(outcome.warnings)

    def test_it_writes_nothing_when_the_section_changed_meanwhile(self) -> None:
        stale = type(self.section).objects.get(pk=self.section.pk)
        services.add_players(self.section, self.alice, [services.PlayerData(name="Extra, E")])
        with self.assertRaises(services.Conflict):
            services.pair_next_round(stale, self.alice)
        self.assertFalse(Round.objects.exists())

    def test_it_writes_nothing_when_the_engine_fails(self) -> None:
        from swisspair.errors import NoValidPairingError

        def broken(t, system):  # type: ignore[no-untyped-def]
            raise NoValidPairingError("no pairing")

        registry.PAIRER.append(broken)
        try:
            with self.assertRaises(services.OperationError):
                self.pair()
        finally:
            registry.PAIRER.pop()
        self.assertFalse(Round.objects.exists())

    def test_it_unpairs_the_last_round(self) -> None:
        self.play_round()
        rnd = self.pair().round
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-unpair", 2), token(self.section, 2, results=True))
        self.assertEqual(response.status_code, 302)
        self.assertFalse(Round.objects.filter(pk=rnd.pk).exists())
        self.assertFalse(Bye.objects.filter(round_number=2, kind="U").exists())
        self.assertEqual(Round.objects.count(), 1)

    def test_it_forgets_the_absences_of_an_unpaired_round(self) -> None:
        player = self.section.players.get(tpn=2)
        services.set_withdrawn(player, self.alice, 1)
        self.pair()
        self.section.refresh_from_db()
        services.unpair_last_round(self.section, self.alice)
        player.refresh_from_db()
        services.set_withdrawn(player, self.alice, None)
        rnd = self.pair().round
        self.assertTrue(rnd.boards.filter(white=player).exists() or rnd.boards.filter(black=player).exists())

    def test_it_asks_before_discarding_results(self) -> None:
        self.play_round()
        with self.assertRaises(services.OperationError):
            services.unpair_last_round(self.section, self.alice)
        self.section.refresh_from_db()
        services.unpair_last_round(self.section, self.alice, discard_results=True)
        self.assertFalse(Round.objects.exists())

    def test_it_flips_colours_and_warns_about_rematches(self) -> None:
        self.play_round()
        rnd = self.pair().round
        first = rnd.boards.get(number=1)
        warnings = services.adjust_round(rnd, self.alice, "flip", 1)
        first.refresh_from_db()
        self.assertTrue(Round.objects.get(pk=rnd.pk).adjusted)
        self.assertIsInstance(warnings, list)
        # force a rematch: swap black players so that a round-1 pair meets again
        r1 = {(b.white.tpn, b.black.tpn) for b in Round.objects.get(number=1).boards.select_related("white", "black")}
        boards = list(rnd.boards.select_related("white", "black"))
        found = False
        for a in boards:
            for b in boards:
                if a.number != b.number and ((a.white.tpn, b.black.tpn) in r1 or (b.black.tpn, a.white.tpn) in r1):
                    self.section.refresh_from_db()
                    warnings = services.adjust_round(rnd, self.alice, "swap-black", a.number, b.number)
                    self.assertTrue(any("met already" in w for w in warnings), warnings)
                    found = True
                    break
            if found:
                break

    def test_it_forces_a_pair(self) -> None:
        rnd = self.pair().round
        boards = list(rnd.boards.select_related("white", "black"))
        a, b = boards[0].white.tpn, boards[1].black.tpn
        others = {boards[0].black.tpn, boards[1].white.tpn}
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-adjust", 1), {"action": "force", "board_a": str(a), "board_b": str(b),
                                                    **token(self.section, 1)})
        after = {frozenset((x.white.tpn, x.black.tpn)) for x in rnd.boards.select_related("white", "black")}
        self.assertIn(frozenset((a, b)), after)
        self.assertIn(frozenset(others), after)
        self.assertEqual(len(after), 4)
        self.assertTrue(AuditEntry.objects.filter(action="adjusted").exists())

    @pytest.mark.slow
    def test_it_pairs_seven_rounds_with_the_core_engine(self) -> None:
        registry.PAIRER.append(registry._core_pair)
        try:
            for number in range(1, 6):
                rnd = self.pair().round
                services.set_results(rnd, self.alice,
                                     {b.number: ("10" if (b.number + number) % 3 else "==", services.seen(b))
                                      for b in rnd.boards.all()})
            self.assertEqual(Board.objects.count(), 20)
        finally:
            registry.PAIRER.pop()
        self.section.refresh_from_db()
        with self.assertRaises(services.OperationError):
            self.pair()  # all 5 rounds paired
