"""Where a request's time goes: the ``Server-Timing`` header (``SWISSPAIR_SERVER_TIMING=True``).

A web process's time on a request is its thread's own CPU, the time it waits for the database's answers, and
the rest: waiting to run at all (another thread of the process holds the interpreter's lock, or the machine's
cores are busy). The three say which of them to make cheaper, on a busy machine as on a quiet one, where the
wall time alone says nothing. With the setting on, every response gets::

    Server-Timing: app;dur=<wall ms>, cpu;dur=<thread CPU ms>, db;dur=<waiting for the database ms>;desc="<queries>"

``db`` is the queries' wall time less the thread's CPU during them (the driver's own work is CPU): the
database's work, the round trips, and waking up again after the answer. gunicorn writes the header into its
access log with ``%({server-timing}o)s`` (``benchmarks/load.py`` reads it there). Off by default: it tells a
visitor how long the database took.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from django.db import connections
from django.http import HttpRequest, HttpResponse


class _QueryClock:
    """An ``execute_wrapper`` adding up the queries' wall time and the thread's CPU during them."""

    def __init__(self) -> None:
        self.queries = 0
        self.wall = 0.0
        self.cpu = 0.0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        self.queries += 1
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return execute(sql, params, many, context)
        finally:
            self.wall += time.perf_counter() - wall
            self.cpu += time.thread_time() - cpu


class ServerTiming:
    """The outermost middleware (settings.MIDDLEWARE): times everything the others and the view do."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        clock = _QueryClock()
        wall, cpu = time.perf_counter(), time.thread_time()
        with connections["default"].execute_wrapper(clock):
            response = self.get_response(request)
        cpu = time.thread_time() - cpu
        wall = time.perf_counter() - wall
        response["Server-Timing"] = header(wall, cpu, clock.wall - clock.cpu, clock.queries)
        return response


def header(wall: float, cpu: float, db: float, queries: int) -> str:
    """The ``Server-Timing`` value for seconds of ``wall`` time, thread ``cpu``, ``db`` waits over ``queries``."""
    return (f"app;dur={wall * 1000:.1f}, cpu;dur={cpu * 1000:.1f}, "
            f'db;dur={max(0.0, db) * 1000:.1f};desc="{queries}"')
