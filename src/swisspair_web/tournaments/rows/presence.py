"""The check-in before round 1."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from swisspair_web.tournaments.rows.players import Player


class Presence(models.Model):
    """A player ticked present before round 1 (no row: not ticked).

    ``absence_recorded``: the check-in recorded the player's absence from round 1 (a zero-point bye)
    when the round was paired without them; ticking them present again removes that bye.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="presence")
    present = models.BooleanField(default=False)
    absence_recorded = models.BooleanField(default=False)
    changed_at = models.DateTimeField(auto_now=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    def __str__(self) -> str:
        return f"{self.player}: {'present' if self.present else 'not present'}"
