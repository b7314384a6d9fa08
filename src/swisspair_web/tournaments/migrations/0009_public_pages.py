import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0008_entries_checkin'),
    ]

    operations = [
        migrations.CreateModel(
            name='PublicRender',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('dirty_at', models.DateTimeField(blank=True, help_text='Since when a change waits to be rendered.', null=True)),
                ('rendered_at', models.DateTimeField(blank=True, null=True)),
                ('stamp', models.CharField(blank=True, help_text='What the last rendering read (see stamp()).', max_length=200)),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='public_render', to='tournaments.event')),
            ],
        ),
        migrations.CreateModel(
            name='PublicWant',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('page', models.CharField(help_text='The URL name (sp-player...).', max_length=60)),
                ('target', models.IntegerField(default=0, help_text='Round, pairing or team number; 0 for the others.')),
                ('language', models.CharField(blank=True, help_text='Empty for JSON.', max_length=10)),
                ('origin', models.CharField(blank=True, help_text='scheme://host of JSON (absolute links).', max_length=200)),
                ('key', models.CharField(max_length=400, unique=True)),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='public_wants', to='tournaments.event')),
                ('section', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.section')),
            ],
        ),
    ]
