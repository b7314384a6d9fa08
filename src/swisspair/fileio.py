"""Writing files so that a failure leaves nothing half-written.

A module of its own so that the engine-compatible command line
(:mod:`swisspair.engine_cli`) can write its output without importing the
click command line (:mod:`swisspair.cli`).
"""

from __future__ import annotations

import errno
import os
import stat


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, so a failure leaves no half file.

    A new file gets the mode ``open()`` would give it (``0o666`` less the umask);
    an existing file keeps its mode. Plain :mod:`os` calls rather than :mod:`pathlib`,
    which the engine form does not otherwise import (docs/pairing.md, "Start-up").

    :raises: :exc:`OSError` naming ``path`` (never the temporary file): :exc:`IsADirectoryError` when
        it is a directory, :exc:`FileNotFoundError` when its folder does not exist, ...
    """
    name = os.fspath(path)
    if os.path.isdir(name):
        raise IsADirectoryError(errno.EISDIR, "is a directory, not a file", name)
    try:
        mode: int | None = stat.S_IMODE(os.stat(name).st_mode)
    except FileNotFoundError:
        mode = None  # os.open below applies the umask to 0o666
    directory, base = os.path.split(name)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    while True:
        tmp = os.path.join(directory or ".", f".{base}.{os.urandom(6).hex()}.tmp")
        try:
            fd = os.open(tmp, flags, 0o666)
            break
        except FileExistsError:
            continue
        except OSError as error:  # the folder is missing, not writable...: say so of the file asked for
            raise type(error)(error.errno, error.strerror, name) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, name)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
