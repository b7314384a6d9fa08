"""A throwaway PostgreSQL cluster: ``initdb`` and ``pg_ctl`` in a temporary directory, loopback only.

Used by ``test_postgres.py`` and by the load test (``benchmarks/load.py``); no pytest or Django
import here, so the load test can import this file on its own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path


def postgres_binaries() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl`` (Debian's newest first), or ``None``."""
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists() and (candidate / "pg_ctl").exists():
            return candidate
    found = shutil.which("pg_ctl")
    return Path(found).parent if found and shutil.which("initdb") else None


def as_postgres(argv: list[str]) -> list[str]:
    """``argv`` run as the ``postgres`` account when we are root (the server refuses to run as root)."""
    if os.geteuid() != 0:
        return argv
    runuser = shutil.which("runuser")
    if runuser:
        return [runuser, "-u", "postgres", "--", *argv]
    return ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(argv)]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def cluster(binaries: Path, *, max_connections: int = 60, settings: str = "") -> Iterator[str]:
    """Start a cluster with a database ``swisspair``; yields its URL; stops and deletes it at the end.
    ``fsync=off``: the data is thrown away anyway."""
    import psycopg

    base = Path(tempfile.mkdtemp(prefix="swisspair-pg-"))
    data = base / "data"
    data.mkdir()
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
        shutil.chown(data, "postgres")
    port = _free_port()
    subprocess.run(as_postgres([str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                                "-E", "UTF8", "--no-sync"]), check=True, capture_output=True, timeout=120)
    options = (f"-c listen_addresses=127.0.0.1 -c port={port} -k {base} -c fsync=off "
               f"-c max_connections={max_connections} {settings}")
    try:
        subprocess.run(as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(base / "log"), "-o",
                                    options, "-w", "start"]), check=True, capture_output=True, timeout=120)
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{port}/postgres", autocommit=True) as conn:
            conn.execute("CREATE DATABASE swisspair")
        yield f"postgres://postgres@127.0.0.1:{port}/swisspair"
    finally:
        subprocess.run(as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True, timeout=120)
        shutil.rmtree(base, ignore_errors=True)
