"""The rounds of a section: their boards, with the results as the core codes them, and the byes."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair.model import BOARD_RESULTS
from swisspair_web.tournaments.rows.players import Player
from swisspair_web.tournaments.rows.loading import loaded
from swisspair_web.tournaments.rows.sections import Section
from swisspair_web.tournaments.rows.teams import Team, TeamMatch


class Round(models.Model):
    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    paired_at = models.DateTimeField(auto_now_add=True)
    paired_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                  related_name="+")
    system = models.CharField(max_length=40, blank=True, help_text="System used, empty if imported.")
    adjusted = models.BooleanField(default=False, help_text="Changed by hand after pairing.")
    settings = models.JSONField(default=dict, blank=True,
                                help_text="The settings the round was paired with (those that change pairings); "
                                          "empty if imported or paired before they were kept.")
    published_at = models.DateTimeField(null=True, blank=True)
    team_bye = models.ForeignKey(Team, null=True, blank=True, on_delete=models.SET_NULL, related_name="+",
                                 help_text="Team sections: the team with the pairing-allocated bye.")

    class Meta:
        ordering = ["section", "number"]
        constraints = [models.UniqueConstraint(fields=["section", "number"], name="sp_round_unique")]

    def __str__(self) -> str:
        return f"{self.section}: round {self.number}"

    @property
    def published(self) -> bool:
        return self.published_at is not None


# A board result is the white TRF code followed by the black one ("10", "==", "+-"): the core's
# BoardResult.code, with its label; "" while the game is not finished.
RESULTS: dict[str, str] = {"": "", **{result.code: result.label for result in BOARD_RESULTS}}


RESULT_CHOICES = [(code, label or "…") for code, label in RESULTS.items()]


UNRATED = {"WL": _("1-0 (unrated)"), "DD": _("½-½ (unrated)"), "LW": _("0-1 (unrated)")}
"""The labels of unrated results in the page's language (:data:`RESULTS` keeps the audit log's own words)."""


def result_label(code: str) -> str:
    """A board result as the pages show it."""
    return str(UNRATED.get(code, RESULTS.get(code, code)))


class Board(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    match = models.ForeignKey(TeamMatch, null=True, blank=True, on_delete=models.CASCADE, related_name="games")
    result = models.CharField(max_length=2, blank=True, default="", choices=RESULT_CHOICES)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="sp_board_unique")]

    @classmethod
    def from_db(cls, db: str | None, field_names: Collection[str], values: Collection[Any],
                **options: Any) -> Board:
        return loaded(cls, db, field_names, values, **options)  # read by the thousand (rows.loading)

    def __str__(self) -> str:
        return f"{self.round}: board {self.number}"

    @property
    def result_label(self) -> str:
        return result_label(self.result)


class Bye(models.Model):
    PAB = "U"
    HALF = "H"
    FULL = "F"
    ZERO = "Z"
    KINDS = [(PAB, _("pairing-allocated bye")), (HALF, _("half-point bye")), (FULL, _("full-point bye")),
             (ZERO, _("absent (zero-point bye)"))]
    REQUEST = "request"
    PAIRING = "pairing"
    WITHDRAWAL = "withdrawal"
    LATE = "late"
    IMPORT = "import"
    CHECK_IN = "check-in"
    ANNOUNCED = "announced"
    ORIGINS = [(REQUEST, _("recorded by an arbiter")), (PAIRING, _("given by the pairing")),
               (WITHDRAWAL, _("withdrawn")), (LATE, _("late entry")), (IMPORT, _("from the imported TRF file")),
               (CHECK_IN, _("not ticked present")), (ANNOUNCED, _("announced through the player's private link"))]

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=1, choices=KINDS)
    origin = models.CharField(max_length=10, choices=ORIGINS, default=REQUEST,
                              help_text="Why the player is not paired in the round: the reason shown with the bye.")

    class Meta:
        ordering = ["section", "round_number", "player__tpn"]
        constraints = [models.UniqueConstraint(fields=["player", "round_number"], name="sp_bye_unique")]

    def __str__(self) -> str:
        return f"{self.player}: {self.kind} in round {self.round_number}"
