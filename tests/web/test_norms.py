"""The title norms page (FIDE B.01 1.4): every check with its figures and the requirement that failed, the
1.4.3 a-d exemption from the section's settings, translated."""

from __future__ import annotations

import pytest

from swisspair.norms import NormTitle, norms_report
from swisspair_web.tournaments.reads import norms
from swisspair_web.tournaments.reads.convert import SectionData, to_tournament
from swisspair_web.tournaments.rows import AwardSettings, Player

from .helpers import BaseTestCase, play_next

TITLES = ["GM", "GM", "GM", "IM", "IM", "FM", "WGM", "", "", ""]
FEDERATIONS = ["BUL", "GER", "FRA", "BUL", "ITA", "BUL", "BUL", "BUL", "ESP", "BUL"]


class NormsTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        cls.section.rounds = 9
        cls.section.save()
        for index, (title, fed) in enumerate(zip(TITLES, FEDERATIONS)):
            Player.objects.filter(section=cls.section, tpn=index + 1).update(title=title, federation=fed,
                                                                             sex="w" if index in (6, 9) else "m")
        for _ in range(9):  # ten players, nine rounds: everybody meets everybody
            play_next(cls.section, cls.alice)

    @pytest.mark.slow
    def test_it_checks_every_norm_each_player_may_seek(self) -> None:
        view = norms.compute(SectionData.load(self.section), 9)
        sought = {norms.tpn: [c.title for c in norms.checks] for norms, _player in view.players}
        self.assertEqual(sought[1], [])  # a GM seeks nothing
        self.assertEqual(sought[4], [NormTitle.GM])
        self.assertEqual(sought[7], [NormTitle.GM, NormTitle.IM])  # a WGM
        self.assertEqual(sought[10], [NormTitle.GM, NormTitle.IM, NormTitle.WGM, NormTitle.WIM])
        # the page's figures are the core's, on the same rounds
        core = norms_report(to_tournament(SectionData.load(self.section)).tournament)
        self.assertEqual([c.failures for n in core for c in n.checks],
                         [c.failures for n, _p in view.players for c in n.checks])
        check = next(c for n, _p in view.players if n.tpn == 8 for c in n.checks if c.title is NormTitle.IM)
        tournament = to_tournament(SectionData.load(self.section)).tournament
        met = [FEDERATIONS[o - 1] for o in tournament.opponents(8)]
        self.assertEqual(check.games, 9)
        self.assertEqual(dict(check.federations), {fed: met.count(fed) for fed in set(met)})

    def test_the_page_shows_the_figures_and_the_failures_translated(self) -> None:
        self.client.login(username="bob", password="password")
        page = self.client.get(self.url("sp-norms")).content.decode()
        self.assertIn("after round 9", page)
        self.assertIn('id="norms"', page)
        self.assertIn("1.4.8", page)
        self.client.cookies["django_language"] = "bg"
        page = self.client.get(self.url("sp-norms")).content.decode()
        self.assertIn("Норми за звания", page)
        self.assertIn("нужен е поне", page)  # a failure in Bulgarian

    def test_the_exemption_waives_the_federation_requirements_1_4_3(self) -> None:
        def federation_failures() -> list[str]:
            view = norms.compute(SectionData.load(self.section), 9)
            return [f for n, _p in view.players for c in n.checks for f in c.failures if f.startswith("1.4.4")]

        # with player 9 from BUL too, some BUL player met more BUL opponents than 3/5 of 9 (5) allows
        Player.objects.filter(section=self.section, tpn=9).update(federation="BUL")
        self.assertTrue(federation_failures())
        AwardSettings.objects.filter(section=self.section).update(norms_waived=True)
        self.assertEqual(federation_failures(), [])
        self.assertContains(self.client.get(self.url("sp-norms")), "1.4.3 a-d")
