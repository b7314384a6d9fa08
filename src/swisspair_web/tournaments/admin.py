"""Django admin: a fallback view of every table (audit entries are read-only).

An edit there is a write the manager's operations do not make: it says itself that the event's public
pages follow it (:mod:`.services.follow`), its files taken down at once and rendered again, as it may
hide anything (a round withdrawn, the event made private).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.db.models import Model, QuerySet
from django.http import HttpRequest

from swisspair_web.tournaments.rows import (
    Announcement,
    AuditEntry,
    Board,
    Bye,
    Entry,
    Event,
    EventRole,
    Player,
    Presence,
    Round,
    Section,
)
from swisspair_web.tournaments.services import follow


def event_id_of(row: Model) -> int:
    """The event a row of the manager belongs to."""
    if isinstance(row, Event):
        return row.pk
    for parent in ("event", "section", "round", "entry", "player"):
        if hasattr(row, f"{parent}_id"):
            owner = getattr(row, parent)
            return owner.pk if parent == "event" else event_id_of(owner)
    raise TypeError(f"no event for {type(row).__name__}")


def deletion_followed(row: Model) -> Callable[[], None]:
    """What the deletion of ``row`` says once it is done, taken while the row is still there: the event's
    files go (an event deleted), or are taken down and rendered again."""
    if isinstance(row, Event):
        return functools.partial(follow.event_deleted, row.pk)
    return functools.partial(follow.event, event_id_of(row), hiding=True)


class FollowedAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A table whose edits the event's public pages follow (see the module's docstring)."""

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if change and isinstance(obj, (Board, Player)):
            obj.version += 1  # a write of a board (a player): the forms that saw it before conflict, its rendering re-reads it
        super().save_model(request, obj, form, change)
        follow.event(event_id_of(obj), hiding=True)

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        said = deletion_followed(obj)
        super().delete_model(request, obj)
        said()

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        said = [deletion_followed(row) for row in queryset]
        super().delete_queryset(request, queryset)
        for followed in said:
            followed()


@admin.register(Event)
class EventAdmin(FollowedAdmin):
    list_display = ["name", "slug", "city", "start_date", "public"]
    search_fields = ["name", "slug"]


@admin.register(EventRole)
class EventRoleAdmin(FollowedAdmin):
    list_display = ["event", "user", "role"]


@admin.register(Section)
class SectionAdmin(FollowedAdmin):
    list_display = ["event", "name", "system", "rounds"]


@admin.register(Player)
class PlayerAdmin(FollowedAdmin):
    list_display = ["section", "tpn", "name", "rating", "federation", "withdrawn_from"]
    search_fields = ["name", "fide_id"]


@admin.register(Round)
class RoundAdmin(FollowedAdmin):
    list_display = ["section", "number", "paired_at", "published_at"]


@admin.register(Board)
class BoardAdmin(FollowedAdmin):
    list_display = ["round", "number", "white", "black", "result"]


@admin.register(Bye)
class ByeAdmin(FollowedAdmin):
    list_display = ["section", "player", "round_number", "kind"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["at", "event", "user", "action", "round_number", "board_number", "old", "new"]

    def has_change_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(FollowedAdmin):
    list_display = ["section", "name", "fide_id", "state", "created_at"]
    search_fields = ["name", "fide_id", "email"]
    exclude = ["token"]


@admin.register(Announcement)
class AnnouncementAdmin(FollowedAdmin):
    list_display = ["entry", "round_number", "kind", "state"]


@admin.register(Presence)
class PresenceAdmin(FollowedAdmin):
    list_display = ["player", "present", "absence_recorded", "changed_at"]
