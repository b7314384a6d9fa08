"""Events, their arbiters and their sections: created, edited, roles given and taken away."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from swisspair_web.tournaments.reads.errors import FieldError, NameTaken, OperationError
from swisspair_web.tournaments.rows import Event, EventRole, Invitation, Section
from swisspair_web.tournaments.rows.events import SHORT_NAME_TAKEN
from swisspair_web.tournaments.rows.sections import SHORT_NAME_TAKEN as SECTION_SHORT_NAME_TAKEN
from swisspair_web.tournaments.services import follow
from swisspair_web.tournaments.services.base import User, account_of, audit, bump_section
from swisspair_web.tournaments.services.effects import operation


def create_event(user: User, *, name: str, slug: str, **fields: object) -> Event:
    with operation():
        event = Event.objects.create(name=name, slug=slug, created_by=account_of(user), **fields)
        account = account_of(user)
        if account is not None:
            EventRole.objects.create(event=event, user=account, role=EventRole.CHIEF)
        audit(event, user, "event-created", params={"name": name})
        follow.event(event.pk)
    return event


def update_event(event: Event, user: User, changed: list[str]) -> None:
    """Save the event's details set on ``event`` (validated by the event form); audited with the fields changed.

    :raises: :exc:`NameTaken` for a short name another event has.
    """
    with operation():
        try:
            with transaction.atomic():
                event.save()
        except IntegrityError:
            raise NameTaken(str(SHORT_NAME_TAKEN)) from None
        audit(event, user, "event-edited", params={"fields": changed})
        follow.event(event.pk, hiding=not event.public)


def _other_chiefs(event: Event, account_id: int) -> bool:
    return EventRole.objects.filter(event=event, role=EventRole.CHIEF).exclude(user_id=account_id).exists()


def set_role(event: Event, user: User, name: str, role: str, password: str = "") -> bool:
    """Give the arbiter ``name`` of ``event`` the ``role`` (chief arbiter or arbiter), or invite the account
    ``name`` to it. An event always keeps a chief arbiter: the last one's role does not change. Returns
    whether the role was given (``False``: an invitation, given when the account's holder accepts it).

    An account that is not an arbiter of the event is only invited (nobody is made arbiter of an event, the
    superuser neither, without consent); with a ``password`` (checked by the password validators) a new
    account of that name is created, unless one exists already, in any case of its letters. The answer,
    and the work done, is the same whether the name is taken or not: inviting tells nobody which accounts
    exist.

    :raises: :exc:`FieldError` (``password`` or ``role``), :exc:`OperationError`.
    """
    if role not in (EventRole.CHIEF, EventRole.ARBITER):
        raise FieldError("role", _("Unknown role."))
    users = get_user_model()
    with operation():
        Event.objects.select_for_update().filter(pk=event.pk).exists()  # serialises role changes of the event
        before = EventRole.objects.filter(event=event, user__username=name).select_related("user").first()
        if before is not None:
            _change_role(event, user, before, role)
            return True
        if password:
            try:
                validate_password(password, users(username=name))
            except ValidationError as error:
                raise FieldError("password", " ".join(error.messages)) from None
            hashed = make_password(password)  # hashed whether it is used or not: the time taken tells nothing
            if not users.objects.filter(username__iexact=name).exists():
                users.objects.create(username=name, password=hashed)
        Invitation.objects.update_or_create(event=event, username=name, defaults={"role": role})
        audit(event, user, "arbiter-invited", params={"name": name, "role": role})
    return False


def _change_role(event: Event, user: User, before: EventRole, role: str) -> None:
    name = before.user.get_username()
    if before.role == EventRole.CHIEF and role != EventRole.CHIEF and not _other_chiefs(event, before.user_id):
        raise FieldError("role", _("%(name)s is the only chief arbiter of this event, and an event always has "
                                   "one: make somebody else chief arbiter first.") % {"name": name})
    EventRole.objects.filter(pk=before.pk).update(role=role)
    audit(event, user, "arbiter-role", params={"name": name, "old_role": before.role, "role": role})


def answer_invitation(user: User, invitation_id: int, accept: bool) -> Event:
    """The holder of an account accepts (the role is given) or declines an invitation made to its name.

    :raises: :exc:`OperationError` for an invitation withdrawn meanwhile (or made to another name).
    """
    account = account_of(user)
    name = account.get_username() if account is not None else ""
    with operation():
        invitation = Invitation.objects.select_related("event").filter(pk=invitation_id, username=name).first()
        if invitation is None or account is None:
            raise OperationError(_("This invitation was withdrawn meanwhile."))
        event = invitation.event
        Event.objects.select_for_update().filter(pk=event.pk).exists()
        invitation.delete()
        if accept and not EventRole.objects.filter(event=event, user=account).exists():
            EventRole.objects.create(event=event, user=account, role=invitation.role)
            audit(event, user, "arbiter-added", params={"name": name, "role": invitation.role})
    return event


def withdraw_invitation(event: Event, user: User, invitation_id: int) -> str:
    """A chief arbiter takes back an invitation of the event. Returns the name it was made to.

    :raises: :exc:`OperationError` for one accepted, declined or withdrawn meanwhile.
    """
    with operation():
        invitation = Invitation.objects.filter(event=event, pk=invitation_id).first()
        if invitation is None:
            raise OperationError(_("This invitation was answered or withdrawn meanwhile."))
        invitation.delete()
        audit(event, user, "invitation-withdrawn", params={"name": invitation.username, "role": invitation.role})
    return invitation.username


def remove_role(event: Event, user: User, role_id: int) -> str:
    """Take an arbiter off the event; not oneself, nor the last chief arbiter. Returns the account's name.

    :raises: :exc:`OperationError`.
    """
    with operation():
        Event.objects.select_for_update().filter(pk=event.pk).exists()
        row = EventRole.objects.filter(event=event, pk=role_id).select_related("user").first()
        if row is None:
            raise OperationError(_("This arbiter was removed meanwhile (by somebody else?)."))
        if row.user_id == getattr(user, "pk", None):
            raise OperationError(_("You cannot remove yourself; another chief arbiter can."))
        if row.role == EventRole.CHIEF and not _other_chiefs(event, row.user_id):
            raise OperationError(_("%(name)s is the only chief arbiter of this event, and an event always has one: "
                                   "make somebody else chief arbiter first.") % {"name": row.user.get_username()})
        row.delete()
        audit(event, user, "arbiter-removed", params={"name": row.user.get_username(), "role": row.role})
    return row.user.get_username()


def update_section(section: Section, user: User, seen_version: int, changes: list[list[object]]) -> None:
    """Save the settings set on ``section`` (validated by the section form) if it is still at ``seen_version``;
    audited with ``changes`` (each setting's value before and after, :func:`..reads.sections.audit_changes`).

    :raises: :exc:`Conflict`; :exc:`OperationError` for a short name another section of the event has.
    """
    with operation():
        bump_section(section, seen_version)
        try:
            with transaction.atomic():
                section.save()
        except IntegrityError:
            raise NameTaken(str(SECTION_SHORT_NAME_TAKEN)) from None
        audit(section.event, user, "section-edited", section=section, params={"changes": changes})
        follow.section(section)


def create_section(section: Section, user: User) -> Section:
    """Save a new section (validated by the section form).

    :raises: :exc:`OperationError` for a short name another section of the event has.
    """
    with operation():
        try:
            with transaction.atomic():
                section.save()
        except IntegrityError:
            raise NameTaken(str(SECTION_SHORT_NAME_TAKEN)) from None
        audit(section.event, user, "section-created", section=section, params={"name": section.name})
        follow.event(section.event_id)
    return section
