"""An event and its arbiters (their roles: chief arbiter, arbiter)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

SHORT_NAME_TAKEN = _("This short name is taken by another event (short names are compared without regard to "
                     "case: “Open” and “open” are one).")


class Event(models.Model):
    slug = models.SlugField(_("short name"), max_length=60, unique=True, error_messages={"unique": SHORT_NAME_TAKEN})
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter (as printed)"), max_length=100, blank=True)
    public = models.BooleanField(_("public"), default=True,
                                 help_text=_("Published pairings and standings are visible to everybody."))
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        ordering = ["-start_date", "-created_at"]
        indexes = [models.Index(fields=["public", "-start_date"], name="sp_event_public_idx")]
        # one public folder per event, also on a file system that ignores case
        constraints = [models.UniqueConstraint(Lower("slug"), name="sp_event_slug_lower_unique",
                                               violation_error_message=SHORT_NAME_TAKEN)]

    def __str__(self) -> str:
        return self.name


class EventRole(models.Model):
    CHIEF = "chief"
    ARBITER = "arbiter"
    ROLES = [(CHIEF, _("chief arbiter")), (ARBITER, _("arbiter"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="sp_roles")
    role = models.CharField(max_length=10, choices=ROLES, default=ARBITER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="sp_role_unique")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) @ {self.event}"


class Invitation(models.Model):
    """A chief arbiter's offer of a role in an event to the account of that user name. The role is given only
    when the account's holder accepts it, logged in: nobody is made an arbiter of an event without consent.
    Kept by name whether an account of that name exists or not, so that inviting tells nothing about who
    has an account."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="invitations")
    username = models.CharField(max_length=150)
    role = models.CharField(max_length=10, choices=EventRole.ROLES, default=EventRole.ARBITER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "username"], name="sp_invitation_unique")]

    def __str__(self) -> str:
        return f"{self.username} ({self.role}) @ {self.event} (invited)"
