"""Background jobs: long operations run by a worker (:mod:`..services.jobs`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from swisspair_web.tournaments.rows.events import Event
from swisspair_web.tournaments.rows.sections import Section


class Job(models.Model):
    """A long operation run as a task of the queue by a worker process (see :mod:`..services.jobs`).

    Its state lives here so that any web process can show it: ``queued`` until a worker takes it,
    ``running`` with a ``heartbeat`` the worker refreshes, then ``done`` or ``failed``. A running job
    without a recent heartbeat was interrupted: it is queued again (``attempts`` counts the runs) or,
    after ``SWISSPAIR_JOB_ATTEMPTS`` runs, failed. ``section_version`` is the version of the section
    the job applies to; ``params`` what the worker needs to do it (an uploaded TRF file included).
    """

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    STATES = [(QUEUED, _("queued")), (RUNNING, _("running")), (DONE, _("done")), (FAILED, _("failed"))]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="jobs")
    section = models.ForeignKey(Section, null=True, blank=True, on_delete=models.CASCADE, related_name="jobs")
    kind = models.CharField(max_length=20)
    state = models.CharField(max_length=10, choices=STATES, default=RUNNING)
    stage = models.CharField(max_length=20, blank=True)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent done.")
    message = models.TextField(blank=True, help_text="The error of a failed job, or what a job done did.")
    url = models.CharField(max_length=300, blank=True, help_text="Where to go when done.")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    heartbeat = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0, help_text="How many times a worker started it.")
    section_version = models.PositiveIntegerField(null=True, blank=True,
                                                  help_text="The section version the job applies to.")
    params = models.JSONField(default=dict, blank=True, help_text="What the worker needs to do the job.")
    task_id = models.CharField(max_length=64, blank=True, help_text="The queue's task of the current attempt.")
    language = models.CharField(max_length=10, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "heartbeat"], name="sp_job_state_idx")]

    def __str__(self) -> str:
        return f"{self.kind} job {self.pk}: {self.state}"
