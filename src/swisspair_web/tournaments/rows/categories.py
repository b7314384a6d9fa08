"""Categories, the prize settings and what categories need of a player (:mod:`..reads.categories`,
:mod:`..reads.prizes`)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.players import Player
from swisspair_web.tournaments.rows.sections import Section


class AwardSettings(models.Model):
    """What the prize list, the categories and the norm report of a section need from the event's regulations,
    and the prize list as last published (the old one goes to the audit log when a correction changes it)."""

    TIEBREAK = "tiebreak"
    EQUAL = "equal"
    HORT = "hort"
    SHARING = [(TIEBREAK, _("decided by the tie-breaks")), (EQUAL, _("shared equally")),
               (HORT, _("shared by the Hort system"))]

    section = models.OneToOneField(Section, on_delete=models.CASCADE, related_name="awards")
    age_date = models.DateField(_("ages on"), null=True, blank=True,
                                help_text=_("Age categories count ages on this date (empty: the event's start)."))
    sharing = models.CharField(_("players level on points"), max_length=10, choices=SHARING, default=TIEBREAK)
    currency = models.CharField(_("currency"), max_length=10, blank=True)
    norms_waived = models.BooleanField(
        _("title norms: no foreign opponents needed"), default=False,
        help_text=_("An exemption of FIDE B.01 1.4.3 a-d applies (national championship, zonal, or an open "
                    "as in 1.4.3 d)."))
    published_at = models.DateTimeField(null=True, blank=True)
    published_list = models.JSONField(default=dict, blank=True,
                                      help_text="The prize list as last published or recorded.")
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.section}: prizes"


class Category(models.Model):
    """A category of a section (all conditions must hold); the one with an empty code is the overall standings.
    ``order`` decides between equal prizes; ``prizes`` are the amounts of places 1, 2, ... separated by spaces."""

    UNRATED = [("", _("default")), ("excluded", _("excluded")), ("included", _("included")),
               ("only", _("only unrated"))]

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="categories")
    order = models.PositiveSmallIntegerField(_("order"), default=1,
                                             help_text=_("Between equal prizes, the category that comes first."))
    code = models.CharField(_("code"), max_length=20, blank=True)
    name = models.CharField(_("name"), max_length=100)
    age_below = models.PositiveSmallIntegerField(_("under age"), null=True, blank=True)
    age_from = models.PositiveSmallIntegerField(_("age from"), null=True, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True, choices=[("", "-"), ("m", "m"), ("w", "w")])
    rating_from = models.PositiveIntegerField(_("rated from"), null=True, blank=True)
    rating_below = models.PositiveIntegerField(_("rated under"), null=True, blank=True)
    unrated = models.CharField(_("unrated players"), max_length=10, blank=True, choices=UNRATED)
    federations = models.CharField(_("federations"), max_length=200, blank=True)
    label = models.CharField(_("label"), max_length=100, blank=True)
    prizes = models.CharField(_("prizes"), max_length=500, blank=True)

    class Meta:
        ordering = ["section", "order", "id"]
        constraints = [models.UniqueConstraint(fields=["section", "code"], name="sp_category_code_unique")]

    def __str__(self) -> str:
        return f"{self.section}: {self.title}"

    @property
    def title(self) -> str:
        """The name as shown: the one given, else (the overall standings) "Overall" translated, else the code."""
        return self.name or (str(_("Overall")) if not self.code else self.code)


class PlayerDetail(models.Model):
    """What categories and the rating report need of a player beyond the pairing data."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="detail")
    labels = models.CharField(_("labels"), max_length=200, blank=True,
                              help_text=_("Club, school...: comma separated."))
    k_factor = models.PositiveSmallIntegerField(_("K"), null=True, blank=True,
                                                help_text=_("As the rating list publishes it; empty: by the rules."))
    reached_2300 = models.BooleanField(_("has reached 2300"), default=False,
                                       help_text=_("Rated 2300 or more at some time: no junior's K 40 (FIDE B.02 "
                                                   "8.3.3)."))
    reached_2400 = models.BooleanField(_("has reached 2400"), default=False,
                                       help_text=_("The published rating has reached 2400 at some time: K 10 "
                                                   "(FIDE B.02 8.3.3)."))

    def __str__(self) -> str:
        return f"{self.player}: {self.labels}"
