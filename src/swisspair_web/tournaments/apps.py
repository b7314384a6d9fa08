from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "swisspair_web.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from swisspair_web.tournaments import prizes

        prizes.connect()  # a published prize list is checked after every audited write
