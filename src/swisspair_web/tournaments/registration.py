"""Entries: the public form, the arbiter's approval, the rating list that completes entries, and the
byes and absences players announce through their private link.

Every write is one transaction with its entry in the audit log. A FIDE ID is entered once per
section: a second entry with it is refused when it is typed (the database refuses it too,
``sp_entry_fide_id_unique``), and the approval refuses it again if a player of the section holds it
meanwhile (:func:`.services.check_fide_ids`).

Where a FIDE rating list was imported for the entries (:func:`import_list`), an entry whose FIDE ID is
on the list takes FIDE's own figures from it (:func:`complete`): name, federation, title, rating,
sex, and the year of birth when the registrant gave none; what the list changed is kept with the entry
and shown to the arbiter.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import IO

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair_web.tournaments import rating_list, services
from swisspair_web.tournaments.entry_models import Announcement, Entry, ListedPlayer, Registration
from swisspair_web.tournaments.models import Bye, Player, Section
from swisspair_web.tournaments.player_import import ReadPlayers
from swisspair_web.tournaments.services import Conflict, OperationError, PlayerData, User, _user, audit

LIST_ROWS = 300000
"""At most this many players of a rating list are kept for the entries (give federations beyond)."""

COMPLETED_FIELDS = ("name", "federation", "title", "rating", "sex", "birth_date")
"""What an entry takes from the rating list, in this order."""


def registration_of(section: Section) -> Registration:
    """The section's entry settings (closed, and not saved, until somebody changes them)."""
    return Registration.objects.filter(section=section).first() or Registration(section=section)


def _saved_registration(section: Section) -> Registration:
    registration, _created = Registration.objects.get_or_create(section=section)
    return registration


def _paired(section: Section) -> int:
    return int(section.round_set.aggregate(m=Max("number"))["m"] or 0)


# -- opening and closing --------------------------------------------------------------------------------


def set_open(section: Section, user: User, open_: bool, seen_version: int) -> bool:
    """Open or close the section's entries, if its settings are still at ``seen_version``.

    Returns whether anything changed. :raises: :exc:`Conflict` when somebody changed them meanwhile,
    :exc:`OperationError` for a team section (teams do not enter on the form).
    """
    if section.is_team:
        raise OperationError(_("Team sections take no entries on the public form."))
    with transaction.atomic():
        registration = _saved_registration(section)
        updated = Registration.objects.filter(pk=registration.pk, version=seen_version).update(
            open=open_, version=F("version") + 1)
        if not updated:
            raise Conflict(_("The entries were opened or closed by somebody else meanwhile; reload the page."))
        if registration.open == open_:
            return False
        audit(section.event, user, "entries-opened" if open_ else "entries-closed", section=section)
    return True


# -- the public form ------------------------------------------------------------------------------------


@dataclass
class EntryData:
    """What a registrant types on the public form."""

    name: str
    email: str
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    sex: str = ""
    rating: int = 0
    club: str = ""

    def player_data(self) -> PlayerData:
        return PlayerData(name=self.name, rating=self.rating, federation=self.federation, fide_id=self.fide_id,
                          sex=self.sex, birth_date=self.birth_date, club=self.club)


@dataclass(frozen=True, slots=True)
class Completion:
    """One field the rating list gave an entry."""

    field: str
    """A name of :data:`COMPLETED_FIELDS`."""
    typed: str
    """What the registrant typed (empty: nothing)."""
    listed: str
    """What the list says (and the entry now holds)."""


def complete(data: PlayerData, listed: ListedPlayer | None) -> list[Completion]:
    """Take FIDE's figures from the rating list into ``data``; the fields changed or filled in.

    The list's name, federation, title, rating and sex replace what was typed (they are what FIDE rates);
    its birth date (a year) is taken only when none was typed or the typed year differs.
    """
    if listed is None:
        return []
    changes = []
    for name in COMPLETED_FIELDS:
        typed = str(getattr(data, name) or "")
        value = str(getattr(listed, name) or "")
        if name == "birth_date" and (not value or typed[:4] == value[:4]):
            continue
        if not value or value == typed or (name == "rating" and value == "0"):
            continue
        setattr(data, name, int(value) if name == "rating" else value)
        changes.append(Completion(name, "" if typed == "0" else typed, value))
    return changes


def listed_player(section: Section, fide_id: str) -> ListedPlayer | None:
    """The player of the section's entry rating list with ``fide_id``."""
    return ListedPlayer.objects.filter(section=section, fide_id=fide_id).first() if fide_id else None


