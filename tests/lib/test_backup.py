import json
from datetime import date
from io import StringIO
from pathlib import Path
from typing import cast

import pytest
from django.core.management import CommandError, call_command
from django.db.models import QuerySet
from django.test import Client

from club.models import Event, Game, Member, Player
from ratings.models import RatingChange, RatingSummary, RatingSystem
from ratings.services.summary import write_listed
from tests.club.factories import PlayerFactory

pytestmark = pytest.mark.django_db(transaction=True)


def _pages(client: Client) -> dict[str, bytes]:
    member = cast(Member, Member.objects.order_by("pk").first())
    event = cast(Event, Event.objects.filter(status="closed").order_by("pk").first())
    urls = ["/membres/", f"/membres/{member.pk}/", event.get_absolute_url(), "/classements/"]
    return {url: client.get(url).content for url in urls}


def test_the_demo_club_goes_to_one_file_and_back_with_the_same_pages(
    client: Client, tmp_path: Path
) -> None:
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    RatingSystem.objects.filter(engine="club").update(params={"k": 25})
    before = _pages(client)
    counts = (Player.objects.count(), Game.objects.count(), RatingChange.objects.count())
    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), stdout=StringIO())
    header = json.loads(backup.read_text())
    assert (header["format"], header["version"]) == ("club-echecs-backup", 3)

    call_command("flush", "--no-input", verbosity=0)
    assert not Player.objects.exists()
    call_command("restore_club", str(backup), stdout=StringIO())
    assert (Player.objects.count(), Game.objects.count(), RatingChange.objects.count()) == counts
    assert RatingSystem.objects.get(engine="club").params == {"k": 25}
    assert _pages(client) == before


def test_it_restores_only_into_an_empty_database(tmp_path: Path) -> None:
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), stdout=StringIO())
    with pytest.raises(CommandError, match="already holds a club"):
        call_command("restore_club", str(backup))


def test_a_backup_of_version_1_restores_each_national_ids_issuer(tmp_path: Path) -> None:
    """Before club migration 0024 a national ID's issuer was the player's federation, and
    two players could hold the same number from two federations: a file written then
    (no ``national_id_federation``) restores with the issuer the migration gave."""
    for first, last, federation in (("Ana", "Roux", "FRA"), ("Bea", "Lenoir", "BEL")):
        Player.objects.create(
            first_name=first,
            last_name=last,
            federation=federation,
            national_id="123",
            national_id_federation=federation,
        )
    Player.objects.create(first_name="Cid", last_name="Marchal", federation="BEL")
    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), stdout=StringIO())
    data = json.loads(backup.read_text())
    for item in data["objects"]:
        item["fields"].pop("national_id_federation", None)
    backup.write_text(json.dumps({**data, "version": 1}))

    call_command("flush", "--no-input", verbosity=0)
    call_command("restore_club", str(backup), stdout=StringIO())
    assert sorted(Player.objects.values_list("first_name", "national_id_federation")) == [
        ("Ana", "FRA"), ("Bea", "BEL"), ("Cid", ""),
    ]  # fmt: skip
    backup.write_text(json.dumps({**data, "version": 4}))
    call_command("flush", "--no-input", verbosity=0)
    with pytest.raises(CommandError, match="backup version 4 is not one this site reads"):
        call_command("restore_club", str(backup))


def test_a_backup_of_version_2_restores_each_summarys_listed_rating(tmp_path: Path) -> None:
    """Before ratings migration 0014 a summary held no rating on the lists, and a player a
    list rates without a history had none: a file written then restores with the figures
    the migration gave (the newest list's)."""
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    frbe = RatingSystem.objects.get(engine="frbe")
    summed = RatingSummary.objects.filter(system=frbe).order_by("pk")[0].player_id
    unrated = PlayerFactory().pk
    for player, day, rating in (
        (summed, date(2025, 1, 1), 1500),
        (summed, date(2026, 1, 1), 1510),
        (unrated, date(2026, 1, 1), 1400),
    ):
        frbe.official.create(player_id=player, list_date=day, rating=rating, source="FRBE")
    write_listed(frbe)
    fields = ("system_id", "player_id", "rating", "changes", "listed_rating", "listed_day")
    summaries = sorted(RatingSummary.objects.values_list(*fields))
    assert (frbe.pk, unrated, None, 0, 1400, date(2026, 1, 1)) in summaries
    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), stdout=StringIO())
    data = json.loads(backup.read_text())
    written = [item for item in data["objects"] if item["model"] == "ratings.ratingsummary"]
    for item in written:
        item["fields"].pop("listed_rating")
        item["fields"].pop("listed_day")
    listed_only = [item for item in written if item["fields"]["changes"] == 0]
    data["objects"] = [item for item in data["objects"] if item not in listed_only]
    backup.write_text(json.dumps({**data, "version": 2}))

    call_command("flush", "--no-input", verbosity=0)
    call_command("restore_club", str(backup), stdout=StringIO())
    assert sorted(RatingSummary.objects.values_list(*fields)) == summaries
    assert (frbe.pk, summed, 1510, date(2026, 1, 1)) in {
        (s[0], s[1], s[4], s[5]) for s in summaries
    }


