"""Writing files so that a failure leaves nothing half-written.

A module of its own so that the engine-compatible command line
(:mod:`swisspair.engine_cli`) can write its output without importing the
click command line (:mod:`swisspair.cli` re-exports it).
"""

from __future__ import annotations

import os
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a failure leaves no half file."""
    import tempfile

    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
