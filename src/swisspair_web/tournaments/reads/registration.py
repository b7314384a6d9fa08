"""Entries: the public form, the arbiter's approval, the rating list that completes entries, and the
byes and absences players announce through their private link.

This module reads them; every write (:mod:`.services.registration`) is one transaction with its entry in
the audit log. A FIDE ID typed by somebody else must not lock the real player out: a second entry with a
FIDE ID another entry or a player of the section holds is recorded all the same and marked for the
arbiter (:func:`fide_id_twins`), who approves the right one; the approval refuses a FIDE ID a player of the
section holds (:func:`refuse_taken_fide_id`). Only the same registrant entering twice (the same FIDE ID
and e-mail address) is refused (:func:`refuse_entered_twice`).

Where a FIDE rating list was imported for the entries (:func:`.services.registration.import_list`), an
entry whose FIDE ID is on the list takes FIDE's own figures from it (:func:`complete`): name, federation,
title, rating, sex, and the year of birth when the registrant gave none; what the list changed is kept
with the entry and shown to the arbiter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import IO

from django.db.models import Max
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads import labels, rating_list
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.listing import Column, Listing, Table, rating, row
from swisspair_web.tournaments.reads.player_import import ReadPlayers
from swisspair_web.tournaments.reads.players import PlayerData
from swisspair_web.tournaments.rows import Announcement, Entry, ListedPlayer, Player, Registration, Section

LIST_ROWS = 300000
"""At most this many players of a rating list are kept for the entries (give federations beyond)."""

COMPLETED_FIELDS = ("name", "federation", "title", "rating", "sex", "birth_date")
"""What an entry takes from the rating list, in this order."""


def registration_of(section: Section) -> Registration:
    """The section's entry settings (closed, and not saved, until somebody changes them)."""
    return Registration.objects.filter(section=section).first() or Registration(section=section)


def rounds_paired(section: Section) -> int:
    return int(section.round_set.aggregate(m=Max("number"))["m"] or 0)


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


def completions(entry: Entry) -> list[Completion]:
    """What the rating list gave ``entry``."""
    return [Completion(**item) for item in entry.completed or []]


def refuse_taken_fide_id(section: Section, fide_id: str, entry: Entry | None = None) -> None:
    """Refuse to approve ``entry`` while a player of ``section`` holds its FIDE ID."""
    if not fide_id:
        return
    player = Player.objects.filter(section=section, fide_id=fide_id).first()
    if player is not None:
        raise OperationError(_("FIDE ID %(id)s is held by player %(tpn)s. %(name)s already: refuse this entry, or "
                               "correct that player's FIDE ID first.")
                             % {"id": fide_id, "tpn": player.tpn, "name": player.name})


def refuse_entered_twice(section: Section, fide_id: str, email: str) -> None:
    """Refuse an entry whose FIDE ID and e-mail address an entry of ``section`` (not refused) has already."""
    if fide_id and Entry.objects.filter(section=section, fide_id=fide_id, email__iexact=email.strip()) \
            .exclude(state=Entry.REFUSED).exists():
        raise OperationError(_("You entered with FIDE ID %(id)s and this e-mail address already; your private "
                               "link was shown after entering and sent to that address. If you lost it, ask the "
                               "arbiter.") % {"id": fide_id})


def fide_id_twins(section: Section) -> dict[int, list[str]]:
    """``{entry id: who else holds its FIDE ID}`` of the entries (not refused) whose FIDE ID another entry
    (not refused) or a player of ``section`` holds too: the arbiter decides which one is the player."""
    entries = list(Entry.objects.filter(section=section).exclude(fide_id="").exclude(state=Entry.REFUSED))
    holders: dict[str, list[tuple[tuple[str, int], str]]] = {}
    for e in entries:
        if e.player_id is None:
            holders.setdefault(e.fide_id, []).append((("entry", e.pk), _("the entry of %(name)s") % {"name": e.name}))
    for p in Player.objects.filter(section=section, fide_id__in={e.fide_id for e in entries}):
        holders.setdefault(p.fide_id, []).append((("player", p.pk), _("player %(tpn)s. %(name)s")
                                                  % {"tpn": p.tpn, "name": p.name}))
    out = {}
    for e in entries:
        own = {("entry", e.pk), ("player", e.player_id or 0)}
        others = [text for key, text in holders.get(e.fide_id, []) if key not in own]
        if others:
            out[e.pk] = others
    return out


# -- the rating list for the entries ----------------------------------------------------------------------


def read_list(handle: IO[bytes], *, source: str, kind: str, federations: set[str] | None, size: int = 0,
              progress: rating_list.Progress | None = None) -> ReadPlayers:
    """The players of a FIDE rating list to complete entries from (those of ``federations``, or all)."""
    return rating_list.read(handle, source=source, kind=kind, federations=federations, max_rows=LIST_ROWS,
                            size=size, progress=progress)


# -- announced byes and absences ---------------------------------------------------------------------------


def coming_rounds(section: Section) -> list[int]:
    """The rounds a bye or an absence can still be announced for: not paired yet."""
    return list(range(rounds_paired(section) + 1, section.rounds + 1))


def announcement_standing(announcement: Announcement, byes: dict[tuple[int, int], str]) -> str:
    """The state shown for ``announcement``: its own, or ``removed`` when the arbiter removed its bye by
    hand (``byes``: the kind by (player id, round) of the section's byes)."""
    player_id = announcement.entry.player_id
    if announcement.state == Announcement.RECORDED and player_id is not None and \
            byes.get((player_id, announcement.round_number)) != announcement.kind:
        return "removed"
    return announcement.state


def entries_listing(section: Section) -> Listing:
    """The section's entries as every form shows them (arbiters only: they hold e-mail addresses), in the order
    they came; the state by its label, its code in the CSV and the JSON."""
    columns = (Column("state", _("State"), labels.shown("entry")), Column("tpn", _("No."), number=True),
               Column("name", _("Name"), wrap=True), Column("fide_id", _("FIDE ID")),
               Column("federation", _("Fed")), Column("title", _("Title")),
               Column("rating", _("Rating"), rating, number=True), Column("sex", "sex", machine=True),
               Column("birth_date", "birth_date", machine=True), Column("club", _("Club"), wrap=True),
               Column("email", _("e-mail"), wrap=True), Column("entered", "entered", machine=True),
               Column("reason", _("Reason"), wrap=True))
    rows = tuple(row(columns, {
        "state": e.state, "tpn": e.player.tpn if e.player else None, "name": e.name, "fide_id": e.fide_id,
        "federation": e.federation, "title": e.title, "rating": e.rating or None, "sex": e.sex,
        "birth_date": e.birth_date, "club": e.club, "email": e.email,
        "entered": e.created_at.strftime("%Y-%m-%d %H:%M"), "reason": e.reason, "completed": e.completed}) for e in section.entries.select_related("player"))
    return Listing(_("Entries"), "entries", (Table(columns, rows),), facts={"open": registration_of(section).open},
                   html_id="entries-list", rows_key="entries")
