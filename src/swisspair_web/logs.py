"""Logging filters of the manager."""

from __future__ import annotations

import logging


class OneLineForbidden(logging.Filter):
    """A refused request (403) is one line in the log, not a traceback.

    Django logs ``Forbidden (Permission denied): /path`` with the ``PermissionDenied`` raised by the
    view; that exception is the visitor's mistake, not the server's, and its traceback says nothing.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
