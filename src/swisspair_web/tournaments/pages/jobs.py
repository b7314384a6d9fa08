"""The progress of a background job: a page and its JSON."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from swisspair_web.tournaments.public.common import context, json_errors
from swisspair_web.tournaments.reads.roles import require
from swisspair_web.tournaments.rows import Job
from swisspair_web.tournaments.services import jobs


@login_required
def job_view(request: HttpRequest, pk: int) -> HttpResponse:
    """The progress of a background job; the page polls its JSON and goes on when the job is done."""
    job = jobs.refreshed(get_object_or_404(Job.objects.select_related("event", "section"), pk=pk))
    require(request, job.event)
    interrupted = jobs.interrupted_text(job)
    if job.state == Job.DONE and job.url:
        if job.message:
            messages.success(request, job.message)
        if interrupted:
            messages.warning(request, interrupted)
        return HttpResponseRedirect(job.url)
    return render(request, "tournaments/job.html", context(request, job.event, job.section, job=job,
                                                         stage=jobs.STAGES.get(job.stage, job.stage),
                                                         interrupted=interrupted))


@json_errors
def job_json(request: HttpRequest, pk: int) -> JsonResponse:
    """State and progress of a background job (the event's arbiters only)."""
    j = get_object_or_404(Job.objects.select_related("event"), pk=pk)
    require(request, j.event)
    j = jobs.refreshed(j)
    return JsonResponse({"id": j.pk, "kind": j.kind, "state": j.state, "stage": j.stage,
                         "stage_text": str(jobs.STAGES.get(j.stage, j.stage)), "progress": j.progress,
                         "message": j.message, "url": j.url or None, "interrupted": jobs.interrupted_text(j),
                         "seconds": round(((j.finished_at or timezone.now()) - j.created_at).total_seconds(), 1)})
