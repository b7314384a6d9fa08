"""Where a request's time goes: the ``Server-Timing`` header (``SWISSPAIR_SERVER_TIMING=True``).

A web process's time on a request is its thread's own CPU, the time it waits for the database's answers, the
time it was ready to run but no core was free (the kernel's run queue), and the rest: mostly waiting for the
interpreter's lock, which another thread of the same process holds. The four say which of them to make
cheaper, on a busy machine as on a quiet one, where the wall time alone says nothing. With the setting on,
every response gets::

    Server-Timing: app;dur=<wall ms>, cpu;dur=<thread CPU ms>, db;dur=<waiting for the database ms>;desc="<queries>",
                   runq;dur=<ready, waiting for a core ms>

``db`` is the queries' wall time less the thread's CPU and run-queue time during them: the database's work
and the round trips. ``runq`` comes from Linux's ``/proc/thread-self/schedstat`` (0 where there is none).
On a heavily loaded virtual machine the three have been seen to add up to some 15-20 % more than ``app``
(cause not found; a busy loop's CPU and run-queue time add up to its wall time exactly): read small
differences with care.
gunicorn writes the header into its access log with ``%({server-timing}o)s`` (``benchmarks/load.py`` reads
it there). Off by default: it tells a visitor how long the database took.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.http import HttpRequest, HttpResponse

_SCHEDSTAT = threading.local()


def run_queue() -> float:
    """Seconds this thread has been ready to run but waiting for a core (Linux's schedstat; 0 elsewhere)."""
    fd = getattr(_SCHEDSTAT, "fd", None)
    if fd is None:
        try:
            fd = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        except OSError:
            fd = -1
        _SCHEDSTAT.fd = fd
    if fd < 0:
        return 0.0
    return int(os.pread(fd, 100, 0).split()[1]) / 1e9


class _QueryClock:
    """An ``execute_wrapper`` adding up the queries' wall time, and the thread's CPU and run-queue time
    during them."""

    def __init__(self) -> None:
        self.queries = 0
        self.wall = 0.0
        self.busy = 0.0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        self.queries += 1
        wall, busy = time.perf_counter(), time.thread_time() + run_queue()
        try:
            return execute(sql, params, many, context)
        finally:
            self.wall += time.perf_counter() - wall
            self.busy += time.thread_time() + run_queue() - busy


class ServerTiming:
    """The outermost middleware (settings.MIDDLEWARE): times everything the others and the view do."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        clock = _QueryClock()
        wall, cpu, queued = time.perf_counter(), time.thread_time(), run_queue()
        with connections["default"].execute_wrapper(clock):
            response = self.get_response(request)
        queued = run_queue() - queued
        cpu = time.thread_time() - cpu
        wall = time.perf_counter() - wall
        response["Server-Timing"] = header(wall, cpu, clock.wall - clock.busy, clock.queries, queued)
        return response


def header(wall: float, cpu: float, db: float, queries: int, queued: float) -> str:
    """The ``Server-Timing`` value for seconds of ``wall`` time, thread ``cpu``, ``db`` waits over ``queries``
    and ``queued`` in the run queue."""
    return (f"app;dur={wall * 1000:.1f}, cpu;dur={cpu * 1000:.1f}, "
            f'db;dur={max(0.0, db) * 1000:.1f};desc="{queries}", runq;dur={queued * 1000:.1f}')