def submit(section: Section, typed: EntryData) -> Entry:
    """Record an entry typed on the public form (waiting for the arbiter).

    A name may be left out when the FIDE ID is on the section's rating list.

    :raises: :exc:`OperationError` when entries are closed, a field is wrong, or the FIDE ID is entered
        already in the section.
    """
    registration = registration_of(section)
    if not registration.open or section.is_team:
        raise OperationError(_("Entries to this section are closed."))
    try:
        validate_email(typed.email)
    except ValidationError:
        raise OperationError(_("Give an e-mail address: your private link is sent to it.")) from None
    data = typed.player_data()
    data.fide_id = data.fide_id.strip()
    listed = listed_player(section, data.fide_id)
    if not data.name.strip() and listed is not None:
        data.name = listed.name
    data.validate()
    changes = complete(data, listed)
    data.validate()
    try:
        with transaction.atomic():
            refuse_taken_fide_id(section, data.fide_id)
            entry = Entry.objects.create(
                section=section, token=secrets.token_urlsafe(24), name=data.name, federation=data.federation,
                fide_id=data.fide_id, birth_date=data.birth_date, sex=data.sex, title=data.title,
                rating=data.rating, club=data.club, email=typed.email.strip(),
                completed=[_as_dict(change) for change in changes])
            audit(section.event, None, "entry-received", section=section,
                  detail=f"{data.name}" + (f", FIDE ID {data.fide_id}" if data.fide_id else ""))
    except IntegrityError:
        raise OperationError(_("FIDE ID %(id)s is entered in this section already.") % {"id": data.fide_id}) \
            from None
    return entry


def _as_dict(change: Completion) -> dict[str, str]:
    return {"field": change.field, "typed": change.typed, "listed": change.listed}


def completions(entry: Entry) -> list[Completion]:
    """What the rating list gave ``entry``."""
    return [Completion(**item) for item in entry.completed or []]


def refuse_taken_fide_id(section: Section, fide_id: str, entry: Entry | None = None) -> None:
    """Refuse a FIDE ID that a player of ``section`` or another entry (not refused) holds already."""
    if not fide_id:
        return
    others = Entry.objects.filter(section=section, fide_id=fide_id).exclude(state=Entry.REFUSED)
    if entry is not None:
        others = others.exclude(pk=entry.pk)
    taken = Player.objects.filter(section=section, fide_id=fide_id).exists() or others.exists()
    if taken:
        raise OperationError(_("FIDE ID %(id)s is entered in this section already.") % {"id": fide_id})


# -- the arbiter's decision -------------------------------------------------------------------------------


def _take(entry: Entry, seen_version: int, states: Iterable[str]) -> None:
    """Claim ``entry`` for a decision if it is still at ``seen_version`` and in one of ``states``."""
    updated = Entry.objects.filter(pk=entry.pk, version=seen_version, state__in=list(states)).update(
        version=F("version") + 1)
    if not updated:
        raise Conflict(_("This entry was decided or changed by somebody else meanwhile; reload the page."))
    entry.version = seen_version + 1


def approve(entry: Entry, user: User, seen_version: int) -> Player:
    """Make a waiting (or refused) entry a player of its section, with the next pairing number.

    After round 1 is paired it is a late entry, with zero-point byes for the rounds paired
    (:func:`.services.add_players`).
    """
    section = entry.section
    with transaction.atomic():
        _take(entry, seen_version, (Entry.PENDING, Entry.REFUSED))
        refuse_taken_fide_id(section, entry.fide_id, entry)
        [player] = services.add_players(section, user, [PlayerData(
            name=entry.name, rating=entry.rating, federation=entry.federation, fide_id=entry.fide_id,
            title=entry.title, sex=entry.sex, birth_date=entry.birth_date, club=entry.club)], source="entry")
        Entry.objects.filter(pk=entry.pk).update(state=Entry.APPROVED, player=player, reason="",
                                                 decided_at=timezone.now(), decided_by=_user(user))
        audit(section.event, user, "entry-approved", section=section, old=entry.state, new=Entry.APPROVED,
              detail=f"{player.tpn}. {player.name}")
    entry.state, entry.player = Entry.APPROVED, player
    return player


def refuse(entry: Entry, user: User, seen_version: int, reason: str = "") -> None:
    """Refuse a waiting entry (an approved one is a player: withdraw or delete the player instead)."""
    section = entry.section
    reason = " ".join(reason.split())[:200]
    with transaction.atomic():
        _take(entry, seen_version, (Entry.PENDING,))
        Entry.objects.filter(pk=entry.pk).update(state=Entry.REFUSED, reason=reason, decided_at=timezone.now(),
                                                 decided_by=_user(user))
        audit(section.event, user, "entry-refused", section=section, old=entry.state, new=Entry.REFUSED,
              detail=entry.name + (f": {reason}" if reason else ""))
    entry.state, entry.reason = Entry.REFUSED, reason


# -- the rating list for the entries ----------------------------------------------------------------------


def read_list(handle: IO[bytes], *, source: str, kind: str, federations: set[str] | None, size: int = 0,
              progress: rating_list.Progress | None = None) -> ReadPlayers:
    """The players of a FIDE rating list to complete entries from (those of ``federations``, or all)."""
    return rating_list.read(handle, source=source, kind=kind, federations=federations, max_rows=LIST_ROWS,
                            size=size, progress=progress)


