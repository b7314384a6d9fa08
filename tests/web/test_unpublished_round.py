"""A round the public may not see answers exactly as a round that does not exist (page, JSON, CSV, PDF,
prints), and the section's JSON does not list it: nobody learns from outside that it is paired."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from .helpers import BaseTestCase, pair_next

ROUND_ADDRESSES = [
    ("sp-round", ()), ("sp-api-round", ()), ("sp-by-name", ()), ("sp-by-name-print", ()),
    ("sp-by-name-export", ("csv",)), ("sp-by-name-export", ("json",)), ("sp-by-name-export", ("pdf",)),
]
FILES = ["sp-export-csv", "sp-export-pdf", "sp-print"]


class UnpublishedRoundTestCase(BaseTestCase):
    @classmethod
    def build(cls) -> None:
        pair_next(cls.section, cls.alice)  # round 1 paired, not published; round 2 does not exist

    def addresses(self, number: int) -> list[str]:
        from django.urls import reverse

        urls = [reverse(name, args=["test", "open", number, *extra]) for name, extra in ROUND_ADDRESSES]
        urls += [reverse("sp-export-csv", args=["test", "open", str(number)])]
        urls += [reverse(name, args=["test", "open", f"{kind}-{number}"]) for name in FILES[1:]
                 for kind in ("pairings", "sheets")]
        return urls

    def answers(self, client: Client, number: int) -> list[tuple[int, str, bytes]]:
        found = []
        for url in self.addresses(number):
            response = client.get(url)
            body = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", response.content)  # per request
            body = body.replace(url.encode(), b"PATH")  # the language form's "next"
            found.append((response.status_code, response.get("Content-Type", ""), body))
        return found

    @pytest.mark.slow
    def test_an_unpublished_round_answers_as_a_missing_one(self) -> None:
        charlie = Client()
        charlie.login(username="charlie", password="password")  # logged in, no role in the event
        for who, client in (("anonymous", Client()), ("charlie", charlie)):
            hidden, missing = self.answers(client, 1), self.answers(client, 2)
            self.assertEqual(hidden, missing, who)
            self.assertEqual({status for status, _type, _body in hidden}, {404}, who)
        bob = Client()
        bob.login(username="bob", password="password")  # an arbiter of the event sees it
        self.assertEqual({status for status, _type, _body in self.answers(bob, 1)}, {200})

    def test_the_section_json_lists_published_rounds_only_to_the_public(self) -> None:
        url = self.url("sp-api-section")
        self.assertEqual(Client().get(url).json()["paired_rounds"], [])
        bob = Client()
        bob.login(username="bob", password="password")
        self.assertEqual([r["number"] for r in bob.get(url).json()["paired_rounds"]], [1])
