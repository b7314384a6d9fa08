"""What a server keeps of private data: the data directory and the SQLite database readable by their
owner only, and no private link in the log the console mail backend writes."""

from __future__ import annotations

import io
import os
import stat
from pathlib import Path

import pytest
from django.core.mail import EmailMultiAlternatives

from swisspair_web import settings as defaults
from swisspair_web.datadir import make_private_dir, make_private_file
from swisspair_web.mail import ConsoleBackend

TOKEN = "k3J9xQ2mVb7Lw0pZr5TtYh8NcUe1AaDf"


@pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")
def test_the_data_directory_and_the_database_are_the_owners_only(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask: files readable by everybody unless created otherwise
    try:
        folder = make_private_dir(tmp_path / "new" / "swisspair")
        database = make_private_file(folder / "db.sqlite3")
    finally:
        os.umask(old)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    database.chmod(0o640)  # an administrator's choice is kept
    make_private_file(database)
    assert stat.S_IMODE(database.stat().st_mode) == 0o640


def test_the_console_mailer_writes_no_private_link() -> None:
    """Without a mail server the message goes to the server's log: the token of the link is masked there."""
    assert defaults.EMAIL_BACKEND == "swisspair_web.mail.ConsoleBackend" or os.environ.get("EMAIL_HOST")
    link = f"https://chess.example.org/e/open/a/entry/{TOKEN}/"
    message = EmailMultiAlternatives("Your entry", f"Your private link:\n{link}\n", "x@example.org",
                                     ["player@example.org"])
    message.attach_alternative(f'<a href="{link}">{link}</a>', "text/html")
    log = io.StringIO()
    assert ConsoleBackend(stream=log).send_messages([message]) == 1
    written = log.getvalue()
    assert TOKEN not in written
    assert "player@example.org" in written and "/e/open/a/entry/" in written
    assert TOKEN in message.body  # the message sent is unchanged
