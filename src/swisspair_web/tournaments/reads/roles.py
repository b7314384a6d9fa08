"""Who may do what: chief arbiter, arbiter, public (per event)."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from swisspair_web.tournaments.rows import Event, EventRole

CHIEF = EventRole.CHIEF
ARBITER = EventRole.ARBITER


def role_of(user: AbstractBaseUser | AnonymousUser, event: Event) -> str | None:
    """``"chief"``, ``"arbiter"`` or ``None`` (public)."""
    if not user.is_authenticated:
        return None
    if getattr(user, "is_superuser", False):
        return CHIEF
    role = EventRole.objects.filter(event=event, user_id=user.pk).values_list("role", flat=True).first()
    return role


def is_arbiter(request: HttpRequest, event: Event) -> bool:
    return role_of(request.user, event) is not None


def require(request: HttpRequest, event: Event, chief: bool = False) -> str:
    """The user's role; 403 unless they are an arbiter (or the chief arbiter) of ``event``."""
    role = role_of(request.user, event)
    if role is None or (chief and role != CHIEF):
        raise PermissionDenied("not an arbiter of this event")
    return role


def require_visible(request: HttpRequest, event: Event) -> None:
    """404 for a private event unless the user is one of its arbiters."""
    if not event.public and not is_arbiter(request, event):
        raise Http404("no such event")
