"""Arbiter operations: every write of the manager goes through here.

Each operation is one database transaction, so a process killed in the middle
leaves the database as it was. Slow work (pairing a big section, parsing an
import) is done *before* the transaction, on a snapshot; the transaction then
checks that the section did not change meanwhile (its ``version``) and
writes. Other arbiters are never blocked by a long pairing, and two arbiters
never silently overwrite each other: the second gets :exc:`Conflict`.
"""

from __future__ import annotations

import contextlib
import random
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User as AuthUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair import trf
from swisspair.errors import SwissPairError
from swisspair.model import BoardResult, Colour, RoundPairing, Tournament
from swisspair.trf import Diagnostic
from swisspair_web.tournaments import dates, late_corrections, numbering, registry, settings_changes, team_import
from swisspair_web.tournaments.convert import (
    SectionData,
    decimal,
    rows_from_tournament,
    to_tournament,
)
from swisspair_web.tournaments.models import (
    RESULTS,
    AuditEntry,
    Board,
    Bye,
    Event,
    EventRole,
    Player,
    Round,
    Section,
)

User = AbstractBaseUser | AnonymousUser | None

Progress = Callable[[int, str], None]
"""``progress(percent, stage)`` of a long operation run as a background job (:mod:`.jobs`)."""


def _no_progress(percent: int, stage: str) -> None:
    """The progress of an operation nobody watches."""


class OperationError(Exception):
    """An arbiter operation that cannot be done; the message is for the arbiter."""


class Conflict(OperationError):
    """Somebody else changed the same data first."""


class NameTaken(OperationError):
    """A short name (of an event or a section) that is taken."""


