"""The systems a fresh install rates with, as they were when this migration was written
(a migration imports no live code: ``ratings.defaults`` may change, this may not)."""

from django.db import migrations

DEFAULT_SYSTEMS = [
    {"name": "Elo du club", "engine": "club", "role": "club", "enabled": True,
     "time_controls": []},
    {"name": "Elo FRBE-KBSB", "engine": "frbe", "role": "national", "enabled": True,
     "time_controls": ["standard"]},
    {"name": "Elo FIDE", "engine": "fide", "role": "fide", "enabled": False,
     "time_controls": ["standard"]},
]


def create(apps, schema_editor):
    RatingSystem = apps.get_model("ratings", "RatingSystem")
    for values in DEFAULT_SYSTEMS:
        RatingSystem.objects.get_or_create(name=values["name"], defaults=values)


def remove(apps, schema_editor):
    RatingSystem = apps.get_model("ratings", "RatingSystem")
    RatingSystem.objects.filter(name__in=[d["name"] for d in DEFAULT_SYSTEMS]).delete()


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial")]

    operations = [migrations.RunPython(create, remove)]
