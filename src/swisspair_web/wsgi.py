"""WSGI entry point (``gunicorn swisspair_web.wsgi`` for hosted, multi-worker use)."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swisspair_web.settings")

# Public pages rendered to files are answered before Django runs (tournaments/public/serve.py).
from swisspair_web.tournaments.public.serve import wrap

application = wrap(get_wsgi_application())
