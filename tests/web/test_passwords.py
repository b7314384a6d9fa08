"""Password storage: new hashes are Argon2id at the manager's costs; older PBKDF2 hashes still log in and
are rewritten as Argon2id at that login."""

from __future__ import annotations

import importlib
import os

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher, check_password, identify_hasher, make_password
from django.contrib.auth.models import User
from django.test import TestCase, override_settings

from swisspair_web.passwords import LANES, MEMORY_KIB, PASSES

PROJECT_HASHERS = importlib.import_module(os.environ["DJANGO_SETTINGS_MODULE"]).PASSWORD_HASHERS


@override_settings(PASSWORD_HASHERS=PROJECT_HASHERS)
class PasswordStorageTestCase(TestCase):
    @pytest.mark.slow
    def test_a_new_password_is_stored_as_argon2id_at_the_set_costs(self) -> None:
        stored = make_password("a long club password")
        self.assertTrue(stored.startswith(f"argon2$argon2id$v=19$m={MEMORY_KIB},t={PASSES},p={LANES}$"), stored)
        self.assertTrue(check_password("a long club password", stored))
        self.assertFalse(check_password("a wrong password", stored))

    def test_a_pbkdf2_hash_stored_before_logs_in_and_is_upgraded(self) -> None:
        old = PBKDF2PasswordHasher().encode("an older password", "saltsaltsalt", iterations=1000)
        user = User.objects.create(username="arbiter", password=old)
        self.assertTrue(self.client.login(username="arbiter", password="an older password"))
        user.refresh_from_db()
        self.assertEqual(identify_hasher(user.password).algorithm, "argon2")
        self.assertIn(f"m={MEMORY_KIB},t={PASSES},p={LANES}", user.password)
        self.client.logout()
        self.assertTrue(self.client.login(username="arbiter", password="an older password"))
