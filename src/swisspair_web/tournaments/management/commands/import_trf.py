"""``import_trf EVENT FILE``: a new section of an event from a TRF file (one transaction)."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import Event


class Command(BaseCommand):
    help = "Import a TRF file as a new section (the event is created if missing)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("event", help="event short name (slug)")
        parser.add_argument("file", type=Path)
        parser.add_argument("--section", default="open", help="section short name (default: open)")
        parser.add_argument("--name", default="", help="section name (default: the section short name)")
        parser.add_argument("--system", default="dutch")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            text = options["file"].read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"cannot read {options['file']}: {error}") from None
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            event = services.create_event(None, name=options["event"], slug=options["event"])
        try:
            section = services.import_trf(event, None, text, name=options["name"] or options["section"].title(),
                                          slug=options["section"], system=options["system"])
        except services.OperationError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"imported {section.players.count()} players into {event.slug}/{section.slug}")
