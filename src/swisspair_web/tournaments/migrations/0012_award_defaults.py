"""Every section has its prize settings and its overall category: they are made with the section now, and
reading them writes nothing (the public pages are rendered in a read-only snapshot)."""

from typing import Any

from django.db import migrations


def make_defaults(apps: Any, schema_editor: Any) -> None:
    section_model = apps.get_model("tournaments", "Section")
    settings_model = apps.get_model("tournaments", "AwardSettings")
    category_model = apps.get_model("tournaments", "Category")
    for section in section_model.objects.filter(awards__isnull=True):
        settings_model.objects.create(section=section)
        category_model.objects.get_or_create(section=section, code="", defaults={"order": 1})


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0011_bye_origins_checkin_announced"),
    ]

    operations = [
        migrations.RunPython(make_defaults, migrations.RunPython.noop),
    ]
