"""Why a player is not paired (``Bye.origin``), an automatic withdrawal's forfeit round, how a section's
pairing numbers are given before round 1 (``Section.numbering``), and the settings a round was paired with
(``Round.settings``).

Existing rows: a pairing-allocated bye was given by the pairing; a zero-point bye of a player withdrawn by
then was written for the withdrawal; a section imported from a TRF file keeps the file's numbers. Two states
the manager no longer allows are mended, each with an audit entry: an event without a chief arbiter gets its
creator back as chief, and a round published after an unpublished one is withdrawn from the public pages
(its pairing list would show the unpublished round's results in its scores).
"""

from typing import Any

from django.db import migrations, models
from django.db.models import F


def fill(apps, schema_editor):  # type: ignore[no-untyped-def]
    bye = apps.get_model("tournaments", "Bye")
    section = apps.get_model("tournaments", "Section")
    audit = apps.get_model("tournaments", "AuditEntry")
    bye.objects.filter(kind="U").update(origin="pairing")
    bye.objects.filter(kind="Z", player__withdrawn_from__lte=F("round_number")).update(origin="withdrawal")
    imported = audit.objects.filter(action="trf-imported", section__isnull=False).values("section_id")
    section.objects.filter(pk__in=imported).update(numbering="fixed")
    _chiefs(apps)
    _publication(apps)


def _chiefs(apps: Any) -> None:
    event = apps.get_model("tournaments", "Event")
    role = apps.get_model("tournaments", "EventRole")
    audit = apps.get_model("tournaments", "AuditEntry")
    for row in event.objects.exclude(roles__role="chief").exclude(created_by=None):
        role.objects.update_or_create(event=row, user_id=row.created_by_id, defaults={"role": "chief"})
        audit.objects.create(event=row, action="arbiter-role", detail="the event had no chief arbiter: its creator "
                                                                     "is chief arbiter again")


def _publication(apps: Any) -> None:
    round_ = apps.get_model("tournaments", "Round")
    audit = apps.get_model("tournaments", "AuditEntry")
    for hidden in round_.objects.filter(published_at__isnull=True).select_related("section").order_by("number"):
        later = round_.objects.filter(section=hidden.section, number__gt=hidden.number, published_at__isnull=False)
        for rnd in later:
            audit.objects.create(event_id=hidden.section.event_id, section=hidden.section, action="unpublished",
                                 round_number=rnd.number,
                                 detail=f"round {hidden.number} is not published (withdrawn with it)")
        later.update(published_at=None)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0009_public_pages"),
    ]

    operations = [
        migrations.AddField(
            model_name="bye",
            name="origin",
            field=models.CharField(
                choices=[("request", "recorded by an arbiter"), ("pairing", "given by the pairing"),
                         ("withdrawal", "withdrawn"), ("late", "late entry"),
                         ("import", "from the imported TRF file")],
                default="request", max_length=10,
                help_text="Why the player is not paired in the round: the reason shown with the bye."),
        ),
        migrations.AddField(
            model_name="player",
            name="withdrawn_after_forfeit",
            field=models.PositiveSmallIntegerField(
                blank=True, null=True,
                help_text="The round whose forfeit withdrew the player automatically (undone when that forfeit is "
                          "corrected); empty when an arbiter withdrew them."),
        ),
        migrations.AddField(
            model_name="section",
            name="numbering",
            field=models.CharField(
                choices=[("rating", "by rating, title and name, kept sorted until round 1 is paired"),
                         ("fixed", "fixed by the arbiter")],
                default="rating", max_length=10, verbose_name="pairing numbers",
                help_text="How pairing numbers are given before round 1 (FIDE C.04.2 art. 2.2, see numbering.py)."),
        ),
        migrations.AddField(
            model_name="round",
            name="settings",
            field=models.JSONField(
                blank=True, default=dict,
                help_text="The settings the round was paired with (those that change pairings); empty if imported or "
                          "paired before they were kept."),
        ),
        migrations.AlterField(
            model_name="job",
            name="message",
            field=models.TextField(blank=True, help_text="The error of a failed job, or what a job done did."),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
