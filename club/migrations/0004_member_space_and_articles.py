import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def give_each_member_a_token(apps, schema_editor):
    Member = apps.get_model("club", "Member")
    for member in Member.objects.all():
        member.calendar_token = uuid.uuid4()
        member.save(update_fields=["calendar_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0003_game_player_once_per_round"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="member",
            name="listed",
            field=models.BooleanField(
                default=True,
                help_text="Shown in the public member list and rankings.",
                verbose_name="listed publicly",
            ),
        ),
        migrations.AddField(
            model_name="member",
            name="calendar_token",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(give_each_member_a_token, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="member",
            name="calendar_token",
            field=models.UUIDField(
                default=uuid.uuid4,
                editable=False,
                help_text="The secret in the address of the member's own calendar feed.",
                unique=True,
                verbose_name="calendar token",
            ),
        ),
        migrations.CreateModel(
            name="Article",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("title", models.CharField(max_length=200, verbose_name="title")),
                ("slug", models.SlugField(max_length=200, unique=True, verbose_name="slug")),
                ("body", models.TextField(help_text="Markdown.", verbose_name="text")),
                ("published_at", models.DateTimeField(blank=True, null=True, verbose_name="published at")),
                (
                    "author",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="author",
                    ),
                ),
            ],
            options={"verbose_name": "article", "verbose_name_plural": "articles", "ordering": ["-published_at"]},
        ),
    ]
