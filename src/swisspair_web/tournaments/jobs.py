"""Background jobs for long operations: pairing a big section, importing a big TRF file.

The job runs in a thread of the web process that received the request; its
state, stage and progress are columns of a :class:`~.models.Job` row, so any
worker (or machine) can show them, and the arbiter's page polls
``/api/jobs/<id>.json``. No extra server is needed.

The work itself is the operation of :mod:`.services`, one transaction as
always: a process killed in the middle writes nothing. Its job row stays
``running`` without a heartbeat; after ``SWISSPAIR_JOB_STALE`` seconds any
reader (and ``swisspair serve`` when it starts) marks it failed ("interrupted,
nothing was written"). Other users are not blocked meanwhile: the engine runs
outside any transaction, in its own thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connections
from django.utils import timezone, translation
from django.utils.translation import gettext as _, gettext_lazy

from swisspair_web.tournaments.models import Event, Job, Section
from swisspair_web.tournaments.services import OperationError, Progress, User, _user

log = logging.getLogger(__name__)

Work = Callable[[Progress], str]
"""The operation: it reports its progress and returns the URL to go to when it is done."""

STAGES = {
    "queued": gettext_lazy("waiting to start"),
    "reading": gettext_lazy("reading the section"),
    "parsing": gettext_lazy("reading the file"),
    "pairing": gettext_lazy("the engine is pairing"),
    "saving": gettext_lazy("saving"),
    "done": gettext_lazy("done"),
    "failed": gettext_lazy("failed"),
}
"""What the progress page says about each stage."""

HEARTBEAT_SECONDS = 2.0


def _thread(job_id: int, work: Work, language: str) -> None:
    """The body of a job's thread: the work, with a heartbeat every :data:`HEARTBEAT_SECONDS` beside it.
    Both threads' database connections are their own and closed at the end."""
    finished = threading.Event()

    def beat() -> None:
        try:
            while not finished.wait(HEARTBEAT_SECONDS):
                try:
                    Job.objects.filter(pk=job_id, state=Job.RUNNING).update(heartbeat=timezone.now())
                except DatabaseError:  # SQLite: locked by the job's own write transaction; beat again later
                    continue
        finally:
            connections.close_all()

    heart = threading.Thread(target=beat, name=f"swisspair-job-{job_id}-heartbeat", daemon=True)
    heart.start()
    try:
        run(job_id, work, language)
    finally:
        finished.set()
        heart.join()
        connections.close_all()


def _start_thread(job_id: int, work: Work, language: str) -> None:
    threading.Thread(target=_thread, args=(job_id, work, language), name=f"swisspair-job-{job_id}",
                     daemon=True).start()


RUNNER: list[Callable[[int, Work, str], None]] = [_start_thread]
"""Starts a job; tests may push one that runs it in the calling thread (last one wins)."""


def start(event: Event, section: Section | None, user: User, kind: str, work: Work) -> Job:
    """Record a job and start ``work`` in the background."""
    job = Job.objects.create(event=event, section=section, kind=kind, stage="queued", created_by=_user(user),
                             heartbeat=timezone.now())
    RUNNER[-1](job.pk, work, translation.get_language() or settings.LANGUAGE_CODE)
    return job


def run(job_id: int, work: Work, language: str) -> None:
    """Do ``work`` for job ``job_id``: report its progress, then record its outcome."""

    def report(percent: int, stage: str) -> None:
        Job.objects.filter(pk=job_id).update(progress=max(0, min(percent, 100)), stage=stage,
                                             heartbeat=timezone.now())

    with translation.override(language):
        try:
            url = work(report)
        except OperationError as error:
            _finish(job_id, Job.FAILED, message=str(error))
        except Exception as error:  # the arbiter must learn that it failed, whatever the reason
            log.exception("job %s failed", job_id)
            _finish(job_id, Job.FAILED, message=_("Unexpected error: %(error)s") % {"error": error})
        else:
            _finish(job_id, Job.DONE, url=url)


def _finish(job_id: int, state: str, *, message: str = "", url: str = "") -> None:
    Job.objects.filter(pk=job_id).update(
        state=state, stage=state, message=message, url=url, finished_at=timezone.now(), heartbeat=timezone.now(),
        **({"progress": 100} if state == Job.DONE else {}))


def mark_stale() -> int:
    """Mark failed the running jobs without a heartbeat for ``SWISSPAIR_JOB_STALE`` seconds (their process
    died; their transaction was rolled back). Returns how many."""
    limit = timezone.now() - timedelta(seconds=settings.SWISSPAIR_JOB_STALE)
    return Job.objects.filter(state=Job.RUNNING, heartbeat__lt=limit).update(
        state=Job.FAILED, stage=Job.FAILED, finished_at=timezone.now(),
        message=_("The server stopped while this was running; nothing was written. Try again."))


def refreshed(job: Job) -> Job:
    """``job`` as it is now, marked failed first if it was interrupted."""
    if job.state == Job.RUNNING:
        mark_stale()
        job.refresh_from_db()
    return job


def in_background(players: int) -> bool:
    """Whether an operation on ``players`` players is long enough for a background job."""
    return players >= settings.SWISSPAIR_BACKGROUND_PLAYERS
