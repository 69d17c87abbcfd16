"""A saved result's two locked reads written in SQL (``desk.services.results``) against the
ORM queries they stand for, field for field, on both databases: every board of the demo
club, an event with kept TRF lines (JSON) and its own scoring (decimals); and on
PostgreSQL, that the rows are locked: the board's alone, the event's shared with the saves
of its other boards."""

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import psycopg
import pytest
from django.conf import settings
from django.db import connection, transaction
from django.db.models import Model

from club.models import Event, Game
from desk.services.results import _locked_event, _locked_game

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("Europe/Brussels"))


@pytest.fixture
def boards(demo_club: None) -> list[int]:
    event = Event.objects.filter(rounds__games__isnull=False).order_by("pk").first()
    assert event is not None
    Event.objects.filter(pk=event.pk).update(
        trf_kept={"012": "Open de Wavre", "XXC": ["white1"]}, points_win=Decimal("3")
    )
    return list(Game.objects.order_by("pk").values_list("pk", flat=True))


def _fields(instance: Model) -> dict[str, object]:
    values = {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}
    return {**values, "_db": instance._state.db, "_adding": instance._state.adding}


def test_the_locked_reads_give_what_the_orm_gives(boards: list[int]) -> None:
    assert len(boards) > 100
    kept = 0
    for pk in boards:
        event = Event.objects.select_for_update(of=("self",)).get(rounds__games=pk)
        game = (
            Game.objects.select_for_update(of=("self",))
            .select_related("round", "white", "black")
            .get(pk=pk)
        )
        read_event, read_game = _locked_event(pk), _locked_game(pk)
        assert read_event is not None and read_game is not None
        assert _fields(read_event) == _fields(event)
        for part in (lambda g: g, lambda g: g.round, lambda g: g.white, lambda g: g.black):
            assert _fields(part(read_game)) == _fields(part(game))
        kept += bool(read_event.trf_kept)
    assert kept > 0  # the JSON column read as the ORM reads it
    assert _locked_event(0) is None and _locked_game(0) is None


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_the_rows_read_are_locked_until_the_transaction_ends(boards: list[int]) -> None:
    pk = boards[0]
    event = Event.objects.get(rounds__games=pk)
    url = settings.DATABASES["default"]
    other = psycopg.connect(
        dbname=connection.settings_dict["NAME"],
        user=url["USER"],
        host=url["HOST"],
        port=url["PORT"],
        password=url["PASSWORD"] or None,
        autocommit=True,
    )
    with other, transaction.atomic():
        _locked_event(pk)
        _locked_game(pk)
        for table, row in (("club_event", event.pk), ("club_game", pk)):
            with pytest.raises(psycopg.errors.LockNotAvailable):
                other.execute(f"SELECT id FROM {table} WHERE id = %s FOR UPDATE NOWAIT", [row])
        # the event's lock shared with another board's save, the board's not
        other.execute("SELECT id FROM club_event WHERE id = %s FOR SHARE NOWAIT", [event.pk])
        with pytest.raises(psycopg.errors.LockNotAvailable):
            other.execute("SELECT id FROM club_game WHERE id = %s FOR SHARE NOWAIT", [pk])
        # the players' rows are not locked
        other.execute(
            "SELECT id FROM club_player WHERE id = %s FOR UPDATE NOWAIT",
            [Game.objects.get(pk=pk).white_id],
        )
