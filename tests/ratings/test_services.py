import threading
import time
from datetime import date, timedelta
from typing import Any, cast

import pytest
from django.db import connection

from club.models import Event, Game, Player, Result
from ratings.models import OfficialRating, Rating, RatingBatch, RatingChange, RatingSystem
from ratings.rules.base import Batch, BatchResult
from ratings.services import event_results_changed, recalculate
from ratings.tasks import start_replay
from tests.ratings.conftest import B, D, MakeEvent, W

pytestmark = pytest.mark.django_db


def _history(system: RatingSystem) -> list[tuple[Any, ...]]:
    """Every row of a system's history, without primary keys."""
    rows = RatingChange.objects.filter(batch__system=system).select_related("batch")
    return [
        (
            r.batch.kind,
            r.batch.day,
            r.batch.label,
            r.player_id,
            r.rating_before,
            r.rating_after,
            r.rating_exact,
            r.status,
            r.games,
            r.score,
            r.expected,
            r.k,
            r.performance,
            r.performance_exact,
            r.state,
            r.breakdown,
        )
        for r in rows.order_by("batch__day", "batch__order", "player_id")
    ]


def _current(system: RatingSystem) -> list[tuple[Any, ...]]:
    return sorted(
        Rating.objects.filter(system=system).values_list("player_id", "rating", "games", "status")
    )


def _season(make_event: MakeEvent, p: list[Player]) -> list[Event]:
    """Three closed events in three months among the six players."""
    return [
        make_event(date(2026, 1, 9), [[(p[0], p[1], W), (p[2], p[3], D), (p[4], p[5], B)]]),
        make_event(date(2026, 2, 13), [[(p[1], p[2], W), (p[3], p[4], B), (p[5], p[0], D)]]),
        make_event(date(2026, 3, 13), [[(p[2], p[0], B), (p[4], p[1], D), (p[3], p[5], W)]]),
    ]


def test_it_writes_a_history_row_for_every_player_of_a_closed_event(
    club_system: RatingSystem, make_event: MakeEvent, players: list[Player]
) -> None:
    event = make_event(date(2026, 1, 9), [[(players[0], players[1], W)]])
    event_results_changed(event)
    rows = RatingChange.objects.filter(batch__event=event, batch__system=club_system)
    assert sorted(rows.values_list("player_id", flat=True)) == [players[0].pk, players[1].pk]
    winner = rows.get(player=players[0])
    assert winner.rating_before == 1800
    assert winner.rating_after is not None and winner.rating_after > 1800
    assert winner.breakdown["games"][0]["opponent"] == players[1].pk
    assert winner.breakdown["games"][0]["opponent_rating"] == 1650
    assert Rating.objects.get(system=club_system, player=players[0]).rating == winner.rating_after


def test_replaying_after_a_correction_equals_replaying_from_scratch(
    club_system: RatingSystem,
    national_system: RatingSystem,
    make_event: MakeEvent,
    players: list[Player],
) -> None:
    events = _season(make_event, players)
    for event in events:
        event_results_changed(event)
    game = Game.objects.get(round__event=events[0], board=1)
    game.result = Result.BLACK_WINS
    game.save()

    event_results_changed(events[0])
    after_correction = {s: (_history(s), _current(s)) for s in (club_system, national_system)}
    for system in (club_system, national_system):
        recalculate(system)
        assert (_history(system), _current(system)) == after_correction[system]
    first = RatingChange.objects.get(batch__event=events[0], player=players[0])
    assert first.rating_after is not None and first.rating_before is not None
    assert first.rating_after < first.rating_before


def test_a_reopened_event_leaves_the_history(
    club_system: RatingSystem, make_event: MakeEvent, players: list[Player]
) -> None:
    events = _season(make_event, players)
    for event in events:
        event_results_changed(event)
    events[2].status = Event.Status.ONGOING
    events[2].save()
    event_results_changed(events[2])
    assert not RatingBatch.objects.filter(system=club_system, event=events[2]).exists()
    last = cast(
        RatingChange,
        RatingChange.objects.filter(batch__system=club_system, player=players[3]).last(),
    )
    assert Rating.objects.get(system=club_system, player=players[3]).rating == last.rating_after


