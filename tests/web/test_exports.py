"""TRF, CSV, printable HTML, PDF, and the management commands."""

from __future__ import annotations

import io
import tempfile
from pathlib import Path

from django.core.management import call_command

from swisspair import trf
from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Section

from .helpers import BaseTestCase, play_next


class ExportsTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        play_next(cls.section, cls.alice)
        play_next(cls.section, cls.alice, "==")
        for rnd in cls.section.round_set.all():
            services.publish_round(rnd, cls.alice)

    def test_it_exports_trf(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.get(self.url("sp-export-trf"))
        self.assertEqual(response.status_code, 200)
        t = trf.loads(response.content.decode()).tournament
        self.assertEqual(len(t), 10)
        self.assertEqual(t.paired_rounds, 2)
        self.assertEqual(sum(t.score(p) for p in t.players), 10)
        self.assertTrue(all(p.rank for p in t))

    def test_it_exports_csv(self) -> None:
        text = self.client.get(self.url("sp-export-csv", "standings")).content.decode()
        self.assertTrue(text.startswith("rank,tpn,name"))
        self.assertEqual(len(text.strip().splitlines()), 11)
        pairings = self.client.get(self.url("sp-export-csv", "1")).content.decode()
        self.assertIn("1-0", pairings)

    def test_it_prints_html(self) -> None:
        for what in ("pairings-1", "sheets-2", "standings"):
            response = self.client.get(self.url("sp-print", what))
            self.assertEqual(response.status_code, 200, what)
            self.assertContains(response, "Player00, Test")

    def test_it_exports_pdf(self) -> None:
        for what in ("pairings-1", "sheets-1", "standings"):
            response = self.client.get(self.url("sp-export-pdf", what))
            self.assertEqual(response.status_code, 200, what)
            self.assertEqual(response["Content-Type"], "application/pdf")
            self.assertTrue(response.content.startswith(b"%PDF"))
        self.assertEqual(self.client.get(self.url("sp-export-pdf", "nonsense")).status_code, 404)

    def test_the_commands_export_and_import_trf(self) -> None:
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "out.trf"
            call_command("export_trf", "test", "open", "-o", str(path))
            call_command("import_trf", "copy", str(path), "--section", "main", stdout=io.StringIO())
        copy = Section.objects.get(event__slug="copy", slug="main")
        self.assertEqual(copy.players.count(), 10)
        self.assertEqual(copy.round_set.count(), 2)
        out = io.StringIO()
        call_command("export_trf", "copy", "main", stdout=out)
        self.assertEqual(trf.loads(out.getvalue()).tournament.paired_rounds, 2)
