"""The audit log: an entry per write of an event."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from swisspair_web.tournaments.rows.events import Event
from swisspair_web.tournaments.rows.sections import Section


class AuditEntry(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="audit")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=40)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    board_number = models.PositiveSmallIntegerField(null=True, blank=True)
    old = models.CharField(max_length=40, blank=True)
    new = models.CharField(max_length=40, blank=True)
    detail = models.TextField(blank=True)
    """The details as written (in English); shown when :attr:`params` is empty (older entries)."""
    params = models.JSONField(default=dict, blank=True)
    """The details as parameters, shown in the reader's language by :mod:`..reads.audit`."""

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["event", "-at"], name="sp_audit_event_idx")]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user}: {self.action} {self.detail}"
