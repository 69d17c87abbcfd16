"""The preview of a parameter change: what applying it would give, written nowhere, and
never waiting for the system's lock (a replay or a desk save holding it goes on)."""

import threading

import pytest
from django.db import connection, connections, transaction

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
