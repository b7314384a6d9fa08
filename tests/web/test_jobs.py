"""Background jobs: big sections are paired (big TRF files imported) by a worker of the task queue, with a
progress page.

The progress lives in the database (any web process shows it); the work is still one transaction and marks
its job done inside it, so a worker killed in the middle writes nothing, its job is queued again once its
heartbeat is old, and a job run twice writes once.
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from swisspair_web.tournaments.rows import Job, Round, Section
from swisspair_web.tournaments.services import jobs

from .helpers import (
    BaseTestCase,
    HttpClient,
    create_users,
    form_value,
    job_state,
    live_server,
    pair_form,
    seed_event,
    sql,
)
from .test_convert import TRF


@override_settings(SWISSPAIR_BACKGROUND_PLAYERS=5)
class JobTestCase(BaseTestCase):
    def state(self, job: Job) -> dict[str, object]:
        return dict(json.loads(self.client.get(f"/api/jobs/{job.pk}.json").content))

    def test_it_pairs_a_big_section_in_a_job(self) -> None:
        self.client.login(username="bob", password="password")
        response = self.client.post(self.url("sp-pair"), pair_form("open", "1"))
        job = Job.objects.get()
        self.assertRedirects(response, f"/jobs/{job.pk}/", fetch_redirect_response=False)
        self.assertEqual((self.state(job)["state"], job.section_version), ("queued", self.section.version))
        self.assertContains(self.client.get(f"/jobs/{job.pk}/"), "waiting to start")
        self.assertFalse(Round.objects.exists())
        jobs.run_queued()  # a worker takes the task
        state = self.state(job)
        self.assertEqual((state["state"], state["progress"], state["kind"]), ("done", 100, "pair"))
        self.assertEqual(state["url"], self.url("sp-results", 1))
        self.assertRedirects(self.client.get(f"/jobs/{job.pk}/"), self.url("sp-results", 1))
        self.assertTrue(Round.objects.filter(section=self.section, number=1).exists())
        job.refresh_from_db()
        self.assertEqual(job.attempts, 1)
        self.assertEqual(DBTaskResult.objects.get(id=job.task_id).status, "SUCCESSFUL")

    def test_a_job_run_twice_pairs_once(self) -> None:
        """The job is marked done in the pairing's own transaction: a second run of its task (a duplicate
        delivery, or a retry after the first run committed) finds it done and writes nothing."""
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-pair"), pair_form("open", "1"))
        job = Job.objects.get()
        jobs.run_queued()
        jobs.run_job.call(job.pk)
        self.assertEqual(list(Round.objects.values_list("number", flat=True)), [1])
        self.assertEqual(Section.objects.get(pk=self.section.pk).version, self.section.version + 1)
        job.refresh_from_db()
        self.assertEqual((job.state, job.attempts), (Job.DONE, 1))

    def test_a_job_applies_to_the_section_version_it_was_asked_for(self) -> None:
        """Queued again (its first run interrupted) after the section changed: it writes nothing."""
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-pair"), pair_form("open", "1"))
        job = Job.objects.get()
        Section.objects.filter(pk=self.section.pk).update(version=job.section_version + 1)
        jobs.run_queued()
        self.assertFalse(Round.objects.exists())
        state = self.state(job)
        self.assertEqual(state["state"], "failed")
        self.assertIn("changed by somebody else", str(state["message"]))

    def test_a_failed_job_says_why(self) -> None:
        self.pair()
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-pair"), pair_form("open", "2"))
        job = Job.objects.get()
        jobs.run_queued()
        state = self.state(job)
        self.assertEqual(state["state"], "failed")
        self.assertIn("games without a result", str(state["message"]))
        self.assertContains(self.client.get(f"/jobs/{job.pk}/"), "games without a result")
        job.refresh_from_db()
        self.assertEqual(job.params, {})  # a finished job keeps no upload

    def test_it_reports_progress_in_the_database(self) -> None:
        seen: list[tuple[int, str]] = []

        def work(job: Job, progress: jobs.Progress) -> None:
            progress(40, "pairing")
            row = Job.objects.get()
            seen.append((row.progress, row.stage))
            jobs._finish(job.pk, Job.DONE, url="/somewhere/")

        jobs.KINDS["test"] = work
        self.addCleanup(jobs.KINDS.pop, "test")
        job = jobs.start(self.event, self.section, self.alice, "test", {})
        jobs.run_queued()
        self.assertEqual(seen, [(40, "pairing")])
        job.refresh_from_db()
        self.assertEqual((job.state, job.url, job.progress), ("done", "/somewhere/", 100))

    def test_it_imports_a_big_trf_in_a_job(self) -> None:
        self.client.login(username="bob", password="password")
        upload = SimpleUploadedFile("t.trf", TRF.encode())
        response = self.client.post("/e/test/sections/import-trf/", {
            "name": "Imported", "slug": "imported", "system": "dutch", "file": upload})
        job = Job.objects.get()
        self.assertRedirects(response, f"/jobs/{job.pk}/", fetch_redirect_response=False)
        self.assertIn(b"001", jobs.decode_bytes(job.params["data"]))  # the file is in the database, for any worker
        jobs.run_queued()
        self.assertEqual(self.state(job)["url"], "/e/test/imported/manage/")
        self.assertTrue(Section.objects.filter(slug="imported").exists())
        job.refresh_from_db()
        self.assertEqual(job.params, {})
        jobs.run_job.call(job.pk)  # run again: nothing more
        self.assertEqual(Section.objects.filter(slug="imported").count(), 1)

    @override_settings(SWISSPAIR_JOB_ATTEMPTS=2)
    def test_a_job_without_heartbeat_is_queued_again_then_failed(self) -> None:
        job = jobs.start(self.event, self.section, self.alice, "pair", {})
        first_task = job.task_id
        Job.objects.filter(pk=job.pk).update(state=Job.RUNNING, attempts=1, stage="pairing",
                                             heartbeat=timezone.now() - timedelta(minutes=5))
        DBTaskResult.objects.filter(id=first_task).update(status="RUNNING")
        self.client.login(username="bob", password="password")
        state = self.state(job)
        self.assertEqual((state["state"], state["stage"]), ("queued", "queued"))
        job.refresh_from_db()
        self.assertNotEqual(job.task_id, first_task)
        self.assertEqual(DBTaskResult.objects.get(id=first_task).status, "FAILED")
        Job.objects.filter(pk=job.pk).update(state=Job.RUNNING, attempts=2,
                                             heartbeat=timezone.now() - timedelta(minutes=5))
        state = self.state(job)
        self.assertEqual(state["state"], "failed")
        self.assertIn("nothing was written", str(state["message"]))
        fresh = Job.objects.create(event=self.event, kind="pair", heartbeat=timezone.now())
        self.assertEqual(self.state(fresh)["state"], "running")
        page = self.client.get(f"/jobs/{fresh.pk}/")
        self.assertContains(page, 'id="job-progress"')

    def test_a_job_run_again_after_an_interruption_says_so(self) -> None:
        """A job killed with its worker is queued again and done; the arbiter is told that it was interrupted
        and run again (its page while it waits, its JSON, and the message on the page it goes on to)."""
        self.client.login(username="bob", password="password")
        self.client.post(self.url("sp-pair"), pair_form("open", "1"))
        job = Job.objects.get()
        DBTaskResult.objects.filter(id=job.task_id).update(status="RUNNING")
        Job.objects.filter(pk=job.pk).update(state=Job.RUNNING, attempts=1, stage="pairing",
                                             heartbeat=timezone.now() - timedelta(minutes=5))
        said = "The server stopped while this was running; nothing of that run was kept, and it was started again"
        self.assertIn(said, str(self.state(job)["interrupted"]))
        self.assertContains(self.client.get(f"/jobs/{job.pk}/"), f'<p class="msg warning" id="job-interrupted">{said}')
        jobs.run_queued()
        response = self.client.get(f"/jobs/{job.pk}/", follow=True)
        self.assertEqual(response.redirect_chain[-1][0], self.url("sp-results", 1))
        self.assertContains(response, said)

    def test_only_the_event_arbiters_see_a_job(self) -> None:
        job = Job.objects.create(event=self.event, kind="pair", heartbeat=timezone.now())
        self.assertEqual(self.client.get(f"/api/jobs/{job.pk}.json").status_code, 403)
        self.assertIn("/accounts/login/", self.client.get(f"/jobs/{job.pk}/")["Location"])
        self.client.login(username="charlie", password="password")
        self.assertEqual(self.client.get(f"/api/jobs/{job.pk}.json").status_code, 403)
        self.assertEqual(self.client.get(f"/jobs/{job.pk}/").status_code, 403)


# -- a real server: the thread, other users meanwhile, a kill in the middle ----------------------------

PRELUDE = """
import django, pathlib, time
_setup = django.setup
def _patched_setup(*args, **kwargs):
    _setup(*args, **kwargs)
    from swisspair.model import Board, RoundPairing
    from swisspair_web.tournaments import services
    from swisspair_web.tournaments.rows import registry
    def slow_halves(t, system):
        time.sleep({pair_seconds})
        tpns = sorted(t.players)
        half = len(tpns) // 2
        return RoundPairing(t.paired_rounds + 1, tuple(Board(tpns[i], tpns[half + i]) for i in range(half)))
    def checkpoint():
        pathlib.Path({marker!r}).write_text("inside the transaction")
        time.sleep({hold_seconds})
    registry.PAIRER.append(slow_halves)
    services.rounds.pairing_checkpoint = checkpoint
