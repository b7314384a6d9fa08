"""A 20-second version of the load test (``benchmarks/load.py``): PostgreSQL, two web processes, a worker
for jobs and one rendering the public pages, readers and arbiters at once; no 5xx, and every result and
round written exactly once."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import ROOT
from .pgcluster import postgres_binaries


@pytest.mark.slow
def test_the_small_load_test_passes() -> None:
    if postgres_binaries() is None:
        pytest.skip("NOTICE: PostgreSQL server binaries not installed: load test skipped "
                    "(run scripts/web-test-setup.sh)")
    if shutil.which("gunicorn") is None and not (Path(sys.executable).parent / "gunicorn").exists():
        pytest.skip("NOTICE: gunicorn not installed (the web extra): load test skipped")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "DJANGO_", "SWISSPAIR_"))}
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), "--web", "2", "--workers", "1", "--public-workers", "1",
         "--events", "3",
         "--min-players", "100", "--max-players", "140", "--readers", "10", "--arbiters", "3", "--duration", "20",
         "--background-players", "120", "--stress", "--batch", "40", "--max-requests", "5000"],
        env=env, capture_output=True, text=True, timeout=600)
    print(result.stdout)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-3000:]
    assert "every result once, every round paired once, every job done" in result.stdout
    assert "rounds paired (0 by a worker)" not in result.stdout, "no pairing went through the queue"
    assert " 0 not shown within" in result.stdout, "a saved result did not reach the public page"
    assert re.search(r"  results page \(\d+\): total p50 \d+ p95 \d+; CPU p50 \d+", result.stdout), \
        "no split of the results page's time (Server-Timing in the access log)"
    assert re.search(r"  render_public: [1-9]\d* ran, \d+ still queued at the end; waited once due p50 [\d.]+ s", result.stdout), \
        "no report of the rendering tasks (the queue's table)"
