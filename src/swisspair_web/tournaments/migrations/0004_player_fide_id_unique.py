"""One FIDE ID at most once in a section: the constraint behind "importing twice never duplicates".

Sections saved before it may hold a FIDE ID twice; the later players (higher
pairing numbers) lose it, and the section's audit log says so, before the
constraint is added.
"""

from django.db import migrations, models
from django.db.models import Count


def drop_duplicate_ids(apps, schema_editor):  # type: ignore[no-untyped-def]
    Player = apps.get_model("tournaments", "Player")
    AuditEntry = apps.get_model("tournaments", "AuditEntry")
    twice = (Player.objects.exclude(fide_id="").values("section_id", "fide_id").annotate(n=Count("id"))
             .filter(n__gt=1))
    for group in twice:
        players = list(Player.objects.filter(section_id=group["section_id"], fide_id=group["fide_id"])
                       .select_related("section").order_by("tpn"))
        for player in players[1:]:
            Player.objects.filter(pk=player.pk).update(fide_id="")
            AuditEntry.objects.create(event_id=player.section.event_id, section_id=player.section_id,
                                      action="fide-id-dropped",
                                      detail=f"{player.tpn}. {player.name}: FIDE ID {group['fide_id']} is "
                                             f"player {players[0].tpn}'s too")


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0003_jobs"),
    ]

    operations = [
        migrations.RunPython(drop_duplicate_ids, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(condition=models.Q(("fide_id", ""), _negated=True),
                                               fields=("section", "fide_id"), name="sp_player_fide_id_unique"),
        ),
    ]