def test_an_error_in_the_middle_changes_nothing(
    club_system: RatingSystem,
    make_event: MakeEvent,
    players: list[Player],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for event in _season(make_event, players):
        event_results_changed(event)
    before = (_history(club_system), _current(club_system))
    real_rate = club_system.module.rate
    calls: list[date] = []

    def failing_rate(batch: Batch, params: Any) -> BatchResult:
        calls.append(batch.day)
        if len(calls) == 2:
            raise RuntimeError("disk on fire")
        return real_rate(batch, params)

    monkeypatch.setattr(club_system.module, "rate", failing_rate)
    with pytest.raises(RuntimeError, match="disk on fire"):
        recalculate(club_system)
    assert len(calls) == 2
    assert (_history(club_system), _current(club_system)) == before


def test_an_official_list_is_the_anchor_later_estimates_continue_from(
    national_system: RatingSystem, make_event: MakeEvent, players: list[Player]
) -> None:
    OfficialRating.objects.create(
        system=national_system,
        player=players[0],
        list_date=date(2026, 1, 1),
        rating=1900,
        source="FRBE list 2026-01",
    )
    event = make_event(date(2026, 1, 9), [[(players[0], players[1], W)]])
    event_results_changed(event)
    row = RatingChange.objects.get(
        batch__system=national_system, batch__kind="period", player=players[0]
    )
    assert row.rating_before == 1900


def test_a_running_period_gives_estimated_ratings(
    national_system: RatingSystem, make_event: MakeEvent, players: list[Player]
) -> None:
    event = make_event(date(2026, 1, 9), [[(players[0], players[1], W)]])
    event_results_changed(event)
    batch = RatingBatch.objects.get(system=national_system, kind=RatingBatch.Kind.PERIOD)
    assert batch.period_start is not None and batch.period_end is not None
    assert batch.period_start <= date(2026, 1, 9) <= batch.period_end
    assert batch.is_estimated(today=date(2026, 1, 10))
    assert not batch.is_estimated(today=batch.period_end + timedelta(days=1))


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_two_recalculations_of_a_system_never_interleave(
    club_system: RatingSystem, make_event: MakeEvent, players: list[Player]
) -> None:
    assert connection.vendor == "postgresql"
    for event in _season(make_event, players):
        event_results_changed(event)
    first_inside = threading.Event()
    timeline: list[str] = []

    def slow_progress(done: int, total: int) -> None:
        if done == 1:
            first_inside.set()
            time.sleep(1.0)
        if done == total:
            timeline.append("first: last batch, about to commit")

    def first() -> None:
        recalculate(club_system, progress=slow_progress)
        connection.close()

    def second() -> None:
        first_inside.wait(10)
        recalculate(club_system, progress=lambda d, t: timeline.append("second: inside"))
        connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert timeline[0] == "first: last batch, about to commit"
    assert "second: inside" in timeline
    assert RatingBatch.objects.filter(system=club_system).count() == 3


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_a_recalculation_queued_while_its_system_replays_is_queued_at_once(
    club_system: RatingSystem, make_event: MakeEvent, players: list[Player]
) -> None:
    """The desk closing an event while the worker replays the system: the job's row, which
    refers to the system, is written without waiting for the replay's lock to go."""
    assert connection.vendor == "postgresql"
    for event in _season(make_event, players):
        event_results_changed(event)
    inside, leave = threading.Event(), threading.Event()

    def held(done: int, total: int) -> None:
        inside.set()
        leave.wait(20)

    def replay() -> None:
        recalculate(club_system, progress=held)
        connection.close()

    replaying = threading.Thread(target=replay)
    replaying.start()
    try:
        assert inside.wait(10)
        started = time.monotonic()
        job = start_replay(club_system)
        assert time.monotonic() - started < 2
        assert job.pk is not None and replaying.is_alive()  # the replay still holds its lock
    finally:
        leave.set()
        replaying.join(30)