class FieldError(OperationError):
    """An operation refused for the value of one field of its form (``field``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _user(user: User) -> AuthUser | None:
    """The account behind a request (``None`` for anonymous and command-line callers)."""
    return user if isinstance(user, AbstractBaseUser) else None  # type: ignore[return-value]


def audit(event: Event, user: User, action: str, *, section: Section | None = None, detail: str = "",
          round_number: int | None = None, board_number: int | None = None, old: str = "",
          new: str = "") -> None:
    AuditEntry.objects.create(event=event, section=section, user=_user(user), action=action, detail=detail[:2000],
                              round_number=round_number, board_number=board_number, old=old[:40], new=new[:40])


def bump_section(section: Section, seen_version: int | None = None) -> None:
    """Take the section for writing: ``version += 1`` if it is still ``seen_version``.

    Must be called inside a transaction; on PostgreSQL the row lock serialises
    structural changes of one section.

    :raises: :exc:`Conflict` when another arbiter changed the section first.
    """
    expected = section.version if seen_version is None else seen_version
    updated = Section.objects.filter(pk=section.pk, version=expected).update(version=F("version") + 1)
    if not updated:
        raise Conflict(_("The section was changed by somebody else meanwhile; reload the page and try again."))
    section.version = expected + 1


def touch_section(section: Section) -> None:
    """Take the section for writing whatever its version (for a write guarded by the versions of its own
    rows, or by what its page showed): ``version += 1``, so that pages and jobs built on the old version see
    the change. Inside a transaction; on PostgreSQL the row lock serialises structural changes of a section."""
    Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    section.version = Section.objects.values_list("version", flat=True).get(pk=section.pk)


# -- events and sections ----------------------------------------------------------------------------


def create_event(user: User, *, name: str, slug: str, **fields: object) -> Event:
    with transaction.atomic():
        event = Event.objects.create(name=name, slug=slug, created_by=_user(user), **fields)
        account = _user(user)
        if account is not None:
            EventRole.objects.create(event=event, user=account, role=EventRole.CHIEF)
        audit(event, user, "event-created", detail=name)
    return event


def update_event(event: Event, user: User, changed: list[str]) -> None:
    """Save the event's details set on ``event`` (validated by the event form); audited with the fields changed.

    :raises: :exc:`NameTaken` for a short name another event has.
    """
    with transaction.atomic():
        try:
            with transaction.atomic():
                event.save()
        except IntegrityError:
            raise NameTaken(_("This short name is taken.")) from None
        audit(event, user, "event-edited", detail=", ".join(changed))


def _other_chiefs(event: Event, account_id: int) -> bool:
    return EventRole.objects.filter(event=event, role=EventRole.CHIEF).exclude(user_id=account_id).exists()


def set_role(event: Event, user: User, name: str, role: str, password: str = "") -> bool:
    """Give the account ``name`` the ``role`` (chief arbiter or arbiter) in ``event``; a new account needs a
    ``password`` (checked by the password validators). An event always keeps a chief arbiter: the last one's
    role does not change. Returns whether the account was created.

    :raises: :exc:`FieldError` (``password`` or ``role``), :exc:`OperationError`.
    """
    if role not in (EventRole.CHIEF, EventRole.ARBITER):
        raise FieldError("role", _("Unknown role."))
    users = get_user_model()
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).exists()  # serialises role changes of the event
        account = users.objects.filter(username=name).first()
        created = account is None
        if account is None:
            if not password:
                raise FieldError("password", _("A new account needs a password."))
            try:
                validate_password(password, users(username=name))
            except ValidationError as error:
                raise FieldError("password", " ".join(error.messages)) from None
            account = users.objects.create_user(username=name, password=password)
        before = EventRole.objects.filter(event=event, user=account).first()
        if before is not None and before.role == EventRole.CHIEF and role != EventRole.CHIEF \
                and not _other_chiefs(event, account.pk):
            raise FieldError("role", _("%(name)s is the only chief arbiter of this event, and an event always has "
                                       "one: make somebody else chief arbiter first.") % {"name": name})
        EventRole.objects.update_or_create(event=event, user=account, defaults={"role": role})
        audit(event, user, "arbiter-added" if before is None else "arbiter-role",
              detail=f"{name} ({role})" if before is None else f"{name}: {before.role} → {role}")
    return created


def remove_role(event: Event, user: User, role_id: int) -> str:
    """Take an arbiter off the event; not oneself, nor the last chief arbiter. Returns the account's name.

    :raises: :exc:`OperationError`.
    """
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).exists()
        row = EventRole.objects.filter(event=event, pk=role_id).select_related("user").first()
        if row is None:
            raise OperationError(_("This arbiter was removed meanwhile (by somebody else?)."))
        if row.user_id == getattr(user, "pk", None):
            raise OperationError(_("You cannot remove yourself; another chief arbiter can."))
        if row.role == EventRole.CHIEF and not _other_chiefs(event, row.user_id):
            raise OperationError(_("%(name)s is the only chief arbiter of this event, and an event always has one: "
                                   "make somebody else chief arbiter first.") % {"name": row.user.get_username()})
        row.delete()
        audit(event, user, "arbiter-removed", detail=f"{row.user.get_username()} ({row.role})")
    return row.user.get_username()


def update_section(section: Section, user: User, seen_version: int, detail: str) -> None:
    """Save the settings set on ``section`` (validated by the section form) if it is still at ``seen_version``;
    audited with ``detail`` (each value before and after).

    :raises: :exc:`Conflict`; :exc:`OperationError` for a short name another section of the event has.
    """
    with transaction.atomic():
        bump_section(section, seen_version)
        try:
            with transaction.atomic():
                section.save()
        except IntegrityError:
            raise NameTaken(_("This short name is taken by another section of the event.")) from None
        audit(section.event, user, "section-edited", section=section, detail=detail)


def create_section(section: Section, user: User) -> Section:
    """Save a new section (validated by the section form).

    :raises: :exc:`OperationError` for a short name another section of the event has.
    """
    with transaction.atomic():
        try:
            with transaction.atomic():
                section.save()
        except IntegrityError:
            raise NameTaken(_("This short name is taken by another section of the event.")) from None
        audit(section.event, user, "section-created", section=section, detail=section.name)
    return section


# -- players ----------------------------------------------------------------------------------------

_NAME_BAD = re.compile(r"[\x00-\x1f\x7f]")


def clean_name(name: str, *, empty: str = "") -> str:
    """A player's (or a team's) name as stored: control characters refused, whitespace collapsed.

    :param empty: the refusal of an empty name (default: a player's).
    """
    if _NAME_BAD.search(name):
        raise OperationError(_("Names may not contain control characters."))
    name = " ".join(name.split())
    if not name:
        raise OperationError(empty or _("A player needs a name."))
    if len(name) > 100:
        raise OperationError(_("Name too long (100 characters at most)."))
    return name


@dataclass
class PlayerData:
    name: str
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    title: str = ""
    sex: str = ""
    birth_date: str = ""
    club: str = ""
    rating_estimate: str = ""
    """How ``rating`` was estimated (``"INGO 150"``), empty for a FIDE rating (see :func:`estimate_rating`)."""

    def validate(self) -> PlayerData:
        self.name = clean_name(self.name)
        if not 0 <= self.rating <= 4000:
            raise OperationError(_("Rating out of range: %(rating)s") % {"rating": self.rating})
        self.federation = self.federation.strip().upper()[:3]
        if self.federation and not self.federation.isalpha():
            raise OperationError(_("Federation must be a three-letter code."))
        self.fide_id = self.fide_id.strip()
        if self.fide_id and not self.fide_id.isdigit():
            raise OperationError(_("FIDE ID must be a number."))
        self.fide_id = self.fide_id[:11]
        self.title = self.title.strip().upper()[:3]
        if self.title and self.title not in ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"):
            raise OperationError(_("Unknown title: %(title)s") % {"title": self.title})
        self.sex = self.sex.strip().lower()[:1]
        if self.sex not in ("", "m", "w", "f"):
            raise OperationError(_("Sex must be m, w or empty."))
        self.sex = "w" if self.sex == "f" else self.sex
        try:
            self.birth_date = dates.birth_date(self.birth_date)
        except dates.DateError as error:
            raise OperationError(str(error)) from None
        self.club = " ".join(self.club.split())[:100]
        self.rating_estimate = self.rating_estimate.strip()[:20] if self.rating else ""
        return self


LENIENT_FIELDS = ("federation", "fide_id", "title", "sex", "birth_date")
"""Fields pairing does not need: a value that cannot be kept is left empty with a warning
(read leniently, check strictly by the purpose). A bad name or rating still refuses the file."""


def lenient(data: PlayerData, place: str) -> tuple[PlayerData, list[str]]:
    """``data`` validated; a bad value of a :data:`LENIENT_FIELDS` field is left empty with a warning.

    :param place: where the player is (``FILE:LINE: ``), the start of each warning.
    :raises: :exc:`OperationError` (prefixed with ``place``) for a bad name or rating.
    """
    notes = []
    for name in LENIENT_FIELDS:
        value = getattr(data, name)
        try:
            PlayerData(name="x", **{name: value}).validate()
        except OperationError as error:
            notes.append(place + _("%(error)s (left empty)") % {"error": error})
            setattr(data, name, "")
    try:
        return data.validate(), notes
    except OperationError as error:
        raise OperationError(place + str(error)) from None


def estimate_rating(scale: str, value: int) -> int:
    """A FIDE-like rating estimate from another scale (FIDE Dutch system, 1992 rules, A 1: the German
    INGO number or the English BCF/ECF grade).

    ``INGO``: 2840 - 8 x INGO; ``BCF``: 600 + 8 x BCF grade. The estimate pairs the player; it is not a
    FIDE rating, so the TRF export leaves it out of the rating column (:attr:`Player.rating_estimate`).
    """
    if scale == "INGO":
        return max(0, 2840 - 8 * value)
    if scale == "BCF":
        return max(0, 600 + 8 * value)
    raise OperationError(_("Unknown rating scale: %(scale)s") % {"scale": scale})


def add_players(section: Section, user: User, players: Iterable[PlayerData], *, late_byes: str = Bye.ZERO,
                source: str = "form", seen_paired: int | None = None) -> list[Player]:
    """Register players: new pairing numbers after the last one, or, before round 1, by the initial ranking
    (:mod:`.numbering`).

    Late entries (rounds already paired) get ``late_byes`` (``Z`` or ``H``) for the rounds they missed
    (FIDE C.04.2 art. 2.4); ``seen_paired`` is how many rounds the arbiter's page said were paired: the
    players are not added when another round was paired meanwhile.

    :raises: :exc:`OperationError`; :exc:`Conflict` when a round was paired (or unpaired) meanwhile.
    """
    rows = [p.validate() for p in players]
    if not rows:
        raise OperationError(_("No players to add."))
    if late_byes not in (Bye.ZERO, Bye.HALF):
        raise OperationError(_("Unknown kind of bye."))
    with transaction.atomic():
        touch_section(section)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        check_paired(paired, seen_paired)
        check_fide_ids(section, [p.fide_id for p in rows])
        created = create_players(section, rows, late_byes, paired)
        audit(section.event, user, "players-added", section=section,
              detail=f"{len(created)} from {source}" + (late_text(late_byes, paired) if paired else ""))
        keep_sorted(section, user, created)
    return created


def check_paired(paired: int, seen_paired: int | None) -> None:
    """Refuse a late entry when the page that sent it showed another number of paired rounds.

    :raises: :exc:`Conflict`."""
    if seen_paired is not None and seen_paired != paired:
        raise Conflict(_("Rounds paired now: %(now)s; your page showed %(seen)s. Nothing was added: the byes for "
                         "the rounds missed depend on it. Check the page and send it again.")
                       % {"now": paired, "seen": seen_paired})


def create_players(section: Section, rows: list[PlayerData], late_byes: str, paired: int) -> list[Player]:
    """New players with the next pairing numbers, each with a bye of kind ``late_byes`` (origin
    :attr:`Bye.LATE`) for each of the ``paired`` rounds they missed (inside the caller's transaction)."""
    next_tpn = (section.players.aggregate(m=Max("tpn"))["m"] or 0) + 1
    created = [Player.objects.create(section=section, tpn=next_tpn + offset, **data.__dict__)
               for offset, data in enumerate(rows)]
    Bye.objects.bulk_create([Bye(section=section, player=player, round_number=r, kind=late_byes, origin=Bye.LATE)
                             for player in created for r in range(1, paired + 1)])
    return created


def late_text(late_byes: str, paired: int) -> str:
    """The audit words for late entries: which byes they got for which rounds."""
    kind = "half-point byes" if late_byes == Bye.HALF else "zero-point byes"
    return f", late entry after round {paired}: {kind} for rounds 1-{paired}"


def check_fide_ids(section: Section, fide_ids: list[str], exclude: int | None = None) -> None:
    """Refuse a FIDE ID given twice, or given to a player of ``section`` already (other than ``exclude``).

    The database refuses it too (``sp_player_fide_id_unique``); this gives the arbiter the reason."""
    ids = [i for i in fide_ids if i]
    repeated = sorted(i for i, n in Counter(ids).items() if n > 1)
    if repeated:
        raise OperationError(_("FIDE ID %(id)s is given twice.") % {"id": repeated[0]})
    holders = Player.objects.filter(section=section, fide_id__in=ids)
    holder = (holders.exclude(pk=exclude) if exclude is not None else holders).first()
    if holder is not None:
        raise OperationError(_("FIDE ID %(id)s belongs to %(player)s already; update that player instead.")
                             % {"id": holder.fide_id, "player": f"{holder.tpn}. {holder.name}"})


def update_player(player: Player, user: User, data: PlayerData, seen_version: int) -> None:
    """Store a player's edited data if the player is still at ``seen_version``; the audit log gets each field
    before and after. Before round 1 the numbers are sorted again (:func:`keep_sorted`).

    :raises: :exc:`OperationError`, :exc:`Conflict`.
    """
    data.validate()
    section = player.section
    with transaction.atomic():
        touch_section(section)
        check_fide_ids(section, [data.fide_id], exclude=player.pk)
        updated = Player.objects.filter(pk=player.pk, version=seen_version).update(
            version=F("version") + 1, **data.__dict__)
        if not updated:
            raise Conflict(_("This player was changed by somebody else meanwhile; reload and try again."))
        changed = "; ".join(f"{name}: {getattr(player, name)} → {value}" for name, value in data.__dict__.items()
                            if getattr(player, name) != value)
        audit(section.event, user, "player-edited", section=section,
              detail=f"{player.tpn}. {data.name}" + (f": {changed}" if changed else ""))
        player.refresh_from_db()
        keep_sorted(section, user, [player])


def delete_player(player: Player, user: User, seen_version: int | None = None) -> None:
    """Delete a player never paired, if still at ``seen_version``; numbered by the initial ranking, the numbers
    close up.

    :raises: :exc:`OperationError`, :exc:`Conflict`.
    """
    section = player.section
    with transaction.atomic():
        touch_section(section)
        if Board.objects.filter(round__section=section).filter(Q(white=player) | Q(black=player)).exists():
            raise OperationError(_("A player who has been paired cannot be deleted; withdraw them instead."))
        if seen_version is not None and not Player.objects.filter(pk=player.pk, version=seen_version).exists():
            raise Conflict(_("This player was changed by somebody else meanwhile; reload and try again."))
        player.delete()
        audit(section.event, user, "player-deleted", section=section, detail=str(player))
        keep_sorted(section, user)


def set_withdrawn(player: Player, user: User, from_round: int | None, seen_version: int | None = None) -> list[str]:
    """Withdraw ``player`` from ``from_round`` on (``None``: reinstate) if the player is still at
    ``seen_version``. Returns notes for the arbiter (a round paired already without the player).

    :raises: :exc:`OperationError` for a round paired already or beyond the last; :exc:`Conflict`.
    """
    section = player.section
    notes = []
    with transaction.atomic():
        touch_section(section)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        if from_round is not None and from_round < 1:
            raise OperationError(_("Withdraw from round %(next)s or later.") % {"next": paired + 1})
        if from_round is not None and from_round <= paired:
            raise OperationError(_("Round %(round)s is already paired; withdraw from round %(next)s or later.")
                                 % {"round": from_round, "next": paired + 1})
        if from_round is not None and from_round > section.rounds:
            raise OperationError(ngettext("The section has only %(rounds)s round.", "The section has only %(rounds)s rounds.",
                                        section.rounds) % {"rounds": section.rounds})
        version = player.version if seen_version is None else seen_version
        updated = Player.objects.filter(pk=player.pk, version=version).update(
            withdrawn_from=from_round, withdrawn_after_forfeit=None, version=F("version") + 1)
        if not updated:
            raise Conflict(_("This player was changed by somebody else meanwhile; reload and try again."))
        absent = Bye.objects.filter(player=player, origin=Bye.WITHDRAWAL).values_list("round_number", flat=True)
        if from_round is None and paired in absent:
            notes.append(_("Round %(round)s is paired already without %(name)s (absent); %(name)s is paired "
                           "from round %(next)s on, or in round %(round)s if it is unpaired and paired again.")
                         % {"round": paired, "name": player.name, "next": paired + 1})
        audit(section.event, user, "withdrawn" if from_round else "reinstated", section=section,
              detail=f"{player.tpn}. {player.name}" + (f" from round {from_round}" if from_round else ""))
    player.withdrawn_from = from_round
    player.version = version + 1
    return notes


def request_bye(player: Player, user: User, round_number: int, kind: str, origin: str = Bye.REQUEST) -> bool:
    """Record a requested bye (``H``, ``F``) or a known absence (``Z``); ``""`` removes it. ``origin`` says
    who asked for it (:attr:`Bye.ORIGINS`): an arbiter, or the player through the private link.

    Returns whether anything changed (removing a bye that is not there changes nothing and is not audited).
    """
    section = player.section
    paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
    if round_number <= paired:
        raise OperationError(_("Round %(round)s is already paired.") % {"round": round_number})
    if round_number > section.rounds:
        raise OperationError(ngettext("The section has only %(rounds)s round.", "The section has only %(rounds)s rounds.",
                                        section.rounds) % {"rounds": section.rounds})
    if kind not in ("", Bye.HALF, Bye.FULL, Bye.ZERO):
        raise OperationError(_("Unknown kind of bye."))
    with transaction.atomic():
        bump_section(section)
        before = Bye.objects.filter(player=player, round_number=round_number).first()
        if (before.kind if before else "") == kind:
            return False
        Bye.objects.filter(player=player, round_number=round_number).delete()
        if kind:
            Bye.objects.create(section=section, player=player, round_number=round_number, kind=kind,
                               origin=origin)
        audit(section.event, user, "bye", section=section, round_number=round_number,
              detail=f"{player.tpn}. {player.name}", old=before.kind if before else "", new=kind or "-")
    return True


def renumber_plan(section: Section) -> list[tuple[Player, int]]:
    """``(player, new pairing number)`` of every player whose number the initial ranking of the section's
    system changes (:func:`.numbering.plan`: rating, then title, then name, FIDE C.04.2 art. 2.2)."""
    return numbering.plan(section)


FROZEN_AFTER = 4
"""Pairing numbers are not changed once this round is paired (FIDE C.04.2 art. 2.3)."""


def renumber_by_rating(section: Section, user: User, seen_version: int | None = None) -> list[tuple[Player, int]]:
    """Re-sort pairing numbers (:func:`renumber_plan`) if the section is still at ``seen_version``; the
    audit log lists every number before and after. Before round 1 the numbers then stay sorted as players
    come and go (:attr:`Section.RATING_ORDER`). Returns the changes made."""
    with transaction.atomic():
        bump_section(section, seen_version)
        paired = section.round_set.aggregate(m=Max("number"))["m"] or 0
        if paired >= FROZEN_AFTER:
            raise OperationError(_("Round %(round)s is paired: pairing numbers do not change after round 4 is "
                                   "paired (FIDE C.04.2 art. 2.3).") % {"round": paired})
        if section.numbering != Section.RATING_ORDER and not paired:
            _set_numbering(section, user, Section.RATING_ORDER)
        plan = renumber_plan(section)
        if plan:
            audit(section.event, user, "renumbered", section=section, detail=numbering.describe(plan))
            numbering.apply(plan)
    return plan


def fix_numbers(section: Section, user: User, seen_version: int) -> None:
    """Keep the pairing numbers as they are (:attr:`Section.FIXED_ORDER`): new players get the next numbers,
    nothing is re-sorted, if the section is still at ``seen_version``."""
    with transaction.atomic():
        bump_section(section, seen_version)
        if section.numbering != Section.FIXED_ORDER:
            _set_numbering(section, user, Section.FIXED_ORDER)


def _set_numbering(section: Section, user: User, mode: str) -> None:
    Section.objects.filter(pk=section.pk).update(numbering=mode)
    audit(section.event, user, "numbering", section=section, old=section.numbering, new=mode)
    section.numbering = mode


def keep_sorted(section: Section, user: User, players: Iterable[Player] = ()) -> None:
    """Before round 1, a section numbered by the initial ranking is sorted again after a change of its players
    (inside the change's transaction, audited); ``players`` (in memory) get their new numbers."""
    if not numbering.automatic(section):
        return
    plan = numbering.plan(section)
    if not plan:
        return
    audit(section.event, user, "renumbered", section=section,
          detail=_("Numbers sorted by rating: %(changes)s") % {"changes": numbering.describe(plan)})
    numbering.apply(plan)
    new = {player.pk: tpn for player, tpn in plan}
    for player in players:
        player.tpn = new.get(player.pk, player.tpn)


# -- imports ----------------------------------------------------------------------------------------

def parse_trf(text: str | bytes, source: str = "upload", warnings: list[str] | None = None,
              diagnostics: list[Diagnostic] | None = None) -> Tournament:
    """The tournament of a TRF file; the reader's located warnings are added to ``warnings`` (as text)
    and to ``diagnostics``.

    Bytes are decoded by the core's rule (:func:`swisspair.trf.decode`).
    """
    try:
        notes: list[Diagnostic] = []
        if isinstance(text, bytes):
            text, notes = trf.decode(text, source)
        result = trf.loads(text, source=source)
    except SwissPairError as error:
        raise OperationError(_("Invalid TRF: %(error)s") % {"error": error}) from None
    if warnings is not None:
        warnings.extend(str(note) for note in [*notes, *result.warnings])
    if diagnostics is not None:
        diagnostics.extend(result.warnings)
    return result.tournament


def _unique_fide_ids(data: list[tuple[int, PlayerData]], source: str, warnings: list[str] | None) -> None:
    """A FIDE ID given to two players of a TRF file stays with the first; the other loses it, with a warning."""
    holders: dict[str, int] = {}
    for tpn, player in data:
        if player.fide_id and player.fide_id in holders:
            if warnings is not None:
                warnings.append(_("%(file)s: player %(tpn)s: FIDE ID %(id)s is player %(other)s's too; "
                                  "not kept for player %(tpn)s.")
                                % {"file": source, "tpn": tpn, "id": player.fide_id, "other": holders[player.fide_id]})
            player.fide_id = ""
        elif player.fide_id:
            holders[player.fide_id] = tpn


def import_trf(event: Event, user: User, text: str | bytes, *, name: str, slug: str, system: str = "dutch",
               progress: Progress = _no_progress, source: str = "upload",
               warnings: list[str] | None = None) -> Section:
    """A new section from a TRF file, with its players, rounds, results and byes.

    A file with team records (``013``/``310``) gives a team section (C.04.6) with its teams, rosters
    and team matches (:mod:`.team_import`). Everything is written in one transaction. What the
    reader read anyway (located: ``FILE:LINE:COLUMN: RECORD: ...``) is added to ``warnings``.
    """
    progress(5, "parsing")
    notes: list[str] = []
    diagnostics: list[Diagnostic] = []
    tournament = parse_trf(text, source, notes, diagnostics)
    if not tournament.players:
        raise OperationError(_("The TRF file has no players."))
    try:
        rows = rows_from_tournament(tournament)
    except ValueError as error:
        raise OperationError(_("Invalid TRF: %(error)s") % {"error": error}) from None
    data = []
    for player in tournament:
        checked, problems = lenient(PlayerData(
            name=player.name or f"Player {player.tpn}", rating=player.rating, federation=player.federation,
            fide_id=player.fide_id, title=player.title, sex=player.sex, birth_date=player.birth_date,
            club=player.club), f"{source}: " + _("player %(tpn)s: ") % {"tpn": player.tpn})
        data.append((player.tpn, checked))
        notes.extend(problems)
    _unique_fide_ids(data, source, notes)
    if warnings is not None:
        warnings.extend([*notes, *(f"{source}: {w}" for w in rows.warnings)])
    team_plan = None
    byes = rows.byes
    if team_import.has_team_records(tournament):
        try:
            team_plan = team_import.plan(tournament, rows, diagnostics)
        except team_import.TeamImportError as error:
            raise OperationError(_("Invalid team records: %(error)s") % {"error": error}) from None
        byes = team_import.kept_byes(team_plan, rows)
        rows.extras["extra_lines"] = [line for line in tournament.extra_lines
                                      if line[:3] not in team_import.DROPPED_RECORDS]
    scoring = tournament.scoring
    progress(60, "saving")
    with transaction.atomic():
        try:
            with transaction.atomic():
                section = Section.objects.create(
                    event=event, name=name, slug=slug, rounds=rows.rounds,
                    initial_colour={Colour.WHITE: "w", Colour.BLACK: "b"}.get(
                        tournament.initial_colour or Colour.NONE, ""),
                    acceleration=Section.CUSTOM if tournament.accelerations else "",
                    win=decimal(scoring.win), draw=decimal(scoring.draw), loss=decimal(scoring.loss),
                    pab=decimal(scoring.pab_points), half_bye=decimal(scoring.points(_result("H"))),
                    full_bye=decimal(scoring.points(_result("F"))),
                    forfeit_win=decimal(scoring.points(_result("+"))),
                    forfeit_loss=decimal(scoring.points(_result("-"))), zero_bye=decimal(scoring.zero_bye),
                    trf_extras=rows.extras, numbering=Section.FIXED_ORDER,
                    **{"system": system, **(team_plan.settings if team_plan else {})})
        except IntegrityError:
            raise OperationError(_("A section with this short name exists already.")) from None
        players = {tpn: Player.objects.create(section=section, tpn=tpn, **d.__dict__) for tpn, d in data}
        now = timezone.now()
        rounds = {r: Round.objects.create(section=section, number=r, paired_by=_user(user), published_at=now)
                  for r in range(1, rows.paired_rounds + 1)}
        for b in rows.boards:
            if b.round_number not in rounds:
                raise OperationError(_("Invalid TRF: a game in round %(round)s after the last paired round.")
                                     % {"round": b.round_number})
        if team_plan is None:
            numbers: dict[int, int] = {}
            boards = []
            for b in rows.boards:
                numbers[b.round_number] = numbers.get(b.round_number, 0) + 1
                boards.append(Board(round=rounds[b.round_number], number=numbers[b.round_number],
                                    white=players[b.white], black=players[b.black], result=b.result))
            Board.objects.bulk_create(boards)
        else:
            team_import.save(team_plan, section, players, rounds)
        Bye.objects.bulk_create([Bye(section=section, player=players[tpn], round_number=r, kind=kind,
                                     origin=Bye.PAIRING if kind == Bye.PAB else Bye.IMPORT)
                                 for tpn, r, kind in byes])
        audit(event, user, "trf-imported", section=section,
              detail=f"{len(players)} players, {rows.paired_rounds} rounds" +
              (f", {len(team_plan.teams)} teams" if team_plan else "") +
              ("; " + "; ".join([*rows.warnings, *notes]) if rows.warnings or notes else ""))
        _before_commit(section)
        _import_checkpoint()
    return section


def _result(code: str):  # type: ignore[no-untyped-def]
    from swisspair.model import Result

    return Result(code)


def _import_checkpoint() -> None:
    """Called inside the import transaction just before it commits (a seam for the kill tests)."""


def _pairing_checkpoint() -> None:
    """Called inside the pairing transaction just before it commits (a seam for the kill tests)."""


_committing = threading.local()


@contextlib.contextmanager
def before_commit(callback: Callable[[Round | Section], None]) -> Iterator[None]:
    """Within this block, ``callback(new round or section)`` runs inside the transaction of a pairing or an
    import, just before it commits: a background job records that it is done in the same transaction as
    its work (:mod:`.jobs`), so a job run twice never writes twice."""
    _committing.callback = callback
    try:
        yield
    finally:
        _committing.callback = None


def _before_commit(written: Round | Section) -> None:
    callback = getattr(_committing, "callback", None)
    if callback is not None:
        callback(written)


# -- rounds -----------------------------------------------------------------------------------------


BEFORE_PAIRING: list[Callable[[Section, User], list[str]]] = []
"""Steps :func:`pair_next_round` runs before it reads the section (the check-in of :mod:`.presence`
registers one when the app starts): each writes what it must in a transaction of its own and returns
what the arbiter is told."""


def _numbering_before_round_1(section: Section, user: User, seen_version: int | None) -> list[str]:
    """Before round 1: check the version the arbiter saw, sort numbers kept by the initial ranking, and warn
    about numbers the arbiter fixed out of it (FIDE C.04.2 art. 2.2-2.3)."""
    if seen_version is not None and seen_version != section.version:
        raise Conflict(_("The section was changed by somebody else meanwhile; reload the page and try again."))
    if section.is_team or section.round_set.exists():
        return []
    plan = numbering.plan(section)
    if not plan:
        return []
    if section.numbering == Section.FIXED_ORDER:
        return [ngettext("The pairing numbers are fixed by the arbiter, not in the order of the rules (%(order)s): "
                         "%(count)s player would have another number.",
                         "The pairing numbers are fixed by the arbiter, not in the order of the rules (%(order)s): "
                         "%(count)s players would have other numbers.", len(plan))
                % {"order": numbering.order(section).label, "count": len(plan)}]
    with transaction.atomic():
        bump_section(section)
        keep_sorted(section, user)
    return [ngettext("%(count)s pairing number was sorted into the order of the rules (%(order)s) before pairing.",
                     "%(count)s pairing numbers were sorted into the order of the rules (%(order)s) before pairing.",
                     len(plan)) % {"count": len(plan), "order": numbering.order(section).label}]


@dataclass
class PairingOutcome:
    round: Round
    warnings: list[str] = field(default_factory=list)


def pair_next_round(section: Section, user: User, *, allow_pending: bool = False,
                    progress: Progress = _no_progress, seen_version: int | None = None) -> PairingOutcome:
    """Pair the next round with the section's system and store it (unpublished).

    The engine runs on a snapshot, outside any transaction; the result is
    written only if the section is unchanged since the snapshot, and since
    ``seen_version`` (the version the arbiter's page showed) when given.
    Before round 1, numbers kept by the initial ranking are sorted first
    (:func:`keep_sorted`); numbers the arbiter fixed out of that order give a warning.

    :raises: :exc:`OperationError` (also for ``NoValidPairingError``), :exc:`Conflict`.
    """
    warnings = _numbering_before_round_1(section, user, seen_version)
    warnings += [note for step in BEFORE_PAIRING for note in step(section, user)]
    seen_version = section.version
    progress(5, "reading")
    data = SectionData.load(section)
    number = data.paired_rounds + 1
    if number > section.rounds:
        raise OperationError(ngettext("The section's only round is paired.", "All %(rounds)s rounds are paired.",
                                        section.rounds) % {"rounds": section.rounds})
    pending = data.pending_boards(data.paired_rounds) if data.paired_rounds else []
    if any(data.pending_boards(r.number) for r in data.rounds[:-1]):
        raise OperationError(_("An earlier round still has games without a result."))
    if pending and not allow_pending:
        raise OperationError(
            ngettext("Round %(round)s has %(count)s game without a result. Enter it first, or pair counting "
                     "it as a draw.",
                     "Round %(round)s has %(count)s games without a result. Enter them first, or pair counting "
                     "them as draws.", len(pending)) % {"round": data.paired_rounds, "count": len(pending)})
    conv = to_tournament(data, pending="draw" if allow_pending else "absent", next_round=True)
    tournament = conv.tournament
    if number == 1 and tournament.initial_colour is None:
        tournament.initial_colour = random.choice([Colour.WHITE, Colour.BLACK])
    available = [p for p in tournament if p.result(number).result.value not in (Bye.HALF, Bye.FULL, Bye.ZERO)]
    if len(available) < 2:
        raise OperationError(_("Fewer than two players can be paired in round %(round)s.") % {"round": number})
    progress(20, "pairing")
    try:
        pairing: RoundPairing = registry.pair(tournament, section.system)
    except SwissPairError as error:
        raise OperationError(_("The engine found no pairing: %(error)s") % {"error": error}) from None
    if pairing.round_number != number:
        raise OperationError(f"engine paired round {pairing.round_number}, expected {number}")
    if pending:
        warnings.append(_("Unfinished games were counted as draws for this pairing only."))
    progress(90, "saving")
    with transaction.atomic():
        bump_section(section, seen_version)
        if number == 1 and not section.initial_colour:
            colour = "w" if tournament.initial_colour is Colour.WHITE else "b"
            Section.objects.filter(pk=section.pk).update(initial_colour=colour)
            section.initial_colour = colour
        rnd = Round.objects.create(section=section, number=number, paired_by=_user(user), system=section.system,
                                   settings=settings_changes.pairing_settings(section))
        by_tpn = conv.by_tpn
        Board.objects.bulk_create([
            Board(round=rnd, number=index, white=by_tpn[b.white], black=by_tpn[b.black])
            for index, b in enumerate(pairing.boards, start=1)])
        if pairing.bye is not None:
            Bye.objects.update_or_create(player=by_tpn[pairing.bye], round_number=number,
                                         defaults={"section": section, "kind": Bye.PAB, "origin": Bye.PAIRING})
        for player in data.players:
            if player.is_withdrawn(number) and not Bye.objects.filter(player=player, round_number=number).exists():
                Bye.objects.create(section=section, player=player, round_number=number, kind=Bye.ZERO,
                                   origin=Bye.WITHDRAWAL)
        audit(section.event, user, "paired", section=section, round_number=number,
              detail=f"{len(pairing.boards)} boards, system {section.system}" +
              (f", bye {pairing.bye}" if pairing.bye else ""))
        _before_commit(rnd)
        _pairing_checkpoint()
    return PairingOutcome(rnd, warnings)


def publish_round(rnd: Round, user: User, publish: bool = True) -> list[int]:
    """Publish round ``rnd`` (or withdraw it from the public pages). The public rounds are always the first
    ones: a later round's pairing list shows scores that include every earlier round's results, and a player
    card the running score. So a round is published only after the rounds before it, and withdrawing a round
    withdraws the later ones too. Returns the numbers of the rounds that changed.

    :raises: :exc:`OperationError` when an earlier round is not published.
    """
    section = rnd.section
    with transaction.atomic():
        Section.objects.select_for_update().filter(pk=section.pk).exists()  # one publication change at a time
        rounds = Round.objects.filter(section=section)
        if publish:
            hidden = rounds.filter(number__lt=rnd.number, published_at__isnull=True).order_by("number").first()
            if hidden is not None:
                raise OperationError(_("Round %(earlier)s is not published: publish the rounds in order (the "
                                       "pairing list of round %(round)s shows scores that include round "
                                       "%(earlier)s).") % {"earlier": hidden.number, "round": rnd.number})
            changed = list(rounds.filter(pk=rnd.pk, published_at__isnull=True).values_list("number", flat=True))
            rounds.filter(pk=rnd.pk, published_at__isnull=True).update(published_at=timezone.now())
        else:
            later = rounds.filter(number__gte=rnd.number, published_at__isnull=False)
            changed = sorted(later.values_list("number", flat=True))
            later.update(published_at=None)
        for number in changed:
            audit(section.event, user, "published" if publish else "unpublished", section=section,
                  round_number=number)
    return changed


def unpair_last_round(section: Section, user: User, *, discard_results: bool = False) -> int:
    """Delete the last paired round (its boards, its PAB); requested byes stay."""
    with transaction.atomic():
        bump_section(section)
        rnd = section.round_set.order_by("-number").first()
        if rnd is None:
            raise OperationError(_("No round is paired."))
        entered = rnd.boards.exclude(result="").count()
        if entered and not discard_results:
            raise OperationError(ngettext("Round %(round)s already has %(count)s result; confirm to discard it.",
                                          "Round %(round)s already has %(count)s results; confirm to discard them.",
                                          entered) % {"round": rnd.number, "count": entered})
        number = rnd.number
        # the byes the pairing wrote go with it: the PAB, and the absences of the players withdrawn then
        # (also of those reinstated since, who are paired again when the round is)
        Bye.objects.filter(section=section, round_number=number, origin__in=(Bye.PAIRING, Bye.WITHDRAWAL)).delete()
        published = rnd.published
        rnd.delete()
        audit(section.event, user, "unpaired", section=section, round_number=number,
              detail="; ".join([*([f"{entered} results discarded"] if entered else []),
                                *(["it was public: withdrawn from the public pages"] if published else [])]))
    return number


# -- results ----------------------------------------------------------------------------------------

def parse_result(text: str) -> str:
    """The code of what an arbiter typed (the core's :meth:`BoardResult.parse`: ``1``, ``=``, ``+``...,
    White's side first); ``""`` for no result."""
    try:
        result = BoardResult.parse(text)
    except ValueError:
        raise OperationError(_("Unknown result: %(text)s") % {"text": text[:10]}) from None
    return "" if result is None else result.code


class Seen(NamedTuple):
    """What a result form showed of a board when it was rendered: the board's version and its players in
    their colours (player ids). ``None`` for a player the form did not name: such a write is refused."""

    version: int
    white: int | None
    black: int | None


def seen(board: Board) -> Seen:
    """What a page showing ``board`` now shows of it (for forms and for callers that just read the board)."""
    return Seen(board.version, board.white_id, board.black_id)


def pairing_text(board: Board) -> str:
    """``12. White – 7. Black``: a board's players as the result pages show them."""
    return f"{board.white.tpn}. {board.white.name} – {board.black.tpn}. {board.black.name}"


@dataclass
class ResultChanges:
    saved: list[int] = field(default_factory=list)
    """Board numbers saved."""
    conflicts: list[tuple[int, str]] = field(default_factory=list)
    """``(board number, result now in the database)`` of boards somebody else changed first."""
    moved: list[tuple[int, str]] = field(default_factory=list)
    """``(board number, its players now)`` of boards that hold other players (or colours) than the page showed:
    nothing is written there (``""``: the round has no such board now)."""
    notes: list[str] = field(default_factory=list)


FORFEIT_LOSERS: dict[str, tuple[bool, bool]] = {"+-": (False, True), "-+": (True, False), "--": (True, True)}
"""Which side of a board lost by forfeit (white, black), by result code."""


def _lost_by_forfeit(code: str) -> tuple[bool, bool]:
    return FORFEIT_LOSERS.get(code, (False, False))


def set_results(rnd: Round, user: User, changes: Mapping[int, tuple[str, Seen]],
                *, withdraw_no_shows: bool = True) -> ResultChanges:
    """Store results: ``{board number: (result code, what the arbiter's page showed of the board)}``.

    A write checks what its writer saw (FIDE C.05 art. 8: the arbiter records the results of the games
    played). A board that now holds other players, or the same players in other colours, than the page
    showed (the round was unpaired and paired again, or changed by hand) is not written: it is reported in
    :attr:`ResultChanges.moved` with its current players. A board whose version moved since the page was
    rendered is not written either (unless it already holds the same result): a conflict.
    Corrections of earlier rounds change standings only: later pairings stay.
    A player who lost by forfeit (absent without notice) is withdrawn from the next round on (FIDE Dutch
    system, 1992 rules, F 8); when that forfeit is corrected, the withdrawal is undone.
    """
    outcome = ResultChanges()
    section = rnd.section
    later = list(section.round_set.filter(number__gt=rnd.number).values_list("number", flat=True))
    with transaction.atomic():
        boards = {b.number: b for b in rnd.boards.select_related("white", "black")}
        for number, (code, shown) in sorted(changes.items()):
            if code not in RESULTS:
                raise OperationError(_("Unknown result: %(text)s") % {"text": code[:10]})
            board = boards.get(number)
            if board is None or (board.white_id, board.black_id) != (shown.white, shown.black):
                outcome.moved.append((number, pairing_text(board) if board else ""))
                continue
            if board.version != shown.version:
                if board.result != code:
                    outcome.conflicts.append((number, board.result))
                continue
            if board.result == code:
                continue
            updated = Board.objects.filter(pk=board.pk, version=shown.version, white_id=shown.white,
                                           black_id=shown.black).update(result=code, version=F("version") + 1)
            if not updated:  # pragma: no cover - the row moved between our read and write (PostgreSQL)
                outcome.conflicts.append((number, Board.objects.get(pk=board.pk).result))
                continue
            audit(section.event, user, "correction" if board.result else "result",
                  section=section, round_number=rnd.number, board_number=number,
                  old=RESULTS.get(board.result, board.result), new=RESULTS.get(code, code),
                  detail=f"{board.white.name} - {board.black.name}")
            outcome.saved.append(number)
            _follow_forfeits(rnd, user, board, board.result, code, outcome.notes, withdraw=withdraw_no_shows)
            board.result = code
        if outcome.saved:
            Section.objects.filter(pk=section.pk).update(version=F("version") + 1)
    stale = sorted({n for c in late_corrections.find(section) if c.round == rnd.number and c.board in outcome.saved
                    for n in c.later}) if later and outcome.saved else []
    if stale:
        outcome.notes.append(_("Round %(round)s was corrected after round %(later)s was paired: the standings "
                               "change, but the pairings of later rounds stay as they were made, on other scores. "
                               "The TRF export notes this; a pairing checker will not reproduce those rounds.")
                             % {"round": rnd.number, "later": late_corrections.rounds_text(stale)})
    return outcome


def _follow_forfeits(rnd: Round, user: User, board: Board, before: str, code: str, notes: list[str], *,
                     withdraw: bool) -> None:
    """The withdrawals that follow a board's result: a player who now loses by forfeit is withdrawn from the
    next round on (unless it is paired already, or the last round was played); a player whose forfeit loss
    was corrected into a game (``-`` then ``0``) is reinstated if that forfeit alone withdrew them."""
    section = rnd.section
    nxt = rnd.number + 1
    next_paired = section.round_set.filter(number=nxt).exists()
    for player, lost_before, lost_now in zip((board.white, board.black), _lost_by_forfeit(before),
                                             _lost_by_forfeit(code)):
        player.refresh_from_db(fields=["withdrawn_from", "withdrawn_after_forfeit", "version"])
        if lost_now and not lost_before and withdraw and player.withdrawn_from is None and nxt <= section.rounds \
                and not next_paired:
            Player.objects.filter(pk=player.pk).update(withdrawn_from=nxt, withdrawn_after_forfeit=rnd.number,
                                                       version=F("version") + 1)
            audit(section.event, user, "withdrawn", section=section, round_number=nxt,
                  detail=f"{player.tpn}. {player.name}: forfeit in round {rnd.number}")
            notes.append(_("%(name)s lost by forfeit and is withdrawn from round %(round)s on; reinstate "
                           "them on the players page if they will play.") % {"name": player.name, "round": nxt})
        elif lost_before and not lost_now and player.withdrawn_after_forfeit == rnd.number \
                and player.withdrawn_from == nxt:
            Player.objects.filter(pk=player.pk).update(withdrawn_from=None, withdrawn_after_forfeit=None,
                                                       version=F("version") + 1)
            audit(section.event, user, "reinstated", section=section, round_number=nxt,
                  detail=f"{player.tpn}. {player.name}: the forfeit in round {rnd.number} was corrected")
            notes.append(
                _("The forfeit of %(name)s in round %(round)s was corrected: the withdrawal it made is undone, "
                  "%(name)s is paired again.") % {"name": player.name, "round": rnd.number}
                if not next_paired else
                _("The forfeit of %(name)s in round %(round)s was corrected: the withdrawal it made is undone, "
                  "but round %(next)s is paired without %(name)s (absent); unpair it and pair it again if it "
                  "has not started.") % {"name": player.name, "round": rnd.number, "next": nxt})


# -- adjustments -------------------------------------------------------------------------------------


def adjust_round(rnd: Round, user: User, action: str, board_a: int, board_b: int | None = None) -> list[str]:
    """Change a paired round by hand: ``flip`` colours of a board, ``swap-white`` / ``swap-black``
    players between two boards, ``force`` a pair of two players (``board_a``/``board_b`` are then
    their pairing numbers). Returns a warning for each rule the change breaks."""
    section = rnd.section
    if section.is_team:
        raise OperationError(_("Team rounds follow the board order; unpair the round to change it."))
    if board_b is not None and board_a == board_b and action != "flip":
        raise OperationError(_("Player %(a)s cannot be paired with themselves: give two different numbers.")
                             % {"a": board_a} if action == "force" else _("Give two different boards."))
    with transaction.atomic():
        bump_section(section)
        if rnd.boards.exclude(result="").exists():
            raise OperationError(_("The round already has results; unpair it or correct results instead."))
        boards = {b.number: b for b in rnd.boards.select_related("white", "black")}
        if action != "force" and (board_a not in boards or (board_b is not None and board_b not in boards)):
            raise OperationError(_("No such board."))
        if action == "flip":
            a = boards[board_a]
            a.white, a.black = a.black, a.white
            a.save(update_fields=["white", "black"])
            touched = [a]
        elif action in ("swap-white", "swap-black") and board_b is not None and board_b != board_a:
            a, b = boards[board_a], boards[board_b]
            if action == "swap-white":
                a.white, b.white = b.white, a.white
            else:
                a.black, b.black = b.black, a.black
            a.save(update_fields=["white", "black"])
            b.save(update_fields=["white", "black"])
            touched = [a, b]
        elif action == "force" and board_b is not None:
            touched = _force(boards, board_a, board_b)
        else:
            raise OperationError(_("Unknown adjustment."))
        Board.objects.filter(pk__in=[board.pk for board in touched]).update(version=F("version") + 1)
        Round.objects.filter(pk=rnd.pk).update(adjusted=True)
        audit(section.event, user, "adjusted", section=section, round_number=rnd.number,
              detail=f"{action} {board_a}" + (f" {board_b}" if board_b else ""))
    return rule_warnings(section, rnd.number, touched)


def _force(boards: dict[int, Board], tpn_a: int, tpn_b: int) -> list[Board]:
    """Pair players ``tpn_a`` and ``tpn_b``; their former opponents meet each other."""
    def find(tpn: int) -> Board:
        for board in boards.values():
            if tpn in (board.white.tpn, board.black.tpn):
                return board
        raise OperationError(_("Player %(tpn)s has no game in this round (a bye?); unpair the round to change "
                               "byes.") % {"tpn": tpn})

    first, second = find(tpn_a), find(tpn_b)
    if first.pk == second.pk:
        raise OperationError(_("Players %(a)s and %(b)s already play each other on board %(board)s: nothing "
                               "changed.") % {"a": tpn_a, "b": tpn_b, "board": first.number})
    a_white = first.white.tpn == tpn_a
    a, partner_a = (first.white, first.black) if a_white else (first.black, first.white)
    b, partner_b = (second.white, second.black) if second.white.tpn == tpn_b else (second.black, second.white)
    first.white, first.black = (a, b) if a_white else (b, a)
    second.white, second.black = (partner_b, partner_a) if a_white else (partner_a, partner_b)
    first.save(update_fields=["white", "black"])
    second.save(update_fields=["white", "black"])
    return [first, second]


def rule_warnings(section: Section, number: int, boards: Iterable[Board]) -> list[str]:
    """Absolute-criteria checks for hand-made boards (C.04.1 b, C.04.3 C1-C3)."""
    data = SectionData.load(section)
    tournament = to_tournament(data, upto=number - 1).tournament
    warnings = []
    for board in boards:
        w, b = board.white.tpn, board.black.tpn
        if b in tournament.opponents(w):
            warnings.append(_("Board %(board)s: %(w)s and %(b)s have met already.")
                            % {"board": board.number, "w": board.white.name, "b": board.black.name})
        for tpn, colour, player in ((w, Colour.WHITE, board.white), (b, Colour.BLACK, board.black)):
            history = tournament.colour_history(tpn) + [colour]
            diff = history.count(Colour.WHITE) - history.count(Colour.BLACK)
            if abs(diff) > 2:
                warnings.append(_("Board %(board)s: %(name)s would have a colour difference of %(diff)s.")
                                % {"board": board.number, "name": player.name, "diff": diff})
            if len(history) >= 3 and len(set(history[-3:])) == 1:
                warnings.append(_("Board %(board)s: %(name)s would get the same colour three times in a row.")
                                % {"board": board.number, "name": player.name})
    return warnings


def scores_as_text(value: Decimal) -> str:
    return format(value.normalize(), "f")
