"""Players report their own results: a code for each board (drawn for the boards still
without a result; later boards draw theirs when they are written) and the reports, which
count for nothing until the secretary confirms them.

The code's column is nullable, without default, and indexed on its own: SQLite then adds
it (and drops it, undone) in place, without rebuilding ``club_game``, which would drop the
triggers of migrations 0003 and 0012."""

import secrets

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


# copied from club.board_codes as it is when this migration is written
ALPHABET = "ACDEFGHJKMNPQRTWXY34679"


def draw_codes(apps, schema_editor):
    Game = apps.get_model("club", "Game")
    pending = list(Game.objects.filter(result="", report_code__isnull=True))
    for game in pending:
        game.report_code = "".join(secrets.choice(ALPHABET) for _ in range(6))
    Game.objects.bulk_update(pending, ["report_code"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ('club', '0016_account_language'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='report_code',
            field=models.CharField(blank=True, editable=False, null=True, help_text="Printed on the secretary's pairing sheet: the players report the result with it.", max_length=6, verbose_name='board code'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['report_code'], name='game_report_code'),
        ),
        migrations.RunPython(draw_codes, migrations.RunPython.noop),
        migrations.CreateModel(
            name='ResultReport',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('side', models.CharField(choices=[('white', 'White'), ('black', 'Black')], max_length=5, verbose_name='side')),
                ('result', models.CharField(choices=[('1-0', '1-0'), ('1/2-1/2', '½-½'), ('0-1', '0-1')], max_length=8, verbose_name='result')),
                ('via', models.CharField(choices=[('code', "the board's code"), ('account', 'their account')], max_length=7, verbose_name='reported with')),
                ('reported_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='reported at')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='reports', to='club.game', verbose_name='game')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='account')),
            ],
            options={
                'verbose_name': 'reported result',
                'verbose_name_plural': 'reported results',
                'ordering': ['game', 'side'],
                'constraints': [models.UniqueConstraint(fields=('game', 'side'), name='report_once_a_side'), models.CheckConstraint(condition=models.Q(('result__in', ['1-0', '1/2-1/2', '0-1'])), name='report_result_played'), models.CheckConstraint(condition=models.Q(('side__in', ['white', 'black'])), name='report_side')],
            },
        ),
    ]
