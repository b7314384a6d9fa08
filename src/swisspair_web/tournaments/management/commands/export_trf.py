"""``export_trf EVENT SECTION [-o FILE]``: the TRF of a section (for rating reports)."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from swisspair_web.tournaments.reads.trf_export import trf_text
from swisspair_web.tournaments.rows import Section


class Command(BaseCommand):
    help = "Write the TRF of a section to standard output or a file."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event")
        parser.add_argument("section")
        parser.add_argument("-o", "--output", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        section = Section.objects.select_related("event").filter(
            event__slug=options["event"], slug=options["section"]).first()
        if section is None:
            raise CommandError(f"no section {options['event']}/{options['section']}")
        text = trf_text(section)
        if options["output"] is None:
            self.stdout.write(text, ending="")
        else:
            from swisspair.fileio import write_atomically

            write_atomically(options["output"], text)
