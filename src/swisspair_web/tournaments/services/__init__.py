"""Arbiter operations: every write of the manager goes through here.

Each operation is one database transaction, so a process killed in the middle
leaves the database as it was, and writes its entry in the audit log. Slow work
(pairing a big section, parsing an import) is done *before* the transaction, on
a snapshot; the transaction then checks that the section did not change
meanwhile (its ``version``) and writes. Other arbiters are never blocked by a
long pairing, and two arbiters never silently overwrite each other: the second
gets :exc:`Conflict`.

One module per concept: :mod:`.events` (events, arbiters, sections),
:mod:`.players`, :mod:`.numbering` (pairing numbers), :mod:`.trf_import`,
:mod:`.player_import`, :mod:`.rounds` (pairing, publishing, unpairing,
changes by hand), :mod:`.results`, :mod:`.teams`, :mod:`.playoffs`,
:mod:`.registration` (entries), :mod:`.presence` (check-in), :mod:`.categories`,
:mod:`.prizes` and :mod:`.demo`; :mod:`.base` holds what they share. An operation runs in
:func:`.effects.operation` and says there what follows it once it commits (:mod:`.follow`: the public pages
rendered again, a published prize list checked). A module
of the app named like one of these reads what it writes (``teams`` computes
match scores and team standings, ``services.teams`` pairs a team round). The
operations on events, players, rounds and results are also names of this
package (``services.pair_next_round``); the others are called by their module
(``services.teams.create_team``). ``tests/web/test_architecture.py`` holds
the rule: no other module of the manager writes a row, except the
bookkeeping it names.
"""

from __future__ import annotations

from swisspair_web.tournaments.reads.errors import Conflict, FieldError, NameTaken, OperationError
from swisspair_web.tournaments.reads.players import LENIENT_FIELDS, PlayerData, clean_name, estimate_rating, lenient
from swisspair_web.tournaments.services import (
    categories,
    demo,
    effects,
    events,
    follow,
    numbering,
    player_import,
    players,
    playoffs,
    presence,
    prizes,
    registration,
    results,
    rounds,
    teams,
    trf_import,
)
from swisspair_web.tournaments.services.base import (
    Progress,
    User,
    audit,
    before_commit,
    bump_section,
    touch_section,
)
from swisspair_web.tournaments.services.events import (
    answer_invitation,
    create_event,
    create_section,
    remove_role,
    set_role,
    update_event,
    update_section,
    withdraw_invitation,
)
from swisspair_web.tournaments.services.numbering import (
    FROZEN_AFTER,
    fix_numbers,
    keep_sorted,
    renumber_by_rating,
    renumber_plan,
)
from swisspair_web.tournaments.services.players import (
    add_players,
    check_fide_ids,
    delete_player,
    request_bye,
    set_withdrawn,
    update_player,
)
from swisspair_web.tournaments.services.results import (
    FORFEIT_LOSERS,
    ResultChanges,
    Seen,
    pairing_text,
    parse_result,
    seen,
    set_results,
)
from swisspair_web.tournaments.services.rounds import (
    PairingOutcome,
    adjust_round,
    pair_next_round,
    publish_round,
    rule_warnings,
    unpair_last_round,
)
from swisspair_web.tournaments.services.trf_import import import_trf, parse_trf

__all__ = [
    "FORFEIT_LOSERS", "FROZEN_AFTER", "LENIENT_FIELDS", "Conflict", "FieldError", "NameTaken",
    "OperationError", "PairingOutcome", "PlayerData", "Progress", "ResultChanges", "Seen", "User", "add_players",
    "adjust_round", "audit", "before_commit", "bump_section", "categories", "check_fide_ids", "clean_name",
    "create_event", "create_section", "delete_player", "demo", "effects", "estimate_rating", "events", "fix_numbers",
    "follow",
    "import_trf", "keep_sorted", "lenient", "numbering", "pair_next_round", "pairing_text", "parse_result",
    "parse_trf", "player_import", "players", "playoffs", "presence", "prizes", "publish_round", "registration",
    "remove_role", "renumber_by_rating", "renumber_plan", "request_bye", "results", "rounds", "rule_warnings", "seen",
    "set_results", "set_role", "set_withdrawn", "teams", "touch_section", "trf_import", "unpair_last_round",
    "update_event", "update_player", "update_section", "answer_invitation", "withdraw_invitation",
]
