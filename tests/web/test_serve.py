"""``swisspair serve``: first start creates and migrates the database; the core stays free of Django."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from .helpers import ROOT, live_server, server_env


def test_it_keeps_the_core_free_of_django() -> None:
    """The core's command line lists ``serve`` and ``worker`` without importing the manager; their launchers
    (in the manager's package) import Django only when they run."""
    code = ("import sys, swisspair, swisspair.cli, swisspair.trf, swisspair.model, swisspair.errors;"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('django', 'swisspair_web')];"
            "assert not bad, bad;"
            "import swisspair_web.commands.serve, swisspair_web.commands.worker;"
            "bad = [m for m in sys.modules if m.split('.')[0] == 'django'];"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""})


def test_the_serve_command_is_listed_and_runs_from_the_manager() -> None:
    result = subprocess.run([sys.executable, "-m", "swisspair", "serve", "--help"], capture_output=True, text=True,
                            env={"PYTHONPATH": str(ROOT / "src"), "PATH": ""}, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "Run the tournament manager." in result.stdout


@pytest.mark.slow
def test_it_serves_a_demo_on_a_fresh_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "new" / "data"
    with live_server(data, {"SECRET_KEY": ""}, demo=True) as base:
        with urllib.request.urlopen(base + "/", timeout=30) as response:
            page = response.read().decode()
        assert "swisspair demo open" in page
        with urllib.request.urlopen(base + "/api/e/demo/open.json", timeout=30) as response:
            section = json.loads(response.read())
        assert len(section["players"]) == 24
    assert (data / "db.sqlite3").exists()
    assert (data / "secret_key").exists()


@pytest.mark.slow
def test_it_explains_a_missing_database_server(tmp_path: Path) -> None:
    env = server_env(tmp_path, {"DATABASE_URL": "postgres://nobody@127.0.0.1:1/none"})
    result = subprocess.run([sys.executable, "-m", "swisspair", "serve", "--data", str(tmp_path), "--port", "1"],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "database" in (result.stderr + result.stdout).lower()


def test_a_busy_port_is_one_line_before_the_browser_is_sent_there() -> None:
    """The socket is opened before ``point a browser at`` is printed: a port taken by another program is a one-line
    error of the command (exit code 3 through the command line), not a traceback after that line."""
    import socket

    import click

    from swisspair.commands.plumbing import click_exit_code
    from swisspair_web.commands.serve import listen

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(click.ClickException) as refused:
            listen(lambda environ, start: [], "127.0.0.1", port, 1)
    assert refused.value.format_message() == (f"cannot listen on 127.0.0.1:{port}: the port is in use (another "
                                              "server?): stop it or choose another port with --port")
    assert click_exit_code(refused.value) == 3


def test_the_web_entry_point_compiles_every_template_before_the_first_request() -> None:
    """``swisspair_web.wsgi`` warms the process (``--preload``: once, before gunicorn forks): the first
    request of a process costs what the next ones do."""
    from django.template import engines

    from swisspair_web import wsgi

    loader = engines["django"].engine.template_loaders[0]
    loader.reset()
    wsgi.warm()
    folder = wsgi.TEMPLATES["django"]
    names = {path.relative_to(folder).as_posix() for path in folder.rglob("*.html")}
    assert names and names <= set(loader.get_template_cache)
