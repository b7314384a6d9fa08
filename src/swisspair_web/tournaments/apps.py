from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "swisspair_web.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from swisspair_web.tournaments import services
        from swisspair_web.tournaments.public import changes

        changes.connect()  # every audited change reaches the rendered public pages
        services.categories.connect()  # a new section's prize settings are made with it
        services.prizes.connect()  # a published prize list is checked after every audited write
        if services.presence.before_pairing not in services.BEFORE_PAIRING:
            services.BEFORE_PAIRING.append(services.presence.before_pairing)  # check-in decides who plays round 1
