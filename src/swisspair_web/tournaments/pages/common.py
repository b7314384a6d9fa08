"""What the arbiters' pages share: the section of an address for its arbiters (:func:`arbiter_page`), a
refusal of an operation shown as a message (:func:`refusals_shown`), posted numbers, form errors and
import warnings as messages."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Concatenate, ParamSpec, overload

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair_web.tournaments.public.common import section_of
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.reads.roles import remember, require
from swisspair_web.tournaments.rows import Section

P = ParamSpec("P")
SectionView = Callable[Concatenate[HttpRequest, Section, P], HttpResponse]
"""A view of a section's page: the request, the section, the rest of the URL's arguments."""


@overload
def arbiter_page(view: SectionView[P], /) -> Callable[..., HttpResponse]: ...


@overload
def arbiter_page(*, kind: str) -> Callable[[SectionView[P]], Callable[..., HttpResponse]]: ...


def arbiter_page(view: SectionView[P] | None = None, /, *, kind: str | None = None) -> Any:
    """A page of a section for the arbiters of its event: the view gets the section (with its event) in place
    of the URL's ``slug`` and ``section``. 404 when there is no such section, or it is not of ``kind``
    (:data:`~..public.common.TEAM_ONLY`, :data:`~..public.common.INDIVIDUAL_ONLY`); 403 for somebody who is
    no arbiter of the event. Under ``login_required``, which sends a visitor to the login page first."""
    def decorate(view: SectionView[P]) -> Callable[..., HttpResponse]:
        @functools.wraps(view)
        def page(request: HttpRequest, slug: str, section: str, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            sec = section_of(slug, section, kind)
            remember(request, sec.event, require(request, sec.event))
            return view(request, sec, *args, **kwargs)
        return page
    return decorate if view is None else decorate(view)


@dataclass
class Outcome:
    """What happened in a :func:`refusals_shown` block."""

    refused: OperationError | None = None


@contextmanager
def refusals_shown(request: HttpRequest) -> Iterator[Outcome]:
    """Run the block: an :exc:`~..reads.errors.OperationError` raised in it ends it, and the arbiter is told
    why as an error message (``outcome.refused`` holds it); what follows the operation in the block (the
    message that it was done) runs only when it was."""
    outcome = Outcome()
    try:
        yield outcome
    except OperationError as error:
        outcome.refused = error
        messages.error(request, str(error))


def to_section(sec: Section, name: str = "sp-section-manage", **more: object) -> HttpResponseRedirect:
    """A redirect to a page of the section (its arbiter's page unless ``name`` says which), ``more`` its other
    URL arguments."""
    return HttpResponseRedirect(reverse(name, kwargs={"slug": sec.event.slug, "section": sec.slug, **more}))


def posted_int(request: HttpRequest, name: str, label: str, *, low: int = 0, high: int | None = None) -> int | None:
    """The whole number posted as ``name``; ``None``, with a message naming the field (``label``) and what it
    expects, when it is missing, not a number or out of range."""
    text = request.POST.get(name, "")
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        expected = (_("a whole number from %(low)s to %(high)s") % {"low": low, "high": high} if high is not None
                    else _("a whole number from %(low)s") % {"low": low})
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": label, "expected": expected, "value": repr(text[:20]) if text else _("nothing")})
        return None
    return value


def form_errors(request: HttpRequest, form: forms.Form) -> None:
    """Each field error of a hand-made or mistyped request as a message naming the field and what it expects."""
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields and form.fields[name].label else name
        for error in errors:
            messages.error(request, f"{label}: {error}")


WARNINGS_SHOWN = 10
"""At most this many warnings of an import are shown one by one; the rest are counted."""


def show_warnings(request: HttpRequest, warnings: list[str]) -> None:
    """What an import read anyway, located (``FILE:LINE:COLUMN: ...``), as warning messages."""
    for warning in warnings[:WARNINGS_SHOWN]:
        messages.warning(request, warning)
    rest = len(warnings) - WARNINGS_SHOWN
    if rest > 0:
        messages.warning(request, ngettext("… and %(count)s more warning (all are in the audit log).",
                                           "… and %(count)s more warnings (all are in the audit log).", rest)
                         % {"count": rest})


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return render(request, "tournaments/csrf.html", {"reason": reason}, status=403)


def posted_version(request: HttpRequest) -> int:
    """The ``version`` a form carries back; -1 (no version a row has) when it is missing or no number."""
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return -1
