"""What a write makes happen once it commits, said by the write itself.

An operation of the services runs in :func:`operation`, a database transaction (``transaction.atomic()``)
that also keeps the effects said inside it. What must follow the operation's change once it commits (the
event's public pages rendered again, a published prize list checked: :mod:`.follow`) is said in the
operation's own code with :func:`after_commit`. An effect said several times in one operation (ten results
entered, each changing the same pages) runs once, with Django's ``transaction.on_commit``, after the
operation's transaction commits; the effects of an operation that fails are dropped with it. An operation
inside another one hands its effects to the outer one. An effect said outside any operation (the admin site)
runs when the transaction it stands in commits, at once without one.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction

Effect = tuple[Callable[[], None], bool]
"""A callback and whether it is ``robust`` (its failure is logged, not raised: ``transaction.on_commit``)."""

_SAID: ContextVar[dict[Hashable, Effect] | None] = ContextVar("swisspair_effects", default=None)
"""The effects said in the operation under way in this thread, by key (each key once, the first said)."""


@contextmanager
def operation() -> Iterator[None]:
    """One operation of the services: a transaction, and once it commits the effects said inside it, each once
    (see the module's docstring)."""
    outer = _SAID.get()
    said: dict[Hashable, Effect] = {}
    token = _SAID.set(said)
    try:
        with transaction.atomic():
            yield
    finally:
        _SAID.reset(token)
    # the block is done and its transaction (or its savepoint, inside another operation) went through
    if outer is not None:
        for key, effect in said.items():
            outer.setdefault(key, effect)
        return
    for callback, robust in said.values():
        transaction.on_commit(callback, robust=robust)


def after_commit(key: Hashable, callback: Callable[[], None], *, robust: bool = False) -> None:
    """Run ``callback`` once the operation under way commits: once for ``key`` in the operation, however many
    times it is said."""
    said = _SAID.get()
    if said is None:
        transaction.on_commit(callback, robust=robust)
    else:
        said.setdefault(key, (callback, robust))
