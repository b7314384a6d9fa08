"""Why a player is not paired (``Bye.origin``), an automatic withdrawal's forfeit round, and how a section's
pairing numbers are given before round 1 (``Section.numbering``).

Existing rows: a pairing-allocated bye was given by the pairing; a zero-point bye of a player withdrawn by
then was written for the withdrawal; a section imported from a TRF file keeps the file's numbers.
"""

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


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0006_job_queue"),
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
        migrations.AlterField(
            model_name="job",
            name="message",
            field=models.TextField(blank=True, help_text="The error of a failed job, or what a job done did."),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
