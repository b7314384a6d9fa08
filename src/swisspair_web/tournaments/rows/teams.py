"""The teams of a team section (FIDE C.04.6) and the matches of its rounds, each owning the boards of its
games."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.sections import Section


class Team(models.Model):
    """A team of a team section; its members are the players whose ``team`` it is, in ``board_order``."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="teams")
    number = models.PositiveIntegerField(_("team number"))
    name = models.CharField(_("name"), max_length=100)

    class Meta:
        ordering = ["section", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="sp_team_number_unique")]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"


class TeamMatch(models.Model):
    """A match of a team round; ``white`` is the team with White on board 1 (C.04.6 1.6.1)."""

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="sp_match_unique")]

    def __str__(self) -> str:
        return f"{self.round}: match {self.number}"
