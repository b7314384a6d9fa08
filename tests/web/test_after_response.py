"""Work a request leaves for after its response is sent (``swisspair_web.after_response``)."""

from __future__ import annotations

from django.core.signals import request_finished, request_started
from django.test import SimpleTestCase

from swisspair_web.after_response import after_response


class AfterResponseTest(SimpleTestCase):
    def test_work_said_during_a_request_runs_once_its_response_is_closed(self) -> None:
        done: list[str] = []
        request_started.send(sender=None)
        after_response(lambda: done.append("first"))
        after_response(lambda: done.append("second"))
        self.assertEqual(done, [])  # the response is not sent yet
        request_finished.send(sender=None)
        self.assertEqual(done, ["first", "second"])
        request_finished.send(sender=None)  # each runs once
        self.assertEqual(done, ["first", "second"])

    def test_work_said_outside_a_request_runs_at_once(self) -> None:
        done: list[str] = []
        after_response(lambda: done.append("now"))
        self.assertEqual(done, ["now"])

    def test_a_failure_is_logged_and_the_work_after_it_still_runs(self) -> None:
        done: list[str] = []
        request_started.send(sender=None)
        after_response(lambda: 1 / 0 and None)
        after_response(lambda: done.append("after"))
        with self.assertLogs("swisspair_web.after_response", "ERROR"):
            request_finished.send(sender=None)
        self.assertEqual(done, ["after"])
