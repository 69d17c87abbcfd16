"""The preview of a parameter change: what applying it would give, written nowhere, and
never waiting for the system's lock (a replay or a desk save holding it goes on)."""

import importlib
import threading

import pytest
from django.db import connection, connections, transaction

from club.models import Player
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.services import preview, recalculate

pytestmark = pytest.mark.django_db(transaction=True)


def test_it_previews_the_ratings_that_applying_the_change_writes(
    season: None, club_system: RatingSystem
) -> None:
    history = list(RatingChange.objects.order_by("pk").values_list("pk", "rating_after"))
    impacts = preview(club_system, {"k": 32})
    assert list(RatingChange.objects.order_by("pk").values_list("pk", "rating_after")) == history
    club_system.refresh_from_db()
    assert club_system.params == {}

    club_system.params = {"k": 32}
    club_system.save()
    recalculate(club_system)
    applied = dict(Rating.objects.filter(system=club_system).values_list("player_id", "rating"))
    assert impacts
    assert {i.player.pk: i.after for i in impacts} == {
        i.player.pk: applied.get(i.player.pk) for i in impacts
    }


@pytest.mark.postgresql
def test_it_previews_while_a_replay_holds_the_systems_lock(
    season: None, club_system: RatingSystem
) -> None:
    locked, release = threading.Event(), threading.Event()

    def replay_in_progress() -> None:
        try:
            with transaction.atomic():
                RatingSystem.objects.select_for_update().get(pk=club_system.pk)
                locked.set()
                release.wait(20)
        finally:
            connections.close_all()

    holder = threading.Thread(target=replay_in_progress)
    holder.start()
    try:
        assert locked.wait(10)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '2s'")  # waiting for the lock fails the test
        impacts = preview(club_system, {"k": 32})
    finally:
        release.set()
        holder.join()
        with connection.cursor() as cursor:
            cursor.execute("RESET lock_timeout")
    assert impacts


@pytest.mark.postgresql
def test_it_reads_in_one_read_only_snapshot_unless_a_transaction_is_open(
    season: None, club_system: RatingSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Called outside a transaction, the preview's reads see one snapshot and may not
    write; inside one, it keeps the enclosing transaction's isolation."""
    module = importlib.import_module("ratings.services.preview")  # the module, not the function
    seen: list[tuple[str, str]] = []
    plan = module.timeline

    def timeline(*args: object) -> object:
        with connection.cursor() as cursor:
            cursor.execute("SHOW transaction_isolation")
            isolation = cursor.fetchone()[0]
            cursor.execute("SHOW transaction_read_only")
            seen.append((isolation, cursor.fetchone()[0]))
        return plan(*args)

    monkeypatch.setattr(module, "timeline", timeline)
    assert preview(club_system, {"k": 32})
    with transaction.atomic():
        Player.objects.count()  # the enclosing transaction has begun
        assert preview(club_system, {"k": 32})
    assert seen == [("repeatable read", "on"), ("read committed", "off")]
