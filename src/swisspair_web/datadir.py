"""The manager's one data directory: the SQLite database, the generated secret key and kept uploads.

Every command uses the same one by default (``swisspair serve``, ``swisspair worker``,
``python -m swisspair_web ...``), wherever it is run from: ``$SWISSPAIR_DATA`` when set, else the user's
data directory (nothing is ever created in the current directory, such as a checkout of the project):

- Linux and other Unix: ``$XDG_DATA_HOME/swisspair``, by default ``~/.local/share/swisspair``;
- macOS: ``~/Library/Application Support/swisspair``;
- Windows: ``%LOCALAPPDATA%\\swisspair``.

No Django here: the command line resolves it before Django starts.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV = "SWISSPAIR_DATA"


def user_data_dir() -> Path:
    """Where the platform keeps a user's application data, for swisspair."""
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "swisspair"


def data_dir() -> Path:
    """``$SWISSPAIR_DATA`` if set, else :func:`user_data_dir`; absolute."""
    value = os.environ.get(ENV)
    return Path(value).expanduser().resolve() if value else user_data_dir()


def make_private_dir(path: Path) -> Path:
    """Create the directory ``path`` (and its parents) readable by its owner only (``0o700``) if it does not
    exist: it holds the database (password hashes, e-mail addresses), the secret key and uploads. An existing
    directory keeps its mode (the administrator's choice)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def make_private_file(path: Path) -> Path:
    """Create the empty file ``path`` readable by its owner only (``0o600``) if it does not exist; SQLite
    gives its journal and WAL files the mode of the database file."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    return path