def test_a_file_that_is_not_a_backup_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    with pytest.raises(CommandError, match="not a backup file of this site"):
        call_command("restore_club", str(bad))


def test_login_throttling_records_are_not_club_data(client: Client, tmp_path: Path) -> None:
    from axes.models import AccessAttempt
    from django.contrib.auth.models import User

    User.objects.create_user("anne", password="tour-de-table-2026")
    client.post("/comptes/login/", {"username": "anne", "password": "wrong"})
    client.post("/comptes/login/", {"username": "anne", "password": "tour-de-table-2026"})
    client.post("/comptes/login/", {"username": "anne", "password": "wrong"})
    assert AccessAttempt.objects.exists()
    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), stdout=StringIO())
    models = {obj["model"] for obj in json.loads(backup.read_text())["objects"]}
    assert "auth.user" in models
    assert not {model for model in models if model.startswith("axes.")}


@pytest.mark.parametrize("existing", [False, True])
def test_the_backup_file_is_readable_by_its_owner_only(tmp_path: Path, existing: bool) -> None:
    import os
    import stat

    backup = tmp_path / "club.json"
    if existing:
        backup.write_text("old")
        backup.chmod(0o644)
    old_mask = os.umask(0o022)
    try:
        call_command("export_club", str(backup), stdout=StringIO())
    finally:
        os.umask(old_mask)
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600
    assert json.loads(backup.read_text())["format"] == "club-echecs-backup"


def _times() -> dict[tuple[str, object, str], object]:
    """Every date, time and datetime the backup holds, by model, row and field."""
    from django.apps import apps
    from django.db import models

    found: dict[tuple[str, object, str], object] = {}
    for model in apps.get_models():
        if model._meta.app_label not in {"auth", "club", "ratings", "interclub"}:
            continue
        fields = [
            field.name
            for field in model._meta.concrete_fields
            if isinstance(field, models.DateField | models.TimeField)
        ]
        if not fields:
            continue
        for row in QuerySet(model).values("pk", *fields):
            for name in fields:
                found[(model._meta.label, row["pk"], name)] = row[name]
    return found


def test_it_keeps_every_time_to_the_microsecond(tmp_path: Path) -> None:
    from django.apps import apps
    from django.db import models

    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    # Django's JSON dump writes times to the millisecond: give a few rows of every model
    # with times a time that a millisecond cannot hold (same second, 123,457 µs)
    changed = 0
    for model in apps.get_models():
        if model._meta.app_label not in {"auth", "club", "ratings", "interclub"}:
            continue
        fields = [
            field.name
            for field in model._meta.concrete_fields
            if isinstance(field, models.DateTimeField | models.TimeField)
        ]
        for row in QuerySet(model).order_by("pk").values("pk", *fields)[:3]:
            exact = {
                name: row[name].replace(microsecond=123457)
                for name in fields
                if row[name] is not None
            }
            if exact:
                QuerySet(model).filter(pk=row["pk"]).update(**exact)
                changed += len(exact)
    before = _times()
    sub_millisecond = [v for v in before.values() if getattr(v, "microsecond", 0) % 1000]
    assert changed >= 10 and len(sub_millisecond) >= changed

    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), stdout=StringIO())
    call_command("flush", "--no-input", verbosity=0)
    call_command("restore_club", str(backup), stdout=StringIO())

    after = _times()
    assert after.keys() == before.keys()
    assert {key: value for key, value in after.items() if before[key] != value} == {}
