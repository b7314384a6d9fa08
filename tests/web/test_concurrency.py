"""Two arbiters at once, over HTTP against a real server: both changes, or a clear conflict, never a silent overwrite."""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path

import pytest

from .helpers import HttpClient, create_users, live_server, seed_event, sql

pytestmark = pytest.mark.slow  # starts a server process and many clients: the full tier only

BOARDS = 10


def _versions(page: str) -> dict[int, str]:
    return {int(n): v for n, v in re.findall(r'name="v(\d+)" value="(\d+)"', page)}


def _shown(page: str, board: int) -> dict[str, str]:
    """The hidden fields of ``board`` as the results page ``page`` rendered them (version, players)."""
    players = dict(re.findall(r'name="p(\d+)" value="(\d+-\d+)"', page))
    return {f"v{board}": _versions(page)[board], f"p{board}": players[str(board)]}


def _env() -> dict[str, str] | None:
    url = os.environ.get("SWISSPAIR_LIVE_DATABASE_URL")
    return {"DATABASE_URL": url} if url else None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    data = tmp_path_factory.mktemp("concurrency")
    create_users(data, _env())
    seed_event(data, "race", players=2 * BOARDS, env=_env())
    with live_server(data, _env()) as base:
        yield base, data


def _race(base: str, plans: dict[str, dict[int, str]]) -> dict[str, tuple[int, str]]:
    """Every arbiter loads the results page, then all post at the same moment."""
    clients = {name: HttpClient(base) for name in plans}
    pages = {}
    for name, client in clients.items():
        client.login(name)
        status, page = client.get("/e/race/open/rounds/1/results/")
        assert status == 200
        pages[name] = page
    barrier = threading.Barrier(len(plans))
    outcome: dict[str, tuple[int, str]] = {}

    def run(name: str) -> None:
        data = {}
        for board, value in plans[name].items():
            data[f"r{board}"] = value
            data |= _shown(pages[name], board)
        barrier.wait()
        outcome[name] = clients[name].post("/e/race/open/rounds/1/results/", data)

    threads = [threading.Thread(target=run, args=(name,)) for name in plans]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcome


LABELS = {"1-0": "10", "0-1": "01", "½-½": "==", None: ""}


def _results(base: str) -> dict[int, str]:
    import json

    client = HttpClient(base)
    client.login("alice")
    status, text = client.get("/api/e/race/open/rounds/1.json")
    assert status == 200, text
    return {b["board"]: LABELS[b["result"]] for b in json.loads(text)["boards"]}


CODES = {"1": "10", "0": "01", "=": "=="}


def test_it_never_loses_an_update(server: tuple[str, Path]) -> None:
    base, data = server
    # different boards: both changes are kept
    outcome = _race(base, {"alice": {1: "1", 2: "1"}, "bob": {3: "0", 4: "="}})
    assert all(status == 200 for status, _ in outcome.values())
    results = _results(base)
    assert (results[1], results[2], results[3], results[4]) == ("10", "10", "01", "==")
    # the same boards with different results, several times: one wins, the other is told
    for attempt in range(3):
        boards = [5 + 2 * attempt, 6 + 2 * attempt]
        outcome = _race(base, {"alice": {b: "1" for b in boards}, "bob": {b: "0" for b in boards}})
        results = _results(base)
        told = {name: "Somebody else entered a different result" in page for name, (_, page) in outcome.items()}
        for board in boards:
            assert results[board] in ("10", "01")
        winners = {"alice" if results[b] == "10" else "bob" for b in boards}
        for name in ("alice", "bob"):
            lost_somewhere = any((results[b] == "10") != (name == "alice") for b in boards)
            if lost_somewhere:
                assert told[name], (attempt, name, results, winners)
        # and the audit log names every change that was saved
    rows = sql(data, "SELECT board_number, COUNT(*) FROM tournaments_auditentry WHERE board_number IS NOT NULL "
                     "GROUP BY board_number", _env())
    assert {int(str(board)) for board, _ in rows} == set(range(1, 11))


def test_it_keeps_a_correction_from_being_overwritten(server: tuple[str, Path]) -> None:
    base, data = server
    alice, bob = HttpClient(base), HttpClient(base)
    alice.login("alice")
    bob.login("bob")
    _, page_b = bob.get("/e/race/open/rounds/1/results/")
    _, page_a = alice.get("/e/race/open/rounds/1/results/")
    status, _ = alice.post("/e/race/open/rounds/1/results/", {"r1": "0", **_shown(page_a, 1)})
    assert status == 200 and _results(base)[1] == "01"
    status, page = bob.post("/e/race/open/rounds/1/results/", {"r1": "=", **_shown(page_b, 1)})
    assert "Somebody else entered a different result" in page
    assert _results(base)[1] == "01"
