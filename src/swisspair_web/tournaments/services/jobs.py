"""Background jobs for long operations: pairing a big section, importing a big TRF file.

A job is a task of the queue (django-tasks with its database backend, ``django_tasks_db``): the web
process that received the request records a :class:`~..rows.Job` row and enqueues :func:`run_job`
in the same transaction, and returns at once. A worker process (``swisspair worker``, any number of
them, on any machine that reaches the database; or the worker thread of ``swisspair serve``) takes
the task and does the work. The job row is what the arbiter sees: its state, stage and progress,
polled from ``/api/jobs/<id>.json``.

Safe to run twice, safe to kill:

* the work is the operation of :mod:`.services`, one transaction as always, and the job is marked
  done *inside that transaction* (:func:`.services.before_commit`): a job is done exactly when its
  round or section is written, and a task that finds its job no longer queued does nothing;
* a pairing job applies to the section version recorded when it was requested; if the section
  changed meanwhile, nothing is written (the version check of :func:`.services.bump_section`);
* a worker killed in the middle writes nothing (its transaction is rolled back); its job stops
  sending its heartbeat and, after ``SWISSPAIR_JOB_STALE`` seconds, whoever notices (a worker's
  sweeper, the progress page, ``swisspair serve`` when it starts) queues it again, up to
  ``SWISSPAIR_JOB_ATTEMPTS`` runs, then marks it failed ("nothing was written").
"""

from __future__ import annotations

import base64
import logging
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError, connections, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django_tasks import task

from swisspair_web.tournaments.public import changes
from swisspair_web.tournaments.reads.errors import OperationError
from swisspair_web.tournaments.rows import Bye, Event, Job, Round, Section
from swisspair_web.tournaments.services.base import Progress, User, account_of

log = logging.getLogger(__name__)

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


def start(event: Event, section: Section | None, user: User, kind: str, params: dict[str, Any]) -> Job:
    """Record a job of ``kind`` (a key of :data:`KINDS`) and put it on the queue, in one transaction."""
    with transaction.atomic():
        job = Job.objects.create(
            event=event, section=section, kind=kind, state=Job.QUEUED, stage="queued", created_by=account_of(user),
            heartbeat=timezone.now(), params=params, section_version=section.version if section else None,
            language=translation.get_language() or settings.LANGUAGE_CODE)
        _enqueue(job.pk)
    job.refresh_from_db()
    return job


def _enqueue(job_id: int) -> None:
    result = run_job.enqueue(job_id)
    Job.objects.filter(pk=job_id).update(task_id=str(result.id))


@task()
def run_job(job_id: int) -> None:
    """The task: claim the job if it is still queued (else do nothing), then do its work beside a heartbeat."""
    claimed = Job.objects.filter(pk=job_id, state=Job.QUEUED).update(
        state=Job.RUNNING, stage="reading", progress=0, attempts=F("attempts") + 1, heartbeat=timezone.now())
    if not claimed:
        log.info("job %s is no longer queued: nothing to do", job_id)
        return
    job = Job.objects.select_related("event", "section", "created_by").get(pk=job_id)
    with _heartbeat(job_id), translation.override(job.language or settings.LANGUAGE_CODE):
        run(job)


@contextmanager
def _heartbeat(job_id: int) -> Iterator[None]:
    """Refresh the job's heartbeat every :data:`HEARTBEAT_SECONDS` from a thread of its own (with its own
    database connection) while the block runs."""
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
        yield
    finally:
        finished.set()
        heart.join()


def run(job: Job) -> None:
    """Do the work of ``job`` and record its outcome (done is recorded by the work's own transaction)."""

    def report(percent: int, stage: str) -> None:
        Job.objects.filter(pk=job.pk, state=Job.RUNNING).update(
            progress=max(0, min(percent, 100)), stage=stage, heartbeat=timezone.now())

    try:
        KINDS[job.kind](job, report)
    except OperationError as error:
        _drop_upload(job)
        _finish(job.pk, Job.FAILED, message=str(error))
    except Exception as error:  # the arbiter must learn that it failed, whatever the reason
        log.exception("job %s failed", job.pk)
        _drop_upload(job)
        _finish(job.pk, Job.FAILED, message=_("Unexpected error: %(error)s") % {"error": error})


