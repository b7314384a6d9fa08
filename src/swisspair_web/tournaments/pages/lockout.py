"""Login throttling: failed logins lock an account from the address they came from, for a while (django-axes).

django-axes counts failed logins in the database (``axes_accessattempt``), per account and address
together (``AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]``), and after
``SWISSPAIR_LOGIN_FAILURES`` (10 by default) refuses that account from that address until
``SWISSPAIR_LOGIN_LOCK_MINUTES`` (15 by default) have passed since the last failed one. So a lock cannot be
used as a weapon: guessing an arbiter's password from elsewhere does not lock the arbiter out, and a player
failing for one account behind the venue's shared address does not lock the other accounts of that address.
A successful login clears the count of that account from that address; ``axes_reset_username NAME`` (the
lock page says so) clears every lock of the account, ``axes_reset`` every lock. Every failed attempt is also kept in ``axes_accessfailurelog``
and every login in ``axes_accesslog`` (who, from where, when, with which browser), shown in the admin
site: the attempts stay in the log after a lock ends.

What this module adds to django-axes:

* :class:`LoginThrottleBackend`: authentication that is not a login form (a test client, a
  management command) has no request and no address to count; it is passed on to Django's own
  backend instead of being refused;
* :func:`locked_out`: the page an arbiter whose account is locked gets, saying when the lock ends
  by itself and how an administrator ends it sooner.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.helpers import get_client_ip_address, get_client_username, get_cool_off
from axes.models import AccessAttempt
from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone


class LoginThrottleBackend(AxesStandaloneBackend):  # type: ignore[misc]
    """django-axes' check before every login through a request (see the module's docstring)."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> AbstractBaseUser | None:
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)  # type: ignore[no-any-return]


def lock_ends(username: str, address: str | None, cool_off: timedelta | None) -> datetime | None:
    """When the lock of ``username`` from ``address`` ends by itself: ``cool_off`` after the last failed login."""
    if cool_off is None:
        return None
    attempts = AccessAttempt.objects.filter(username=username, ip_address=address)
    last = attempts.aggregate(last=Max("attempt_time"))["last"]
    return (last or timezone.now()) + cool_off


def locked_out(request: HttpRequest, original_response: HttpResponse | None = None,
               credentials: dict[str, Any] | None = None) -> HttpResponse:
    """The answer to a login while the account is locked from this address: ``429 Too Many Requests``, with
    when the lock ends and how an administrator ends it at once."""
    username = get_client_username(request, credentials) or ""
    cool_off = get_cool_off(request)
    ends = lock_ends(username, get_client_ip_address(request), cool_off)
    response = render(request, "tournaments/locked.html", {
        "username": username, "ends": ends, "minutes": int(cool_off.total_seconds() // 60) if cool_off else None,
    }, status=429)
    if ends is not None:
        response["Retry-After"] = str(max(1, int((ends - timezone.now()).total_seconds())))
    return response


def client_address(request: HttpRequest) -> str | None:
    """The address failed logins are counted for: the last hop of ``X-Forwarded-For`` behind a proxy
    (``BEHIND_PROXY=True``: the proxy appends the address it saw), else the connection's."""
    from django.conf import settings

    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.SWISSPAIR_BEHIND_PROXY and forwarded:
        return forwarded.split(",")[-1].strip() or None
    return request.META.get("REMOTE_ADDR")
