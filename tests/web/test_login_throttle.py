"""Login throttling: failed logins lock the account from their address for a while (django-axes); behind a proxy."""

from __future__ import annotations

import pytest

import io
import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.core.handlers.wsgi import WSGIRequest
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client, RequestFactory, override_settings
from django.test.client import ClientHandler

from swisspair_web.commands import serve as serve_command

from .helpers import ROOT, BaseTestCase

LOGIN = "/accounts/login/"


class LoginThrottleTest(BaseTestCase):
    def attempt(self, client: Client, username: str, password: str) -> int:
        client.get(LOGIN)
        return client.post(LOGIN, {"username": username, "password": password, "next": "/"}).status_code

    @pytest.mark.slow
    def test_it_locks_an_account_from_the_guessing_address_only_until_the_lock_ends(self) -> None:
        """20 wrong passwords for bob from one address, then the right one from there: refused, with when the
        lock ends; bob from another address, and another account from the guessing address, log in; once
        the lock's time has passed the right password is accepted from the guessing address too."""
        attacker = Client(REMOTE_ADDR="203.0.113.7")
        statuses = [self.attempt(attacker, "bob", f"guess{i}") for i in range(20)]
        self.assertEqual(statuses[:9], [200] * 9)  # the form again, "wrong password"
        self.assertEqual(set(statuses[9:]), {429})  # the 10th failure locks
        attacker.get(LOGIN)
        response = attacker.post(LOGIN, {"username": "bob", "password": "password", "next": "/"})
        self.assertEqual(response.status_code, 429)
        page = response.content.decode()
        self.assertIn('id="lock-ends"', page)
        self.assertIn("15 minutes after the last failed attempt", page)
        self.assertIn("axes_reset_username bob", page)
        self.assertTrue(response.has_header("Retry-After"))
        self.assertGreater(int(response["Retry-After"]), 14 * 60)
        self.assertNotIn("_auth_user_id", attacker.session)

        owner = Client(REMOTE_ADDR="198.51.100.4")
        self.assertEqual(self.attempt(owner, "bob", "password"), 302)  # the lock is no weapon against bob
        self.assertEqual(owner.session["_auth_user_id"], str(self.bob.pk))
        neighbour = Client(REMOTE_ADDR="203.0.113.7")
        self.assertEqual(self.attempt(neighbour, "alice", "password"), 302)  # nor against a shared address
        self.assertEqual(neighbour.session["_auth_user_id"], str(self.alice.pk))

        AccessAttempt.objects.filter(username="bob").update(
            attempt_time=AccessAttempt.objects.get(username="bob", ip_address="203.0.113.7").attempt_time
            - timedelta(minutes=16))
        self.assertEqual(self.attempt(attacker, "bob", "password"), 302)
        self.assertEqual(attacker.session["_auth_user_id"], str(self.bob.pk))

    def test_it_keeps_the_attempts_in_the_log(self) -> None:
        """Every failed attempt is logged with its address; a login too, and the log outlives the lock."""
        client = Client(REMOTE_ADDR="203.0.113.8")
        for i in range(3):
            self.attempt(client, "bob", f"wrong{i}")
        self.assertEqual(self.attempt(client, "bob", "password"), 302)
        failures = AccessFailureLog.objects.filter(username="bob")
        self.assertEqual(failures.count(), 3)
        self.assertEqual({f.ip_address for f in failures}, {"203.0.113.8"})
        self.assertTrue(AccessLog.objects.filter(username="bob", ip_address="203.0.113.8").exists())
        self.assertFalse(AccessAttempt.objects.filter(username="bob").exists())  # reset by the login

    @pytest.mark.slow
    def test_the_command_the_lock_page_names_lifts_the_lock(self) -> None:
        """``axes_reset_username NAME`` (the lock page's advice) ends the account's locks from every address."""
        shared = [Client(REMOTE_ADDR=address) for address in ("203.0.113.9", "203.0.113.10")]
        for client in shared:
            self.assertEqual([self.attempt(client, "bob", "x") for _ in range(10)][-1], 429)
        call_command("axes_reset_username", "bob", stdout=io.StringIO())
        self.assertEqual([self.attempt(client, "bob", "password") for client in shared], [302, 302])


NGINX = {"HTTP_X_FORWARDED_PROTO": "https", "REMOTE_ADDR": "127.0.0.1"}  # docs/manager.md's proxy_set_header
CADDY = {**NGINX, "HTTP_X_FORWARDED_HOST": "chess.example", "HTTP_X_FORWARDED_FOR": "192.0.2.1"}
"""Caddy's ``reverse_proxy`` sends these by default (the visitor's address replaces what the visitor sent)."""


