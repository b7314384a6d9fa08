"""``swisspair serve``: the tournament manager (web application).

The core's command line imports this module only when the command runs (``swisspair.cli.LAZY_COMMANDS``);
Django is imported inside the command, so that without the web extra it says what to install.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from wsgiref.types import WSGIApplication


DATA_HELP = ("Directory for the SQLite database, the secret key and uploads (created on first start); default: "
             "the user's data directory, the same for every command (~/.local/share/swisspair on Linux).")


def use_data_dir(data_dir: Path | None) -> None:
    """Check that the web extra is installed, then point the manager's settings at ``data_dir`` (``None``: the
    one default data directory, ``swisspair_web.datadir.data_dir()``).

    :raises: :exc:`click.ClickException` (exit 3) without the web extra.
    """
    try:
        import django  # noqa: F401
    except ImportError:
        raise click.ClickException("the manager needs the web extra: pip install 'swisspair[web]'") from None
    from swisspair_web.datadir import data_dir as default
    from swisspair_web.datadir import make_private_dir

    if data_dir is None:
        data_dir = default()
    make_private_dir(data_dir)  # the database, the secret key, uploads: readable by their owner only
    os.environ["SWISSPAIR_DATA"] = str(data_dir.resolve())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspair_web.settings")


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, envvar="SWISSPAIR_HOST",
              help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, envvar="SWISSPAIR_PORT",
              help="Port to listen on.")
@click.option("--data", "data_dir", default=None, envvar="SWISSPAIR_DATA",
              type=click.Path(file_okay=False, path_type=Path), help=DATA_HELP)
@click.option("--demo", is_flag=True, help="Create a demo event and a 'demo' account (password 'demo').")
@click.option("--threads", default=8, show_default=True, type=int, help="Threads serving requests.")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(min=0), envvar="SWISSPAIR_WORKERS",
              help="Threads running background jobs in this process (0: leave them to 'swisspair worker').")
def serve(host: str, port: int, data_dir: Path | None, demo: bool, threads: int, workers: int) -> None:
    """Run the tournament manager.

    SQLite in the data directory by default (created and migrated on first start);
    PostgreSQL when DATABASE_URL is set (e.g. postgres://user:pw@host/db).

    Example:

        swisspair serve --demo
    """
    use_data_dir(data_dir)
    if host not in ("127.0.0.1", "localhost", "::1", "0.0.0.0", "::"):
        os.environ.setdefault("ALLOWED_HOSTS", f"{host},127.0.0.1,localhost")
    elif host in ("0.0.0.0", "::"):
        os.environ.setdefault("ALLOWED_HOSTS", "*")
    import django as dj

    dj.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    from swisspair_web.tournaments.services.jobs import requeue_stale, start_worker_threads

    requeue_stale()  # jobs of a server that was killed: nothing of theirs was written; they run again
    if workers:
        start_worker_threads(workers)
    if demo:
        from swisspair_web.tournaments.services.demo import create_demo

        event, created = create_demo()
        click.echo(f"demo event: /e/{event.slug}/" + (" (log in as demo / demo)" if created else ""))
    from swisspair_web.wsgi import application

    database = settings.DATABASES["default"]
    engine, name = str(database["ENGINE"]), str(database["NAME"])
    where = name if engine.endswith("sqlite3") else f"{engine} {name}"
    shown = f"[{host}]" if ":" in host else host
    run = listen(application, host, port, threads)  # a busy port is said before the browser is sent there
    click.echo(f"swisspair manager: database {where}")
    click.echo(f"point a browser at http://{shown}:{port}/   (Ctrl+C to stop)")
    sys.stdout.flush()
    run()


def listen(application: WSGIApplication, host: str, port: int, threads: int) -> Callable[[], None]:
    """Open the server's socket on ``host:port``; what serves on it until Ctrl+C.

    :raises: :exc:`click.ClickException` (one line, exit code 3: the options cannot be used) when the
        address cannot be listened on: the port is taken by another program, or needs privileges.
    """
    try:
        return _server(application, host, port, threads)
    except OSError as error:
        reason = ("the port is in use (another server?): stop it or choose another port with --port"
                  if error.errno == errno.EADDRINUSE else error.strerror or str(error))
        raise click.ClickException(f"cannot listen on {host}:{port}: {reason}") from None


def _server(application: WSGIApplication, host: str, port: int, threads: int) -> Callable[[], None]:
    """A waitress server when installed, else a threaded wsgiref server, bound to ``host:port``."""
    try:
        import waitress.server
    except ImportError:
        pass
    else:
        from swisspair_web.proxy import waitress_trust

        server = waitress.server.create_server(application, host=host, port=port, threads=threads,
                                               **waitress_trust())
        return server.run  # it closes the server on Ctrl+C
    import socket
    import socketserver
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

    class Server(socketserver.ThreadingMixIn, WSGIServer):
        daemon_threads = True
        address_family = socket.AF_INET6 if ":" in host else socket.AF_INET

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    wsgi = make_server(host, port, application, server_class=Server, handler_class=QuietHandler)

    def serve_wsgiref() -> None:
        with wsgi:
            try:
                wsgi.serve_forever()
            except KeyboardInterrupt:
                pass
    return serve_wsgiref
