"""``python -m swisspair_web worker``: run background jobs (the queue's ``db_worker``, plus a sweeper).

The sweeper queues again the jobs whose worker died (no heartbeat for ``SWISSPAIR_JOB_STALE``
seconds), see :mod:`swisspair_web.tournaments.services.jobs`. Start as many workers as the machine has cores
to spare, on any machine that reaches the database; SIGTERM or Ctrl+C stops a worker after its task.
"""

from __future__ import annotations

import threading
from argparse import ArgumentParser
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils.crypto import get_random_string

from swisspair_web.tournaments.services import jobs


def _require_migrated() -> None:
    """Stop with a clear message when the database's tables are missing or out of date."""
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        raise CommandError("the database is not set up or not up to date: run 'python -m swisspair_web migrate' "
                           "(or start 'swisspair serve' once) with the same settings, then start the worker")


class Command(BaseCommand):
    help = "Run background jobs (pairing big sections, importing big TRF files) until stopped."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--interval", type=float, default=1.0,
                            help="Seconds between looks at an empty queue (default 1).")
        parser.add_argument("--batch", action="store_true", help="Run the queued jobs, then stop.")
        parser.add_argument("--worker-id", default="", help="A name for this worker (default: random).")
        parser.add_argument("--queue", default="*",
                            help="The queues to run, separated by commas: 'default' (the arbiters' jobs: pairing, "
                                 "imports), 'public' (rendering the public pages) or '*' for both (default).")

    def handle(self, *args: Any, interval: float, batch: bool, worker_id: str, queue: str, **options: Any) -> None:
        _require_migrated()
        jobs.requeue_stale()
        stop = threading.Event()
        sweeper = threading.Thread(target=jobs.sweep_forever, args=(stop,), name="swisspair-sweeper", daemon=True)
        sweeper.start()
        try:
            call_command("db_worker", queue_name=queue, interval=interval, batch=batch, reload=False,
                         startup_delay=False,
                         worker_id=worker_id or f"swisspair-{get_random_string(12)}",
                         verbosity=options.get("verbosity", 1))
        finally:
            stop.set()
