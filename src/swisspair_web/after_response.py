"""Work a request leaves for after its response is sent: :func:`after_response`.

The application runs behind :class:`AfterResponse`, a WSGI layer. A WSGI server closes a response's body once it
has sent it (gunicorn: the whole body written to the client); what the request said with :func:`after_response`
is then handed to a thread of the process that runs such work one at a time, in the order said (a key said again
while its work waits: the newer work, in the older's place). The client has its answer, the request's thread is
free for the next request at once (the work may wait for the CPU on a busy machine), and a failure is logged. Work
that cannot run yet (a lock held elsewhere) raises :class:`NotYet`: it is tried again behind the work waiting, so
one wait holds up no other; once every work waiting could not run, the thread pauses :data:`RETRY` before trying
them again. Outside a request (a command, a worker, a test calling the services) the work runs at once, in the
caller's thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextvars import ContextVar
from typing import Any

from django.db import close_old_connections

log = logging.getLogger(__name__)

Work = Callable[[], None]
StartResponse = Callable[..., Any]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]

_LEFT: ContextVar[dict[Hashable, Work] | None] = ContextVar("swisspair_after_response", default=None)
"""What the request under way in this thread left for after its response, by key (``None``: no request)."""

_WAITING: OrderedDict[Hashable, Work] = OrderedDict()
"""The work handed to the process's thread (:func:`_serve`), in the order said."""
_READY = threading.Condition()
_THREAD: list[threading.Thread] = []


RETRY = 0.05
"""Seconds the process's thread pauses before trying again the work waiting, when every one of them could not run
yet (:class:`NotYet`) since the last that ran."""


class NotYet(Exception):
    """Raised by work that cannot run yet: it is tried again after the work waiting behind it."""


def after_response(key: Hashable, work: Work) -> None:
    """Run ``work`` once the response of the request under way is sent, in the process's thread for such work;
    now outside a request, tried until it does not raise :class:`NotYet` (see the module's docstring). The same
    ``key`` said again before it runs: the newer ``work``, in the older's place."""
    left = _LEFT.get()
    if left is not None:
        left[key] = work
        return
    while not _run(work):
        time.sleep(RETRY)


class AfterResponse:
    """The WSGI layer that hands what a request left (:func:`after_response`) to the process's thread once the
    server closed its response; a response that left nothing is passed through as it is."""

    def __init__(self, application: WSGIApp) -> None:
        self.application = application

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        left: dict[Hashable, Work] = {}
        token = _LEFT.set(left)
        try:
            body = self.application(environ, start_response)
        finally:
            _LEFT.reset(token)
        return _Closing(body, left) if left else body


class _Closing:
    """A response's body that hands the work its request left to the process's thread when it is closed."""

    def __init__(self, body: Iterable[bytes], left: dict[Hashable, Work]) -> None:
        self.body = body
        self.left = left

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            _hand(self.left)


def _run(work: Work) -> bool:
    """Run ``work``; ``False`` when it could not run yet (:class:`NotYet`)."""
    try:
        work()
    except NotYet:
        return False
    except Exception:
        log.exception("work left for after a response failed")
    return True


def _hand(left: dict[Hashable, Work]) -> None:
    with _READY:
        for key, work in left.items():
            _WAITING[key] = work  # a key waiting already: the newer work, in its place
        if not _THREAD or not _THREAD[0].is_alive():
            _THREAD[:] = [threading.Thread(target=_serve, name="swisspair-after-response", daemon=True)]
            _THREAD[0].start()
        _READY.notify()


def _serve() -> None:
    """The process's thread for work left after responses: one at a time, each with a usable connection, the
    connection checked again after it (a thread left idle holds none broken); work that could not run yet goes
    back behind the others (unless said again meanwhile), and once every work waiting could not run since the last
    that ran, the thread pauses :data:`RETRY` (a new work said wakes it)."""
    refused: set[Hashable] = set()  # the keys of the work that could not run since the last that ran
    while True:
        key, work = _next()
        close_old_connections()  # a connection broken or past its age is opened again, as a request does
        ran = _run(work)
        close_old_connections()
        if ran:
            refused.clear()
            continue
        refused.add(key)
        _put_back(key, work, refused)


def _next() -> tuple[Hashable, Work]:
    """The first work waiting, taken from the queue (waits for one)."""
    with _READY:
        while not _WAITING:
            _READY.wait()
        return _WAITING.popitem(last=False)


def _put_back(key: Hashable, work: Work, refused: set[Hashable]) -> None:
    """Put ``work``, which could not run yet, behind the others (a newer work of ``key`` said meanwhile stays);
    when every work waiting is in ``refused``, pause :data:`RETRY` or until a new work is said, then try them all
    again."""
    with _READY:
        _WAITING.setdefault(key, work)
        if refused.issuperset(_WAITING):
            _READY.wait(RETRY)
            refused.clear()
