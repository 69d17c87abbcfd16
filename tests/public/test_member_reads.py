"""The member page's reads written in SQL (``lib.sql_reads``) against the ORM queries they
stand for, row for row and value for value, on both databases: every player of the demo
club, with a system disabled, a recalculation pending, games of a private event, games with
and without moves, and every page of the longest histories."""

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.db.models import BooleanField, Exists, ExpressionWrapper, FilteredRelation, Q
from django.db.models.functions import Coalesce

from club.models import Event, Game, Member, Player
from lib.paging import page_query
from public import member_games
from public.members import public_member
from ratings import history
from ratings.models import RatingChange, RatingSystem, ReplayJob

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("Europe/Brussels"))


@pytest.fixture
def club(demo_club: None) -> list[int]:
    """The demo club's players, some games given moves, an event made private."""
    played = Game.objects.exclude(result="").order_by("pk")
    Game.objects.filter(pk__in=list(played.values_list("pk", flat=True))[::3]).update(
        pgn="1. e4 e5 *"
    )
    private = Event.objects.filter(rounds__games__in=played).distinct().order_by("pk")[0]
    Event.objects.filter(pk=private.pk).update(public=False)
    return list(Player.objects.order_by("pk").values_list("pk", flat=True))


def _systems_by_orm(player: int) -> list[tuple[object, ...]]:
    mine = FilteredRelation("ratings", condition=Q(ratings__player=player))
    return list(
        RatingSystem.objects.enabled()
        .annotate(mine=mine, recalculating=Exists(ReplayJob.objects.pending()))
        .values_list(
            "pk",
            "name",
            "mine__pk",
            "mine__rating",
            "mine__status",
            "mine__last_batch__period_end",
            "recalculating",
        )
    )


def _changes_by_orm(player: int) -> list[tuple[object, ...]]:
    changes = RatingChange.objects.filter(batch__system__enabled=True, player=player)
    return list(changes.values_list(*history.ROW_FIELDS).order_by(*history.CHANGES_ORDER))


def _games_by_orm(player: int, page: int) -> list[tuple[object, ...]]:
    games = (
        Game.objects.filter(round__event__public=True)
        .exclude(result="")
        .filter(Q(white=player) | Q(black=player))
        .annotate(
            played=Coalesce("round__starts_at", "round__event__start"),
            has_pgn=ExpressionWrapper(~Q(pgn=""), output_field=BooleanField()),
        )
        .values_list(*member_games.COLUMNS)
    )
    size = member_games.GAMES_PAGE
    return list(page_query(games, page, size, member_games.GAMES_ORDER))


def _same(read: list[tuple[object, ...]], orm: list[tuple[object, ...]]) -> None:
    assert read == orm
    # the same types too: a decimal stays a Decimal, a datetime keeps its zone
    assert [[type(value) for value in row] for row in read] == [
        [type(value) for value in row] for row in orm
    ]


def test_the_ratings_and_the_history_read_as_the_orm_reads_them(
    club: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every page of the longest history, pages of 5 changes
    monkeypatch.setattr(history, "HISTORY_PAGE", 5)
    longest = max(club, key=lambda player: len(_changes_by_orm(player)))
    changes = _changes_by_orm(longest)
    assert len(changes) >= 3 * 5
    assert any(isinstance(row[9], Decimal) and row[9] % 1 for row in changes)  # half points
    for page in range(1, len(changes) // 5 + 3):
        _same(history._changes(longest, page), changes[(page - 1) * 5 : page * 5 + 1])

    RatingSystem.objects.filter(pk=RatingSystem.objects.order_by("pk")[0].pk).update(enabled=False)
    for pending in (False, True):
        if pending:
            ReplayJob.objects.create(state=ReplayJob.State.RUNNING)
        for player in club:
            _same(history._systems(player), _systems_by_orm(player))
            _same(history._changes(player), _changes_by_orm(player))
        assert {row[-1] for row in history._systems(club[0])} == {pending}
    assert len(_changes_by_orm(longest)) < len(changes)  # the disabled system's are left out


def test_the_games_read_as_the_orm_reads_them(club: list[int]) -> None:
    pages = 0
    for player in club:
        page = 1
        while True:
            read = member_games._games(player, page=page)
            _same(read, _games_by_orm(player, page))
            pages += 1
            if len(read) <= member_games.GAMES_PAGE:
                break
            page += 1
    games = [row for player in club for row in member_games._games(player, page=1)]
    assert pages > len(club)  # some players have several pages
    assert {row[-1] for row in games} == {True, False}  # with and without moves
    assert all(row[3].tzinfo is not None for row in games)
    assert not Game.objects.filter(round__event__public=False, pk__in=[row[0] for row in games])


def test_the_member_reads_as_the_orm_reads_them(club: list[int]) -> None:
    lapsed, hidden = Member.objects.order_by("pk")[:2]
    Member.objects.filter(pk=lapsed.pk).update(status=Member.Status.LAPSED)
    Member.objects.filter(pk=hidden.pk).update(listed=False)
    shown = 0
    for member in Member.objects.select_related("player"):
        read = public_member(member.pk)
        if not Member.objects.public().filter(pk=member.pk).exists():
            assert read is None
            continue
        assert read is not None
        assert (read.pk, read.since, read.player_id) == (member.pk, member.since, member.player_id)
        assert (read.player.name, read.player.fide_id) == (
            member.player.name,
            member.player.fide_id,
        )
        shown += 1
    assert shown == Member.objects.count() - 2
    assert public_member(0) is None
