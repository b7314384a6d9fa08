"""Login throttling: failed logins lock the account (and the address) for a while (django-axes)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.test import Client

from .helpers import ROOT, BaseTestCase

LOGIN = "/accounts/login/"


class LoginThrottleTest(BaseTestCase):
    def attempt(self, client: Client, username: str, password: str) -> int:
        client.get(LOGIN)
        return client.post(LOGIN, {"username": username, "password": password, "next": "/"}).status_code

    def test_it_locks_an_account_after_wrong_passwords_until_the_lock_ends(self) -> None:
        """20 wrong passwords, then the right one: refused, with when the lock ends; another account (from
        another address) logs in; once the lock's time has passed the right password is accepted."""
        attacker = Client(REMOTE_ADDR="203.0.113.7")
        statuses = [self.attempt(attacker, "bob", f"guess{i}") for i in range(20)]
        self.assertEqual(statuses[:9], [200] * 9)  # the form again, "wrong password"
        self.assertEqual(set(statuses[9:]), {429})  # the 10th failure locks
        owner = Client(REMOTE_ADDR="198.51.100.4")
        owner.get(LOGIN)
        response = owner.post(LOGIN, {"username": "bob", "password": "password", "next": "/"})
        self.assertEqual(response.status_code, 429)
        page = response.content.decode()
        self.assertIn('id="lock-ends"', page)
        self.assertIn("15 minutes after the last failed attempt", page)
        self.assertIn("axes_reset_username bob", page)
        self.assertTrue(response.has_header("Retry-After"))
        self.assertGreater(int(response["Retry-After"]), 14 * 60)
        self.assertNotIn("_auth_user_id", owner.session)

        other = Client(REMOTE_ADDR="192.0.2.55")
        self.assertEqual(self.attempt(other, "alice", "password"), 302)
        self.assertEqual(other.session["_auth_user_id"], str(self.alice.pk))

        AccessAttempt.objects.filter(username="bob").update(
            attempt_time=AccessAttempt.objects.get(username="bob", ip_address="203.0.113.7").attempt_time
            - timedelta(minutes=16))
        self.assertEqual(self.attempt(owner, "bob", "password"), 302)
        self.assertEqual(owner.session["_auth_user_id"], str(self.bob.pk))

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

    def test_it_locks_an_address_that_tries_many_accounts(self) -> None:
        """One address guessing passwords of many accounts is locked as well."""
        client = Client(REMOTE_ADDR="203.0.113.9")
        statuses = [self.attempt(client, f"nobody{i}", "x") for i in range(11)]
        self.assertEqual(statuses[-1], 429)
        self.assertEqual(self.attempt(Client(REMOTE_ADDR="198.51.100.9"), "alice", "password"), 302)


PRODUCTION = re.compile(r"```sh\n(\s*DATABASE_URL=postgres.*?)```", re.S)


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
