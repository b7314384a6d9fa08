"""The home page (public events, and the arbiter's own), a new event, its settings, its arbiters and its
audit log."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST
from django.utils.translation import gettext as _

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import posted_int, refusals_shown
from swisspair_web.tournaments.pages.forms import ArbiterForm, EventForm
from swisspair_web.tournaments.public.common import context, event_of
from swisspair_web.tournaments.reads import audit
from swisspair_web.tournaments.reads.roles import require, role_of
from swisspair_web.tournaments.rows import AuditEntry, Event, EventRole, Invitation
from swisspair_web.tournaments.rows.events import SHORT_NAME_TAKEN
from swisspair_web.tournaments.services import OperationError


def index(request: HttpRequest) -> HttpResponse:
    events = Event.objects.filter(public=True)
    mine = Event.objects.none()
    if request.user.is_authenticated:
        mine = Event.objects.filter(roles__user_id=request.user.pk)
        if getattr(request.user, "is_superuser", False):
            mine = Event.objects.all()
    invitations = Invitation.objects.none()
    if request.user.is_authenticated:
        invitations = Invitation.objects.filter(username=request.user.get_username()).select_related("event")
    return render(request, "tournaments/index.html", {"events": events[:200], "mine": mine.distinct()[:200],
                                                      "invitations": invitations})


@login_required
def event_new(request: HttpRequest) -> HttpResponse:
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        try:
            event = services.create_event(request.user, **data)
        except IntegrityError:
            form.add_error("slug", str(SHORT_NAME_TAKEN))
        else:
            messages.success(request, _("Event created. Now add a section."))
            return redirect("sp-section-new", slug=event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "event": None})


@login_required
def event_edit(request: HttpRequest, slug: str) -> HttpResponse:
    ev = event_of(slug)
    require(request, ev, chief=True)
    form = EventForm(request.POST or None, instance=ev)
    if request.method == "POST" and form.is_valid():
        try:
            services.update_event(form.instance, request.user, form.changed_data)
        except OperationError as error:
            form.add_error("slug", str(error))
        else:
            return redirect("sp-event", slug=ev.slug)
    return render(request, "tournaments/event_form.html", context(request, event_of(slug), form=form))


@login_required
def event_arbiters(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's arbiters (chief arbiters only): invite an account (a new one with a password), change a
    role, remove one, withdraw an invitation. An event always keeps a chief arbiter."""
    ev = event_of(slug)
    require(request, ev, chief=True)
    form = ArbiterForm(request.POST or None)
    if request.method == "POST" and ("remove" in request.POST or "withdraw" in request.POST):
        _remove(request, ev)
        return redirect("sp-event-arbiters", slug=ev.slug)
    if request.method == "POST" and form.is_valid():
        name, role = form.cleaned_data["username"], form.cleaned_data["role"]
        try:
            given = services.set_role(ev, request.user, name, role, form.cleaned_data["password"])
        except OperationError as error:
            form.add_error(error.field if isinstance(error, services.FieldError) else None, str(error))
        else:
            messages.success(request, _invited(name) if not given else
                             _("%(name)s is now the chief arbiter of this event.") % {"name": name}
                             if role == EventRole.CHIEF else
                             _("%(name)s is now an arbiter of this event.") % {"name": name})
            if role_of(request.user, ev) != EventRole.CHIEF:
                return redirect("sp-event", slug=ev.slug)
            return redirect("sp-event-arbiters", slug=ev.slug)
    return render(request, "tournaments/arbiters.html",
                  context(request, ev, form=form, arbiter_roles=ev.roles.select_related("user"),
                          invitations=ev.invitations.all()))


def _invited(name: str) -> str:
    """The answer to an invitation: the same whether an account of that name exists or not."""
    return _("%(name)s is invited: the role is given when the holder of the account %(name)s accepts it, "
             "logged in (on the home page). A new account is created only with a password, and only "
             "if no account has this name.") % {"name": name}


def _remove(request: HttpRequest, ev: Event) -> None:
    if "withdraw" in request.POST:
        invitation_id = posted_int(request, "withdraw", _("invitation to withdraw"), low=1)
        if invitation_id is not None:
            with refusals_shown(request):
                name = services.withdraw_invitation(ev, request.user, invitation_id)
                messages.success(request, _("The invitation of %(name)s is withdrawn.") % {"name": name})
        return
    role_id = posted_int(request, "remove", _("arbiter to remove"), low=1)
    if role_id is not None:
        with refusals_shown(request):
            name = services.remove_role(ev, request.user, role_id)
            messages.success(request, _("%(name)s is no longer an arbiter of this event.") % {"name": name})


@login_required
@require_POST
def invitation_answer(request: HttpRequest) -> HttpResponse:
    """The holder of an account accepts or declines an invitation to be an arbiter of an event (home page)."""
    accept = "accept" in request.POST
    invitation_id = posted_int(request, "accept" if accept else "decline", _("invitation"), low=1)
    if invitation_id is not None:
        with refusals_shown(request):
            event = services.answer_invitation(request.user, invitation_id, accept)
            if accept:
                messages.success(request, _("You are now an arbiter of %(event)s.") % {"event": event.name})
                return redirect("sp-event", slug=event.slug)
    return redirect("sp-index")


@login_required
def event_audit(request: HttpRequest, slug: str) -> HttpResponse:
    ev = event_of(slug)
    require(request, ev)
    entries = AuditEntry.objects.filter(event=ev).select_related("user", "section")[:500]
    return render(request, "tournaments/audit.html", context(request, ev, entries=[audit.shown(e) for e in entries]))
