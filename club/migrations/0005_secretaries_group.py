from django.db import migrations

MODELS = ["event", "participant", "round", "game", "bye", "player"]


def create(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    for config in apps.get_app_configs():
        config.models_module = True
        create_permissions(config, verbosity=0)
        config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _created = Group.objects.get_or_create(name="secretaries")
    codenames = [f"{action}_{model}" for model in MODELS for action in ("add", "change", "delete", "view")]
    group.permissions.set(Permission.objects.filter(content_type__app_label="club", codename__in=codenames))


def remove(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="secretaries").delete()


class Migration(migrations.Migration):
    dependencies = [("club", "0004_member_space_and_articles"), ("auth", "0012_alter_user_first_name_max_length")]

    operations = [migrations.RunPython(create, remove)]
