from __future__ import annotations

from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "swisspair_web.tournaments"
    label = "tournaments"
    verbose_name = "Tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Changes reach the rendered public pages (public_changes.py): every change is audited."""
        from django.db.models.signals import post_delete, post_save

        from swisspair_web.tournaments import public_changes
        from swisspair_web.tournaments.models import AuditEntry, Event, Round, Section

        def audited(sender: object, instance: AuditEntry, created: bool, **kwargs: object) -> None:
            if created:
                public_changes.audited(instance)

        def event_gone(sender: object, instance: Event, **kwargs: object) -> None:
            public_changes.event_deleted(instance.pk)

        def section_gone(sender: object, instance: Section, **kwargs: object) -> None:
            public_changes.section_deleted(instance.event_id)

        def event_saved(sender: object, instance: Event, created: bool, **kwargs: object) -> None:
            if not created and not instance.public:  # made private, even where nothing is audited (admin)
                public_changes.section_deleted(instance.pk)

        def round_saved(sender: object, instance: Round, created: bool, **kwargs: object) -> None:
            if not created and not instance.published:  # withdrawn, even where nothing is audited (admin)
                public_changes.section_deleted(instance.section.event_id)

        post_save.connect(audited, sender=AuditEntry, weak=False, dispatch_uid="sp-public-audited")
        post_save.connect(event_saved, sender=Event, weak=False, dispatch_uid="sp-public-event-saved")
        post_save.connect(round_saved, sender=Round, weak=False, dispatch_uid="sp-public-round-saved")
        post_delete.connect(event_gone, sender=Event, weak=False, dispatch_uid="sp-public-event-gone")
        post_delete.connect(section_gone, sender=Section, weak=False, dispatch_uid="sp-public-section-gone")
