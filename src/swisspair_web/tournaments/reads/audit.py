"""The audit log in the reader's language: each entry is stored as its action's code and its parameters
(:attr:`.rows.AuditEntry.params`) and shown through the tables here.

An entry written before the parameters were stored (or by a write that gives none) keeps its ``detail``
text, shown as written: the fallback.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows import AuditEntry

ACTIONS: Mapping[str, Any] = {
    "absent-not-present": _("absence recorded (not ticked present)"), "adjusted": _("pairing adjusted"),
    "announcement-refused": _("announcement refused"), "arbiter-added": _("arbiter added"),
    "arbiter-invited": _("arbiter invited"), "invitation-withdrawn": _("invitation withdrawn"),
    "arbiter-removed": _("arbiter removed"), "arbiter-role": _("arbiter's role changed"), "bye": _("bye"),
    "bye-announced": _("bye announced"), "category-added": _("category added"),
    "category-deleted": _("category deleted"), "category-edited": _("category edited"),
    "correction": _("result corrected"), "entries-closed": _("entries closed"), "entries-opened": _("entries opened"),
    "entry-approved": _("entry approved"), "entry-list-imported": _("rating list imported"),
    "entry-received": _("entry received"), "entry-refused": _("entry refused"), "event-created": _("event created"),
    "event-edited": _("event edited"), "match-forfeited": _("match forfeited"), "numbering": _("numbering"),
    "paired": _("round paired"), "player-deleted": _("player deleted"), "player-edited": _("player edited"),
    "player-labels": _("player's details"), "players-added": _("players added"),
    "players-imported": _("players imported"), "playoff-created": _("play-off created"),
    "playoff-deleted": _("play-off deleted"), "playoff-result": _("play-off result"),
    "presence": _("check-in"), "prize-list-published": _("prize list published"),
    "prize-list-withdrawn": _("prize list withdrawn"), "prize-list-changed": _("prize list changed"),
    "prize-settings": _("prize settings"), "published": _("round published"), "reinstated": _("reinstated"),
    "renumbered": _("renumbered"), "result": _("result"), "section-created": _("section created"),
    "section-edited": _("section edited"), "team-created": _("team created"), "team-deleted": _("team deleted"),
    "team-member-added": _("team member added"), "team-reinstated": _("team reinstated"),
    "team-renamed": _("team renamed"), "team-reordered": _("team reordered"), "team-withdrawn": _("team withdrawn"),
    "trf-imported": _("TRF file imported"), "unpaired": _("round unpaired"), "unpublished": _("round unpublished"),
    "withdrawn": _("withdrawn"),
}
"""What an entry says was done, by its action's code."""

DETAILS: Mapping[str, Any] = {
    "present": _("ticked present: %(players)s"), "absent": _("tick taken away: %(players)s"),
    "unrecorded": _("absence from round 1 removed: %(players)s"),
    "not-ticked": _("not ticked present: %(players)s"),
}
"""The parts of an entry's details, by the key of each parameter (its value fills ``%(players)s``)."""


def action(entry: AuditEntry) -> str:
    """What was done, in the active language (the code itself for an action this table does not know)."""
    return str(ACTIONS.get(entry.action, entry.action))


def details(entry: AuditEntry) -> str:
    """The entry's details in the active language from its parameters; the stored text when it has none."""
    params = entry.params or {}
    if not params:
        return entry.detail
    return "; ".join(str(DETAILS[key]) % {"players": value} for key, value in params.items() if key in DETAILS)
