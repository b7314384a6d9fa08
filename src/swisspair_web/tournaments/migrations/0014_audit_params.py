# The audit entries as a code with parameters; older entries keep their text (detail), shown as written.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0013_player_detail_reached'),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='params',
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
