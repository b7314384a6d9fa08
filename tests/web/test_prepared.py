"""Prepared queries (reads/prepared.py): only what can be read without the ORM's conversions is prepared."""

from __future__ import annotations

from unittest import skipUnless

from django.db import connection
from django.test import SimpleTestCase

from swisspair_web.tournaments.reads import prepared
from swisspair_web.tournaments.rows import Board, Round


class PreparedTestCase(SimpleTestCase):
    @skipUnless(connection.vendor == "sqlite", "PostgreSQL gives dates as dates")
    def test_rows_whose_values_are_converted_are_refused(self) -> None:
        """A round's dates come from SQLite as text: its rows are not made from the stored values."""
        with self.assertRaises(ValueError):
            prepared._objects_sql(Round, lambda pk: Round.objects.filter(section_id=pk), "default", "test")

    def test_a_query_of_other_parameters_or_columns_is_refused(self) -> None:
        with self.assertRaises(ValueError):
            prepared._sql(lambda pk: Board.objects.filter(round_id=pk, number=pk).values_list("id"), "default", "test")
        with self.assertRaises(ValueError):
            prepared._objects_sql(Board, lambda pk: Board.objects.filter(round_id=pk).only("id"), "default", "test")

    def test_a_board_query_is_prepared_once(self) -> None:
        def query(pk: int) -> object:
            return Board.objects.filter(round_id=pk).order_by("number")
        sql, names = prepared._objects_sql(Board, query, "default", "test")
        self.assertEqual(names, [f.attname for f in Board._meta.concrete_fields])
        self.assertIn("ORDER BY", sql)
        self.assertIs(prepared._objects_sql(Board, query, "default", "test")[0], sql)
