"""The players of a section."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.loading import loaded
from swisspair_web.tournaments.rows.sections import Section
from swisspair_web.tournaments.rows.teams import Team


class Player(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="players")
    tpn = models.PositiveIntegerField(_("pairing number"))
    name = models.CharField(_("name"), max_length=100, help_text=_("Lastname, Firstname"))
    sex = models.CharField(_("sex"), max_length=1, blank=True, choices=[("", "-"), ("m", "m"), ("w", "w")])
    title = models.CharField(_("title"), max_length=3, blank=True)
    rating = models.PositiveIntegerField(_("rating"), default=0)
    rating_estimate = models.CharField(
        _("rating estimated from"), max_length=20, blank=True,
        help_text="How the rating was estimated (e.g. 'INGO 150'); empty for a FIDE rating. An estimate is "
                  "used for pairing but never exported as the FIDE rating.")
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=11, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True, help_text="YYYY/MM/DD")
    club = models.CharField(_("club"), max_length=100, blank=True)
    withdrawn_from = models.PositiveSmallIntegerField(
        _("withdrawn from round"), null=True, blank=True,
        help_text=_("Not paired from this round on."))
    withdrawn_after_forfeit = models.PositiveSmallIntegerField(
        null=True, blank=True,
        help_text="The round whose forfeit withdrew the player automatically (undone when that forfeit is "
                  "corrected); empty when an arbiter withdrew them.")
    team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="members")
    board_order = models.PositiveSmallIntegerField(default=0, help_text="Position in the team's roster (1 first).")
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["section", "tpn"]
        constraints = [models.UniqueConstraint(fields=["section", "tpn"], name="sp_player_tpn_unique"),
                       models.UniqueConstraint(fields=["section", "fide_id"], condition=~models.Q(fide_id=""),
                                               name="sp_player_fide_id_unique")]
        indexes = [models.Index(fields=["section", "name"], name="sp_player_name_idx")]

    @classmethod
    def from_db(cls, db: str | None, field_names: Collection[str], values: Collection[Any],
                **options: Any) -> Player:
        return loaded(cls, db, field_names, values, **options)  # read by the thousand (rows.loading)

    def __str__(self) -> str:
        return f"{self.tpn}. {self.name}"

    def is_withdrawn(self, round_number: int) -> bool:
        return self.withdrawn_from is not None and round_number >= self.withdrawn_from
