"""The JSON Schemas of the commands' ``--json`` output, one per command, versioned, shipped beside
this module (``pair.json``, ``check.json``, ``standings.json``, ``trf-validate.json``, and
``report-ratings.json``, ``report-performance.json``, ``report-norms.json``, ``report-categories.json``,
``report-prizes.json`` for ``swisspair report``).

Each document names the schema it follows in ``"schema"``
(``"urn:swisspair:schema:NAME:VERSION"``, the schema's ``$id``; docs/json.md describes them). A
change that would break a reader (a field removed, renamed or of another type) is a new version.
"""

from __future__ import annotations

import json
from fractions import Fraction
from importlib import resources
from typing import Any

SCHEMA_VERSIONS = {"pair": 1, "check": 1, "standings": 1, "trf-validate": 1, "report-ratings": 1,
                   "report-performance": 1, "report-norms": 1, "report-categories": 1, "report-prizes": 1}
"""The version of each command's schema."""


def schema_id(command: str) -> str:
    """The ``$id`` of ``command``'s schema, which its output names in ``"schema"``.

    >>> schema_id("pair")
    'urn:swisspair:schema:pair:1'
    """
    return f"urn:swisspair:schema:{command}:{SCHEMA_VERSIONS[command]}"


def load_schema(command: str) -> dict[str, Any]:
    """The JSON Schema of ``command``'s ``--json`` output (package data).

    >>> load_schema("check")["$id"]
    'urn:swisspair:schema:check:1'
    """
    text = resources.files(__name__).joinpath(f"{command}.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def number(value: Fraction) -> int | float:
    """A score as a JSON number: an integer when whole."""
    return value.numerator if value.denominator == 1 else float(value)


def dumps(data: dict[str, Any]) -> str:
    """The document as printed: indented, UTF-8 as is, one final line end."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


__all__ = ["SCHEMA_VERSIONS", "dumps", "load_schema", "number", "schema_id"]
