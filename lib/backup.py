"""The whole club in one portable file, and back.

The file is JSON: a header naming the format and its version, then Django's serialized
objects of the club, the ratings and the accounts (Django's fixture format, foreign keys
to permissions by natural key so the file fits any database), with every time exact to the
microsecond (lib/exact_json.py)."""

from __future__ import annotations

import io
import json
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from django.apps import apps
from django.core import serializers
from django.core.management import call_command
from django.db import transaction

FORMAT = "club-echecs-backup"
VERSION = 1
MODELS = ["auth.group", "auth.user", "club", "ratings", "interclub"]
EXACT_JSON = "exact-json"
serializers.register_serializer(EXACT_JSON, "lib.exact_json")


class BackupError(ValueError):
    pass


def export_club() -> str:
    out = io.StringIO()
    call_command("dumpdata", *MODELS, format=EXACT_JSON, natural_foreign=True, stdout=out)
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
    if data.get("version") != VERSION:
        raise BackupError(f"backup version {data.get('version')} is not {VERSION}")
    if Player.objects.exists():
        raise BackupError("the database already holds a club: restore into an empty one")
    # What the migrations put in a new database comes back from the file instead.
    RatingSystem.objects.all().delete()
    Article.objects.all().delete()
    Group.objects.all().delete()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "backup.json"
        path.write_text(json.dumps(data["objects"]), encoding="utf-8")
        call_command("loaddata", str(path), verbosity=0)
    return len(data["objects"])
