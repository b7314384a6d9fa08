"""Django set-up for the web tests: settings from the environment, one test database per process."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

pytest.importorskip("django", reason="the web extra is not installed (pip install -e '.[test]')")

os.environ["DJANGO_SETTINGS_MODULE"] = "swisspair_web.settings"
os.environ.setdefault("SWISSPAIR_DATA", tempfile.mkdtemp(prefix="swisspair-webtest-"))
os.environ.setdefault("SECRET_KEY", "swisspair-tests")

import django  # noqa: E402

django.setup()


@pytest.fixture(scope="session", autouse=True)
def django_test_database() -> Iterator[None]:
    from django.conf import settings
    from django.test.utils import setup_databases, setup_test_environment, teardown_databases, teardown_test_environment

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    from django.db import connections

    database = connections["default"].settings_dict
    if database["ENGINE"] != "django.db.backends.sqlite3":
        database["TEST"]["NAME"] = f"test_swisspair_{worker}"
    setup_test_environment()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # no test rolls back by reloading a serialized copy (no TransactionTestCase with serialized_rollback): the
    # copy Django would make of every row after the migrations is not made
    old = setup_databases(verbosity=0, interactive=False, serialized_aliases=set())
    yield
    teardown_databases(old, verbosity=0)
    teardown_test_environment()


@pytest.fixture(autouse=True)
def forget_kept_rows() -> Iterator[None]:
    """Each test starts with nothing the public pages' worker keeps between renderings: a test database rolled
    back gives the ids of its rows again, which a real database never does."""
    from swisspair_web.tournaments.public.render import forget_kept

    forget_kept()
    yield
