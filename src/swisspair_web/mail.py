"""The mail backend of a manager without a mail server: Django's console backend, with the secrets of
private links masked.

Without ``EMAIL_HOST`` the messages (a registrant's private link) go to the server's standard output,
which is a log kept by systemd, Docker or the terminal; whoever reads the log could act for every
registrant. So the token of every ``/entry/TOKEN/`` address is replaced by ``…``: the log still says which
message went to whom, and the registrant has the link from the page they are taken to after entering.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from django.core.mail.backends.console import EmailBackend

SECRET = re.compile(r"(/entry/)[^/\s]+")


def masked(text: str) -> str:
    """``text`` with the secret of every private link replaced by ``…``."""
    return SECRET.sub(r"\1…", text)


class ConsoleBackend(EmailBackend):
    """Django's console backend writing each message with its private links masked (see the module)."""

    def write_message(self, message: Any) -> None:
        shown = copy.copy(message)
        shown.body = masked(str(message.body))
        shown.alternatives = [alternative._replace(content=masked(str(alternative.content)))
                              for alternative in getattr(message, "alternatives", [])]
        super().write_message(shown)
