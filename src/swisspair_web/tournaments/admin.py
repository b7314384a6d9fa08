"""Django admin: a fallback view of every table (audit entries are read-only)."""

from __future__ import annotations

from django.contrib import admin
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


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "slug", "city", "start_date", "public"]
    search_fields = ["name", "slug"]


@admin.register(EventRole)
class EventRoleAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["event", "user", "role"]


@admin.register(Section)
class SectionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["event", "name", "system", "rounds"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["section", "tpn", "name", "rating", "federation", "withdrawn_from"]
    search_fields = ["name", "fide_id"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["section", "number", "paired_at", "published_at"]


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["round", "number", "white", "black", "result"]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["section", "player", "round_number", "kind"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["at", "event", "user", "action", "round_number", "board_number", "old", "new"]

    def has_change_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["section", "name", "fide_id", "state", "created_at"]
    search_fields = ["name", "fide_id", "email"]
    exclude = ["token"]


@admin.register(Announcement)
class AnnouncementAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["entry", "round_number", "kind", "state"]


@admin.register(Presence)
class PresenceAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["player", "present", "absence_recorded", "changed_at"]
