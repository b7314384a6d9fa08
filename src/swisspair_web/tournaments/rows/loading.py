"""Rows read by the thousand made without ``Model.__init__`` (Django's documented hook, ``Model.from_db``).

A rendering of a 500-player section reads some 2250 boards and 500 players; ``Model.__init__`` sets each
field through its descriptor and sends two signals per row (the manager connects none), which cost two
thirds of the reading. :func:`loaded` puts the values the database gave straight into the row's
``__dict__`` (what ``__init__`` stores there too) when every field was read; a row read with deferred
fields is made the usual way.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, TypeVar

from django.db import models
from django.db.models.base import ModelState

_M = TypeVar("_M", bound=models.Model)


def loaded(cls: type[_M], db: str | None, field_names: Collection[str], values: Collection[Any],
           **options: Any) -> _M:
    """The row ``cls`` of ``values`` (in the order of ``field_names``) as read from database ``db``."""
    if options or len(values) != len(cls._meta.concrete_fields):
        return models.Model.from_db.__func__(cls, db, field_names, values, **options)  # type: ignore[attr-defined,no-any-return]
    row = cls.__new__(cls)
    row.__dict__.update(zip(field_names, values))
    state = ModelState()
    state.adding = False
    state.db = db
    row._state = state
    return row
