from django.db import migrations

from ratings.defaults import DEFAULT_SYSTEMS, install_default_systems


def create(apps, schema_editor):
    install_default_systems(apps.get_model("ratings", "RatingSystem"))


def remove(apps, schema_editor):
    RatingSystem = apps.get_model("ratings", "RatingSystem")
    RatingSystem.objects.filter(name__in=[d["name"] for d in DEFAULT_SYSTEMS]).delete()


class Migration(migrations.Migration):
    dependencies = [("ratings", "0001_initial")]

    operations = [migrations.RunPython(create, remove)]
