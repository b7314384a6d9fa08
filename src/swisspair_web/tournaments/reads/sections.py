"""What an edit of a section's settings changes, said before it is saved once rounds are paired.

Once a round is paired, the scoring, the pairing system, the number of rounds, the tie-breaks, the
acceleration and the initial colour are no longer bookkeeping: the standings of the rounds played are
recalculated with new points and tie-breaks, and the next rounds are paired with the new values (the rounds
already paired stay). Such an edit is saved only after the arbiter confirms a list of the changes; the
confirmation carries a token of that list (:func:`token`), so a value changed on the confirmation page itself
is listed and confirmed again, never saved unlisted. A new value for a win or a draw that leaves the points
of a forfeit win, a bye or a half-point bye at the old value is pointed out (:func:`hints`) before saving,
paired rounds or not. Every edit is audited with each field's value before and after.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from decimal import Decimal

from django.db import models
from django.utils.translation import gettext as _

from swisspair_web.tournaments.rows import Section

FIELDS = ("name", "slug", "kind", "system", "rounds", "tiebreaks", "acceleration", "initial_colour", "win", "draw",
          "loss", "pab", "half_bye", "full_bye", "forfeit_win", "forfeit_loss", "zero_bye", "boards", "match_win",
          "match_draw", "match_loss", "team_primary", "team_colours", "cycles")
"""The settings an arbiter edits (the fields of the section form)."""

CONFIRM = frozenset({"system", "rounds", "tiebreaks", "acceleration", "initial_colour", "win", "draw", "loss", "pab", "half_bye",
                     "full_bye", "forfeit_win", "forfeit_loss", "zero_bye", "boards", "match_win", "match_draw",
                     "match_loss", "team_primary", "team_colours", "cycles"})
"""Settings whose change, once a round is paired, alters standings or later pairings: confirmed first."""


PAIRING = tuple(name for name in FIELDS if name in CONFIRM and name != "tiebreaks")
"""The settings a pairing depends on: kept with each round paired (:attr:`Round.settings`)."""


def _raw(value: object) -> str:
    """A setting's stored value as text, whatever the language (decimals without trailing zeros)."""
    return format(value.normalize(), "f") if isinstance(value, Decimal) else str(value)


def pairing_settings(section: Section) -> dict[str, str]:
    """The settings ``section`` pairs a round with, as stored values (kept with the round)."""
    return {name: _raw(getattr(section, name)) for name in PAIRING}


def pairing_differences(kept: dict[str, str], section: Section) -> list[str]:
    """``label: then → now`` for each setting a round was paired with (``kept``) that differs now."""
    now = pairing_settings(section)
    return [f"{_field(name).verbose_name}: {kept[name]} → {now[name]}" for name in PAIRING
            if name in kept and kept[name] != now[name]]


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


def audit_changes(before: dict[str, object], section: Section) -> list[list[object]]:
    """``[field, before, after]`` of each setting that differs, as data (the audit log's parameters)."""
    return [[name, _stored(before[name]), _stored(getattr(section, name))] for name in FIELDS
            if before[name] != getattr(section, name)]


def _stored(value: object) -> object:
    """A setting's value as JSON data (decimals as text without trailing zeros)."""
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    return value if value is None or isinstance(value, (str, int, float, bool, list, dict)) else str(value)


def field_text(name: str, value: object) -> tuple[str, str]:
    """A setting's label and ``value`` in words, in the active language (for the audit log)."""
    return str(_field(name).verbose_name), _text(name, value)


FOLLOWERS: dict[str, tuple[str, ...]] = {"win": ("forfeit_win", "pab", "full_bye"), "draw": ("half_bye",)}
"""Points that usually equal a win's or a draw's (FIDE C.04.1 art. 3: the PAB scores as a win; C.02 the
forfeit win; a half-point bye as a draw)."""


def hints(before: dict[str, object], section: Section) -> list[str]:
    """A win or a draw changed while points that equalled it stay at the old value: said, so that the
    arbiter changes them too or keeps them on purpose."""
    out = []
    for leader, followers in FOLLOWERS.items():
        old, new = before[leader], getattr(section, leader)
        if old == new:
            continue
        stayed = [name for name in followers if before[name] == old and getattr(section, name) == old]
        if stayed:
            out.append(_("%(fields)s: still %(old)s, the old value of %(leader)s (now %(new)s); change them too "
                         "unless they should stay.") % {
                "fields": ", ".join(str(_field(name).verbose_name) for name in stayed),
                "old": _text(leader, old), "leader": _field(leader).verbose_name, "new": _text(leader, new)})
    return out


def token(confirm: list[Change], notes: list[str]) -> str:
    """A token of the list of changes and hints a confirmation page shows: the confirmation counts only for
    that list."""
    text = "|".join([*(f"{c.field}={c.before}>{c.after}" for c in confirm), *notes])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
