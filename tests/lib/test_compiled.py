from datetime import date
from typing import Any

import pytest
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from club.models import Event, Game, Member, Player
from lib.compiled import CompiledQuery
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory, RoundFactory

pytestmark = pytest.mark.django_db


def _games(player: int) -> QuerySet[Game, tuple[Any, ...]]:
    # a join, the same value twice, a datetime the ORM converts on SQLite, a constant
    return (
        Game.objects.filter(Q(white=player) | Q(black=player))
        .exclude(result="")
        .values_list("pk", "round__event__start", "white__last_name", "black__last_name")
    )


def test_it_gives_the_rows_the_queryset_gives_for_each_value(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    alice, bob, carol = PlayerFactory(), PlayerFactory(), PlayerFactory()
    first, second, third = (RoundFactory(number=number) for number in (1, 2, 3))
    Game.objects.create(round=first, board=1, white=alice, black=bob, result="1-0")
    Game.objects.create(round=second, board=1, white=carol, black=alice, result="1/2-1/2")
    Game.objects.create(round=third, board=1, white=bob, black=carol, result="")
    query = CompiledQuery(lambda player: _games(player).order_by("pk"))
    for player in (alice, bob, carol, PlayerFactory()):
        with django_assert_num_queries(1):
            rows = query.rows(player.pk)
        assert rows == list(_games(player.pk).order_by("pk"))
    # the event's start comes back as the ORM gives it on every database: an aware datetime
    assert query.rows(alice.pk)[0][1] == first.event.start


def test_it_builds_and_compiles_once_a_shape() -> None:
    builds = []

    def names(pk: int, *, page: int) -> QuerySet[Player, tuple[Any, ...]]:
        builds.append((pk, page))
        return (
            Player.objects.filter(pk__gte=pk)
            .order_by("pk")
            .values_list("last_name")[(page - 1) * 2 : page * 2]
        )

    players = [PlayerFactory(last_name=name) for name in ("A", "B", "C", "D", "E")]
    query = CompiledQuery(names)
    assert query.rows(players[0].pk, page=1) == [("A",), ("B",)]
    assert query.rows(players[0].pk, page=2) == [("C",), ("D",)]
    assert query.rows(players[2].pk, page=1) == [("C",), ("D",)]
    assert query.rows(players[3].pk, page=2) == []
    assert len(builds) == 4  # each page built twice (the check that it does not change)
    assert {page for _pk, page in builds} == {1, 2}


def test_it_converts_dates_as_the_orm_does() -> None:
    MemberFactory(since=date(2019, 9, 1))
    member = MemberFactory(since=date(2021, 1, 15))
    query = CompiledQuery(lambda pk: Member.objects.filter(pk=pk).values_list("since", "pk"))
    assert query.rows(member.pk) == [(date(2021, 1, 15), member.pk)]
    assert query.rows(0) == []


def test_it_refuses_a_query_holding_the_time_of_day() -> None:
    EventFactory()
    query = CompiledQuery(
        lambda pk: Event.objects.filter(pk=pk, end__gte=timezone.now()).values_list("pk")
    )
    with pytest.raises(ValueError, match="changes from one build to the next"):
        query.rows(1)


def test_it_refuses_a_value_the_sql_does_not_take_as_it_is() -> None:
    query = CompiledQuery(
        lambda number: Player.objects.filter(first_name=str(number)).values_list("pk")
    )
    with pytest.raises(ValueError, match=r"Values \[0\] of this query"):
        query.rows(7)


def test_a_query_that_can_select_nothing_answers_without_asking_the_database(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    PlayerFactory()
    query = CompiledQuery(
        lambda pk: Player.objects.filter(pk=pk, id__in=[]).annotate(n=F("pk")).values_list("n")
    )
    with django_assert_num_queries(0):
        assert query.rows(1) == []


def test_objects_are_built_as_the_queryset_builds_them(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    alice, bob = PlayerFactory(last_name="Alpha"), PlayerFactory(last_name="Beta")
    round_ = RoundFactory()
    game = Game.objects.create(round=round_, board=3, white=alice, black=bob, result="0-1")
    query = CompiledQuery(
        lambda pk: (
            Game.objects.select_related("round__event", "white", "black")
            .annotate(twice=F("board") * 2)
            .filter(pk=pk)
        )
    )
    with django_assert_num_queries(1):
        [found] = query.objects(game.pk)
        # the related rows came with it, converted (the event's start is a datetime)
        assert (found.white.last_name, found.black.last_name) == ("Alpha", "Beta")
        assert found.round.event.start == round_.event.start
    assert (found.pk, found.result, found.board, found.twice) == (game.pk, "0-1", 3, 6)
    assert found == game and found._state.db == "default" and not found._state.adding
    assert query.objects(0) == []
    with pytest.raises(TypeError, match=r"^objects\(\) runs a model query"):
        CompiledQuery(lambda pk: Game.objects.filter(pk=pk).values_list("pk")).objects(1)
    with pytest.raises(TypeError, match=r"^rows\(\) runs a values query"):
        query.rows(game.pk)


def test_a_query_that_prefetches_is_refused() -> None:
    query = CompiledQuery(lambda pk: Event.objects.prefetch_related("rounds").filter(pk=pk))
    with pytest.raises(ValueError, match="cannot prefetch"):
        query.objects(1)


@pytest.mark.postgresql
@pytest.mark.django_db(transaction=True)
def test_on_postgresql_a_locking_query_needs_a_transaction() -> None:
    event = EventFactory()
    query = CompiledQuery(lambda pk: Event.objects.select_for_update().filter(pk=pk))
    with transaction.atomic():
        assert query.objects(event.pk) == [event]
    with pytest.raises(TransactionManagementError):
        query.objects(event.pk)  # compiled already: refused all the same


def test_objects_leave_deferred_what_only_leaves_deferred() -> None:
    member = MemberFactory(since=date(2018, 9, 1), email="private@example.be")
    query = CompiledQuery(
        lambda pk: (
            Member.objects.select_related("player").only("since", "player__last_name").filter(pk=pk)
        )
    )
    [found] = query.objects(member.pk)
    expected = Member.objects.select_related("player").only("since", "player__last_name")
    [orm] = expected.filter(pk=member.pk)
    assert found.get_deferred_fields() == orm.get_deferred_fields()
    assert "email" in found.get_deferred_fields()
    assert found.player.get_deferred_fields() == orm.player.get_deferred_fields()
    assert (found.since, found.player.last_name) == (date(2018, 9, 1), member.player.last_name)


def test_its_values_are_whole_numbers_or_strings() -> None:
    alice = PlayerFactory(first_name="Alice")
    query = CompiledQuery(lambda name: Player.objects.filter(first_name=name).values_list("pk"))
    assert query.rows("Alice") == [(alice.pk,)]
    assert query.rows("Bob") == []
    with pytest.raises(TypeError, match="whole numbers or strings"):
        query.rows(date(2026, 1, 1))  # type: ignore[arg-type]
