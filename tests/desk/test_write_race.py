"""A close and a result save at the same moment, and two saves at once: the row locks
order them (a save locks its board's row; a close locks the event's and then all its
boards': the later one sees the other's effect or is refused with a message), and SQLite's
immediate transactions make the second writer wait instead of failing."""

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from club.models import Event, Game, Result
from tests.club.factories import EventFactory, PlayerFactory
from tests.threads import at_once, superuser_client

pytestmark = pytest.mark.django_db(transaction=True)


def _event_with_results(boards: int) -> tuple[Event, list[Game]]:
    event = EventFactory(status=Event.Status.ONGOING)
    round_ = event.rounds.create(number=1)
    games = [
        Game.objects.create(
            round=round_, board=n, white=PlayerFactory(), black=PlayerFactory(), result=Result.DRAW
        )
        for n in range(1, boards + 1)
    ]
    return event, games


def _save(client: Client, game: Game, key: str) -> Callable[[], tuple[int, str]]:
    def post() -> tuple[int, str]:
        response = client.post(
            reverse("desk:save_result", args=[game.pk]),
            {"result": key, "version": game.version},
            headers={"HX-Request": "true"},
        )
        return response.status_code, response.content.decode()

    return post


def _close(client: Client, event: Event) -> Callable[[], int]:
    return lambda: client.post(reverse("desk:close", args=[event.pk])).status_code


def _once(ready: Callable[[], bool], job: Callable[[], Any]) -> Callable[[], Any]:
    """``job`` started once ``ready()`` says the other job holds its locks (at most ten
    seconds later): a loaded machine may take longer than any fixed delay to get there."""

    def run() -> Any:
        waited = 0.0
        while not ready() and waited < 10:
            time.sleep(0.01)
            waited += 0.01
        return job()

    return run


@pytest.fixture
def slow_replay(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The queueing of the ratings' replay, as the close runs it: it notes the results the
    closed event holds, and takes its time, so that a save arriving meanwhile would slip in
    if nothing ordered the two."""
    seen: list[list[str]] = []

    def replay(event: Event, user: object = None) -> list[object]:
        seen.append(list(Game.objects.filter(round__event=event).values_list("result", flat=True)))
        time.sleep(0.3)
        return []

    monkeypatch.setattr("desk.services.lifecycle.queue_event_replays", replay)
    return seen


@pytest.fixture
def slow_save(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """A save of board 1 that takes its time once the board's row is written, before it
    commits; the event returned is set when it is there (holding its board's lock)."""
    from desk.services import results

    write_line = results.log_change
    holding = threading.Event()

    def log_change(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("board") == 1:
            holding.set()
            time.sleep(0.4)
        return write_line(*args, **kwargs)

    monkeypatch.setattr(results, "log_change", log_change)
    return holding


def test_a_save_during_a_close_waits_for_it_and_is_refused(
    slow_replay: list[list[str]],
) -> None:
    """On both databases: the close holds the event and its boards while it queues the
    replay; the save that comes meanwhile waits, then finds the event closed."""
    event, (game,) = _event_with_results(1)
    save = _save(superuser_client("a"), game, "1")
    closed, saved = at_once(
        _close(superuser_client("b"), event), _once(lambda: bool(slow_replay), save)
    )
    assert closed == 302 and slow_replay == [[Result.DRAW]]
    status, html = saved
    assert status == 400 and "est clôturé\xa0: rouvrez-le" in html
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.DRAW, 1)


def test_a_close_during_a_save_waits_for_it_and_rates_the_saved_result(
    slow_replay: list[list[str]], slow_save: threading.Event
) -> None:
    """On both databases: the save holds its board until it commits (on PostgreSQL, its
    audit line refers to the event the close has locked meanwhile, and neither waits for
    the other forever); the close that comes meanwhile waits, then closes with the result
    saved."""
    event, (game,) = _event_with_results(1)
    close = _close(superuser_client("b"), event)
    saved, closed = at_once(_save(superuser_client("a"), game, "1"), _once(slow_save.is_set, close))
    assert saved[0] == 200 and closed == 302
    game.refresh_from_db()
    event.refresh_from_db()
    assert (game.result, game.version) == (Result.WHITE_WINS, 2)
    assert event.status == Event.Status.CLOSED
    assert slow_replay == [[Result.WHITE_WINS]], "the close rated the result saved"


@pytest.mark.postgresql
def test_saves_of_two_boards_go_on_side_by_side(slow_save: threading.Event) -> None:
    """A save of board 1 that takes its time does not hold up the save of board 2 of the
    event, which answers first."""
    _event, games = _event_with_results(2)
    finished: list[str] = []

    def timed(name: str, job: Callable[[], tuple[int, str]]) -> Callable[[], int]:
        def run() -> int:
            status = job()[0]
            finished.append(name)
            return status

        return run

    answers = at_once(
        timed("first", _save(superuser_client("a"), games[0], "1")),
        timed("second", _save(superuser_client("b"), games[1], "0")),
        stagger=0.1,
    )
    assert answers == [200, 200]
    assert finished == ["second", "first"]


@pytest.mark.postgresql
@pytest.mark.parametrize("trial", range(4))
def test_a_close_and_a_save_at_once_never_leave_ratings_of_the_old_result(
    slow_replay: list[list[str]], trial: int
) -> None:
    assert connection.vendor == "postgresql"
    event, (game,) = _event_with_results(1)
    saved, closed = at_once(
        _save(superuser_client("a"), game, "1"), _close(superuser_client("b"), event)
    )
    game.refresh_from_db()
    event.refresh_from_db()
    assert closed == 302 and event.status == Event.Status.CLOSED
    assert slow_replay == [[game.result]], "the close rated the result the event keeps"
    status, html = saved
    if game.result == Result.WHITE_WINS:
        assert status == 200 and game.version == 2  # the save came first, the close saw it
    else:
        assert status == 400 and "est clôturé\xa0: rouvrez-le" in html  # the close came first
        assert (game.result, game.version) == (Result.DRAW, 1)


def test_two_saves_at_once_are_both_written_never_a_server_error() -> None:
    """On SQLite too (immediate transactions: the second writer waits for the first)."""
    _event, games = _event_with_results(2)
    answers = at_once(
        _save(superuser_client("a"), games[0], "1"), _save(superuser_client("b"), games[1], "0")
    )
    assert [status for status, _html in answers] == [200, 200]
    results = Game.objects.order_by("board").values_list("result", "version")
    assert list(results) == [(Result.WHITE_WINS, 2), (Result.BLACK_WINS, 2)]


def test_a_close_and_a_save_at_once_answer_without_a_server_error(
    slow_replay: list[list[str]],
) -> None:
    event, (game,) = _event_with_results(1)
    saved, closed = at_once(
        _save(superuser_client("a"), game, "1"), _close(superuser_client("b"), event)
    )
    assert closed == 302
    assert saved[0] in (200, 400)
    game.refresh_from_db()
    assert slow_replay == [[game.result]]
