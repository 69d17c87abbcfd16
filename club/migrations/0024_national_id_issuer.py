"""A player's national ID gets its issuer, apart from the federation they play for.

``Player.federation`` was both the player's FIDE federation and the issuer of
``national_id``: the list import matched a national list's line by (the list's
federation, national ID), and the ID was unique by (federation, national ID). A French
player of a Belgian club (FRA at FIDE, a Belgian matricule) was never matched by the
Belgian list. ``national_id_federation`` is now the issuer, and the unique constraints of
players and of online entries are on (issuer, national ID).

Every existing national ID takes its player's (or entry's) federation as its issuer:
that is the issuer the code read until now, so every player the lists matched is matched
still, every search finds the same records, and the constraint holds the same pairs. A
record without a national ID gets no issuer. A player whose ID another federation issued
(the FRA player's Belgian matricule) cannot be told apart here: the desk corrects their
record's issuer. Going back copies nothing: the federation is left as it is."""

from django.db import migrations, models
from django.db.models import F, Q


def issuer_is_the_federation(apps, schema_editor):
    for name in ("Player", "Entry"):
        model = apps.get_model("club", name)
        model.objects.exclude(national_id="").update(national_id_federation=F("federation"))


_STANDING = ["received", "accepted", "waiting"]


class Migration(migrations.Migration):

    dependencies = [
        ("club", "0023_entry_moved_up"),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name="entry",
            name="entry_national_id_once_per_event",
        ),
        migrations.RemoveConstraint(
            model_name="player",
            name="player_national_id_unique",
        ),
        migrations.AddField(
            model_name="entry",
            name="national_id_federation",
            field=models.CharField(blank=True, max_length=3, verbose_name="national ID issued by"),
        ),
        migrations.AddField(
            model_name="player",
            name="national_id_federation",
            field=models.CharField(
                blank=True,
                help_text=(
                    "FIDE code of the federation that issued the national ID, e.g. BEL for a "
                    "Belgian matricule: a French player of a Belgian club may hold one."
                ),
                max_length=3,
                verbose_name="national ID issued by",
            ),
        ),
        migrations.RunPython(issuer_is_the_federation, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                condition=~Q(national_id="") & Q(status__in=_STANDING),
                fields=("event", "national_id_federation", "national_id"),
                name="entry_national_id_once_per_event",
            ),
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                condition=~Q(national_id=""),
                fields=("national_id_federation", "national_id"),
                name="player_national_id_unique",
                violation_error_message="Another player holds this national ID of this federation.",
            ),
        ),
    ]
