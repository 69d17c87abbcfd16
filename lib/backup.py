"""The whole club in one portable file, and back.

The file is JSON: a header naming the format and its version, then Django's serialized
objects of the club, the ratings and the accounts (Django's fixture format, foreign keys
to permissions by natural key so the file fits any database), with every time exact to the
microsecond (lib/exact_json.py). A file of an earlier version is read too, what it lacks
filled as the migrations filled it (``_upgraded``)."""

from __future__ import annotations

import io
import json
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from django.apps import apps
from django.core import serializers
from django.core.management import call_command
from django.db import transaction

FORMAT = "club-echecs-backup"
# 2: a national ID's issuer (club migration 0024); 3: a summary's rating on the newest
# official list (ratings migration 0014)
VERSION = 3
MODELS = ["auth.group", "auth.user", "club", "ratings", "interclub"]
# Kept to be read fast and made again from the rest (``club.latest_games``): not written
DERIVED = ["club.LatestGames"]
EXACT_JSON = "exact-json"
serializers.register_serializer(EXACT_JSON, "lib.exact_json")


class BackupError(ValueError):
    pass


def _upgraded(objects: list[dict[str, Any]], version: int) -> list[dict[str, Any]]:
    """The objects of a file of ``version`` as this version writes them."""
    if version < 2:
        # club 0024: the issuer of a national ID was the player's (or entry's) federation
        for item in objects:
            fields = item.get("fields", {})
            if item.get("model") in ("club.player", "club.entry") and fields.get("national_id"):
                fields.setdefault("national_id_federation", fields.get("federation", ""))
    if version < 3:
        objects = objects + _listed_summaries(objects)
    return objects


def _listed_summaries(objects: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """ratings 0014: each player's rating on the newest list that rates them in a system
    written in their summary there (the objects changed in place); returned, the summaries
    made for the players a list rates who have none."""
    newest: dict[tuple[Any, Any], tuple[Any, str]] = {}
    for item in objects:
        if item.get("model") == "ratings.officialrating":
            fields = item["fields"]
            key = (fields["system"], fields["player"])
            if key not in newest or newest[key][1] < fields["list_date"]:
                newest[key] = (fields["rating"], fields["list_date"])
    last = 0
    for item in objects:
        if item.get("model") == "ratings.ratingsummary":
            fields = item["fields"]
            key = (fields["system"], fields["player"])
            fields["listed_rating"], fields["listed_day"] = newest.pop(key, (None, None))
            last = max(last, item["pk"])
    # numbered after the file's own (loaddata sets the table's sequence after the last)
    return [
        {
            "model": "ratings.ratingsummary",
            "pk": last + number,
            "fields": {
                "system": system,
                "player": player,
                "status": "",
                "listed_rating": rating,
                "listed_day": day,
            },
        }
        for number, ((system, player), (rating, day)) in enumerate(newest.items(), 1)
    ]


def export_club() -> str:
    out = io.StringIO()
    call_command(
        "dumpdata", *MODELS, exclude=DERIVED, format=EXACT_JSON, natural_foreign=True, stdout=out
    )
    header = {"format": FORMAT, "version": VERSION, "created": datetime.now(UTC).isoformat()}
    return json.dumps({**header, "objects": json.loads(out.getvalue())}, ensure_ascii=False)


@transaction.atomic
def restore_club(text: str) -> int:
    """Load a backup into a database that holds no club yet; returns the objects read."""
    Group = apps.get_model("auth", "Group")
    Article = apps.get_model("club", "Article")
    Player = apps.get_model("club", "Player")
    RatingSystem = apps.get_model("ratings", "RatingSystem")

    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BackupError(f"not a backup file: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("not a backup file of this site")
    version = data.get("version")
    if not isinstance(version, int) or version not in range(1, VERSION + 1):
        raise BackupError(f"backup version {version} is not one this site reads (1 to {VERSION})")
    if Player.objects.exists():
        raise BackupError("the database already holds a club: restore into an empty one")
    # What the migrations put in a new database comes back from the file instead.
    RatingSystem.objects.all().delete()
    Article.objects.all().delete()
    Group.objects.all().delete()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "backup.json"
        objects = _upgraded(data["objects"], version)
        path.write_text(json.dumps(objects), encoding="utf-8")
        call_command("loaddata", str(path), verbosity=0)
    return len(objects)
