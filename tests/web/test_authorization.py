"""Who may do what, over every address of the application: each URL pattern of the URL conf, GET and POST,
as each of six visitors (the superuser, the chief arbiter and an arbiter of event A, the chief arbiter of
event B, a registrant of event A holding their private link, and an anonymous visitor). The table
:data:`ACCESS` says, for each pattern, who may use it; a pattern without its row fails the test.

A refused request must leave the database as it was: not one row written (SQLite's ``total_changes()``
of the connection, which counts every row inserted, updated or deleted). Each request runs in a savepoint
rolled back after it, so that one event, built once, serves every request, and an allowed write (a round
paired by the chief) does not change what the next request sees. Of those allowed, the least privileged
sends the requests (:data:`SENT`): a page is rendered once or twice, not six times.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.http import HttpResponse
from django.test import Client, TestCase
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from swisspair_web.tournaments import services
from swisspair_web.tournaments.reads import registration
from swisspair_web.tournaments.rows import Category, Entry, EventRole, Job, Section

ROLES = ("superuser", "chief", "arbiter", "other_chief", "registrant", "anonymous")
LOGGED_IN = {"superuser", "chief", "arbiter", "other_chief"}

PUBLIC = "public"  # everybody reads it; a POST writes nothing, whoever sends it
OPEN = "open"  # everybody: logging in and out, the language, the public entry form (its POST writes the entry)
ACCOUNT = "account"  # any logged-in account
ARBITER = "arbiter"  # the arbiters of the event (the superuser too)
CHIEF = "chief"  # its chief arbiters (the superuser too)
HOLDER = "holder"  # the holder of the private link
SUPERUSER = "superuser"  # Django's admin site: staff only

ALLOWED = {PUBLIC: set(ROLES), OPEN: set(ROLES), ACCOUNT: LOGGED_IN, ARBITER: {"superuser", "chief", "arbiter"},
           CHIEF: {"superuser", "chief"}, HOLDER: {"registrant"}, SUPERUSER: {"superuser"}}

SENT = {PUBLIC: {"anonymous"}, OPEN: {"anonymous"}, ACCOUNT: {"other_chief"}, ARBITER: {"arbiter"},
        CHIEF: {"chief", "superuser"}, HOLDER: {"registrant"}, SUPERUSER: {"superuser"}}
"""Who of those allowed sends their requests (the least privileged; the others would render the same pages
again): every refused visitor sends theirs."""

ACCESS: dict[str, str] = {
    "admin/": SUPERUSER, "login": OPEN, "logout": OPEN, "set_language": OPEN, "sp-register": OPEN,
    "sp-index": PUBLIC, "sp-help": PUBLIC, "sp-event-new": ACCOUNT, "sp-invitation-answer": ACCOUNT, "sp-event": PUBLIC,
    "sp-event-edit": CHIEF, "sp-event-arbiters": CHIEF, "sp-event-audit": ARBITER, "sp-section-new": ARBITER,
    "sp-import-trf": ARBITER, "sp-job": ARBITER, "sp-section": PUBLIC, "sp-section-manage": ARBITER,
    "sp-section-edit": ARBITER, "sp-player-add": ARBITER, "sp-players-import": ARBITER, "sp-player": PUBLIC,
    "sp-player-edit": ARBITER, "sp-player-action": ARBITER, "sp-search": PUBLIC, "sp-bye": ARBITER,
    "sp-renumber": ARBITER, "sp-pair": ARBITER, "sp-round": PUBLIC, "sp-results": ARBITER, "sp-publish": ARBITER,
    "sp-unpair": ARBITER, "sp-adjust": ARBITER, "sp-match-forfeit": ARBITER, "sp-standings": PUBLIC,
    "sp-teams": PUBLIC, "sp-team-new": ARBITER, "sp-team": PUBLIC, "sp-team-action": ARBITER,
    "sp-playoff-new": ARBITER, "sp-playoff-action": ARBITER, "sp-crosstable": PUBLIC, "sp-export-trf": ARBITER,
    "sp-export-csv": PUBLIC, "sp-export-pdf": PUBLIC, "sp-print": PUBLIC, "sp-categories": PUBLIC,
    "sp-category-add": ARBITER, "sp-category": PUBLIC, "sp-category-edit": ARBITER, "sp-player-details": ARBITER,
    "sp-prizes": PUBLIC, "sp-award-settings": ARBITER, "sp-prizes-publish": ARBITER, "sp-prizes-export": PUBLIC,
    "sp-ratings": PUBLIC, "sp-ratings-export": PUBLIC, "sp-norms": PUBLIC, "sp-norm-certificate": PUBLIC,
    "sp-schedule": PUBLIC, "sp-schedule-print": PUBLIC, "sp-schedule-export": PUBLIC,
    "sp-schedule-publish": ARBITER, "sp-grid": PUBLIC, "sp-grid-print": PUBLIC, "sp-grid-export": PUBLIC,
    "sp-draw-numbers": ARBITER, "sp-register-lookup": PUBLIC, "sp-entry": HOLDER, "sp-entries": ARBITER,
    "sp-entries-list": ARBITER, "sp-entries-print": ARBITER, "sp-entries-export": ARBITER,
    "sp-presence": ARBITER, "sp-presence-print": ARBITER, "sp-presence-export": ARBITER,
    "sp-start-list": PUBLIC, "sp-start-list-print": PUBLIC, "sp-start-list-export": PUBLIC, "sp-by-name": PUBLIC,
    "sp-by-name-print": PUBLIC, "sp-by-name-export": PUBLIC, "sp-hall": PUBLIC, "sp-cards-print": ARBITER,
    "sp-cards-pdf": ARBITER, "sp-numbers-print": ARBITER, "sp-numbers-pdf": ARBITER, "sp-api-hall": PUBLIC,
    "sp-api-events": PUBLIC, "sp-api-job": ARBITER, "sp-api-event": PUBLIC, "sp-api-section": PUBLIC,
    "sp-api-round": PUBLIC, "sp-api-standings": PUBLIC, "sp-api-player": PUBLIC, "sp-api-team": PUBLIC,
    "sp-api-prizes": PUBLIC, "api/": PUBLIC, "sp-api-not-found": PUBLIC,
    "sp-categories-export": PUBLIC, "sp-categories-print": PUBLIC, "sp-category-export": PUBLIC,
    "sp-category-print": PUBLIC, "sp-crosstable-export": PUBLIC, "sp-crosstable-print": PUBLIC,
    "sp-matches-export": PUBLIC, "sp-matches-print": PUBLIC, "sp-norms-export": PUBLIC, "sp-norms-print": PUBLIC,
    "sp-ratings-print": PUBLIC, "sp-team-export": PUBLIC, "sp-team-print": PUBLIC, "sp-teams-export": PUBLIC,
    "sp-teams-print": PUBLIC,
}
"""Who may use each address (by the pattern's name, or its route when it has none)."""

ATTACK = {"action": "delete", "remove": "2", "withdraw": "1", "accept": "1", "r1": "1", "v1": "0", "round": "1",
          "version": "0", "name": "Mallory", "slug": "mallory", "username": "mallory", "role": "chief"}
"""What every POST sends: the fields of the commonest forms, so that a view that forgot its check acts."""


def patterns() -> Iterator[tuple[str, str]]:
    """Each pattern of the URL conf as (its row's key, its route); Django's admin site as one."""
    def walk(entries: list[Any], prefix: str) -> Iterator[tuple[str, str]]:
        for entry in entries:
            route = prefix + str(entry.pattern)
            if isinstance(entry, URLResolver):
                if route == "admin/":
                    yield route, route
                else:
                    yield from walk(entry.url_patterns, route)
            elif isinstance(entry, URLPattern):
                yield entry.name or route, route
    yield from walk(get_resolver().url_patterns, "")


class AuthorizationMatrixTestCase(TestCase):
    @classmethod
    def setUpTestData(cls) -> None:
        users = get_user_model()
        users.objects.create_superuser("root", password="password")
        alice, bob = users.objects.create_user("alice"), users.objects.create_user("bob")
        dave = users.objects.create_user("dave")
        event = services.create_event(alice, name="Event A", slug="test")
        EventRole.objects.create(event=event, user=bob, role=EventRole.ARBITER)
        services.create_event(dave, name="Event B", slug="other")
        section = Section.objects.create(event=event, name="Open", slug="open", rounds=3, initial_colour="w")
        services.add_players(section, alice, [services.PlayerData(name=f"Player{i}, Test", rating=2000 - i)
                                              for i in range(6)])
        section.refresh_from_db()
        rnd = services.pair_next_round(section, alice).round
        services.set_results(rnd, alice, {b.number: ("10", services.seen(b)) for b in rnd.boards.all()},
                             withdraw_no_shows=False)
        services.publish_round(rnd, alice)
        section.refresh_from_db()
        services.pair_next_round(section, alice)  # round 2: paired, not published
        services.registration.set_open(section, alice, True, registration.registration_of(section).version)
        Client().post("/e/test/open/register/", {"name": "Zeta, Zoe", "rating": "1800",
                                                  "email": "zoe@example.org"})
        cls.token = Entry.objects.get().token
        cls.job = Job.objects.create(event=event, section=section, kind="pair", heartbeat=timezone.now()).pk
        cls.category = Category.objects.filter(section=section).first().pk  # type: ignore[union-attr]

    def fill(self, route: str, role: str) -> str:
        values = {"slug": "test", "section": "open", "number": "1", "tpn": "1", "place": "1", "title": "IM",
                  "kind": "scoresheets", "what": "standings", "fmt": "csv", "rest": "nothing",
                  "pk": str(self.job if route.startswith(("jobs/", "api/jobs/")) else self.category),
                  "token": self.token if role == "registrant" else "not-the-token"}
        return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], route)

    def clients(self) -> dict[str, Client]:
        users = get_user_model()
        found = {role: Client() for role in ROLES}
        for role, name in (("superuser", "root"), ("chief", "alice"), ("arbiter", "bob"), ("other_chief", "dave")):
            found[role].force_login(users.objects.get(username=name))
        return found

    def request(self, client: Client, method: str, url: str) -> tuple[HttpResponse, bool]:
        """The answer, and whether the request wrote to the database (rolled back after it, and the client's
        cookies with it: a logout or a language chosen does not last)."""
        cookies = copy.deepcopy(client.cookies)
        with transaction.atomic():
            before = self.changes()
            response = client.get(url) if method == "GET" else client.post(url, ATTACK)
            wrote = self.changes() != before
            transaction.set_rollback(True)
        client.cookies = cookies
        return response, wrote

    def changes(self) -> int:
        with connection.cursor() as cursor:
            cursor.execute("SELECT total_changes()")
            return int(cursor.fetchone()[0])

    def test_every_address_has_its_row(self) -> None:
        keys = [key for key, _route in patterns()]
        self.assertEqual(sorted(set(keys) - set(ACCESS)), [], "addresses without a row in ACCESS")
        self.assertEqual(sorted(set(ACCESS) - set(keys)), [], "rows of addresses that no longer exist")

    def test_who_is_refused(self) -> None:
        """Every visitor not allowed an address, GET and POST: refused, and nothing written."""
        self.check(allowed=False)

    @pytest.mark.slow
    def test_who_may_do_what(self) -> None:
        """Those allowed an address (the least privileged of them): served, and a public address's POST
        writes nothing. Slow: it renders every page."""
        self.check(allowed=True)

    def check(self, allowed: bool) -> None:
        if connection.vendor != "sqlite":
            self.skipTest("counts the rows written with SQLite's total_changes()")
        clients, wrong = self.clients(), []
        for key, route in patterns():
            rule = ACCESS.get(key)
            if rule is None:
                continue  # test_every_address_has_its_row says so
            for role in ROLES:
                if (role in ALLOWED[rule]) != allowed or (allowed and role not in SENT[rule]):
                    continue
                url = self.fill(route, role)
                for method in ("GET", "POST"):
                    response, wrote = self.request(clients[role], method, url)
                    problem = judge(rule, role, method, response, wrote)
                    if problem:
                        wrong.append(f"{method} {url} as {role}: {problem} ({response.status_code})")
        self.maxDiff = None
        self.assertEqual(wrong, [])


def refused(response: HttpResponse) -> bool:
    """A refusal: forbidden, not found, method not allowed, or sent to log in."""
    if response.status_code in (403, 404, 405):
        return True
    return response.status_code == 302 and "/login/" in response["Location"]


def judge(rule: str, role: str, method: str, response: HttpResponse, wrote: bool) -> str:
    """What is wrong with the answer to ``role``'s request under ``rule`` (empty: nothing)."""
    allowed = role in ALLOWED[rule]
    if not allowed:
        if not refused(response):
            return "not refused"
        return "refused, but wrote to the database" if wrote else ""
    if response.status_code == 403 or (response.status_code == 302 and "/login/" in response["Location"]):
        return "refused to whom it is allowed"
    if rule == PUBLIC and method == "POST" and wrote:
        return "a POST to a public address wrote to the database"
    if response.status_code >= 500:
        return "server error"
    return ""
