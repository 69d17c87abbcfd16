"""A fresh install rates with the club Elo and the Belgian national system (like the demo
club); FIDE is there, disabled, for the administrator to enable."""

from django.db import migrations

DEFAULTS = [
    {"name": "Elo du club", "engine": "club", "role": "club", "enabled": True,
     "time_controls": []},
    {"name": "Elo FRBE-KBSB", "engine": "frbe", "role": "national", "enabled": True,
     "time_controls": ["standard"]},
    {"name": "Elo FIDE", "engine": "fide", "role": "fide", "enabled": False,
     "time_controls": ["standard"]},
]


def create(apps, schema_editor):
    RatingSystem = apps.get_model("ratings", "RatingSystem")
    for values in DEFAULTS:
        RatingSystem.objects.get_or_create(name=values["name"], defaults=values)


def remove(apps, schema_editor):
    RatingSystem = apps.get_model("ratings", "RatingSystem")
    RatingSystem.objects.filter(name__in=[d["name"] for d in DEFAULTS]).delete()


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial")]

    operations = [migrations.RunPython(create, remove)]
