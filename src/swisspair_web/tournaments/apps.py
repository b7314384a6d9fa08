from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "swisspair_web.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Changes reach the rendered public pages (public_store.py): every change is audited."""
        from django.db.models.signals import post_delete, post_save

        from swisspair_web.tournaments import public_store
        from swisspair_web.tournaments.models import AuditEntry, Event, Section

        def audited(sender: object, instance: AuditEntry, created: bool, **kwargs: object) -> None:
            if created:
                public_store.audited(instance)

        def event_gone(sender: object, instance: Event, **kwargs: object) -> None:
            public_store.event_deleted(instance.pk)

        def section_gone(sender: object, instance: Section, **kwargs: object) -> None:
            public_store.section_deleted(instance.event_id)

        post_save.connect(audited, sender=AuditEntry, weak=False, dispatch_uid="sp-public-audited")
        post_delete.connect(event_gone, sender=Event, weak=False, dispatch_uid="sp-public-event-gone")
        post_delete.connect(section_gone, sender=Section, weak=False, dispatch_uid="sp-public-section-gone")
