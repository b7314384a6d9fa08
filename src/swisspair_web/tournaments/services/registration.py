"""The writes of entries: opening and closing, an entry received from the public form, the arbiter's
approval or refusal, the rating list kept for the entries, and the byes and absences players announce
through their private link; each one transaction with its audit entry.
:mod:`swisspair_web.tournaments.reads.registration` reads them."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.errors import Conflict, OperationError
from swisspair_web.tournaments.reads.player_import import ReadPlayers
from swisspair_web.tournaments.reads.players import PlayerData
from swisspair_web.tournaments.reads.registration import (
    Completion,
    EntryData,
    complete,
    listed_player,
    refuse_entered_twice,
    refuse_taken_fide_id,
    registration_of,
    rounds_paired,
)
from swisspair_web.tournaments.rows import Announcement, Bye, Entry, ListedPlayer, Player, Registration, Section
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, account_of, audit, who
from swisspair_web.tournaments.services.effects import operation
from swisspair_web.tournaments.services.players import add_players, request_bye


def _saved_registration(section: Section) -> Registration:
    registration, _created = Registration.objects.get_or_create(section=section)
    return registration


def set_open(section: Section, user: User, open_: bool, seen_version: int) -> bool:
    """Open or close the section's entries, if its settings are still at ``seen_version``.

    Returns whether anything changed. :raises: :exc:`Conflict` when somebody changed them meanwhile,
    :exc:`OperationError` for a team section (teams do not enter on the form).
    """
    if section.is_team:
        raise OperationError(_("Team sections take no entries on the public form."))
    with operation():
        registration = _saved_registration(section)
        updated = Registration.objects.filter(pk=registration.pk, version=seen_version).update(
            open=open_, version=F("version") + 1)
        if not updated:
            raise Conflict(_("The entries were opened or closed by somebody else meanwhile; reload the page."))
        if registration.open == open_:
            return False
        audit(section.event, user, "entries-opened" if open_ else "entries-closed", section=section)
        follow.event(section.event_id)
    return True


def submit(section: Section, typed: EntryData) -> Entry:
    """Record an entry typed on the public form (waiting for the arbiter).

    A name may be left out when the FIDE ID is on the section's rating list.

    A FIDE ID another entry or a player holds is recorded all the same, for the arbiter to decide
    (:func:`.reads.registration.fide_id_twins`): somebody else may have typed the real player's.

    :raises: :exc:`OperationError` when entries are closed, a field is wrong, or the same registrant (FIDE ID
        and e-mail address) entered already.
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
    with operation():
        refuse_entered_twice(section, data.fide_id, typed.email)
        entry = Entry.objects.create(
            section=section, token=secrets.token_urlsafe(24), name=data.name, federation=data.federation,
            fide_id=data.fide_id, birth_date=data.birth_date, sex=data.sex, title=data.title,
            rating=data.rating, club=data.club, email=typed.email.strip(),
            completed=[_as_dict(change) for change in changes])
        audit(section.event, None, "entry-received", section=section,
              params={"name": data.name, "fide_id": data.fide_id})
    return entry


def _as_dict(change: Completion) -> dict[str, str]:
    return {"field": change.field, "typed": change.typed, "listed": change.listed}


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
    with operation():
        _take(entry, seen_version, (Entry.PENDING, Entry.REFUSED))
        refuse_taken_fide_id(section, entry.fide_id, entry)
        [player] = add_players(section, user, [PlayerData(
            name=entry.name, rating=entry.rating, federation=entry.federation, fide_id=entry.fide_id,
            title=entry.title, sex=entry.sex, birth_date=entry.birth_date, club=entry.club)], source="entry")
        Entry.objects.filter(pk=entry.pk).update(state=Entry.APPROVED, player=player, reason="",
                                                 decided_at=timezone.now(), decided_by=account_of(user))
        audit(section.event, user, "entry-approved", section=section, old=entry.state, new=Entry.APPROVED,
              params={"player": who(player)})
    entry.state, entry.player = Entry.APPROVED, player
    return player


def refuse(entry: Entry, user: User, seen_version: int, reason: str = "") -> None:
    """Refuse a waiting entry (an approved one is a player: withdraw or delete the player instead)."""
    section = entry.section
    reason = " ".join(reason.split())[:200]
    with operation():
        _take(entry, seen_version, (Entry.PENDING,))
        Entry.objects.filter(pk=entry.pk).update(state=Entry.REFUSED, reason=reason, decided_at=timezone.now(),
                                                 decided_by=account_of(user))
        audit(section.event, user, "entry-refused", section=section, old=entry.state, new=Entry.REFUSED,
              params={"name": entry.name, "reason": reason})
    entry.state, entry.reason = Entry.REFUSED, reason


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
    with operation():
        _saved_registration(section)
        ListedPlayer.objects.filter(section=section).delete()
        ListedPlayer.objects.bulk_create(unique, batch_size=2000)
        Registration.objects.filter(section=section).update(
            list_description=(read.encoding or read.source)[:100], list_size=len(unique), version=F("version") + 1)
        audit(section.event, user, "entry-list-imported", section=section,
              params={"count": len(unique), "source": read.source, "encoding": read.encoding})
    return len(unique)


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
    with operation():
        if Bye.objects.filter(player=player, round_number=round_number).exists():
            raise OperationError(_("You have a bye or an absence in round %(round)s already.")
                                 % {"round": round_number})
        request_bye(player, None, round_number, kind, origin=Bye.ANNOUNCED)
        announcement = Announcement.objects.create(entry=entry, round_number=round_number, kind=kind)
        audit(entry.section.event, None, "bye-announced", section=entry.section, round_number=round_number,
              new=kind, params={"player": who(player)})
        follow.section(entry.section)
    return announcement


def _withdraw(announcement: Announcement, user: User, state: str, reason: str = "") -> None:
    """Take back a recorded announcement (its bye too) while its round is not paired."""
    entry = announcement.entry
    section = entry.section
    if announcement.round_number <= rounds_paired(section):
        raise OperationError(_("Round %(round)s is already paired.") % {"round": announcement.round_number})
    with operation():
        updated = Announcement.objects.filter(pk=announcement.pk, state=Announcement.RECORDED).update(
            state=state, reason=" ".join(reason.split())[:200], decided_at=timezone.now(), decided_by=account_of(user))
        if not updated:
            raise Conflict(_("This announcement was refused or cancelled meanwhile; reload the page."))
        player = entry.player
        if player is not None and Bye.objects.filter(player=player, round_number=announcement.round_number,
                                                     kind=announcement.kind).exists():
            request_bye(player, user, announcement.round_number, "")
        audit(section.event, user, "announcement-refused" if state == Announcement.REFUSED
              else "announcement-cancelled", section=section, round_number=announcement.round_number,
              old=announcement.kind, params={"name": entry.name, "reason": reason})
        follow.section(section)
    announcement.state = state


def refuse_announcement(announcement: Announcement, user: User, reason: str = "") -> None:
    """The arbiter refuses an announced bye or absence (the bye is removed)."""
    _withdraw(announcement, user, Announcement.REFUSED, reason)


def cancel_announcement(announcement: Announcement) -> None:
    """The player takes back their announcement through the private link."""
    _withdraw(announcement, None, Announcement.CANCELLED)
