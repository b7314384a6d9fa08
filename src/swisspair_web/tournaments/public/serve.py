"""Serve the rendered public pages (``tournaments/store.py``) before the application runs.

A WSGI layer around the Django application, in the same web processes: a ``GET`` or ``HEAD`` of a
public page without a query string, by a visitor who is not logged in (no session cookie, no pending
message), is answered from its file when there is one: no Django request, no database. Everything else
(arbiters, forms, a page not rendered yet, ``?round=3``) goes to the application, which serves it as
before (and records the wish, so that the page is rendered from then on).

The answer carries an ``ETag`` (the file's modification time and size, as nginx makes it), so a browser
that has the page gets ``304 Not Modified``, and ``Cache-Control: public, no-cache`` (or ``max-age=N``
with ``SWISSPAIR_PUBLIC_MAX_AGE``): a shared cache or a CDN may keep it and must ask again, cheaply,
before using it. The language is the application's choice: the ``django_language`` cookie, else the
browser's ``Accept-Language``, else the default. The security headers are the application's.

A web server in front can do the same without Python (docs/manager.md, *Public pages as files*).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.http import http_date

from swisspair_web.after_response import StartResponse, WSGIApp


@lru_cache(maxsize=256)
def language_of(cookie: str, accept: str) -> str:
    """The language Django's ``LocaleMiddleware`` would choose for these headers."""
    from django.utils.translation import trans_real

    supported = {code for code, _ in settings.LANGUAGES}
    if cookie in supported:
        return cookie
    for code, _ in trans_real.parse_accept_lang_header(accept):
        if code == "*":
            break
        try:
            return trans_real.get_supported_language_variant(code)
        except LookupError:
            continue
    return str(settings.LANGUAGE_CODE)


def _cookies(header: str) -> dict[str, str]:
    out = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            out[name] = value
    return out


class PublicFiles:
    """The WSGI layer (see the module's docstring)."""

    def __init__(self, application: WSGIApp) -> None:
        from swisspair_web.tournaments.public import store

        self.application = application
        self.store = store
        self.session_cookie = settings.SESSION_COOKIE_NAME
        self.language_cookie = settings.LANGUAGE_COOKIE_NAME
        age = settings.SWISSPAIR_PUBLIC_MAX_AGE
        self.cache_control = f"public, max-age={age}" if age > 0 else "public, no-cache"
        self.headers = [("X-Content-Type-Options", "nosniff"), ("X-Frame-Options", settings.X_FRAME_OPTIONS),
                        ("Referrer-Policy", settings.SECURE_REFERRER_POLICY or "same-origin"),
                        ("Cross-Origin-Opener-Policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY or "same-origin"),
                        ("Cache-Control", self.cache_control), ("X-Swisspair-Cache", "file")]

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        found = self.locate(environ)
        if found is not None:
            answer = self.serve(found, environ, start_response)
            if answer is not None:
                return answer
        return self.application(environ, start_response)

    def _scheme(self, environ: dict[str, Any]) -> str:
        if settings.SWISSPAIR_BEHIND_PROXY:
            return str(environ.get("HTTP_X_FORWARDED_PROTO", "http")).split(",")[0].strip()
        return str(environ.get("wsgi.url_scheme", "http"))

    def locate(self, environ: dict[str, Any]) -> tuple[Path, str, str] | None:
        """The file, content type and language of a request the files may answer, or ``None``."""
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD") or environ.get("QUERY_STRING"):
            return None
        scheme = self._scheme(environ)
        if settings.SECURE_SSL_REDIRECT and scheme != "https":
            return None
        cookies = _cookies(environ.get("HTTP_COOKIE", ""))
        if self.session_cookie in cookies or "messages" in cookies:
            return None
        path = environ.get("PATH_INFO", "")
        if path.startswith("/api/e/") and path.endswith(".json"):
            file = self.store.json_file(f"{scheme}://{environ.get('HTTP_HOST', '')}", path)
            return (file, "application/json", "") if file is not None else None
        if path.startswith("/e/") and path.endswith("/"):
            language = language_of(cookies.get(self.language_cookie, ""), environ.get("HTTP_ACCEPT_LANGUAGE", ""))
            file = self.store.html_file(language, path)
            return (file, "text/html; charset=utf-8", language) if file is not None else None
        return None

    def serve(self, found: tuple[Path, str, str], environ: dict[str, Any],
              start_response: StartResponse) -> Iterable[bytes] | None:
        file, content_type, language = found
        try:
            with open(file, "rb") as handle:
                stat = os.fstat(handle.fileno())
                etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
                fresh = etag in environ.get("HTTP_IF_NONE_MATCH", "")
                body = b"" if fresh else handle.read()
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return None
        headers = [("ETag", etag), ("Last-Modified", http_date(stat.st_mtime)), *self.headers]
        if language:
            headers += [("Content-Language", language), ("Vary", "Cookie, Accept-Language")]
        if settings.SECURE_HSTS_SECONDS and self._scheme(environ) == "https":
            hsts = f"max-age={settings.SECURE_HSTS_SECONDS}"
            hsts += "; includeSubDomains" if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS else ""
            hsts += "; preload" if settings.SECURE_HSTS_PRELOAD else ""
            headers.append(("Strict-Transport-Security", hsts))
        if fresh:
            start_response("304 Not Modified", headers)
            return []
        headers += [("Content-Type", content_type), ("Content-Length", str(len(body)))]
        start_response("200 OK", headers)
        return [] if environ.get("REQUEST_METHOD") == "HEAD" else [body]


def wrap(application: WSGIApp) -> WSGIApp:
    """``application`` behind the files when ``SWISSPAIR_PUBLIC_FILES`` is on."""
    return PublicFiles(application) if settings.SWISSPAIR_PUBLIC_FILES else application
