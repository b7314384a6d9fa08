"""The result-entry form of a round: what the arbiter changed, and what the page shows again.

Each board's input goes with two hidden fields: ``v<board>``, the board's version when the page was
rendered, and ``i<board>``, the value the input was rendered with. Only a board whose input differs
from its ``i`` value was changed by the arbiter, so only such boards are written: a board somebody else
changed meanwhile and this arbiter left alone is neither a conflict nor overwritten with the stale value.
A board both changed is a conflict; the page then shows the *current* result and version for it (and
what this arbiter typed), so saving again without retyping keeps the other result.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from swisspair_web.tournaments.models import RESULTS, Board
from swisspair_web.tournaments.services import OperationError, parse_result

KEYS_FOR = {"10": "1", "01": "0", "==": "=", "+-": "+", "-+": "-", "--": "--", "00": "00", "WL": "wl", "DD": "dd",
            "LW": "lw", "": ""}
"""The key that gives each result code (what an input shows for a stored result)."""


@dataclass
class Submitted:
    """A posted result form, read against the round's boards."""

    changes: dict[int, tuple[str, int]] = field(default_factory=dict)
    """``{board: (result code, version seen)}`` of the boards the arbiter changed."""
    errors: dict[int, str] = field(default_factory=dict)
    """``{board: message}`` of inputs that are not a result."""
    typed: dict[int, str] = field(default_factory=dict)
    """``{board: text}`` as posted, for every board in the form."""
    initial: dict[int, str] = field(default_factory=dict)
    versions: dict[int, int] = field(default_factory=dict)


def _int(text: str | None, default: int) -> int:
    try:
        return int(text or "")
    except ValueError:
        return default


def read(post: Mapping[str, str], boards: Mapping[int, Board]) -> Submitted:
    """The boards a posted form changes.

    A board is changed when its input's result differs from the result of the value it was rendered
    with (``i<board>``). A form without ``i`` fields (an older page) counts every board whose result
    or version differs from the database as changed.
    """
    out = Submitted()
    for number, board in sorted(boards.items()):
        if f"r{number}" not in post:
            continue
        text = post.get(f"r{number}", "")
        version = _int(post.get(f"v{number}"), -1)
        out.typed[number], out.versions[number] = text, version
        try:
            code = parse_result(text)
        except OperationError as error:
            out.errors[number] = str(error)
            continue
        initial = post.get(f"i{number}")
        if initial is not None:
            out.initial[number] = initial
            try:
                untouched = parse_result(initial) == code
            except OperationError:
                untouched = False
        else:
            untouched = board.result == code and board.version == version
        if not untouched:
            out.changes[number] = (code, version)
    return out


def rows(boards: list[Board], submitted: Submitted | None = None,
         conflicts: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """What each board's input shows: ``value``, ``initial``, ``version``, ``error``, ``conflict`` and
    ``mine`` (the result this arbiter typed on a conflicting board).

    After a form with errors nothing was saved: the inputs keep what was typed, with the values and
    versions the arbiter saw. Otherwise they show the database, which is current.
    """
    conflicts = conflicts or {}
    out = []
    for board in boards:
        number = board.number
        row: dict[str, Any] = {"board": board, "value": KEYS_FOR.get(board.result, board.result),
                               "version": board.version, "error": "", "conflict": number in conflicts, "mine": ""}
        row["initial"] = row["value"]
        if submitted is not None and submitted.errors and number in submitted.typed:
            row.update(value=submitted.typed[number], version=submitted.versions[number],
                       initial=submitted.initial.get(number, row["initial"]),
                       error=submitted.errors.get(number, ""))
        if row["conflict"] and submitted is not None and number in submitted.changes:
            code = submitted.changes[number][0]
            row["mine"] = RESULTS.get(code, code) or "…"
        out.append(row)
    return out
