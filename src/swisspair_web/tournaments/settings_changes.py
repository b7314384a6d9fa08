"""What an edit of a section's settings changes, said before it is saved once rounds are paired.

Once a round is paired, the scoring, the pairing system, the number of rounds, the acceleration and
the initial colour are no longer bookkeeping: the standings of the rounds played are recalculated with
new points, and the next rounds are paired with the new values (the rounds already paired stay). Such an
edit is saved only after the arbiter confirms a list of the changes; every edit is audited with each
field's value before and after.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db import models

from swisspair_web.tournaments.models import Section

FIELDS = ("name", "slug", "kind", "system", "rounds", "tiebreaks", "acceleration", "initial_colour", "win", "draw",
          "loss", "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye", "boards", "match_win",
          "match_draw", "match_loss", "team_primary", "team_colours")
"""The settings an arbiter edits (the fields of the section form)."""

CONFIRM = frozenset({"system", "rounds", "acceleration", "initial_colour", "win", "draw", "loss", "pab", "half_bye",
                     "full_bye", "forfeit_win", "forfeit_loss", "zero_bye", "boards", "match_win", "match_draw",
                     "match_loss", "team_primary", "team_colours"})
"""Settings whose change, once a round is paired, alters standings or later pairings: confirmed first."""


@dataclass(frozen=True)
class Change:
    field: str
    label: str
    before: str
    after: str

    def __str__(self) -> str:
        return f"{self.label}: {self.before} → {self.after}"


def snapshot(section: Section) -> dict[str, object]:
    """The settings of ``section`` as they are now (take it before a form changes the instance)."""
    return {name: getattr(section, name) for name in FIELDS}


def _field(name: str) -> models.Field:  # type: ignore[type-arg]
    field = Section._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


def _text(name: str, value: object) -> str:
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    choices = dict(_field(name).choices or [])
    shown = choices.get(value, value) if choices else value
    return str(shown if shown not in ("", None) else "-")


def changes(before: dict[str, object], section: Section) -> list[Change]:
    """The settings that differ between ``before`` (a :func:`snapshot`) and ``section``, in form order."""
    out = []
    for name in FIELDS:
        old, new = before[name], getattr(section, name)
        if old == new:  # Decimal("1") == Decimal("1.00")
            continue
        out.append(Change(name, str(_field(name).verbose_name), _text(name, old), _text(name, new)))
    return out


def needing_confirmation(found: list[Change], paired_rounds: int) -> list[Change]:
    """The changes the arbiter must confirm: those of :data:`CONFIRM`, once a round is paired."""
    return [change for change in found if change.field in CONFIRM] if paired_rounds else []


def audit_text(found: list[Change]) -> str:
    """``label: before → after; ...`` for the audit log."""
    return "; ".join(map(str, found))
