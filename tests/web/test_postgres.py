"""The manager's tests again, on a real PostgreSQL server started for the occasion.

A throwaway cluster (initdb + pg_ctl in a temporary directory, loopback only)
runs the database-heavy test modules in a child pytest with ``DATABASE_URL``
set, the live-server ones included. Skipped with a notice when the server
binaries are not installed (scripts/web-test-setup.sh installs them).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .helpers import ROOT
from .pgcluster import cluster, postgres_binaries

pytestmark = pytest.mark.slow  # runs the web suite again on a PostgreSQL server: the full tier only

# the modules whose outcome depends on the database: transactions, row locks, concurrent writers, killed
# processes, snapshots, the job queue and the cache table (the others exercise the ORM alone)
MODULES = ["test_pair.py", "test_results.py", "test_players.py", "test_auth.py", "test_prizes.py",
           "test_concurrency.py", "test_kill.py", "test_worker.py", "test_awards_state.py", "test_snapshot.py"]


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    binaries = postgres_binaries()
    if binaries is None:
        pytest.skip("NOTICE: PostgreSQL server binaries not installed: PostgreSQL tests skipped "
                    "(run scripts/web-test-setup.sh)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("NOTICE: psycopg not installed: PostgreSQL tests skipped")
    with cluster(binaries) as url:
        yield url


def test_it_passes_the_suite_on_postgresql(postgres_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update({"DATABASE_URL": postgres_url, "SWISSPAIR_LIVE_DATABASE_URL": postgres_url})
    env.pop("SWISSPAIR_DATA", None)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
                             *[str(ROOT / "tests" / "web" / m) for m in MODULES]],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    tail = "\n".join(result.stdout.splitlines()[-30:])
    Path("/tmp/sp-pg-child.log").write_text(result.stdout + result.stderr)
    assert result.returncode == 0, tail + result.stderr[-3000:]
    assert " passed" in tail and "skipped" not in tail.splitlines()[-1], tail
    print(tail.splitlines()[-1])
