"""Work a request leaves for after its response is sent: :func:`after_response`.

A WSGI server closes a response once it has sent it (gunicorn: the whole body written to the client), and Django
then says the request finished (``request_finished``). What a request said with :func:`after_response` runs then,
in the request's thread: the client already has its answer, and the thread serves its next request after it.
Outside a request (a command, a worker, a test calling the services) the work runs at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from django.core.signals import request_finished, request_started

log = logging.getLogger(__name__)

_LEFT: ContextVar[list[Callable[[], None]] | None] = ContextVar("swisspair_after_response", default=None)
"""What the request under way in this thread left for after its response (``None``: no request under way)."""


def after_response(work: Callable[[], None]) -> None:
    """Run ``work`` once the response of the request under way is sent, or now outside a request. Its failure
    is logged, not raised."""
    left = _LEFT.get()
    if left is None:
        _run(work)
    else:
        left.append(work)


def _run(work: Callable[[], None]) -> None:
    try:
        work()
    except Exception:
        log.exception("work left for after a response failed")


def _started(**kwargs: Any) -> None:
    _LEFT.set([])


def _finished(**kwargs: Any) -> None:
    left = _LEFT.get()
    _LEFT.set(None)
    for work in left or []:
        _run(work)  # a connection it opens is the thread's, checked when its next request starts


request_started.connect(_started, dispatch_uid="swisspair-after-response-started")
request_finished.connect(_finished, dispatch_uid="swisspair-after-response-finished")