@override_settings(SWISSPAIR_BEHIND_PROXY=True, SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"),
                   SECURE_SSL_REDIRECT=True, SWISSPAIR_TRUSTED_PROXY="127.0.0.1")
class BehindProxyTest(BaseTestCase):
    """The deployments of docs/manager.md behind nginx: ``swisspair serve`` (waitress) and gunicorn (which
    hands the headers to Django as they come), with the headers nginx sends."""

    players = 0

    def setUp(self) -> None:
        super().setUp()
        self.servers = {"gunicorn": self.gunicorn, "waitress": self.waitress}

    def gunicorn(self, request: WSGIRequest) -> HttpResponse:
        return ClientHandler(enforce_csrf_checks=False)(request.environ)  # type: ignore[no-any-return]

    def waitress(self, request: WSGIRequest) -> HttpResponse:
        """The request through waitress's own handling of proxy headers, in the server ``swisspair serve`` makes."""
        answers: list[HttpResponse] = []

        def application(environ: dict[str, Any], start_response: Any) -> list[bytes]:
            answers.append(ClientHandler(enforce_csrf_checks=False)(environ))
            start_response("200 OK", [])
            return []

        server = serve_command._server(application, "127.0.0.1", 0, 1).__self__  # type: ignore[attr-defined]
        try:
            server.application(dict(request.environ), lambda *args: None)
        finally:
            server.close()
        return answers[0]

    def login(self, server: str, username: str, password: str, **headers: str) -> HttpResponse:
        data = {"username": username, "password": password, "next": "/"}
        return self.servers[server](RequestFactory().post(LOGIN, data, secure=False, **headers))

    def test_https_behind_the_proxy_is_not_redirected_again(self) -> None:
        for server, serve in self.servers.items():
            with self.subTest(server):
                self.assertEqual(serve(RequestFactory().get(LOGIN, **NGINX)).status_code, 200)
                self.assertEqual(serve(RequestFactory().get(LOGIN, **CADDY)).status_code, 200)
                plain = serve(RequestFactory().get(LOGIN, **{**NGINX, "HTTP_X_FORWARDED_PROTO": "http"}))
                self.assertEqual((plain.status_code, plain["Location"]), (301, "https://testserver/accounts/login/"))
        direct = self.waitress(RequestFactory().get(LOGIN, REMOTE_ADDR="203.0.113.50", HTTP_X_FORWARDED_PROTO="https"))
        self.assertEqual(direct.status_code, 301)  # only the proxy is believed

    @pytest.mark.slow
    def test_failed_logins_count_for_the_visitors_address_not_the_proxys(self) -> None:
        for server in self.servers:
            with self.subTest(server):
                AccessAttempt.objects.all().delete()
                guesser = {**NGINX, "HTTP_X_FORWARDED_FOR": "192.0.2.1, 198.51.100.20"}  # nginx appends the peer
                statuses = [self.login(server, "bob", f"guess{i}", **guesser).status_code for i in range(10)]
                self.assertEqual(statuses[-1], 429)
                self.assertEqual(set(AccessAttempt.objects.values_list("ip_address", flat=True)), {"198.51.100.20"})
                self.assertEqual(self.login(server, "bob", "password", **guesser).status_code, 429)
                elsewhere = {**NGINX, "HTTP_X_FORWARDED_FOR": "198.51.100.21"}
                self.assertEqual(self.login(server, "bob", "password", **elsewhere).status_code, 302)


PRODUCTION = re.compile(r"```sh\n(\s*DATABASE_URL=postgres.*?)```", re.S)


@pytest.mark.slow
def test_it_passes_the_deployment_checks_with_the_documented_settings(tmp_path: Path) -> None:
    """``check --deploy`` finds nothing with the production settings of docs/manager.md."""
    block = PRODUCTION.search((ROOT / "docs" / "manager.md").read_text(encoding="utf-8"))
    assert block, "docs/manager.md has no production settings block"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SECRET_KEY", "DEBUG")}
    for line in block.group(1).splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, value = line.partition("=")
            env[name] = value
    secret = tmp_path / "secret"
    secret.write_text("k" * 20 + "Tz9#qW!x7@pL2$vB8&nM4^cR6*hJ1%yF5(gD3)sA0", encoding="utf-8")
    env.update({"SECRET_KEY_FILE": str(secret), "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
                "SWISSPAIR_DATA": str(tmp_path), "PYTHONPATH": str(ROOT / "src"),
                "DJANGO_SETTINGS_MODULE": "swisspair_web.settings"})
    done = subprocess.run([sys.executable, "-m", "swisspair_web", "check", "--deploy", "--fail-level", "WARNING"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout, done.stdout + done.stderr
