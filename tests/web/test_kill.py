"""Killing the server in the middle of pairing or of an import leaves the database as it was."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest

from .helpers import HttpClient, create_users, form_value, live_server, seed_event, sql
from .test_convert import TRF

pytestmark = pytest.mark.slow  # starts and kills server processes: the full tier only

PRELUDE = """
import django, pathlib, time
_setup = django.setup
def _patched_setup(*args, **kwargs):
    _setup(*args, **kwargs)
    from swisspair.model import Board, RoundPairing
    from swisspair_web.tournaments import services
    from swisspair_web.tournaments.rows import registry
    def checkpoint():
        pathlib.Path({marker!r}).write_text("inside the transaction")
        time.sleep(600)
    def halves(t, system):
        tpns = sorted(t.players)
        half = len(tpns) // 2
        return RoundPairing(t.paired_rounds + 1, tuple(Board(tpns[i], tpns[half + i]) for i in range(half)))
    services.rounds.pairing_checkpoint = checkpoint
    services.trf_import._import_checkpoint = checkpoint
    registry.PAIRER.append(halves)
django.setup = _patched_setup
"""

TABLES = ["tournaments_section", "tournaments_player", "tournaments_round", "tournaments_board", "tournaments_bye",
          "tournaments_auditentry"]


def _env() -> dict[str, str] | None:
    url = os.environ.get("SWISSPAIR_LIVE_DATABASE_URL")
    return {"DATABASE_URL": url} if url else None


def _snapshot(data: Path) -> list[object]:
    counts = sql(data, " UNION ALL ".join(f"SELECT '{t}', COUNT(*) FROM {t}" for t in TABLES), _env())
    versions = sql(data, "SELECT id, version FROM tournaments_section ORDER BY id", _env())
    return [counts, versions]


def _kill_during(data: Path, action: str) -> None:
    marker = data / "checkpoint"
    marker.unlink(missing_ok=True)
    with live_server(data, _env(), prelude=PRELUDE.format(marker=str(marker))) as base:
        client = HttpClient(base)
        client.login("alice")
        _, manage = client.get("/e/kill/open/manage/")
        if action == "pair":
            request = threading.Thread(target=client.post, args=("/e/kill/open/pair/", {"round": "1", "version": form_value(manage, "version")}), daemon=True)
        else:
            request = threading.Thread(target=client.post_file, args=(
                "/e/kill/sections/import-trf/", {"name": "Imported", "slug": "imported", "system": "dutch"},
                "file", "t.trf", TRF.encode()), daemon=True)
        request.start()
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, "the server never reached the checkpoint"
            time.sleep(0.05)
        os.kill(base.process.pid, signal.SIGKILL)
        base.process.wait(timeout=30)


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    data = tmp_path_factory.mktemp("kill")
    create_users(data, _env())
    seed_event(data, "kill", players=12, paired=False, env=_env())
    return data


def test_it_survives_a_kill_during_pairing(data: Path) -> None:
    before = _snapshot(data)
    _kill_during(data, "pair")
    assert _snapshot(data) == before
    if not _env():
        assert sql(data, "PRAGMA integrity_check") == [["ok"]]


def test_it_survives_a_kill_during_an_import(data: Path) -> None:
    before = _snapshot(data)
    _kill_during(data, "import")
    assert _snapshot(data) == before
    assert sql(data, "SELECT COUNT(*) FROM tournaments_section WHERE slug = 'imported'", _env()) == [[0]]
