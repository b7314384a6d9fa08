"""What ``swisspair serve`` (waitress) believes of the proxy in front of it.

Behind nginx or Caddy (``BEHIND_PROXY=True``, docs/manager.md "Deploying") the proxy says with
``X-Forwarded-Proto`` whether the visitor came over HTTPS and appends the visitor's address to
``X-Forwarded-For``. waitress removes both headers from every request unless it is told which peer is the
proxy: then Django would see plain HTTP behind HTTPS (``SECURE_SSL_REDIRECT`` redirects every request again,
a loop) and every visitor would have the proxy's address (one visitor's failed logins would count for all).
So waitress trusts these two headers from ``TRUSTED_PROXY`` (default ``127.0.0.1``, a proxy on the same
machine) and from nobody else: anybody reaching the server directly cannot choose their scheme or address.
"""

from __future__ import annotations

from typing import Any

FORWARDED_HEADERS = frozenset({"x-forwarded-proto", "x-forwarded-for"})


def waitress_trust() -> dict[str, Any]:
    """waitress's adjustments for the proxy of the settings (none when the manager is not behind one)."""
    from django.conf import settings

    if not settings.SWISSPAIR_BEHIND_PROXY:
        return {}
    return {"trusted_proxy": settings.SWISSPAIR_TRUSTED_PROXY, "trusted_proxy_count": 1,
            "trusted_proxy_headers": set(FORWARDED_HEADERS)}
