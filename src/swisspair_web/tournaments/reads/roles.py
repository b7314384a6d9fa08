"""Who may do what: chief arbiter, arbiter, public (per event)."""

from __future__ import annotations

from typing import Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404

from swisspair_web.tournaments.rows import Event, EventRole


class Requester(Protocol):
    """Who asks: a request, or the visitor a public page is built for."""

    @property
    def user(self) -> AbstractBaseUser | AnonymousUser: ...


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


KNOWN = "swisspair_roles"
"""The attribute of a request holding the roles :func:`require` read (``{event pk: role}``)."""


def role_for(asker: Requester, event: Event) -> str | None:
    """:func:`role_of` the asker, read once per request: an arbiter's page checks the role (:func:`require`)
    and shows it (``public.common.context``); the second is the first's answer, not another query."""
    known: dict[int, str | None] | None = getattr(asker, KNOWN, None)
    if known is not None and event.pk in known:
        return known[event.pk]
    return role_of(asker.user, event)


def is_arbiter(asker: Requester, event: Event) -> bool:
    return role_of(asker.user, event) is not None


def require(asker: Requester, event: Event, chief: bool = False) -> str:
    """The user's role; 403 unless they are an arbiter (or the chief arbiter) of ``event``."""
    role = role_of(asker.user, event)
    if role is None or (chief and role != CHIEF):
        raise PermissionDenied("not an arbiter of this event")
    return role


def remember(request: object, event: Event, role: str | None) -> None:
    """Keep ``role`` as the request's role in ``event`` for :func:`role_for` (a section's page, which changes
    no role: a page that does must not remember)."""
    known: dict[int, str | None] = getattr(request, KNOWN, None) or {}
    known[event.pk] = role
    setattr(request, KNOWN, known)


def require_visible(asker: Requester, event: Event) -> None:
    """404 for a private event unless the user is one of its arbiters."""
    if not event.public and not is_arbiter(asker, event):
        raise Http404("no such event")
