"""How many entries the public form takes: from one address, and into one section, per hour.

A hosted form must not let one visitor fill a section (or mail any address) with entries: beyond
``SWISSPAIR_ENTRIES_PER_ADDRESS`` entries from one address, or ``SWISSPAIR_ENTRIES_PER_SECTION`` into one
section, in the same hour the form refuses with words. The counts live in Django's cache (shared by every
web process), one key per address or section and hour.
"""

from __future__ import annotations

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from django.utils.translation import gettext as _

from swisspair_web.tournaments.pages.lockout import client_address
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.rows import Section

WINDOW = 3600
"""Seconds a count covers."""


def _counted(key: str) -> int:
    """The count under ``key`` in this hour, one more than before."""
    full = f"entries:{key}:{int(time.time()) // WINDOW}"
    cache.add(full, 0, WINDOW)
    try:
        return int(cache.incr(full))
    except ValueError:  # expired between the two calls
        cache.set(full, 1, WINDOW)
        return 1


def count_entry(request: HttpRequest, section: Section) -> None:
    """Count an entry about to be recorded.

    :raises: :exc:`OperationError` when its address or its section had its limit of entries this hour.
    """
    address = hashlib.sha256((client_address(request) or "-").encode()).hexdigest()[:32]
    per_address: int = settings.SWISSPAIR_ENTRIES_PER_ADDRESS
    if _counted(f"address:{address}") > per_address:
        raise OperationError(_("Too many entries from your address: at most %(n)s an hour. Try again later, or "
                               "ask the arbiter to enter you.") % {"n": per_address})
    per_section: int = settings.SWISSPAIR_ENTRIES_PER_SECTION
    if _counted(f"section:{section.pk}") > per_section:
        raise OperationError(_("This section took %(n)s entries this hour, its limit: try again later, or "
                               "ask the arbiter to enter you.") % {"n": per_section})
