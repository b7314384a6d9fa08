"""Writing files so that a failure leaves nothing half-written.

A module of its own so that the engine-compatible command line
(:mod:`swisspair.engine_cli`) can write its output without importing the
click command line (:mod:`swisspair.cli`).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a failure leaves no half file.

    A new file gets the mode ``open()`` would give it (``0o666`` less the umask);
    an existing file keeps its mode.

    :raises: :exc:`IsADirectoryError` when ``path`` is a directory (named in the error).
    """
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "is a directory, not a file", str(path))
    try:
        mode: int | None = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = None  # os.open below applies the umask to 0o666
    directory = path.parent if str(path.parent) else Path(".")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = directory / f".{path.name}.{os.urandom(6).hex()}.tmp"
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