def _drop_upload(job: Job) -> None:
    """Remove the file :func:`keep_upload` kept for a job that failed (its parameters are cleared with the
    failure, so nothing else would find it). A job interrupted by a kill keeps it for its second run."""
    if job.params.get("path"):
        Path(job.params["path"]).unlink(missing_ok=True)


def _finish(job_id: int, state: str, *, message: str = "", url: str = "") -> None:
    """Record the outcome. A failure never overwrites a success (a second run of a job that was queued
    again while the first still ran finds its round written and fails on the section version)."""
    rows = Job.objects.filter(pk=job_id)
    if state == Job.FAILED:
        rows = rows.exclude(state=Job.DONE)
    rows.update(state=state, stage=state, message=message, url=url, finished_at=timezone.now(),
                heartbeat=timezone.now(), params={}, **({"progress": 100} if state == Job.DONE else {}))


# -- the kinds of job ----------------------------------------------------------------------------------


def _requester(job: Job) -> User:
    return job.created_by if job.created_by is not None else AnonymousUser()


def _pair(job: Job, progress: Progress) -> None:
    """Pair the next round of the section, if it is still at the version the job applies to."""
    from swisspair_web.tournaments import services

    if job.section_id is None:
        raise OperationError(_("No round is paired."))  # pragma: no cover - a pairing job always has its section
    section = Section.objects.select_related("event").get(pk=job.section_id)
    if job.section_version is not None and section.version != job.section_version:
        raise services.Conflict(_("The section was changed by somebody else meanwhile; reload the page and "
                                  "try again."))

    def done(written: Round | Section) -> None:
        assert isinstance(written, Round)
        _finish(job.pk, Job.DONE, url=reverse("sp-results", kwargs={
            "slug": section.event.slug, "section": section.slug, "number": written.number}),
            message=_("Round %(round)s paired. Check it, then publish it.") % {"round": written.number})

    with services.before_commit(done):
        services.pair_next_round(section, _requester(job), allow_pending=bool(job.params.get("allow_pending")),
                                 progress=progress)


def _import(job: Job, progress: Progress) -> None:
    """Import the TRF file kept in the job's parameters as a new section."""
    from swisspair_web.tournaments import services

    params = job.params

    def done(written: Round | Section) -> None:
        assert isinstance(written, Section)
        count = written.players.count()
        _finish(job.pk, Job.DONE, url=reverse("sp-section-manage", kwargs={
            "slug": job.event.slug, "section": written.slug}),
            message=ngettext("Imported %(count)s player.", "Imported %(count)s players.", count) % {"count": count})

    data = decode_bytes(params["data"]) if "data" in params else params["text"]
    with services.before_commit(done):
        services.import_trf(job.event, _requester(job), data, name=params["name"], slug=params["slug"],
                            system=params["system"], progress=progress, source=params.get("source", "upload"))


def _read_rating_list(job: Job, progress: Progress) -> None:
    """Add or update the players of the rating list kept by :func:`keep_upload` (one transaction that also
    marks the job done; the kept file is removed once the job is done)."""
    from swisspair_web.tournaments import services
    from swisspair_web.tournaments.reads import player_import, rating_list

    params, section = job.params, job.section
    assert section is not None, "a rating-list job always has its section"
    path = Path(params["path"])
    ids = set(params["ids"]) if params.get("ids") is not None else None
    with open(path, "rb") as handle:
        read = rating_list.read(handle, source=params["source"], kind=params["kind"], ids=ids,
                                size=params["size"], progress=progress)
    progress(60, "saving")

    with transaction.atomic():  # the players and "done" in one transaction: a rerun never adds them twice
        merged = services.player_import.merge(section, _requester(job), read, existing=params["existing"],
                                              late_byes=params.get("late_byes", Bye.ZERO),
                                              seen_paired=params.get("paired"))
        _finish(job.pk, Job.DONE, url=reverse("sp-section-manage", kwargs={
            "slug": job.event.slug, "section": section.slug}), message=player_import.done_text(merged))
    path.unlink(missing_ok=True)


