"""A worker of the task queue killed (SIGKILL) in the middle of a pairing job.

The web server only queues the job (``SWISSPAIR_WORKERS=0``: no worker thread of its own); a separate
``swisspair worker`` process takes it and is killed inside the pairing transaction. Nothing is
written; a second worker finds the job without heartbeat, queues it again and pairs the round, exactly
once. Runs on SQLite here and on PostgreSQL through ``test_postgres.py``.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from .helpers import HttpClient, create_users, form_value, job_state, live_server, seed_event, server_env, sql, stop

PRELUDE = """
import django, pathlib, time
_setup = django.setup
def _patched_setup(*args, **kwargs):
    _setup(*args, **kwargs)
    from swisspair.model import Board, RoundPairing
    from swisspair_web.tournaments import services
    from swisspair_web.tournaments.rows import registry
    def halves(t, system):
        tpns = sorted(t.players)
        half = len(tpns) // 2
        return RoundPairing(t.paired_rounds + 1, tuple(Board(tpns[i], tpns[half + i]) for i in range(half)))
    def checkpoint():
        marker = pathlib.Path({marker!r})
        if not marker.exists():  # the first attempt stops here, inside the transaction, until killed
            marker.write_text("inside the transaction")
            time.sleep(600)
    registry.PAIRER.append(halves)
    services.rounds.pairing_checkpoint = checkpoint
django.setup = _patched_setup
"""

SECTION = ("(SELECT s.id FROM tournaments_section s JOIN tournaments_event e ON s.event_id = e.id"
           " WHERE e.slug = 'worker')")
STATE = (f"SELECT (SELECT COUNT(*) FROM tournaments_round WHERE section_id = {SECTION}),"
         f" (SELECT COUNT(*) FROM tournaments_board b JOIN tournaments_round r ON b.round_id = r.id"
         f"  WHERE r.section_id = {SECTION}),"
         f" (SELECT version FROM tournaments_section WHERE id = {SECTION}),"
         f" (SELECT COUNT(*) FROM tournaments_auditentry WHERE action = 'paired' AND section_id = {SECTION})")


def _env() -> dict[str, str]:
    env = {"SWISSPAIR_BACKGROUND_PLAYERS": "1", "SWISSPAIR_JOB_STALE": "3", "SWISSPAIR_WORKERS": "0"}
    url = os.environ.get("SWISSPAIR_LIVE_DATABASE_URL")
    return {**env, "DATABASE_URL": url} if url else env


@contextmanager
def _worker(data: Path, prelude: str) -> Iterator[subprocess.Popen[str]]:
    """``swisspair worker`` in another process, with the test seams of ``prelude``."""
    code = f"{prelude}\nfrom swisspair.cli import main\nmain(['worker', '--data', {str(data)!r}, '--interval', '0.2'])"
    process = subprocess.Popen([sys.executable, "-c", code], env=server_env(data, _env()), text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        yield process
    finally:
        stop(process)


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    create_users(tmp_path, _env())
    seed_event(tmp_path, "worker", players=12, paired=False, env=_env())
    return tmp_path


@pytest.mark.slow
def test_a_worker_killed_inside_the_pairing_writes_nothing_and_the_retry_pairs_once(data: Path) -> None:
    marker = data / "checkpoint"
    prelude = PRELUDE.format(marker=str(marker))
    before = sql(data, STATE, _env())
    with live_server(data, _env()) as base:
        client = HttpClient(base)
        client.login("alice")
        _, manage = client.get("/e/worker/open/manage/")
        status, text = client.post("/e/worker/open/pair/", {"round": "1", "version": form_value(manage, "version")})
        assert status == 200 and 'id="job-progress"' in text, text[:500]
        job = sql(data, "SELECT MAX(id) FROM tournaments_job", _env())[0][0]
        assert job_state(client, job)["state"] == "queued"
        with _worker(data, prelude) as first:
            deadline = time.monotonic() + 60
            while not marker.exists():
                assert first.poll() is None, first.stdout.read() if first.stdout else ""
                assert time.monotonic() < deadline, "the worker never reached the checkpoint"
                time.sleep(0.05)
            assert job_state(client, job)["state"] == "running"
            os.kill(first.pid, signal.SIGKILL)
            first.wait(timeout=30)
        assert sql(data, STATE, _env()) == before, "a killed worker left half a round"
        with _worker(data, prelude) as second:
            deadline = time.monotonic() + 90
            state = job_state(client, job)
            while state["state"] != "done":
                assert state["state"] != "failed", state
                assert second.poll() is None, second.stdout.read() if second.stdout else ""
                assert time.monotonic() < deadline, f"the job was not run again: {state}"
                time.sleep(0.3)
                state = job_state(client, job)
        assert state["url"] == "/e/worker/open/rounds/1/results/"
    rounds, boards, version, paired = sql(data, STATE, _env())[0]
    assert (rounds, boards, version, paired) == (1, 6, before[0][2] + 1, 1)
    assert sql(data, f"SELECT state, attempts FROM tournaments_job WHERE id = {job}", _env()) == [["done", 2]]
    tasks = sql(data, "SELECT status, args_kwargs FROM django_tasks_database_dbtaskresult "
                      "WHERE task_path LIKE '%.run_job' ORDER BY enqueued_at", _env())  # not the public pages'
    mine = [status for status, args in tasks
            if (args if isinstance(args, dict) else json.loads(str(args)))["args"] == [job]]
    assert mine == ["FAILED", "SUCCESSFUL"], tasks


@pytest.mark.slow
def test_a_worker_on_a_database_without_tables_says_what_to_do(tmp_path: Path) -> None:
    code = f"from swisspair.cli import main\nmain(['worker', '--data', {str(tmp_path)!r}, '--batch'])"
    result = subprocess.run([sys.executable, "-c", code], env=server_env(tmp_path), capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode != 0
    assert "python -m swisspair_web migrate" in result.stderr and "Traceback" not in result.stderr, result.stderr



def test_the_public_pages_are_rendered_from_a_queue_of_their_own() -> None:
    """Arbiters first: rendering the public pages is queued apart ("public"), so a worker of the arbiters'
    jobs ("default") never waits behind it."""
    from swisspair_web.tournaments.public import render
    from swisspair_web.tournaments.services import jobs

    assert render.render_public.queue_name == "public"
    assert jobs.run_job.queue_name == "default"
