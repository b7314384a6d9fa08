"""A section of an event: one Swiss tournament and its settings; :attr:`Section.version` is bumped
by every structural write (see :mod:`..services`)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.events import Event
from swisspair_web.tournaments.rows.registry import DEFAULT_SYSTEM, DEFAULT_TIEBREAKS, ROUND_ROBIN, system_choices

SHORT_NAME_TAKEN = _("This short name is taken by another section of the event (short names are compared without "
                     "regard to case: “A” and “a” are one).")


class Section(models.Model):
    NO_ACCELERATION = ""
    BAKU = "baku"
    CUSTOM = "custom"
    ACCELERATIONS = [(NO_ACCELERATION, _("none")), (BAKU, _("Baku (C.04.7)")),
                     (CUSTOM, _("as imported (XXA)"))]
    COLOURS = [("", _("draw lots")), ("w", _("white")), ("b", _("black"))]
    INDIVIDUAL = "individual"
    TEAM = "team"
    KINDS = [(INDIVIDUAL, _("individual")), (TEAM, _("team (FIDE C.04.6)"))]
    SCORES = [("MP", _("match points")), ("GP", _("game points"))]
    COLOUR_TYPES = [("A", _("type A (C.04.6 1.7.1)")), ("B", _("type B (C.04.6 1.7.2)")),
                    ("none", _("no colour preferences"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), max_length=40)
    system = models.CharField(_("pairing system"), max_length=40, default=DEFAULT_SYSTEM, choices=system_choices)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=7)
    acceleration = models.CharField(_("acceleration"), max_length=10, blank=True, default="",
                                    choices=ACCELERATIONS)
    initial_colour = models.CharField(_("initial colour"), max_length=1, blank=True, default="", choices=COLOURS,
                                      help_text=_("Colour of the first player in round 1."))
    tiebreaks = models.CharField(_("tie-breaks"), max_length=200, default=DEFAULT_TIEBREAKS,
                                 help_text=_("FIDE codes, comma separated, e.g. BH/C1,BH,SB,DE,WIN"))
    win = models.DecimalField(_("win"), max_digits=5, decimal_places=2, default=Decimal("1"))
    draw = models.DecimalField(_("draw"), max_digits=5, decimal_places=2, default=Decimal("0.5"))
    loss = models.DecimalField(_("loss"), max_digits=5, decimal_places=2, default=Decimal("0"))
    pab = models.DecimalField(_("pairing-allocated bye"), max_digits=5, decimal_places=2, default=Decimal("1"))
    half_bye = models.DecimalField(_("half-point bye"), max_digits=5, decimal_places=2, default=Decimal("0.5"))
    full_bye = models.DecimalField(_("full-point bye"), max_digits=5, decimal_places=2, default=Decimal("1"))
    forfeit_win = models.DecimalField(_("forfeit win"), max_digits=5, decimal_places=2, default=Decimal("1"))
    forfeit_loss = models.DecimalField(_("forfeit loss"), max_digits=5, decimal_places=2, default=Decimal("0"))
    zero_bye = models.DecimalField(_("absence"), max_digits=5, decimal_places=2, default=Decimal("0"))
    kind = models.CharField(_("kind"), max_length=10, default=INDIVIDUAL, choices=KINDS)
    boards = models.PositiveSmallIntegerField(_("boards per match"), default=4,
                                              help_text=_("Team sections: games in each match."))
    match_win = models.DecimalField(_("match won"), max_digits=5, decimal_places=2, default=Decimal("2"))
    match_draw = models.DecimalField(_("match drawn"), max_digits=5, decimal_places=2, default=Decimal("1"))
    match_loss = models.DecimalField(_("match lost"), max_digits=5, decimal_places=2, default=Decimal("0"))
    team_primary = models.CharField(_("primary score"), max_length=2, default="MP", choices=SCORES,
                                    help_text=_("Team sections: what ranks the teams (C.04.6 1.2)."))
    team_colours = models.CharField(_("colour preferences"), max_length=4, default="A", choices=COLOUR_TYPES)
    RATING_ORDER = "rating"
    FIXED_ORDER = "fixed"
    NUMBERINGS = [(RATING_ORDER, _("by rating, title and name, kept sorted until round 1 is paired")),
                  (FIXED_ORDER, _("fixed by the arbiter"))]
    numbering = models.CharField(
        _("pairing numbers"), max_length=10, choices=NUMBERINGS, default=RATING_ORDER,
        help_text="How pairing numbers are given before round 1 (FIDE C.04.2 art. 2.2, see numbering.py).")
    cycles = models.PositiveSmallIntegerField(
        _("cycles"), default=1,
        help_text=_("Round-robin sections: 1 for a single round-robin, 2 for a double one (FIDE C.05 Annex 1)."))
    number_draw = models.JSONField(
        default=dict, blank=True,
        help_text="Round-robin sections: how the pairing numbers were drawn (method, seed, the draw's lines).")
    schedule_published = models.DateTimeField(
        null=True, blank=True, help_text="Round-robin sections: when the schedule of all rounds was made public.")
    trf_extras = models.JSONField(default=dict, blank=True,
                                  help_text="Imported TRF data kept for export (headers, XXA, XXP, unknown lines).")
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["event", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "slug"], name="sp_section_slug_unique"),
                       # one public folder per section, also on a file system that ignores case
                       models.UniqueConstraint("event", Lower("slug"), name="sp_section_slug_lower_unique")]

    def __str__(self) -> str:
        return f"{self.event.name}: {self.name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save the section; a new one is saved with its prize settings and its overall category (the
        category with an empty code), which the categories, the prize list and the norms read."""
        new = self.pk is None
        super().save(*args, **kwargs)
        if new:
            awards: Any = self._meta.get_field("awards").related_model  # AwardSettings, which imports this module
            awards.objects.get_or_create(section=self)
            self.categories.get_or_create(code="", defaults={"order": 1})

    @property
    def tiebreak_codes(self) -> list[str]:
        return [code.strip() for code in self.tiebreaks.split(",") if code.strip()]

    @property
    def is_team(self) -> bool:
        return self.kind == self.TEAM

    @property
    def is_round_robin(self) -> bool:
        """Every round from the Berger tables (FIDE C.05 Annex 1), players or teams."""
        return self.system == ROUND_ROBIN
