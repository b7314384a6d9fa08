"""Editions of the tie-break rules: which text decides unplayed rounds and cuts (FIDE C.07 (2026) 16,
its 2024 and 2023 texts, FIDE C.02 (2009) 13.14.2).

A :class:`~swisspair.tiebreaks.context.Context` computes every tie-break under one edition; a
descriptor's ``/V`` modifier names another for one tie-break.
"""

from __future__ import annotations

import enum

from swisspair.errors import InvalidTieBreakError


class Edition(enum.Enum):
    """Which text of the tie-break rules decides unplayed rounds and cuts.

    ================  =========================================================
    ``2026``          C.07 in force since 1 March 2026: dummy opponent with the
                      caps of 16.4.1/16.4.2 (the default)
    ``2024``          C.07 of August 2024: uncapped dummy, SB-C1 cuts the
                      lowest-scored opponent
    ``2023``          C.07 of 2023/April 2024: uncapped dummy, SB-C1 cuts the
                      lowest contribution
    ``2009``          C.02 art. 13.14.2 (2009-2022): the "virtual opponent";
                      opponents' unplayed games count as draws
    ``none``          no adjustment: an unplayed round is worth what was
                      scored, a bye contributes nothing
    ================  =========================================================
    """

    C07_2026 = "2026"
    C07_2024 = "2024"
    C07_2023 = "2023"
    VIRTUAL_2009 = "2009"
    NONE = "none"

    @classmethod
    def parse(cls, text: str | Edition) -> Edition:
        """The edition named ``text`` (``2026``, ``2024-08``, ``2009``, ``none``...).

        :raises: :exc:`InvalidTieBreakError` for an unknown name.
        """
        if isinstance(text, Edition):
            return text
        key = str(text).strip().lower()
        key = _EDITION_ALIASES.get(key, key)
        for edition in cls:
            if edition.value == key:
                return edition
        names = ", ".join(e.value for e in cls)
        raise InvalidTieBreakError(f"unknown tie-break edition {text!r}: expected one of {names}")

    @property
    def dummy(self) -> bool:
        """Whether own unplayed rounds count against a dummy opponent (C.07 (2023+) 16.4)."""
        return self in (Edition.C07_2026, Edition.C07_2024, Edition.C07_2023)

    def __repr__(self) -> str:
        return f"Edition.{self.name}"


_EDITION_ALIASES = {
    "2026-03": "2026", "032026": "2026", "current": "2026", "default": "2026",
    "2024-08": "2024", "082024": "2024",
    "2024-04": "2023", "042024": "2023",
    "virtual": "2009", "2009-2022": "2009", "legacy": "2009",
    "raw": "none", "unadjusted": "none",
}
