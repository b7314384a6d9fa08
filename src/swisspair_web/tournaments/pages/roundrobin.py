"""A round-robin section's own forms: the drawing of its numbers (lot, Varma tables, fixed) and the schedule
of all rounds made public at once (:mod:`..services.roundrobin`)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from swisspair_web.tournaments.pages.common import arbiter_page, posted_int, refusals_shown, to_section
from swisspair_web.tournaments.rows import Section
from swisspair_web.tournaments.services import roundrobin

TABLES = ("handbook", "manual")
"""The Varma tables: the FIDE Handbook's, or the Arbiters' Manual's row for 11/12 players."""


@login_required
@require_POST
@arbiter_page
def draw_numbers(request: HttpRequest, sec: Section) -> HttpResponse:
    """Draw the pairing numbers (``method``: lot, varma, fixed as they are; an optional ``seed`` reproduces a
    draw); the form carries the section's version its page showed."""
    version = posted_int(request, "version", _("version"))
    given = request.POST.get("seed", "").strip()
    seed = posted_int(request, "seed", _("seed"), high=2**31 - 1) if given else None
    method = request.POST.get("method", "")
    table = request.POST.get("table", "handbook")
    if version is None or (given and seed is None):  # posted_int said what was wrong
        return to_section(sec)
    if method not in roundrobin.METHODS or table not in TABLES:
        messages.error(request, _("%(field)s: expected %(expected)s, got %(value)s.")
                       % {"field": "method", "expected": ", ".join(roundrobin.METHODS), "value": repr(method[:20])})
        return to_section(sec)
    fixed = {p.pk: p.tpn for p in sec.players.all()} if method == "fixed" else None
    if sec.is_team and fixed is not None:
        fixed = {t.pk: t.number for t in sec.teams.all()}
    with refusals_shown(request):
        roundrobin.draw(sec, request.user, method, seed=seed, table=table, fixed=fixed, seen_version=version)
        messages.success(request, _("Pairing numbers drawn; the draw is in the audit log and below."))
    return to_section(sec)


@login_required
@require_POST
@arbiter_page
def publish_schedule(request: HttpRequest, sec: Section) -> HttpResponse:
    """Make the schedule of all rounds public at once (``publish=0``: take it back)."""
    publish = request.POST.get("publish", "1") == "1"
    with refusals_shown(request):
        roundrobin.publish_schedule(sec, request.user, publish)
        messages.success(request, _("The schedule of all rounds is public.") if publish
                         else _("The schedule of all rounds is no longer public."))
    return to_section(sec)
