"""One default data directory for every command; nothing is created in the checkout (STYLE 16)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from swisspair_web import datadir

from .helpers import ROOT


def test_the_default_is_the_users_data_directory(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("SWISSPAIR_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.chdir(tmp_path)
    if sys.platform not in ("win32", "darwin"):
        assert datadir.data_dir() == tmp_path / "xdg" / "swisspair"
    assert datadir.data_dir() != Path.cwd()
    monkeypatch.setenv("SWISSPAIR_DATA", "elsewhere")
    assert datadir.data_dir() == (tmp_path / "elsewhere").resolve()


def test_serve_and_worker_use_the_same_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from swisspair_web.commands.serve import serve, use_data_dir
    from swisspair_web.commands.worker import worker

    saved = os.environ.get("SWISSPAIR_DATA")
    monkeypatch.delenv("SWISSPAIR_DATA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    try:
        use_data_dir(None)
        assert os.environ["SWISSPAIR_DATA"] == str(datadir.user_data_dir())
    finally:
        os.environ.pop("SWISSPAIR_DATA", None)
        if saved is not None:
            os.environ["SWISSPAIR_DATA"] = saved
    for command in (serve, worker):
        help_text = " ".join(CliRunner().invoke(command, ["--help"]).output.split())
        assert "the user's data directory" in help_text and "swisspair-data" not in help_text


def test_the_checkout_has_no_database() -> None:
    tracked = subprocess.run(["git", "ls-files", "db.sqlite3", "swisspair-data"], cwd=ROOT, text=True,
                             capture_output=True).stdout
    assert tracked == ""
    run = (ROOT / "scripts" / "run.sh").read_text(encoding="utf-8")
    assert "--data" not in run


@pytest.mark.slow
def test_createsuperuser_from_the_checkout_works_on_the_same_data_directory(tmp_path: Path) -> None:
    """``python -m swisspair_web createsuperuser``, run from the checkout as the docs say, on a new data
    directory: the tables are created there first, and nothing appears in the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("SWISSPAIR_DATA", "DATABASE_URL",
                                                            "DJANGO_SETTINGS_MODULE")}
    env.update({"XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path), "SECRET_KEY": "data-dir-test",
                "DJANGO_SUPERUSER_PASSWORD": "Kf3-Qh5 mate!", "PYTHONPATH": str(ROOT / "src")})
    done = subprocess.run([sys.executable, "-m", "swisspair_web", "createsuperuser", "--noinput", "--username",
                           "root", "--email", "root@example.org"], cwd=ROOT, env=env, text=True, capture_output=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    database = tmp_path / "xdg" / "swisspair" / "db.sqlite3"
    assert database.exists()
    if os.name != "nt":  # password hashes and e-mail addresses: the owner's only
        assert (database.stat().st_mode & 0o777, database.parent.stat().st_mode & 0o777) == (0o600, 0o700)
    for name in ("db.sqlite3", "secret_key", "swisspair-data", "uploads"):
        for where in (ROOT, ROOT / "src"):
            assert not (where / name).exists(), f"{where / name} created in the checkout"
