"""DB rows <-> swisspair.model.Tournament, TRF import and export."""

from __future__ import annotations

from fractions import Fraction

from swisspair import trf
from swisspair.model import Colour, Result
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.reads.trf_export import trf_text
from swisspair_web.tournaments.rows import Board, Bye, Section

from .helpers import BaseTestCase


def _trf() -> str:
    from swisspair.model import Player as P
    from swisspair.model import RoundResult as R
    from swisspair.model import Tournament

    w, b = Colour.WHITE, Colour.BLACK
    t = Tournament(name="Import Test", rounds=5)
    rows = [
        (1, "Alpha, Anna", 2300, "BUL", [R(3, w, Result.WIN), R(2, b, Result.DRAW)]),
        (2, "Beta, Boris", 2200, "CZE", [R(4, b, Result.WIN), R(1, w, Result.DRAW)]),
        (3, "Gamma, Galina", 2100, "POL", [R(1, b, Result.LOSS), R(4, w, Result.DRAW)]),
        (4, "Delta, Dmitri", 2000, "RUS", [R(2, w, Result.LOSS), R(3, b, Result.DRAW)]),
        (5, "Epsilon, Ewa", 1900, "POL", [R.bye(Result.PAB), R.bye(Result.HALF_BYE)]),
    ]
    for tpn, name, rating, fed, results in rows:
        t.players[tpn] = P(tpn=tpn, name=name, rating=rating, federation=fed, results=results)
    return trf.dumps(t)


TRF = _trf()


class ConvertTestCase(BaseTestCase):
    players = 0

    def test_it_imports_a_trf(self) -> None:
        section = services.import_trf(self.event, self.alice, TRF, name="Imported", slug="imp")
        self.assertEqual(section.players.count(), 5)
        self.assertEqual(section.rounds, 5)
        self.assertEqual(section.round_set.count(), 2)
        self.assertEqual(Board.objects.filter(round__section=section).count(), 4)
        self.assertEqual(set(Bye.objects.filter(section=section).values_list("kind", flat=True)), {"U", "H"})
        data = SectionData.load(section)
        t = to_tournament(data).tournament
        self.assertEqual(t.score(1), Fraction(3, 2))
        self.assertEqual(t.score(5), Fraction(3, 2))
        self.assertEqual(t.player(1).result(1).colour, Colour.WHITE)
        self.assertEqual(t.player(3).result(1).result, Result.LOSS)

    def test_it_round_trips_games_and_byes(self) -> None:
        section = services.import_trf(self.event, self.alice, TRF, name="Imported", slug="imp")
        again = trf.loads(trf_text(section)).tournament
        original = trf.loads(TRF).tournament
        for tpn in original.players:
            self.assertEqual(again.player(tpn).results, original.player(tpn).results)
            self.assertEqual(again.score(tpn), original.score(tpn))
        self.assertEqual(again.rounds, 5)

    def test_it_rejects_a_malformed_trf(self) -> None:
        with self.assertRaises(services.OperationError):
            services.import_trf(self.event, self.alice, "001 xx garbage\n", name="Bad", slug="bad")
        with self.assertRaises(services.OperationError):
            services.import_trf(self.event, self.alice, "\x00\x01", name="Bad", slug="bad")
        self.assertFalse(Section.objects.filter(slug="bad").exists())

    def test_it_rejects_asymmetric_games(self) -> None:
        lines = TRF.splitlines()
        index = next(i for i, line in enumerate(lines) if "Beta" in line)
        lines[index] = lines[index][:-10] + "     3 w ="
        bad = "\n".join(lines) + "\n"
        with self.assertRaises(services.OperationError):
            services.import_trf(self.event, self.alice, bad, name="Bad", slug="bad")
        self.assertFalse(Section.objects.filter(slug="bad").exists())

    def test_it_computes_baku_virtual_points_by_the_text(self) -> None:
        """C.04.7 1.2: GA is the first 2 * ceil(N / 4) players (10 -> 6, where bbpPairings takes 5);
        R = 7: A = 4 accelerated rounds, W in rounds 1-2, W/2 in rounds 3-4."""
        services.add_players(self.section, self.alice, [services.PlayerData(name=f"P{i}") for i in range(10)])
        self.section.acceleration = Section.BAKU
        self.section.rounds = 7
        self.section.save()
        values = to_tournament(SectionData.load(self.section), next_round=True).tournament.accelerations
        self.assertEqual(sorted(values), [1, 2, 3, 4, 5, 6])
        self.assertEqual(values[1], {1: Fraction(1), 2: Fraction(1), 3: Fraction(1, 2), 4: Fraction(1, 2)})

    def test_it_marks_withdrawn_players_absent_for_the_next_round(self) -> None:
        services.add_players(self.section, self.alice, [services.PlayerData(name=f"P{i}") for i in range(4)])
        player = self.section.players.get(tpn=2)
        services.set_withdrawn(player, self.alice, 1)
        t = to_tournament(SectionData.load(self.section), next_round=True).tournament
        self.assertEqual(t.player(2).result(1).result, Result.ZERO_BYE)
        self.assertEqual(t.player(1).result(1).result, Result.ABSENT)
