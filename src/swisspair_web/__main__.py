"""``python -m swisspair_web ARGS``: Django's ``manage.py`` for the manager.

It uses the one default data directory of every command (:mod:`swisspair_web.datadir`), wherever it is run
from; with the default SQLite database there, the tables are created first when there are none yet, as
``swisspair serve`` does on its first start, so that ``createsuperuser`` works on a new data directory too.
"""

from __future__ import annotations

import os
import sys

NEED_TABLES = {"createsuperuser", "changepassword", "import_trf", "export_trf", "shell", "loaddata", "dumpdata",
               "worker", "runserver", "clearsessions"}
"""The commands that read or write the database's tables (not ``migrate`` itself, nor ``makemessages``...)."""


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspair_web.settings")
    from django.core.management import execute_from_command_line

    args = sys.argv[1:]
    if args and args[0] in NEED_TABLES and _new_sqlite():
        import django
        from django.core.management import call_command

        django.setup()
        call_command("migrate", interactive=False, verbosity=0)
    execute_from_command_line([sys.argv[0], *args])


def _new_sqlite() -> bool:
    """Whether the database is the default SQLite file of the data directory and has no tables yet."""
    if os.environ.get("DATABASE_URL"):
        return False
    import contextlib
    import sqlite3

    from swisspair_web.datadir import data_dir

    path = data_dir() / "db.sqlite3"
    if not path.exists():
        return True
    with contextlib.closing(sqlite3.connect(path)) as db:
        found = db.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'django_migrations'").fetchone()
    return not found or found[0] == 0


if __name__ == "__main__":
    main()
