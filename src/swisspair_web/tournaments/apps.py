from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "swisspair_web.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"
