"""The scores before a round, summed in integer units of the scoring, equal the core's ``Tournament.score``
of :func:`to_tournament` (C.04.1 scores; byes, forfeits, absences and unfinished rounds as the core records
them) on imported events with forfeits and byes, a game still on the board, a withdrawal and other scorings."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads.convert import SectionData, scores_after, to_tournament
from swisspair_web.tournaments.rows import Board, Round, Section

from .helpers import BaseTestCase

CORPUS = Path(__file__).resolve().parents[1] / "corpus" / "dutch"
FILES = ("dev-000007.trf", "dev-000029.trf", "dev-000035.trf")
SCORINGS: tuple[dict[str, Decimal], ...] = (
    {},  # FIDE's 1 / ½ / 0
    {"win": Decimal(3), "draw": Decimal(1), "pab": Decimal(2), "half_bye": Decimal("1.5"),
     "forfeit_loss": Decimal("-1"), "zero_bye": Decimal("0.25")},  # football-style, absences scoring
)


class ScoresAfterTestCase(BaseTestCase):
    players = 0

    def assert_same_scores(self, section: Section) -> None:
        data = SectionData._read(section)
        for last in range(data.paired_rounds + 1):
            tournament = to_tournament(data, upto=last).tournament
            expected = {p.id: tournament.score(p.tpn) for p in data.players}
            self.assertEqual(scores_after(data, last), expected, f"after round {last}")

    def test_scores_after_each_round_equal_the_cores(self) -> None:
        for index, name in enumerate(FILES):
            section = services.import_trf(self.event, self.alice, (CORPUS / name).read_text(), name=name,
                                          slug=f"s{index}")
            middle = Round.objects.get(section=section, number=2)
            board = Board.objects.filter(round=middle).exclude(result="").order_by("number").first()
            assert board is not None
            Board.objects.filter(pk=board.pk).update(result="")  # a game still on the board in round 2
            player = section.players.order_by("tpn").last()
            assert player is not None
            player.withdrawn_from = 3
            player.save(update_fields=["withdrawn_from"])
            gone = Board.objects.filter(round__section=section, round__number__gte=3)
            gone.filter(white=player).delete()  # his games from round 3 on never played: absent in settled rounds
            gone.filter(black=player).delete()
            section.byes.filter(player=player, round_number__gte=3).delete()
            for scoring in SCORINGS:
                with self.subTest(file=name, scoring=scoring):
                    Section.objects.filter(pk=section.pk).update(**{**{f: Section._meta.get_field(f).default for f in
                                                                       SCORINGS[1]}, **scoring})
                    section.refresh_from_db()
                    self.assert_same_scores(section)
