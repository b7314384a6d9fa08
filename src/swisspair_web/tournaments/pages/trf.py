"""A section from a TRF file, and a section's TRF."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from swisspair_web.tournaments import services
from swisspair_web.tournaments.pages.common import arbiter_page, show_warnings, to_section
from swisspair_web.tournaments.pages.forms import TRFImportForm
from swisspair_web.tournaments.public.common import context, event_of
from swisspair_web.tournaments.public.files import filename
from swisspair_web.tournaments.reads.roles import require
from swisspair_web.tournaments.reads.trf_export import trf_text
from swisspair_web.tournaments.rows import Section
from swisspair_web.tournaments.services import OperationError, jobs


@login_required
def import_trf(request: HttpRequest, slug: str) -> HttpResponse:
    ev = event_of(slug)
    require(request, ev)
    form = TRFImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data: bytes = form.cleaned_data["file"]
        upload = request.FILES.get("file")
        source = getattr(upload, "name", "") or "upload.trf"
        if jobs.in_background(sum(1 for line in data.splitlines() if line.lstrip(b"\xef\xbb\xbf").startswith(b"001"))):
            job = jobs.start(ev, None, request.user, "import", {
                "data": jobs.encode_bytes(data), "name": form.cleaned_data["name"],
                "slug": form.cleaned_data["slug"], "system": form.cleaned_data["system"], "source": source})
            return redirect("sp-job", pk=job.pk)
        warnings: list[str] = []
        try:
            sec = services.import_trf(ev, request.user, data, name=form.cleaned_data["name"],
                                      slug=form.cleaned_data["slug"], system=form.cleaned_data["system"],
                                      source=source, warnings=warnings)
        except OperationError as error:
            form.add_error("file", str(error))
        else:
            count = sec.players.count()
            messages.success(request, ngettext("Imported %(count)s player.", "Imported %(count)s players.", count)
                             % {"count": count})
            show_warnings(request, warnings)
            return to_section(sec)
    return render(request, "tournaments/upload.html",
                  context(request, ev, form=form, title=_("New section from a TRF file"),
                       hint=_("A file with team records (013 or 310) becomes a team section (C.04.6) with its "
                              "teams, rosters, matches and results; it is paired with the team system.")))


@login_required
@arbiter_page
def export_trf(request: HttpRequest, sec: Section) -> HttpResponse:
    response = HttpResponse(trf_text(sec), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(sec, ".trf")}"'
    return response
