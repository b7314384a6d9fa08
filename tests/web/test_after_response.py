"""Work a request leaves for after its response is sent (``swisspair_web.after_response``)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.test import SimpleTestCase

from swisspair_web.after_response import RETRY, AfterResponse, NotYet, after_response


class Body(list[bytes]):
    closed = False

    def close(self) -> None:
        self.closed = True


class AfterResponseTest(SimpleTestCase):
    def request(self, *works: tuple[str, Callable[[], None]]) -> Iterable[bytes]:
        """A request through the WSGI layer whose application says ``works``; its response's body."""
        def application(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
            for key, work in works:
                after_response(key, work)
            return Body([b"answer"])
        return AfterResponse(application)({}, lambda *args: None)

    def test_work_said_during_a_request_runs_in_its_thread_once_the_response_is_closed(self) -> None:
        ran: list[str] = []
        threads: list[str] = []
        done = threading.Event()
        body = self.request(("a", lambda: ran.append("first")), ("b", lambda: ran.append("second")),
                            ("a", lambda: ran.append("first again")),
                            ("c", lambda: threads.append(threading.current_thread().name)), ("d", done.set))
        self.assertEqual(list(body), [b"answer"])
        self.assertFalse(done.wait(0.2))  # the response is not closed yet
        self.assertEqual(ran, [])
        body.close()  # type: ignore[attr-defined]
        self.assertTrue(done.wait(10))
        self.assertTrue(body.body.closed)  # type: ignore[attr-defined]
        self.assertEqual(ran, ["first again", "second"])  # in the order said, a key said again: the newer work once
        self.assertEqual(threads, ["swisspair-after-response"])

    def test_a_response_that_left_nothing_is_passed_through(self) -> None:
        self.assertIsInstance(self.request(), Body)

    def test_work_said_outside_a_request_runs_at_once(self) -> None:
        done: list[str] = []
        after_response("a", lambda: done.append(threading.current_thread().name))
        self.assertEqual(done, [threading.current_thread().name])

    def test_a_failure_is_logged_and_the_work_after_it_still_runs(self) -> None:
        ran: list[str] = []
        done = threading.Event()
        body = self.request(("fails", lambda: 1 / 0 and None), ("after", lambda: (ran.append("after"), done.set())
                                                                 and None))
        with self.assertLogs("swisspair_web.after_response", "ERROR"):
            body.close()  # type: ignore[attr-defined]
            self.assertTrue(done.wait(10))
        self.assertEqual(ran, ["after"])

    def test_work_that_cannot_run_yet_is_tried_again_behind_the_others(self) -> None:
        ran: list[str] = []
        done = threading.Event()
        tries = iter([False, False, True])

        def locked() -> None:
            if not next(tries):
                raise NotYet
            ran.append("locked")
            done.set()
        body = self.request(("locked", locked), ("free", lambda: ran.append("free")))
        body.close()  # type: ignore[attr-defined]
        self.assertTrue(done.wait(10))
        self.assertEqual(ran, ["free", "locked"])

    def test_a_key_said_again_while_its_work_waits_runs_the_newer_work_in_its_place(self) -> None:
        ran: list[str] = []
        gate, done = threading.Event(), threading.Event()
        first = self.request(("gate", lambda: gate.wait(10) and None), ("k", lambda: ran.append("older")),
                             ("z", lambda: (ran.append("z"), done.set()) and None))
        first.close()  # type: ignore[attr-defined]  # the thread waits at the gate, "k" and "z" behind it
        self.request(("k", lambda: ran.append("newer"))).close()  # type: ignore[attr-defined]
        gate.set()
        self.assertTrue(done.wait(10))
        self.assertEqual(ran, ["newer", "z"])

    def test_works_that_all_cannot_run_yet_are_tried_again_after_a_pause(self) -> None:
        tries: list[str] = []
        free, done = threading.Event(), threading.Event()

        def locked(name: str) -> Callable[[], None]:
            def work() -> None:
                tries.append(name)
                if not free.is_set():
                    raise NotYet
                if name == "b":
                    done.set()
            return work
        self.request(("a", locked("a")), ("b", locked("b"))).close()  # type: ignore[attr-defined]
        time.sleep(6 * RETRY)
        free.set()
        self.assertTrue(done.wait(10))
        # a pause after each round of refusals: about 6 rounds of two tries, not a spin of thousands
        self.assertLessEqual(len(tries), 2 * (6 + 4))
        self.assertGreaterEqual(tries.count("a"), 2)

    def test_outside_a_request_it_is_tried_until_it_runs(self) -> None:
        tries = iter([False, True])
        ran: list[str] = []

        def locked() -> None:
            if not next(tries):
                raise NotYet
            ran.append("locked")
        after_response("locked", locked)
        self.assertEqual(ran, ["locked"])
