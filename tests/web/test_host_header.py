"""The ``Host`` header a client sends: a copy of a page kept for one host is never served for another, and
public files are rendered only for the server's own addresses (not for every port a client names)."""

from __future__ import annotations

from django.test import Client, override_settings

from swisspair_web.tournaments import services
from swisspair_web.tournaments.rows import PublicWant

from .helpers import BaseTestCase, play_next


class HostHeaderTestCase(BaseTestCase):
    players = 4

    @classmethod
    def build(cls) -> None:
        play_next(cls.section, cls.alice)
        services.publish_round(cls.section.round_set.get(number=1), cls.alice)

    def test_a_copy_made_for_another_host_is_not_served(self) -> None:
        Client().get("/api/e/test/open.json?x=1", HTTP_HOST="localhost:6666")
        response = Client().get("/api/e/test/open.json?x=1")
        self.assertEqual(response.status_code, 200)
        self.assertIn(b"http://testserver/", response.content)
        self.assertNotIn(b"6666", response.content)

    @override_settings(SWISSPAIR_PUBLIC_FILES=True)
    def test_files_are_wanted_for_the_servers_own_port_only(self) -> None:
        for port in range(40000, 40005):
            Client().get("/api/e/test/open/standings.json", HTTP_HOST=f"127.0.0.1:{port}")
        Client().get("/api/e/test/open/standings.json", HTTP_HOST="127.0.0.1:80")
        origins = set(PublicWant.objects.values_list("origin", flat=True))
        self.assertIn("http://127.0.0.1:80", origins)
        self.assertEqual([o for o in origins if ":400" in o], [])
