"""The label of every code a list carries, in the reader's language: one table per kind of code.

A form for machines (CSV, JSON) carries the code; a form for people (page, print, PDF, hall screen) shows
its label from here, so no code (``bye-U``, ``w``) reaches a reader and every form names it alike.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows import RESULTS, UNRATED, Bye, Entry, EventRole, Section

BYES = dict(Bye.KINDS)
"""A bye's kind (``U`` ``H`` ``F`` ``Z``): pairing-allocated, half-point, full-point, absent."""

CHECK_IN = {"present": _("present"), "not-present": "", "withdrawn": _("withdrawn"),
            "bye-H": _("half-point bye"), "bye-F": _("full-point bye"), "bye-Z": _("absence")}
"""A line of the check-in list: ticked present, not (an empty box), withdrawn, or the player's own bye."""

COLOURS = {"w": _("white"), "b": _("black")}
"""The colour a player has on their board."""

SIDES = {"white": _("white"), "black": _("black"), "both": _("both")}
"""The side of a team match that did not come (the team with white on board 1, with black, or both)."""

BOARD_RESULTS = {code: UNRATED.get(code, shown) for code, shown in RESULTS.items() if code}
"""A board's result (``10``, ``+-``, ``WL``...): the score itself, the unrated ones in words."""

DRAWS = {"lot": _("drawn by lot"), "varma": _("drawn with the Varma tables"), "fixed": _("fixed by the arbiter")}
"""How a round-robin's pairing numbers were given."""

TABLES: dict[str, Mapping[str, object]] = {
    "bye": BYES, "check-in": CHECK_IN, "colour": COLOURS, "side": SIDES, "result": BOARD_RESULTS,
    "entry": dict(Entry.STATES), "role": dict(EventRole.ROLES), "numbering": dict(Section.NUMBERINGS), "draw": DRAWS}


def label(kind: str, code: str | None) -> str:
    """The label of ``code`` in the table ``kind`` (empty for no code).

    :raises KeyError: for a code the table does not know: a list must not show it raw.
    """
    return "" if not code else str(TABLES[kind][code])


class Labeller:
    """A column's ``show``: a code of one table to its label."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, code: object) -> str:
        return label(self.kind, code if isinstance(code, str) else None)


def shown(kind: str) -> Labeller:
    """A column's ``show`` for codes of ``kind``."""
    return Labeller(kind)
