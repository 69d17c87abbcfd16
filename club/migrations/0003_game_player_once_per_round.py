"""A player plays at most once in a round, whatever the colour (see club.lib.triggers)."""

from django.db import migrations

from club.lib.triggers import create_game_triggers, drop_game_triggers


def create(apps, schema_editor):
    drop_game_triggers(schema_editor)
    create_game_triggers(schema_editor)


def drop(apps, schema_editor):
    drop_game_triggers(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("club", "0002_desk")]

    operations = [migrations.RunPython(create, drop)]
