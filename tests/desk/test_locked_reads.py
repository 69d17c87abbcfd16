"""The row locks that order a saved result (``desk.services.results``) and the other writes
into an event (``club.event_state.lock_row``): a save locks its board's row alone, not its
event's, its players' or another board's; any other write locks the event's row (a row
that refers to it, such as a save's audit line, may still be written) and then the rows of
all its games. Asked of PostgreSQL from a second connection, which finds each row locked
or not without waiting (``NOWAIT``)."""

from collections.abc import Iterator

import psycopg
import pytest
from django.conf import settings
from django.db import connection, transaction

from club import event_state
from club.models import Event, Game
from desk.services.results import _locked_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(demo_club: None) -> Event:
    found = Event.objects.filter(rounds__games__isnull=False).order_by("pk").first()
    assert found is not None
    return found


@pytest.fixture
def other() -> Iterator[psycopg.Connection]:
    """A second connection to the test database, outside the test's transaction."""
    url = settings.DATABASES["default"]
    with psycopg.connect(
        dbname=connection.settings_dict["NAME"],
        user=url["USER"],
        host=url["HOST"],
        port=url["PORT"],
        password=url["PASSWORD"] or None,
        autocommit=True,
    ) as opened:
        yield opened


def _free(other: psycopg.Connection, table: str, pk: int, lock: str = "UPDATE") -> bool:
    """Whether ``other`` can lock the row ``pk`` of ``table`` ``FOR {lock}`` now."""
    try:
        with other.transaction():
            other.execute(f"SELECT id FROM {table} WHERE id = %s FOR {lock} NOWAIT", [pk])
    except psycopg.errors.LockNotAvailable:
        return False
    return True


def test_a_board_that_does_not_exist_is_not_found() -> None:
    with pytest.raises(Game.DoesNotExist):
        _locked_game(0)


def test_the_locked_read_gives_the_board_and_the_event_as_they_are(event: Event) -> None:
    pk = Game.objects.filter(round__event=event).order_by("pk").values_list("pk", flat=True)[0]
    game, read = _locked_game(pk)
    stored = Game.objects.select_related("round", "white", "black").get(pk=pk)
    assert (game.pk, game.round, game.white, game.black) == (
        pk,
        stored.round,
        stored.white,
        stored.black,
    )
    assert (read.pk, read.status, read.title) == (event.pk, event.status, event.title)
    assert game.round.event is read


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_a_save_locks_its_board_alone(event: Event, other: psycopg.Connection) -> None:
    first, second = Game.objects.filter(round__event=event).order_by("pk")[:2]
    with transaction.atomic():
        _locked_game(first.pk)
        assert not _free(other, "club_game", first.pk)
        assert not _free(other, "club_game", first.pk, "SHARE")
        # another board of the event is saved meanwhile, the event's lock taken, the
        # players and the round written
        assert _free(other, "club_game", second.pk)
        assert _free(other, "club_event", event.pk)
        assert _free(other, "club_round", first.round_id)
        assert _free(other, "club_player", first.white_id)
    assert _free(other, "club_game", first.pk)


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_a_write_into_the_event_locks_it_and_all_its_games(
    event: Event, other: psycopg.Connection
) -> None:
    games = list(Game.objects.filter(round__event=event).values_list("pk", flat=True))
    elsewhere = Game.objects.exclude(round__event=event).values_list("pk", flat=True).first()
    assert len(games) > 10 and elsewhere is not None
    with transaction.atomic():
        event_state.lock_row(event.pk)
        assert not _free(other, "club_event", event.pk)
        assert not _free(other, "club_event", event.pk, "NO KEY UPDATE")
        # a save's audit line, which refers to the event, is written meanwhile
        assert _free(other, "club_event", event.pk, "KEY SHARE")
        assert all(not _free(other, "club_game", pk) for pk in games)
        assert _free(other, "club_game", elsewhere)
    assert _free(other, "club_event", event.pk)
