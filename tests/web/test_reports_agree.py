"""``swisspair report`` on the TRF the manager exports gives the figures of the manager's own pages: the rating
report, the performance, the norms, the categories and the prize list are computed by the same core code
(swisspair.reports)."""

from __future__ import annotations

import json
import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from swisspair.cli import cli
from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import categories, norms, prizes, ratings, standings
from swisspair_web.tournaments.reads.convert import SectionData
from swisspair_web.tournaments.rows import Category, Player

from .helpers import BaseTestCase

RESULTS = ["10", "01", "==", "10", "+-"]
"""Board 1's result, board 2's... of each round (a forfeit on board 5 is not rated)."""


class ReportsAgreeTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.event.start_date, self.event.end_date = "2026-03-01", "2026-03-05"
        self.event.save()
        for tpn in range(1, self.players + 1):
            Player.objects.filter(section=self.section, tpn=tpn).update(
                birth_date=f"{2004 + tpn}/06/01", sex="w" if tpn % 3 == 0 else "m",
                federation=("BUL", "GER", "FRA")[tpn % 3], title="IM" if tpn == 1 else "")
        Category.objects.filter(section=self.section, code="").update(prizes="1000 600 400")
        Category.objects.create(section=self.section, code="U18", name="Under 18", age_below=18, order=2,
                                prizes="100 50")
        for number in range(1, self.section.rounds + 1):
            rnd = self.pair().round
            services.set_results(rnd, self.alice, {b.number: (RESULTS[(b.number + number) % 5], services.seen(b))
                                                   for b in rnd.boards.all()}, withdraw_no_shows=False)
            services.publish_round(rnd, self.alice)
        self.client.login(username="bob", password="password")
        self.trf = Path(self.enterContext(tempfile.TemporaryDirectory())) / "open.trf"
        self.trf.write_bytes(self.client.get(self.url("sp-export-trf")).content)
        self.data = SectionData.load(self.section)

    def report(self, *args: str) -> dict[str, Any]:
        tiebreaks = ",".join(self.section.tiebreak_codes)
        options = ["--tiebreaks", tiebreaks] if args[0] in ("categories", "prizes") else []
        result = CliRunner().invoke(cli, ["report", args[0], str(self.trf), *args[1:], *options, "--json"])
        self.assertEqual(result.exit_code, 0, result.output)
        data: dict[str, Any] = json.loads(result.stdout)
        return data

    def test_every_report_agrees_with_its_page(self) -> None:
        """One event for the five reports (its set-up is most of the test's time)."""
        self.rating_report_and_performance()
        self.norm_checks()
        self.categories_and_prize_list()

    def rating_report_and_performance(self) -> None:
        page = ratings.compute(self.data, 5).report
        cli_report = self.report("ratings")
        self.assertEqual(cli_report["regulations"], page.regulations.value)
        self.assertEqual([(p["tpn"], p["k"], p["change"], p["change_exact"] and Fraction(p["change_exact"]))
                          for p in cli_report["players"]],
                         [(p.tpn, p.k, p.change, p.change_exact) for p in page.players])
        self.assertTrue(any(p.change for p in page.players))
        performance = self.report("performance")["players"]
        self.assertEqual([(p["tpn"], p["performance"], p["average"], p["percent"]) for p in performance],
                         [(p.tpn, *(p.performance or (None, None, None))) for p in page.players])

    def norm_checks(self) -> None:
        page = norms.compute(self.data, 5)
        cli_report = self.report("norms")
        self.assertEqual([[(c["title"], c["achieved"], c["performance"], [f["text"] for f in c["failures"]])
                           for c in p["checks"]] for p in cli_report["players"]],
                         [[(c.title.value, c.achieved, c.performance, c.failures) for c in player.checks]
                          for player, _ in page.players])

    def categories_and_prize_list(self) -> None:
        table = standings.table(self.data)
        views = categories.category_views(self.data, table, categories.settings_of(self.section))
        shown = self.report("categories", "-c", "U18")["categories"]
        self.assertEqual([[(r["place"], r["tpn"], r["overall"]) for r in c["standings"]] for c in shown],
                         [[(line.place_text, line.tpn, line.overall) for line, _ in v.lines] for v in views[1:]])
        self.assertTrue(shown[0]["standings"])
        page = prizes.compute(self.data).as_dict()
        cli_list = self.report("prizes", "--prizes", "1000 600 400", "-c", "U18=100 50")
        self.assertEqual(cli_list["categories"], page["categories"])
        self.assertEqual(len(page["categories"][0]["awards"]), 3)
