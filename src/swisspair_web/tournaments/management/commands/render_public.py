"""``python -m swisspair_web render_public``: render the public pages of every public event now.

What the workers do after each change (tournaments/render.py), for all events at once: after an
upgrade (a new version renders every page again), after restoring a database, or to fill
``SWISSPAIR_PUBLIC_DIR`` on a new web machine. Pages whose fingerprint did not change are not rebuilt.
"""

from __future__ import annotations

import time
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from swisspair_web.tournaments.public import render, store
from swisspair_web.tournaments.rows import Event


class Command(BaseCommand):
    help = "Render the public pages of every public event (or of --event SLUG) to files now."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--event", action="append", default=[], help="Only this event (short name); repeatable.")

    def handle(self, *args: Any, event: list[str], **options: Any) -> None:
        if not store.enabled():
            raise CommandError("SWISSPAIR_PUBLIC_FILES is off: nothing to render")
        events = Event.objects.filter(slug__in=event) if event else Event.objects.filter(public=True)
        started, built, count = time.monotonic(), 0, 0
        for pk in events.values_list("pk", flat=True):
            built += render.render_event(pk)
            count += 1
        self.stdout.write(f"{count} events, {built} pages built in {time.monotonic() - started:.1f} s "
                          f"into {store.root()}")
