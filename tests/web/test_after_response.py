"""Work a request leaves for after its response is sent (``swisspair_web.after_response``)."""

from __future__ import annotations

import threading

from django.core.signals import request_finished, request_started
from django.test import SimpleTestCase

from swisspair_web.after_response import after_response


class AfterResponseTest(SimpleTestCase):
    def said_in_a_request(self, *works: tuple[str, list[str], str]) -> threading.Event:
        """A request says ``works`` (key, list, what to add to it), then its response is closed; the event is set
        once the work after them ran."""
        done = threading.Event()
        request_started.send(sender=None)
        for key, into, what in works:
            after_response(key, lambda into=into, what=what: into.append(what))  # type: ignore[misc]
        after_response(object(), done.set)
        return done

    def test_work_said_during_a_request_runs_in_its_thread_once_the_response_is_closed(self) -> None:
        ran: list[str] = []
        threads: list[str] = []
        done = self.said_in_a_request(("a", ran, "first"), ("b", ran, "second"), ("a", ran, "first again"))
        after_response("c", lambda: threads.append(threading.current_thread().name))
        self.assertFalse(done.wait(0.2))  # the response is not sent yet
        self.assertEqual(ran, [])
        request_finished.send(sender=None)
        self.assertTrue(done.wait(10))
        self.assertEqual(ran, ["first", "second"])  # in the order said, a key said again once
        self.assertEqual(threads, ["swisspair-after-response"])
        request_finished.send(sender=None)  # each runs once
        self.assertEqual(ran, ["first", "second"])

    def test_work_said_outside_a_request_runs_at_once(self) -> None:
        done: list[str] = []
        after_response("a", lambda: done.append(threading.current_thread().name))
        self.assertEqual(done, [threading.current_thread().name])

    def test_a_failure_is_logged_and_the_work_after_it_still_runs(self) -> None:
        ran: list[str] = []
        request_started.send(sender=None)
        after_response("fails", lambda: 1 / 0 and None)
        done = threading.Event()
        after_response("after", lambda: (ran.append("after"), done.set()) and None)
        with self.assertLogs("swisspair_web.after_response", "ERROR"):
            request_finished.send(sender=None)
            self.assertTrue(done.wait(10))
        self.assertEqual(ran, ["after"])
