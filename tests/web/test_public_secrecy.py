"""Nothing the public can read changes while a round is not published: every public file (bytes and date,
from which a web server makes its ETag) and every address the application answers without a login (status,
body, ETag and headers, GET and HEAD) are the same before and after a result typed, a pairing changed and a
round paired again in a round that is withdrawn from the public (all together: a change that shows
leaves its trace in the files' dates and in the pages); the prize list follows the published rounds
as the standings do."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver

from swisspair_web.tournaments import services
from swisspair_web.tournaments.public import render
from swisspair_web.tournaments.reads import categories
from swisspair_web.tournaments.rows import Category, Round

from . import test_public_files as public_files

IGNORED_HEADERS = {"X-Swisspair-Cache", "Expires"}
"""Whether a copy was in the shared cache (other visitors decide it), when a page not to be kept expires (now)."""
PLAYERS = 6
ROUNDS = 3
CSRF_VALUE = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


def public_addresses() -> list[str]:
    """Every address of the application for this event's section: each URL pattern with its arguments
    filled (the first round, the withdrawn one and the one after, every player, every export format)."""
    values: dict[str, list[Any]] = {"slug": ["test"], "section": ["open"], "number": [1, ROUNDS, ROUNDS + 1],
                                    "tpn": list(range(1, PLAYERS + 1)), "fmt": ["csv", "pdf", "json"]}
    addresses: set[str] = set()
    for pattern in get_resolver().url_patterns:
        for entry in getattr(pattern, "url_patterns", [pattern]):
            if not isinstance(entry, URLPattern):
                continue
            route = str(entry.pattern)
            names = re.findall(r"<(?:\w+:)?(\w+)>", route)
            if any(name not in values for name in names) or "<" in route and not names:
                continue
            filled = [route]
            for name in names:
                filled = [re.sub(rf"<(?:\w+:)?{name}>", str(value), f, count=1) for f in filled
                          for value in values[name]]
            addresses.update("/" + f for f in filled)
    return sorted(addresses)


@pytest.mark.slow
class UnpublishedChangesTestCase(public_files.PublicFilesTestCase):
    players = PLAYERS

    def setUp(self) -> None:
        super().setUp()
        self.section.rounds = ROUNDS
        self.section.save()
        Category.objects.filter(section=self.section, code="").update(prizes="100 50")
        for number in range(1, self.section.rounds + 1):
            self.play_round()
            self.publish(number)
        with self.captureOnCommitCallbacks(execute=True):
            services.prizes.publish(self.section, self.alice, categories.settings_of(self.section).version)
        for p in render.PAGES:
            for tpn in range(1, PLAYERS + 1):
                self.wish(p.name, tpn)
        self.publish(ROUNDS, publish=False)
        self.render()
        self.visitor = Client()
        self.visitor.get("/e/test/open/")  # the CSRF cookie of the language form, kept for every read

    def public(self) -> dict[str, Any]:
        """What the public can read now."""
        self.render()
        seen: dict[str, Any] = {name: ((self.root / name).stat().st_mtime_ns, body)
                                for name, body in self.files().items()}
        for address in self.addresses:
            for method in ("get", "head"):  # HEAD where GET answers a page (elsewhere the same view refuses)
                if method == "head" and seen[f"get {address}"][0] != 200:
                    continue
                response = getattr(self.visitor, method)(address)
                headers = {k: v for k, v in response.headers.items() if k not in IGNORED_HEADERS}
                body = b"" if response.streaming else CSRF_VALUE.sub(b"", response.content)
                seen[f"{method} {address}"] = (response.status_code, headers, body)
        return seen

    def assert_unchanged(self, before: dict[str, Any], what: str) -> None:
        after = self.public()
        changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
        self.maxDiff = None
        self.assertEqual(changed, [], what)

    def test_no_public_byte_changes_while_a_round_is_withdrawn(self) -> None:
        self.addresses = public_addresses()
        standings = self.visitor.get("/api/e/test/open/standings.json").json()
        prizes = self.visitor.get("/api/e/test/open/prizes.json").json()
        self.assertEqual((standings["after_round"], prizes["after_round"], prizes["final"]),
                         (ROUNDS - 1, ROUNDS - 1, False))
        warm = self.public()  # the pages the application served are rendered to files from now on
        # a page that sends a visitor to the login page stays so whatever the arbiters do: read once
        self.addresses = [a for a in self.addresses if not str(warm[f"get {a}"][1].get("Location", "")).startswith(
            "/accounts/login/")]
        before = self.public()
        self.assertGreater(sum(1 for k, v in before.items() if k.startswith("get ") and v[0] == 200), 30)

        last = Round.objects.get(section=self.section, number=ROUNDS)
        board = last.boards.get(number=1)
        with self.captureOnCommitCallbacks(execute=True):
            services.set_results(last, self.alice, {1: ("01" if board.result != "0-1" else "10",
                                                         services.seen(board))}, withdraw_no_shows=False)

        with self.captureOnCommitCallbacks(execute=True):
            self.section.refresh_from_db()
            services.unpair_last_round(self.section, self.alice, discard_results=True)
        with self.captureOnCommitCallbacks(execute=True):
            self.pair()
        last = Round.objects.get(section=self.section, number=ROUNDS)
        with self.captureOnCommitCallbacks(execute=True):
            services.adjust_round(last, self.alice, "flip", 2)
        with self.captureOnCommitCallbacks(execute=True):
            services.set_results(last, self.alice, {b.number: ("10", services.seen(b)) for b in last.boards.all()},
                                 withdraw_no_shows=False)
        self.assert_unchanged(before, "a result corrected in the withdrawn round, the round paired again, a "
                                      "pairing changed, its results typed")
