"""The check-in page before round 1 (a keyboard list, as for results) and its print, PDF, CSV and JSON.

The writes are those of :mod:`..services.presence`.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, refusals_shown
from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import INDIVIDUAL_ONLY, Visitor, context
from swisspair_web.tournaments.reads import lists, presence
from swisspair_web.tournaments.rows import Section
from swisspair_web.tournaments.services import OperationError


def read_changes(post: Mapping[str, str]) -> dict[int, bool]:
    """The ticks the page changed: each row's key ``pTPN`` against the value it was shown with (``iTPN``),
    and the pairing numbers typed in ``numbers`` (ticked present).

    :raises: :exc:`OperationError` for an unknown key or a number that is not one.
    """
    changes: dict[int, bool] = {}
    for name, value in post.items():
        if name.startswith("p") and name[1:].isdigit():
            present = presence.parse_key(value)
            if present != presence.parse_key(post.get("i" + name[1:], "")):
                changes[int(name[1:])] = present
    for text in post.get("numbers", "").replace(",", " ").split():
        if not text.isdigit():
            raise OperationError(_("Not a pairing number: %(text)s") % {"text": text[:10]})
        changes[int(text)] = True
    return changes


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def presence_page(request: HttpRequest, sec: Section) -> HttpResponse:
    """Tick who is present before round 1; those not ticked are not paired in round 1."""
    if request.method == "POST":
        with refusals_shown(request):
            saved = services.presence.set_presence(sec, request.user, read_changes(request.POST))
            _report(request, saved)
        return redirect(request.get_full_path())
    order = _order(request)
    rows = presence.rows(sec)
    if order == "name":
        rows.sort(key=lambda row: (lists.name_key(row.player.name), row.player.tpn))
    listing = presence.listing(sec, order)
    states = {r.values["tpn"]: listing.shown(r)["state"] for r in listing.rows}
    ticked = sum(1 for row in rows if row.present)
    return render(request, "tournaments/presence.html", context(
        request, sec.event, sec, rows=[(row, states[row.player.tpn]) for row in rows], ticked=ticked, order=order,
        open=presence.is_open(sec), in_force=ticked > 0, left_out=presence.left_out(sec)))


def _report(request: HttpRequest, saved: services.presence.Saved) -> None:
    if saved.present:
        messages.success(request, ngettext("%(count)s player ticked present: %(names)s.",
                                           "%(count)s players ticked present: %(names)s.", len(saved.present))
                         % {"count": len(saved.present), "names": "; ".join(p.name for p in saved.present)})
    if saved.absent:
        messages.info(request, ngettext("%(count)s tick taken away: %(names)s.",
                                        "%(count)s ticks taken away: %(names)s.", len(saved.absent))
                      % {"count": len(saved.absent), "names": "; ".join(p.name for p in saved.absent)})
    if saved.unrecorded:
        messages.info(request, _("The recorded absence from round 1 is removed for: %(names)s.")
                      % {"names": "; ".join(p.name for p in saved.unrecorded)})
    if not (saved.present or saved.absent):
        messages.info(request, _("Nothing changed."))


def _order(request: HttpRequest, default: str = "tpn") -> str:
    order = request.GET.get("order", default)
    return order if order in presence.ORDERS else default


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def presence_export(request: HttpRequest, sec: Section, fmt: str) -> HttpResponse:
    """The check-in list as CSV, JSON or PDF (``state``: present, not-present, withdrawn, bye-H/F/Z)."""
    return listings.export(Visitor.of(request), sec, presence.listing(sec, _order(request)), fmt)


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def presence_print(request: HttpRequest, sec: Section) -> HttpResponse:
    """The check-in list on paper, alphabetical unless ``?order=tpn``: the state beside each name, an empty
    cell to tick."""
    return listings.respond(Visitor.of(request), sec, presence.listing(sec, _order(request, "name")), "print")
