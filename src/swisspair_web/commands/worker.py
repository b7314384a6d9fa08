"""``swisspair worker``: run the manager's background jobs (pairing big sections, importing big TRF files).

The core's command line imports this module only when the command runs (``swisspair.cli.LAZY_COMMANDS``);
Django is imported inside the command, so that without the web extra it says what to install.
"""

from __future__ import annotations

from pathlib import Path

import click


@click.command("worker")
@click.option("--data", "data_dir", default=None, envvar="SWISSPAIR_DATA",
              type=click.Path(file_okay=False, path_type=Path),
              help="Directory of the SQLite database and the secret key (the same as 'swisspair serve'; by "
                   "default the user's data directory).")
@click.option("--interval", default=1.0, show_default=True, type=float,
              help="Seconds between looks at an empty queue.")
@click.option("--batch", is_flag=True, help="Run the jobs waiting now, then stop.")
@click.option("--queue", default="*", show_default=True,
              help="The queues to run, separated by commas: 'default' (the arbiters' jobs: pairing, imports), "
                   "'public' (rendering the public pages), '*' both.")
def worker(data_dir: Path | None, interval: float, batch: bool, queue: str) -> None:
    """Run background jobs of the tournament manager until stopped.

    Use with a shared database (DATABASE_URL=postgres://...): start any number of
    workers, on any machine that reaches the database. 'swisspair serve' alone
    runs its jobs itself and needs none.

    Example:

    \b
        DATABASE_URL=postgres://swisspair:secret@db/swisspair swisspair worker

    Arbiters first: one worker for their jobs, so that a pairing never waits behind
    the rendering of the public pages, and one or more for the pages:

    \b
        swisspair worker --queue default
        swisspair worker --queue public
    """
    from swisspair_web.commands.serve import use_data_dir

    use_data_dir(data_dir)
    import django as dj

    dj.setup()
    from django.core.management import call_command
    from django.core.management.base import CommandError

    try:
        call_command("worker", interval=interval, batch=batch, queue=queue)
    except CommandError as error:
        raise click.ClickException(str(error)) from None
