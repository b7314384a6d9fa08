"""Pages of entries: the public form, the registrant's private page, the arbiter's list and its exports.

The writes are those of :mod:`..services.registration`; this module reads forms and shows pages.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.mail import BadHeaderError, send_mail
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages import entry_limits
from swisspair_web.tournaments.pages.common import arbiter_page, refusals_shown, to_section
from swisspair_web.tournaments.pages.forms import SingleLine, list_work
from swisspair_web.tournaments.public import listings
from swisspair_web.tournaments.public.common import INDIVIDUAL_ONLY, Visitor, context, section_of, visible_section
from swisspair_web.tournaments.reads import rating_list, registration
from swisspair_web.tournaments.rows import Announcement, Bye, Entry, Section
from swisspair_web.tournaments.services import OperationError, jobs

FIELD_LABELS = {"name": gettext_lazy("name"), "federation": gettext_lazy("federation"),
                "title": gettext_lazy("title"), "rating": gettext_lazy("rating"), "sex": gettext_lazy("sex"),
                "birth_date": gettext_lazy("birth date")}
"""How a completed field is named on the arbiter's list."""


class EntryForm(SingleLine, forms.Form):
    """The public entry form."""

    name = forms.CharField(label=gettext_lazy("name"), max_length=100, required=False,
                           help_text=gettext_lazy("Lastname, Firstname (may be left out when your FIDE ID is on "
                                                  "the rating list)"))
    fide_id = forms.CharField(label=gettext_lazy("FIDE ID"), max_length=11, required=False,
                              help_text=gettext_lazy("If somebody else entered with your FIDE ID, enter all the "
                                                     "same: the arbiter sees both entries and approves yours."))
    federation = forms.CharField(label=gettext_lazy("federation"), max_length=3, required=False,
                                 help_text=gettext_lazy("three letters, e.g. CZE"))
    birth_date = forms.CharField(label=gettext_lazy("birth date"), max_length=10, required=False,
                                 help_text=gettext_lazy("YYYY/MM/DD"))
    sex = forms.ChoiceField(label=gettext_lazy("sex"), required=False,
                            choices=[("", "-"), ("m", gettext_lazy("man")), ("w", gettext_lazy("woman"))])
    rating = forms.IntegerField(label=gettext_lazy("rating"), required=False, min_value=0, max_value=4000)
    club = forms.CharField(label=gettext_lazy("club"), max_length=100, required=False)
    email = forms.EmailField(label=gettext_lazy("e-mail"), max_length=200,
                             help_text=gettext_lazy("Your private link is shown after you enter, and sent here."))

    def clean(self) -> dict[str, Any]:
        data: dict[str, Any] = super().clean() or {}
        if not (data.get("name") or "").strip() and not (data.get("fide_id") or "").strip():
            self.add_error("name", _("Give your name, or your FIDE ID."))
        return data

    def entry_data(self) -> registration.EntryData:
        data = self.cleaned_data
        return registration.EntryData(name=data["name"] or "", email=data["email"], federation=data["federation"] or "",
                                      fide_id=data["fide_id"] or "", birth_date=data["birth_date"] or "",
                                      sex=data["sex"] or "", rating=data["rating"] or 0, club=data["club"] or "")