def _read_entry_list(job: Job, progress: Progress) -> None:
    """Keep the rating list kept by :func:`keep_upload` for completing a section's entries
    (:func:`.services.registration.import_list`), in the transaction that marks the job done; it ends on the
    entries page."""
    from swisspair_web.tournaments import services
    from swisspair_web.tournaments.reads import registration

    params, section = job.params, job.section
    assert section is not None, "an entry-list job always has its section"
    path = Path(params["path"])
    with open(path, "rb") as handle:
        read = registration.read_list(handle, source=params["source"], kind=params["kind"],
                                      federations=set(params["federations"]) or None, size=params["size"],
                                      progress=progress)
    progress(60, "saving")
    with transaction.atomic():
        services.registration.import_list(section, _requester(job), read)
        _finish(job.pk, Job.DONE, url=reverse("sp-entries", kwargs={"slug": job.event.slug, "section": section.slug}))
    path.unlink(missing_ok=True)


KINDS: dict[str, Callable[[Job, Progress], None]] = {
    "pair": _pair, "import": _import, "rating-list": _read_rating_list, "entry-list": _read_entry_list}
"""The work of each kind of job; it writes in one transaction and marks the job done inside it."""


# -- interrupted jobs ----------------------------------------------------------------------------------


def requeue_stale() -> int:
    """Queue again the running jobs without a heartbeat for ``SWISSPAIR_JOB_STALE`` seconds (their worker
    died; their transaction was rolled back), or mark them failed after ``SWISSPAIR_JOB_ATTEMPTS`` runs.
    Safe to call from several processes at once: a conditional update decides who handles a job.
    Returns how many jobs were handled."""
    limit = timezone.now() - timedelta(seconds=settings.SWISSPAIR_JOB_STALE)
    handled = 0
    for job in Job.objects.filter(state=Job.RUNNING, heartbeat__lt=limit).only("pk", "attempts", "task_id"):
        stale = Job.objects.filter(pk=job.pk, state=Job.RUNNING, heartbeat__lt=limit)
        if job.attempts >= settings.SWISSPAIR_JOB_ATTEMPTS:
            handled += stale.update(
                state=Job.FAILED, stage=Job.FAILED, finished_at=timezone.now(), params={},
                message=_("The server stopped while this was running; nothing was written. Try again."))
            _abandon(job.task_id)
            continue
        with transaction.atomic():
            if stale.update(state=Job.QUEUED, stage="queued", progress=0, heartbeat=timezone.now()):
                handled += 1
                _abandon(job.task_id)
                _enqueue(job.pk)
                log.warning("job %s was interrupted (attempt %s); queued again", job.pk, job.attempts)
    return handled


mark_stale = requeue_stale
"""The name ``swisspair serve`` calls when it starts."""


def _abandon(task_id: str) -> None:
    """Mark failed the queue's task of an interrupted attempt (its worker died with it running)."""
    from django_tasks import TaskResultStatus
    from django_tasks_db.models import DBTaskResult

    if task_id:
        DBTaskResult.objects.filter(id=task_id, status=TaskResultStatus.RUNNING).update(
            status=TaskResultStatus.FAILED, finished_at=timezone.now(),
            exception_class_path="swisspair_web.tournaments.services.jobs.Interrupted",
            traceback="The worker stopped while this task was running (no heartbeat); the job was queued again.")


def interruptions(job: Job) -> int:
    """How many runs of ``job`` were interrupted (their worker stopped; nothing of theirs was kept) and
    followed by another run: every run started but the current one (queued again: every run started)."""
    return job.attempts if job.state == Job.QUEUED else max(job.attempts - 1, 0)