def import_list(section: Section, user: User, read: ReadPlayers) -> int:
    """Keep the players of ``read`` as the list the section's entries are completed from (replacing the
    previous one). Entries already made are not changed. Returns how many players were kept."""
    rows = [ListedPlayer(section=section, fide_id=data.fide_id, name=data.name, federation=data.federation,
                         sex=data.sex, title=data.title, rating=data.rating, birth_date=data.birth_date)
            for _line, data in read.rows]
    by_id: dict[str, ListedPlayer] = {}
    for row in rows:
        by_id.setdefault(row.fide_id, row)  # a FIDE ID listed twice: the first line
    unique = list(by_id.values())
    with transaction.atomic():
        _saved_registration(section)
        ListedPlayer.objects.filter(section=section).delete()
        ListedPlayer.objects.bulk_create(unique, batch_size=2000)
        Registration.objects.filter(section=section).update(
            list_description=(read.encoding or read.source)[:100], list_size=len(unique), version=F("version") + 1)
        audit(section.event, user, "entry-list-imported", section=section,
              detail=f"{len(unique)} players from {read.source} ({read.encoding})")
    return len(unique)


# -- announced byes and absences ---------------------------------------------------------------------------


def coming_rounds(section: Section) -> list[int]:
    """The rounds a bye or an absence can still be announced for: not paired yet."""
    return list(range(_paired(section) + 1, section.rounds + 1))


def announce(entry: Entry, round_number: int, kind: str) -> Announcement:
    """A bye (``H``) or an absence (``Z``) announced by the player of an approved entry for a coming round;
    recorded at once as the player's bye for that round (:func:`.services.request_bye`).

    :raises: :exc:`OperationError` when the entry is not a player, the round is paired or not in the
        section, the player is withdrawn, or the player has a bye or absence in that round already.
    """
    player = entry.player
    if entry.state != Entry.APPROVED or player is None:
        raise OperationError(_("Your entry is not approved yet: nothing can be announced."))
    if kind not in (Bye.HALF, Bye.ZERO):
        raise OperationError(_("Unknown kind of bye."))
    if player.is_withdrawn(round_number):
        raise OperationError(_("You are withdrawn from the tournament; ask the arbiter."))
    with transaction.atomic():
        if Bye.objects.filter(player=player, round_number=round_number).exists():
            raise OperationError(_("You have a bye or an absence in round %(round)s already.")
                                 % {"round": round_number})
        services.request_bye(player, None, round_number, kind, origin=Bye.ANNOUNCED)
        announcement = Announcement.objects.create(entry=entry, round_number=round_number, kind=kind)
        audit(entry.section.event, None, "bye-announced", section=entry.section, round_number=round_number,
              new=kind, detail=f"{player.tpn}. {player.name}, through the player's private link")
    return announcement


def _withdraw(announcement: Announcement, user: User, state: str, reason: str = "") -> None:
    """Take back a recorded announcement (its bye too) while its round is not paired."""
    entry = announcement.entry
    section = entry.section
    if announcement.round_number <= _paired(section):
        raise OperationError(_("Round %(round)s is already paired.") % {"round": announcement.round_number})
    with transaction.atomic():
        updated = Announcement.objects.filter(pk=announcement.pk, state=Announcement.RECORDED).update(
            state=state, reason=" ".join(reason.split())[:200], decided_at=timezone.now(), decided_by=_user(user))
        if not updated:
            raise Conflict(_("This announcement was refused or cancelled meanwhile; reload the page."))
        player = entry.player
        if player is not None and Bye.objects.filter(player=player, round_number=announcement.round_number,
                                                     kind=announcement.kind).exists():
            services.request_bye(player, user, announcement.round_number, "")
        audit(section.event, user, "announcement-refused" if state == Announcement.REFUSED
              else "announcement-cancelled", section=section, round_number=announcement.round_number,
              old=announcement.kind, detail=entry.name + (f": {reason}" if reason else ""))
    announcement.state = state


def refuse_announcement(announcement: Announcement, user: User, reason: str = "") -> None:
    """The arbiter refuses an announced bye or absence (the bye is removed)."""
    _withdraw(announcement, user, Announcement.REFUSED, reason)


def cancel_announcement(announcement: Announcement) -> None:
    """The player takes back their announcement through the private link."""
    _withdraw(announcement, None, Announcement.CANCELLED)


def announcement_standing(announcement: Announcement, byes: dict[tuple[int, int], str]) -> str:
    """The state shown for ``announcement``: its own, or ``removed`` when the arbiter removed its bye by
    hand (``byes``: the kind by (player id, round) of the section's byes)."""
    player_id = announcement.entry.player_id
    if announcement.state == Announcement.RECORDED and player_id is not None and \
            byes.get((player_id, announcement.round_number)) != announcement.kind:
        return "removed"
    return announcement.state