class AnnounceForm(forms.Form):
    round_number = forms.TypedChoiceField(label=gettext_lazy("round"), coerce=int)
    kind = forms.ChoiceField(label=gettext_lazy("what"), choices=Announcement.KINDS)

    def __init__(self, *args: Any, rounds: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["round_number"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = [(n, str(n)) for n in rounds]


class ListForm(forms.Form):
    """A FIDE rating list to complete the entries from."""

    file = forms.FileField(label=gettext_lazy("file"))
    kind = forms.ChoiceField(label=gettext_lazy("rating to take (combined FIDE list)"), initial="standard",
                             choices=list(rating_list.KIND_LABELS.items()))
    federations = forms.CharField(label=gettext_lazy("federations to keep (empty: all)"), required=False,
                                  help_text=gettext_lazy("three-letter codes, e.g. CZE SVK"))

    def clean_federations(self) -> set[str]:
        codes = {code.upper() for code in self.cleaned_data["federations"].replace(",", " ").split()}
        wrong = sorted(code for code in codes if len(code) != 3 or not code.isalpha())
        if wrong:
            raise forms.ValidationError(_("Not a federation: %(value)s") % {"value": wrong[0][:10]})
        return codes

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size is not None and upload.size > settings.SWISSPAIR_MAX_RATING_LIST:
            raise forms.ValidationError(_("The file is too large (%(max)s bytes at most).")
                                        % {"max": settings.SWISSPAIR_MAX_RATING_LIST})
        upload.work = list_work(upload)
        return upload


def private_link(request: HttpRequest, entry: Entry) -> str:
    return request.build_absolute_uri(reverse("sp-entry", args=[entry.section.event.slug, entry.section.slug,
                                                                entry.token]))


def _send_link(request: HttpRequest, entry: Entry) -> bool:
    """E-mail the registrant their private link; whether it was sent."""
    section = entry.section
    body = _("You entered %(section)s of %(event)s as %(name)s. The arbiter will approve your entry.\n\n"
             "Your private link (keep it; through it you can see your entry and announce a bye or an "
             "absence for a coming round):\n%(link)s\n") % {
        "section": section.name, "event": section.event.name, "name": entry.name, "link": private_link(request, entry)}
    try:
        subject = _("Your entry: %(event)s") % {"event": " ".join(section.event.name.split())}
        send_mail(subject, body, None, [entry.email])
    except (OSError, BadHeaderError):
        return False
    return True


# -- public --------------------------------------------------------------------------------------------


@never_cache
def register(request: HttpRequest, slug: str, section: str) -> HttpResponse:
    """The public entry form of a section (while its entries are open)."""
    sec = visible_section(request, slug, section, INDIVIDUAL_ONLY)
    reg = registration.registration_of(sec)
    form = EntryForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            entry_limits.count_entry(request, sec)
            entry = services.registration.submit(sec, form.entry_data())
        except OperationError as error:
            form.add_error(None, str(error))
        else:
            sent = _send_link(request, entry)
            messages.success(request, _("Thank you: your entry is recorded and waits for the arbiter."))
            if entry.pk in registration.fide_id_twins(sec):
                messages.warning(request, _("FIDE ID %(id)s is on another entry or a player of this section too: "
                                            "your entry is marked for the arbiter, who decides which one is the "
                                            "player. If somebody else entered with your FIDE ID, tell the arbiter.")
                                 % {"id": entry.fide_id})
            if not sent:
                messages.warning(request, _("The e-mail with your private link could not be sent: keep the "
                                            "address of this page."))
            return to_section(sec, "sp-entry", token=entry.token)
    return render(request, "tournaments/register.html", context(request, sec.event, sec, form=form, registration=reg))


def lookup(request: HttpRequest, slug: str, section: str) -> JsonResponse:
    """The rating-list figures of a FIDE ID for the entry form (while entries are open)."""
    sec = visible_section(request, slug, section, INDIVIDUAL_ONLY)
    if not registration.registration_of(sec).open:
        return JsonResponse({"error": "entries closed"}, status=404)
    listed = registration.listed_player(sec, request.GET.get("fide_id", "").strip()[:11])
    if listed is None:
        return JsonResponse({"error": "not found"}, status=404)
    return JsonResponse({"fide_id": listed.fide_id, "name": listed.name, "federation": listed.federation,
                         "title": listed.title, "rating": listed.rating, "sex": listed.sex,
                         "birth_year": listed.birth_date[:4]})


def _entry(sec: Section, token: str) -> Entry:
    return get_object_or_404(Entry.objects.select_related("player", "section__event"), section=sec, token=token)


@never_cache
def entry_page(request: HttpRequest, slug: str, section: str, token: str) -> HttpResponse:
    """The registrant's private page: their entry, and the byes and absences they announce."""
    sec = section_of(slug, section, INDIVIDUAL_ONLY)
    entry = _entry(sec, token)
    rounds = registration.coming_rounds(sec)
    form = AnnounceForm(request.POST or None, rounds=rounds)
    if request.method == "POST":
        with refusals_shown(request):
            if request.POST.get("cancel"):
                announcement = get_object_or_404(Announcement, entry=entry, pk=_number(request.POST, "cancel"))
                services.registration.cancel_announcement(announcement)
                messages.success(request, _("Your announcement for round %(round)s is cancelled.")
                                 % {"round": announcement.round_number})
                return to_section(sec, "sp-entry", token=token)
            if form.is_valid():
                done = services.registration.announce(entry, form.cleaned_data["round_number"],
                                                      form.cleaned_data["kind"])
                messages.success(request, _("Recorded: %(kind)s in round %(round)s. The arbiter can refuse it.")
                                 % {"kind": done.get_kind_display(), "round": done.round_number})
                return to_section(sec, "sp-entry", token=token)
    byes = _bye_kinds(sec)
    announcements = [(a, registration.announcement_standing(a, byes)) for a in entry.announcements.all()]
    response = render(request, "tournaments/entry.html", context(
        request, sec.event, sec, entry=entry, form=form, rounds=rounds, announcements=announcements,
        link=private_link(request, entry)))
    response["X-Robots-Tag"] = "noindex"
    return response


def _number(post: Any, field: str) -> int:
    """The whole number a form sent in ``field``.

    :raises: :exc:`OperationError` naming the field when it is missing or not a number."""
    text = str(post.get(field, ""))
    try:
        return int(text)
    except ValueError:
        raise OperationError(_("The field %(field)s must be a whole number, not “%(value)s”.")
                             % {"field": field, "value": text[:10]}) from None


def _bye_kinds(sec: Section) -> dict[tuple[int, int], str]:
    return {(b.player_id, b.round_number): b.kind for b in Bye.objects.filter(section=sec)}


# -- the arbiter's list -------------------------------------------------------------------------------------


def _entry_rows(request: HttpRequest, sec: Section) -> list[dict[str, Any]]:
    """Each entry with its cells of the entries list (:func:`..reads.registration.entries_listing`), what the
    rating list completed, its private link (for a registrant whose mail did not arrive) and who else holds its
    FIDE ID."""
    listing = registration.entries_listing(sec)
    twins = registration.fide_id_twins(sec)
    return [{"entry": e, "cells": listing.shown(r), "completions": [(FIELD_LABELS[c.field], c.typed, c.listed)
                                                                     for c in registration.completions(e)],
             "link": private_link(request, e), "twins": twins.get(e.pk, [])}
            for e, r in zip(sec.entries.select_related("player", "section__event"), listing.rows, strict=True)]


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def entries(request: HttpRequest, sec: Section) -> HttpResponse:
    """The entries of a section: open or close, approve or refuse, refuse an announced bye."""
    if request.method == "POST":
        with refusals_shown(request):
            _decide(request, sec)
        return to_section(sec, "sp-entries")
    rows = _entry_rows(request, sec)
    byes = _bye_kinds(sec)
    announcements = [(a, registration.announcement_standing(a, byes))
                     for a in Announcement.objects.filter(entry__section=sec).select_related("entry__player")]
    counts = {state: sum(1 for r in rows if r["entry"].state == state) for state, _label in Entry.STATES}
    return render(request, "tournaments/entries.html", context(
        request, sec.event, sec, registration=registration.registration_of(sec), rows=rows, counts=counts,
        announcements=announcements, form_url=request.build_absolute_uri(reverse("sp-register", args=[sec.event.slug, sec.slug])),
        paired=sec.round_set.count()))


def _decide(request: HttpRequest, sec: Section) -> None:
    """One action of the entries page (each form names its action and carries the version it was shown)."""
    action = request.POST.get("action", "")
    if action in ("open", "close"):
        services.registration.set_open(sec, request.user, action == "open", _number(request.POST, "version"))
        messages.success(request, _("Entries are open.") if action == "open" else _("Entries are closed."))
    elif action in ("approve", "refuse"):
        entry = get_object_or_404(Entry, section=sec, pk=_number(request.POST, "entry"))
        version = _number(request.POST, "version")
        if action == "approve":
            player = services.registration.approve(entry, request.user, version)
            messages.success(request, _("%(name)s approved as number %(tpn)s.") % {"name": player.name,
                                                                                   "tpn": player.tpn})
        else:
            services.registration.refuse(entry, request.user, version, request.POST.get("reason", ""))
            messages.success(request, _("The entry of %(name)s is refused.") % {"name": entry.name})
    elif action == "refuse-announcement":
        announcement = get_object_or_404(Announcement, entry__section=sec, pk=_number(request.POST, "announcement"))
        services.registration.refuse_announcement(announcement, request.user, request.POST.get("reason", ""))
        messages.success(request, _("The announcement of %(name)s for round %(round)s is refused.")
                         % {"name": announcement.entry.name, "round": announcement.round_number})
    else:
        raise OperationError(_("Unknown action."))


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def entry_list(request: HttpRequest, sec: Section) -> HttpResponse:
    """Upload the FIDE rating list entries are completed from (a big one is read as a background job)."""
    form = ListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        federations = form.cleaned_data["federations"] or None
        if upload.work >= settings.SWISSPAIR_BACKGROUND_LIST_BYTES:
            upload.seek(0)
            job = jobs.start(sec.event, sec, request.user, "entry-list", {
                "path": jobs.keep_upload(upload), "source": upload.name or "upload", "size": upload.size or 0,
                "kind": form.cleaned_data["kind"], "federations": sorted(federations or [])})
            return redirect("sp-job", pk=job.pk)
        try:
            upload.seek(0)
            read = registration.read_list(upload, source=upload.name or "upload", kind=form.cleaned_data["kind"],
                                          federations=federations, size=upload.size or 0)
            count = services.registration.import_list(sec, request.user, read)
        except OperationError as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, _("%(count)s players of the rating list kept for completing entries.")
                             % {"count": count})
            return to_section(sec, "sp-entries")
    return render(request, "tournaments/upload.html", context(
        request, sec.event, sec, form=form, title=_("Rating list for the entries"),
        hint=_("A FIDE rating list as FIDE publishes it (TXT, XML or ZIP). An entry whose FIDE ID is on it takes "
               "the name, federation, title, rating and sex from it; the list replaces the one kept before.")))


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def entries_export(request: HttpRequest, sec: Section, fmt: str) -> HttpResponse:
    """The entries as PDF, CSV or JSON (arbiters only: they hold e-mail addresses)."""
    return listings.export(Visitor.of(request), sec, registration.entries_listing(sec), fmt)


@login_required
@arbiter_page(kind=INDIVIDUAL_ONLY)
def entries_print(request: HttpRequest, sec: Section) -> HttpResponse:
    return listings.respond(Visitor.of(request), sec, registration.entries_listing(sec), "print")
