"""WSGI entry point (``gunicorn --preload swisspair_web.wsgi`` for hosted, multi-worker use)."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspair_web.settings")

# Public pages rendered to files are answered before Django runs (tournaments/public/serve.py); what a request
# leaves for after its response runs once the server closed it (after_response.py).
from swisspair_web.after_response import AfterResponse
from swisspair_web.tournaments.public.serve import wrap

application = wrap(AfterResponse(get_wsgi_application()))

TEMPLATES = {"django": Path(__file__).parent / "tournaments" / "templates",
             "jinja2": Path(__file__).parent / "tournaments" / "jinja2"}
"""Our templates, by the engine that reads them (settings.TEMPLATES)."""


def warm() -> None:
    """Do once, before the server forks its processes (``--preload``), what each process's first requests
    would do otherwise: import the views (the URLconf), compile our templates, read every language's
    translations and load the password hasher's library. Measured, a fresh process's first login page cost
    about 290 ms of CPU against 10 ms for the next one (the URLconf's imports two thirds of it): the
    arbiter who came first waited for that, in every process."""
    from django.conf import settings
    from django.contrib.auth.hashers import get_hasher
    from django.template import engines
    from django.urls import reverse
    from django.utils import translation

    reverse(settings.LOGIN_URL)  # imports the URLconf (the views) and fills the table {% url %} reads
    for engine, folder in TEMPLATES.items():
        for path in sorted(folder.rglob("*.html")):
            engines[engine].get_template(path.relative_to(folder).as_posix())
    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Results")
    library = get_hasher().library
    if library:
        importlib.import_module(library if isinstance(library, str) else library[1])


warm()
