"""Entries: the public form, the arbiter's approval, the rating list that completes them, and the byes and
absences players announce through their private link."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.players import Player
from swisspair_web.tournaments.rows.sections import Section

HALF, ZERO = "H", "Z"
"""The kinds of :class:`~..rows.Bye` a player may announce."""


class Registration(models.Model):
    """Whether a section takes entries on its public form, and the rating list that completes them."""

    section = models.OneToOneField(Section, on_delete=models.CASCADE, related_name="registration")
    open = models.BooleanField(_("entries open"), default=False)
    list_description = models.CharField(max_length=100, blank=True,
                                        help_text="The rating list entries are completed from (its title).")
    list_size = models.PositiveIntegerField(default=0, help_text="Players kept from that list.")
    version = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.section}: entries {'open' if self.open else 'closed'}"


class ListedPlayer(models.Model):
    """A player of the rating list imported for a section's entries (FIDE's own figures)."""

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="+")
    fide_id = models.CharField(max_length=11)
    name = models.CharField(max_length=100)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=3, blank=True)
    rating = models.PositiveIntegerField(default=0)
    birth_date = models.CharField(max_length=10, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["section", "fide_id"], name="sp_listed_fide_id_unique")]

    def __str__(self) -> str:
        return f"{self.fide_id} {self.name}"


class Entry(models.Model):
    """One registration on the public form, as typed and completed from the rating list."""

    PENDING = "pending"
    APPROVED = "approved"
    REFUSED = "refused"
    STATES = [(PENDING, _("waiting for the arbiter")), (APPROVED, _("approved")), (REFUSED, _("refused"))]

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="entries")
    token = models.CharField(max_length=64, unique=True, help_text="The secret of the registrant's private link.")
    state = models.CharField(max_length=10, choices=STATES, default=PENDING)
    name = models.CharField(_("name"), max_length=100)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    fide_id = models.CharField(_("FIDE ID"), max_length=11, blank=True)
    birth_date = models.CharField(_("birth date"), max_length=10, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    rating = models.PositiveIntegerField(_("rating"), default=0)
    club = models.CharField(_("club"), max_length=100, blank=True)
    email = models.EmailField(_("e-mail"), max_length=200)
    completed = models.JSONField(default=list, blank=True,
                                 help_text="What the rating list changed or filled in: field, typed, listed.")
    reason = models.CharField(_("reason"), max_length=200, blank=True, help_text="Why it was refused.")
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    player = models.OneToOneField(Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="entry")
    version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["section", "created_at", "id"]
        indexes = [models.Index(fields=["section", "state"], name="sp_entry_state_idx")]
        # No constraint on the FIDE ID: a second entry with one (somebody else may have typed the real
        # player's) waits for the arbiter; the players' constraint keeps one player per FIDE ID.

    def __str__(self) -> str:
        return f"{self.name} ({self.state})"


class Announcement(models.Model):
    """A bye or an absence a player announced through their private link for a coming round.

    It is recorded at once as the player's :class:`~..rows.Bye` for that round; the arbiter may refuse
    it (the bye is removed) as long as the round is not paired. ``cancelled``: withdrawn by the player.
    """

    RECORDED = "recorded"
    REFUSED = "refused"
    CANCELLED = "cancelled"
    STATES = [(RECORDED, _("recorded")), (REFUSED, _("refused by the arbiter")),
              (CANCELLED, _("cancelled by the player"))]
    KINDS = [(HALF, _("half-point bye")), (ZERO, _("absence (no points)"))]

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="announcements")
    round_number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=1, choices=KINDS)
    state = models.CharField(max_length=10, choices=STATES, default=RECORDED)
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["round_number", "created_at", "id"]

    def __str__(self) -> str:
        return f"{self.entry.name}: {self.kind} in round {self.round_number} ({self.state})"