django.setup = _patched_setup
"""


def _env() -> dict[str, str]:
    env = {"SWISSPAIR_BACKGROUND_PLAYERS": "1", "SWISSPAIR_JOB_STALE": "3"}
    url = os.environ.get("SWISSPAIR_LIVE_DATABASE_URL")
    return {**env, "DATABASE_URL": url} if url else env


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    create_users(tmp_path, _env())
    seed_event(tmp_path, "jobs", players=12, paired=False, env=_env())
    return tmp_path


def _latest_job(data: Path) -> str:
    return str(sql(data, "SELECT MAX(id) FROM tournaments_job", _env())[0][0])


@pytest.mark.slow
def test_it_pairs_in_a_worker_thread_while_others_are_served(data: Path) -> None:
    marker = data / "checkpoint"
    prelude = PRELUDE.format(pair_seconds=3, marker=str(marker), hold_seconds=0)
    with live_server(data, _env(), prelude=prelude) as base:
        client = HttpClient(base)
        client.login("alice")
        _, manage = client.get("/e/jobs/open/manage/")
        status, text = client.post("/e/jobs/open/pair/", {"round": "1", "version": form_value(manage, "version")})
        assert status == 200 and 'id="job-progress"' in text, text[:500]
        job = _latest_job(data)
        state = job_state(client, job)
        deadline = time.monotonic() + 30
        while state["state"] == "queued" or state["stage"] == "reading":  # until the worker thread takes it
            assert time.monotonic() < deadline, state
            time.sleep(0.1)
            state = job_state(client, job)
        assert (state["state"], state["stage"]) == ("running", "pairing")
        started = time.monotonic()
        public = HttpClient(base)
        assert public.get("/e/jobs/open/")[0] == 200
        assert time.monotonic() - started < 2, "another user waited for the pairing"
        deadline = time.monotonic() + 60
        while state["state"] == "running":
            assert time.monotonic() < deadline
            time.sleep(0.2)
            state = job_state(client, job)
        assert (state["state"], state["progress"], state["url"]) == ("done", 100, "/e/jobs/open/rounds/1/results/")
    assert sql(data, "SELECT COUNT(*) FROM tournaments_board", _env()) == [[6]]


@pytest.mark.slow
def test_a_kill_in_the_middle_writes_nothing_and_fails_the_job(data: Path) -> None:
    marker = data / "checkpoint"
    before = sql(data, "SELECT (SELECT COUNT(*) FROM tournaments_round), (SELECT COUNT(*) FROM tournaments_board),"
                       " (SELECT version FROM tournaments_section)", _env())
    prelude = PRELUDE.format(pair_seconds=0, marker=str(marker), hold_seconds=600)
    with live_server(data, _env(), prelude=prelude) as base:
        client = HttpClient(base)
        client.login("alice")
        _, manage = client.get("/e/jobs/open/manage/")
        request = threading.Thread(target=client.post, args=("/e/jobs/open/pair/", {"round": "1", "version": form_value(manage, "version")}), daemon=True)
        request.start()
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, "the job never reached the checkpoint"
            time.sleep(0.05)
        os.kill(base.process.pid, signal.SIGKILL)
        base.process.wait(timeout=30)
    assert sql(data, "SELECT (SELECT COUNT(*) FROM tournaments_round), (SELECT COUNT(*) FROM tournaments_board),"
                     " (SELECT version FROM tournaments_section)", _env()) == before
    job = _latest_job(data)
    time.sleep(3.5)  # SWISSPAIR_JOB_STALE
    last_try = {**_env(), "SWISSPAIR_JOB_ATTEMPTS": "1"}
    with live_server(data, last_try) as base:  # serve marks the interrupted job failed when it starts
        client = HttpClient(base)
        client.login("alice")
        state = job_state(client, job)
        assert state["state"] == "failed"
        assert "nothing was written" in str(state["message"])
