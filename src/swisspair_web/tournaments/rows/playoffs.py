"""Play-offs for tied places (FIDE C.02 art. 13.2)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.sections import Section


class Playoff(models.Model):
    """A play-off among players tied for a place (C.02 art. 13.2); replayed by :class:`swisspair.playoff.Playoff`
    from its players, seed and results."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="playoffs")
    place = models.PositiveSmallIntegerField(_("place"))
    players = models.JSONField(default=list, help_text="Pairing numbers in tie-break order.")
    seed = models.BigIntegerField()
    results = models.JSONField(default=dict, blank=True, help_text="Result by game id.")
    created_at = models.DateTimeField(auto_now_add=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["section", "place"]
        constraints = [models.UniqueConstraint(fields=["section", "place"], name="sp_playoff_place_unique")]

    def __str__(self) -> str:
        return f"{self.section}: play-off for place {self.place}"
