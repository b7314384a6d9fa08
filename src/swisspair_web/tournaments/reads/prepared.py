"""Queries the public pages' worker makes at every rendering, their SQL made by the ORM once per process.

Building a query's SQL costs the ORM about a millisecond of CPU, more than the database takes to answer the
small queries a rendering asks each time (the keys of a section's rows, its settings' rows). A prepared query
is a function of one section's primary key returning a queryset of values (``values_list``); its SQL is made
once (for ``0``) per database and then executed with the section's key, its rows returned as stored (no
``from_db_value``: what they are used for, a key or a fingerprint, compares them, it does not show them).
:func:`objects` makes model rows of a table whose values need no conversion (numbers and text: boards, byes);
it refuses a query whose fields the database's values would have to be converted for (dates, JSON).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import connections, models
from django.db.models import QuerySet

M = TypeVar("M", bound=models.Model)

Query = Callable[[int], "QuerySet[Any, Any]"]
"""A query of one section's rows, as a function of the section's primary key."""


def values(query: Query, section_id: int, alias: str = "default") -> list[tuple[Any, ...]]:
    """The rows ``query(section_id)`` gives (as ``values_list`` tuples, in its order)."""
    connection = connections[alias]
    with connection.cursor() as cursor:
        cursor.execute(_sql(query, alias, connection.vendor), [section_id])
        found: list[tuple[Any, ...]] = cursor.fetchall()
    return found


@functools.cache
def _sql(query: Query, alias: str, vendor: str) -> str:
    """The SQL of ``query`` on ``alias`` (``vendor`` is part of the key: the SQL is the database's)."""
    sql, params = query(0).query.get_compiler(alias).as_sql()
    if list(params) != [0]:
        raise ValueError(f"a prepared query has the section as its one parameter: {sql} {params}")
    return str(sql)


def objects(model: type[M], query: Callable[[int], QuerySet[M]], key: int, alias: str = "default") -> list[M]:
    """The rows of ``query(key)`` (``model``'s rows, all fields, ``key`` its one parameter), in its order."""
    connection = connections[alias]
    sql, names = _objects_sql(model, query, alias, connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [key])
        return [model.from_db(alias, names, row) for row in cursor.fetchall()]


@functools.cache
def _objects_sql(model: type[models.Model], query: Callable[[int], QuerySet[Any]], alias: str,
                 vendor: str) -> tuple[str, list[str]]:
    """The SQL of ``query`` and the names of its columns; :exc:`ValueError` unless it selects every field of
    ``model`` and none needs a conversion of what the database gives."""
    compiler = query(0).query.get_compiler(alias)
    sql, params = compiler.as_sql()
    names = [f.attname for f in model._meta.concrete_fields]
    selected = [getattr(getattr(expression, "target", None), "attname", None) for expression, _, _ in compiler.select]
    if list(params) != [0] or selected != names or compiler.get_converters([e for e, _, _ in compiler.select]):
        raise ValueError(f"not a query {model.__name__}'s rows can be read by: {sql} {params}")
    return str(sql), names
