"""The ``Server-Timing`` header (swisspair_web/timing.py): a request's thread CPU, its wait for the database and
its queries, as the load test reads them from the access log."""

from __future__ import annotations

import re
from pathlib import Path

from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.conf import settings

from swisspair_web import timing

from .helpers import BaseTestCase

TIMED = ["swisspair_web.timing.ServerTiming", *settings.MIDDLEWARE]
HEADER = re.compile(r'^app;dur=([\d.]+), cpu;dur=([\d.]+), db;dur=([\d.]+);desc="(\d+)", runq;dur=([\d.]+)$')


class ServerTimingTestCase(BaseTestCase):
    def test_it_is_off_by_default(self) -> None:
        self.assertNotIn("swisspair_web.timing.ServerTiming", settings.MIDDLEWARE)
        self.assertNotIn("Server-Timing", self.client.get("/"))

    @override_settings(MIDDLEWARE=TIMED)
    def test_it_counts_every_query_of_the_results_page_and_splits_its_time(self) -> None:
        self.pair()
        self.client.login(username="bob", password="password")
        with CaptureQueriesContext(connection) as queries:
            response = self.client.get(self.url("sp-results", 1))
        self.assertEqual(response.status_code, 200)
        found = HEADER.match(response["Server-Timing"])
        assert found is not None, response["Server-Timing"]
        wall, cpu, db, queued = (float(found.group(k)) for k in (1, 2, 3, 5))
        self.assertEqual(int(found.group(4)), len(queries.captured_queries))
        self.assertGreater(cpu, 0)
        # each part is within the request's wall time (their sum is not always: see timing.py)
        for part in (cpu, db, queued):
            self.assertLessEqual(part, wall + 0.1)

    def test_the_header_says_milliseconds_and_never_a_negative_wait(self) -> None:
        self.assertEqual(timing.header(0.1234, 0.05, -0.001, 3, 0.002),
                         'app;dur=123.4, cpu;dur=50.0, db;dur=0.0;desc="3", runq;dur=2.0')

    def test_the_run_queue_time_is_the_threads_wait_for_a_core_not_its_cpu(self) -> None:
        path = Path("/proc/thread-self/schedstat")
        if not path.exists():
            self.skipTest("no schedstat on this system")
        on_cpu, waited = (int(x) / 1e9 for x in path.read_text().split()[:2])
        self.assertAlmostEqual(timing.run_queue(), waited, delta=0.05)
        self.assertNotAlmostEqual(timing.run_queue(), on_cpu, delta=0.05)
