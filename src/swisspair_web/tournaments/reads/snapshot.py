"""One consistent view of the database for reads that span several statements.

A page built from a section's rows (its players, rounds, boards, byes) reads them in several
statements. Outside a transaction each statement sees the database as it is when it runs, so a round
paired between two of them is seen half: its boards without the round. :func:`read_snapshot` runs
the statements in one read transaction that sees the database as it was at its first read:

* PostgreSQL: ``REPEATABLE READ, READ ONLY`` (the default, ``READ COMMITTED``, takes a new snapshot
  for every statement);
* SQLite: a ``DEFERRED`` transaction, which in WAL mode reads one snapshot and takes no lock that
  would keep an arbiter from writing (the project's connections begin ``IMMEDIATE`` transactions,
  which take the write lock), with ``PRAGMA query_only``: a write in the block fails on both.

Inside a transaction already open (a write that reads), the reads are that transaction's: the writer
has locked what it changes.

:func:`shared_reads` goes one step further for the public pages rendered together
(``public/render.py``): inside it, what :func:`memo` is asked for (a section's rows, its standings) is
computed once and shared by every page built in the block, in every language; and what :func:`carried` is
asked for is kept from one rendering to the next while what it is computed from is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, transaction

from swisspair_web.recent import Recent


@contextmanager
def read_snapshot(using: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    """Run the queries of the block on one snapshot of the database (see the module's docstring)."""
    connection = connections[using]
    if connection.in_atomic_block:
        yield
        return
    if connection.vendor == "sqlite":
        mode = getattr(connection, "transaction_mode", None)
        connection.transaction_mode = "DEFERRED"  # type: ignore[attr-defined]
        try:
            with transaction.atomic(using):
                connection.transaction_mode = mode  # type: ignore[attr-defined]  # savepoints inside
                with connection.cursor() as cursor:
                    cursor.execute("PRAGMA query_only = ON")  # a write fails here as on PostgreSQL
                try:
                    yield
                finally:
                    with connection.cursor() as cursor:
                        cursor.execute("PRAGMA query_only = OFF")
        finally:
            connection.transaction_mode = mode  # type: ignore[attr-defined]
        return
    with transaction.atomic(using):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        yield


T = TypeVar("T")

_SHARED: ContextVar[dict[Hashable, Any] | None] = ContextVar("swisspair_shared_reads", default=None)


@contextmanager
def shared_reads() -> Iterator[None]:
    """Inside the block, :func:`memo` computes each value once (one snapshot, see :func:`read_snapshot`)."""
    token = _SHARED.set({})
    try:
        with read_snapshot():
            yield
    finally:
        _SHARED.reset(token)


def rendering() -> bool:
    """Whether this is inside :func:`shared_reads` (a rendering of the public pages, whose section is read
    once for all its pages)."""
    return _SHARED.get() is not None


def once(key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or the value computed for ``key`` before inside :func:`shared_reads` (one rendering: the
    pages it builds look the same section and round up); outside it, every time (not kept under a stamp as
    :func:`memo` keeps values: rows a caller may change)."""
    shared = _SHARED.get()
    if shared is None:
        return compute()
    if key not in shared:
        shared[key] = compute()
    return shared[key]  # type: ignore[no-any-return]


def share(key: Hashable, value: Any) -> None:
    """Inside :func:`shared_reads`, :func:`once` gives ``value`` for ``key`` (a row the rendering read
    already); outside it, nothing."""
    shared = _SHARED.get()
    if shared is not None:
        shared.setdefault(key, value)


_STAMP: ContextVar[str | None] = ContextVar("swisspair_stamp", default=None)
BY_STAMP_SIZE = 256
"""Values kept per process by :func:`stamped` (a section's rows, its tournament, its standings, a round's
pairing list: three or four a section, so 50 busy sections fit), the least recently used dropped first."""
_BY_STAMP: Recent[tuple[str, Hashable], Any] = Recent(BY_STAMP_SIZE)


@contextmanager
def stamped(stamp: str) -> Iterator[None]:
    """Inside the block, :func:`memo` keeps its values in this process under ``stamp``, what they depend on
    (``caching.py``'s stamp of a public page: the section's version and the event's newest audit entry, so
    a change makes a new stamp). Visitors of one section's public pages between two changes share one
    read of its rows and one build of its standings, in any thread of the process."""
    token = _STAMP.set(stamp)
    try:
        yield
    finally:
        _STAMP.reset(token)


def memo(key: Hashable, compute: Callable[[], T]) -> T:
    """``compute()``, or the value computed for ``key`` before inside :func:`shared_reads` (one rendering) or
    under the same stamp (:func:`stamped`)."""
    shared = _SHARED.get()
    if shared is not None:
        if key not in shared:
            shared[key] = compute()
        return shared[key]  # type: ignore[no-any-return]
    stamp = _STAMP.get()
    if stamp is None:
        return compute()
    return _BY_STAMP.take((stamp, key), compute)  # type: ignore[no-any-return]


CARRIED_SIZE = 48
"""Values kept per process by :func:`carried` (a section's standings and the lists made from them, and its
rounds' pairing lists, in one language: five and one a round, so the last 3 to 5 sections rendered; with the
rendered lists of ``templatetags/listing.py``, about 12 MB for 500 players after 9 rounds), the least recently
used dropped first."""
_CARRIED: Recent[Hashable, Any] = Recent(CARRIED_SIZE)


def carried(what: Hashable, basis: Hashable, compute: Callable[[], T]) -> T:
    """:func:`memo` of ``(what, basis)``; inside a rendering where the renderer shared a digest of everything the
    value is computed from under ``basis`` (:func:`share`), the value this process computed for ``what`` at an
    earlier rendering with the same digest. A round published changes every page of its section (their tabs
    name the rounds) and nothing the standings are computed from: they are not computed again."""
    shared = _SHARED.get()
    digest = shared.get(basis) if shared is not None else None
    if digest is None:
        return memo((what, basis), compute)

    def carry() -> T:
        value: T = _CARRIED.take((what, digest), compute)
        return value

    return memo((what, basis), carry)


def forget_carried() -> None:
    """Drop the values :func:`carried` keeps from one rendering to the next (``public.render.forget_kept``)."""
    _CARRIED.clear()