def interrupted_text(job: Job) -> str:
    """What the arbiter is told of a job run again after an interruption (``""``: it was not)."""
    count = interruptions(job)
    if not count:
        return ""
    return ngettext("The server stopped while this was running; nothing of that run was kept, and it was "
                    "started again from the beginning.",
                    "The server stopped %(count)s times while this was running; nothing of those runs was kept, "
                    "and it was started again from the beginning.", count) % {"count": count}


def refreshed(job: Job) -> Job:
    """``job`` as it is now, queued again (or failed) first if it was interrupted."""
    if job.state == Job.RUNNING:
        requeue_stale()
        job.refresh_from_db()
    return job


def encode_bytes(data: bytes) -> str:
    """Bytes for a job's JSON parameters (a TRF file is read by the worker as the reader reads bytes)."""
    return base64.b64encode(data).decode("ascii")


def decode_bytes(text: str) -> bytes:
    return base64.b64decode(text.encode("ascii"))


def keep_upload(upload: Any) -> str:
    """Copy an uploaded file into ``$SWISSPAIR_DATA/uploads`` for a job; returns its path. A worker on
    another machine needs that directory shared (see docs/manager.md)."""
    folder = Path(settings.DATA_DIR) / "uploads"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(prefix="rating-list-", dir=folder, delete=False) as copy:
        shutil.copyfileobj(upload, copy, 1 << 20)
    return copy.name


def in_background(players: int) -> bool:
    """Whether an operation on ``players`` players is long enough for a background job."""
    return players >= settings.SWISSPAIR_BACKGROUND_PLAYERS


# -- workers -------------------------------------------------------------------------------------------


def _worker(*, batch: bool, interval: float, worker_id: str) -> Any:
    from django_tasks_db.management.commands.db_worker import Worker

    return Worker(queue_names=["*"], interval=interval, batch=batch, backend_name="default",
                  startup_delay=False, max_tasks=None, worker_id=worker_id, excluded_queue_names=[])


def run_queued() -> int:
    """Run the queued tasks in this thread until none is left; returns how many (for tests: unlike the
    worker's own loop, this one leaves the database connection, and so the test's transaction, alone)."""
    from django_tasks_db.models import DBTaskResult
    from django_tasks_db.utils import exclusive_transaction

    worker = _worker(batch=True, interval=0, worker_id="swisspair-inline")
    count = 0
    while True:
        with exclusive_transaction(DBTaskResult.objects.db):
            task_result = DBTaskResult.objects.ready().filter(backend_name="default").get_locked()
            if task_result is not None:
                task_result.claim(worker.worker_id)
        if task_result is None:
            return count
        worker.run_task(task_result)
        count += 1


def sweep_forever(stop: threading.Event) -> None:
    """Look for interrupted jobs every third of ``SWISSPAIR_JOB_STALE`` seconds until ``stop`` is set."""
    period = max(0.5, settings.SWISSPAIR_JOB_STALE / 3)
    while not stop.wait(period):
        try:
            requeue_stale()
            changes.sweep()  # public pages a change did not reach (tournaments/changes.py)
        except DatabaseError:
            log.warning("could not look for interrupted jobs", exc_info=True)
        finally:
            connections.close_all()


def start_worker_threads(count: int) -> threading.Event:
    """``swisspair serve`` without separate workers: ``count`` worker threads and a sweeper in this process.
    Returns the event that stops the sweeper (the workers are daemon threads)."""
    import os

    stop = threading.Event()
    for number in range(count):
        worker = _worker(batch=False, interval=1.0, worker_id=f"serve-{os.getpid()}-{number}")
        threading.Thread(target=worker.run, name=f"swisspair-worker-{number}", daemon=True).start()
    threading.Thread(target=sweep_forever, args=(stop,), name="swisspair-sweeper", daemon=True).start()
    return stop
