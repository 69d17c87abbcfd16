"""The preview of a parameter change: what applying it would give, written nowhere, never
waiting for the system's lock (a replay or a desk save holding it goes on), and read in one
snapshot (the ``snapshot`` database alias: ``lib.snapshot``)."""

import importlib
import threading

import pytest
from django.db import connection, connections, router, transaction

from club.models import Game, Player, Result
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.services import preview, recalculate

# the preview's reads go to the ``snapshot`` alias, the test database under another name
pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "snapshot"])
ALIASES = ("default", "snapshot")


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


def test_it_previews_while_a_replay_holds_the_systems_lock(
    season: None, club_system: RatingSystem
) -> None:
    """On PostgreSQL the replay holds the system's row, which the preview never locks. On
    SQLite it holds the database's write lock (its transactions begin IMMEDIATE), and the
    preview's transaction begins as a reader, which does not wait for it."""
    locked, release = threading.Event(), threading.Event()
    on_postgresql = connection.vendor == "postgresql"

    def replay_in_progress() -> None:
        try:
            with transaction.atomic():
                RatingSystem.objects.select_for_update().get(pk=club_system.pk)
                locked.set()
                release.wait(60)  # longer than SQLite's wait for a lock (20 s), which fails
        finally:
            connections.close_all()

    holder = threading.Thread(target=replay_in_progress)
    holder.start()
    try:
        assert locked.wait(10)
        for alias in ALIASES if on_postgresql else ():  # waiting for a lock fails the test
            with connections[alias].cursor() as cursor:
                cursor.execute("SET lock_timeout = '2s'")
        impacts = preview(club_system, {"k": 32})
    finally:
        release.set()
        holder.join()
        for alias in ALIASES if on_postgresql else ():
            with connections[alias].cursor() as cursor:
                cursor.execute("RESET lock_timeout")
    assert impacts


@pytest.mark.postgresql
def test_it_reads_in_one_snapshot_unless_a_transaction_is_open(
    season: None, club_system: RatingSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Called outside a transaction, the preview's reads see one snapshot (REPEATABLE
    READ, on a connection of their own); inside one, they keep the enclosing
    transaction's connection and isolation."""
    module = importlib.import_module("ratings.services.preview")  # the module, not the function
    seen: list[tuple[str, str]] = []
    plan = module.timeline

    def timeline(*args: object) -> object:
        alias = router.db_for_read(Rating)  # where the preview's reads go
        with connections[alias].cursor() as cursor:
            cursor.execute("SHOW transaction_isolation")
            isolation = cursor.fetchone()[0]
            seen.append((alias, isolation))
        return plan(*args)

    monkeypatch.setattr(module, "timeline", timeline)
    assert preview(club_system, {"k": 32})
    with transaction.atomic():
        Player.objects.count()  # the enclosing transaction has begun
        assert preview(club_system, {"k": 32})
    assert seen == [("snapshot", "repeatable read"), ("default", "read committed")]


@pytest.mark.postgresql
def test_a_write_committed_meanwhile_is_not_seen_by_the_preview(
    season: None, club_system: RatingSystem, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every result changed by another connection, and committed, after the preview read
    the current ratings and before it reads the games: it compares the games as they were
    with those ratings. The next preview reads the changed results."""
    module = importlib.import_module("ratings.services.preview")
    plan = module.timeline
    unchanged = preview(club_system, {"k": 32})

    def every_game_lost_by_white() -> None:
        try:
            Game.objects.update(result=Result.BLACK_WINS)
        finally:
            connections.close_all()

    def timeline(*args: object) -> object:
        writer = threading.Thread(target=every_game_lost_by_white)
        writer.start()
        writer.join()
        return plan(*args)

    monkeypatch.setattr(module, "timeline", timeline)
    during = preview(club_system, {"k": 32})
    monkeypatch.undo()
    after = preview(club_system, {"k": 32})
    assert during == unchanged
    assert after != unchanged
