"""The member page's reads on the demo club, on both databases: the history a page at a
time covers every change of the enabled systems once, newest first; the systems come with
the member's summary (whose newest changes are the history's first page) and the
recalculation's notice; the games a page at a time cover
every played game of a public event once, with their moves' mark and their zone; the
member is read only when the public may see them."""

from datetime import date
from decimal import Decimal

import pytest
from django.db.models import Q

from club import latest_games
from club.latest_games import GAMES_ORDER, GAMES_PAGE, of_player
from club.models import Event, Game, Member, Player
from lib.paging import page_query
from public.members import public_member
from ratings import history
from ratings.models import (
    OfficialRating,
    RatingChange,
    RatingSummary,
    RatingSystem,
    ReplayJob,
)
from ratings.services.summary import write_listed
from tests.club.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(demo_club: None) -> list[int]:
    """The demo club's players, some games given moves, an event made private."""
    played = Game.objects.exclude(result="").order_by("pk")
    Game.objects.filter(pk__in=list(played.values_list("pk", flat=True))[::3]).update(
        pgn="1. e4 e5 *"
    )
    private = Event.objects.filter(rounds__games__in=played).distinct().order_by("pk")[0]
    Event.objects.filter(pk=private.pk).update(public=False)
    latest_games.rebuild()  # the games changed in bulk: their first pages made again
    return list(Player.objects.order_by("pk").values_list("pk", flat=True))


def _all_changes(player: int) -> list[int]:
    """The batches of the player's changes in the enabled systems, newest first."""
    changes = RatingChange.objects.filter(batch__system__enabled=True, player=player)
    return list(changes.order_by(*history.CHANGES_ORDER).values_list("batch_id", flat=True))


def _history_pages(player: int) -> list[tuple[object, ...]]:
    read, page = [], 1
    while True:
        rows = list(history._changes(player, page))
        read += rows[: history.HISTORY_PAGE]
        if len(rows) <= history.HISTORY_PAGE:
            return read
        page += 1


def test_the_history_comes_a_page_at_a_time_and_the_systems_with_the_summary(
    club: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "HISTORY_PAGE", 5)
    longest = max(club, key=lambda player: len(_all_changes(player)))
    rows = _history_pages(longest)
    assert len(rows) >= 3 * 5
    assert [row[0] for row in rows] == _all_changes(longest)
    assert any(isinstance(row[10], Decimal) and row[10] % 1 for row in rows)  # half points

    disabled = RatingSystem.objects.order_by("pk")[0]
    RatingSystem.objects.filter(pk=disabled.pk).update(enabled=False)
    # two lists rate the first two players in every system, and one only a player with no
    # history: the newest is kept in their summaries as an import writes it
    unrated = PlayerFactory().pk
    for system in RatingSystem.objects.all():
        for day, rating in ((date(2024, 1, 1), 1500), (date(2025, 1, 1), 1510)):
            for player in [*club[:2], unrated]:
                system.official.create(player_id=player, list_date=day, rating=rating, source="t")
        write_listed(system)
    assert history._systems(club[0])[0][10:] == (1510, date(2025, 1, 1))
    listed_only = history._systems(unrated)[0]
    assert listed_only[4:] == (None, "", None, [], 0, [], 1510, date(2025, 1, 1))
    for pending in (False, True):
        if pending:
            ReplayJob.objects.create(state=ReplayJob.State.RUNNING)
        for player in [*club, unrated]:
            systems = history._systems(player)
            assert [s.pk for s in systems] == list(
                RatingSystem.objects.enabled().values_list("pk", flat=True)
            )
            for shown in systems:
                mine = RatingSummary.objects.filter(system=shown.pk, player=player).first()
                assert (shown.rating, shown.points, shown.changes, shown.newest) == (
                    (mine.rating, mine.points, mine.changes, mine.newest)
                    if mine
                    else (None, (), 0, ())
                )
                assert shown.recalculating is pending
                newest = (
                    OfficialRating.objects.filter(system=shown.pk, player=player)
                    .order_by("-list_date")
                    .values_list("rating", "list_date")
                    .first()
                )
                assert (shown.listed_rating, shown.listed_day) == (newest or (None, None))
                engine = RatingSystem.objects.values_list("engine", flat=True).get(pk=shown.pk)
                assert shown.engine == engine
            assert [row[0] for row in _history_pages(player)] == _all_changes(player)
            # the first page from the summaries: the history's rows, value for value
            first = [list(row) for row in history._changes(player, 1)][: history.HISTORY_PAGE]
            assert history._newest(systems) == first
    assert len(_all_changes(longest)) < len(rows)  # the disabled system's are left out


def test_the_games_come_a_page_at_a_time(club: list[int]) -> None:
    pages = 0
    for player in club:
        read, page = [], 1
        while True:
            query = latest_games.games(of_player(player))
            rows = list(page_query(query, page, GAMES_PAGE, GAMES_ORDER))
            read += rows[:GAMES_PAGE]
            pages += 1
            if len(rows) <= GAMES_PAGE:
                break
            page += 1
        played = (
            Game.objects.filter(Q(white=player) | Q(black=player), round__event__public=True)
            .exclude(result="")
            .order_by(*GAMES_ORDER)
        )
        assert [row[0] for row in read] == list(played.values_list("pk", flat=True))
        # the first page as kept for the member's page: the same games, written out
        first = [latest_games.line(row) for row in read[: GAMES_PAGE + 1]]
        assert Player.objects.get(pk=player).latest_games.lines == first
    games = [row for player in club for row in latest_games.games(of_player(player))]
    assert pages > len(club)  # some players have several pages
    assert {row[11] for row in games} == {True, False}  # with and without moves
    assert all(row[11] == bool(Game.objects.get(pk=row[0]).pgn) for row in games)
    assert all((row[3] or row[4]).tzinfo is not None for row in games)  # round's or event's
    assert not Game.objects.filter(round__event__public=False, pk__in=[row[0] for row in games])


def test_the_member_is_read_when_the_public_may_see_them(club: list[int]) -> None:
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
        found = read.member
        assert (found.pk, found.since, found.player_id) == (
            member.pk,
            member.since,
            member.player_id,
        )
        assert (found.player.name, found.player.fide_id) == (
            member.player.name,
            member.player.fide_id,
        )
        assert (found.email, found.phone, found.address) == ("", "", "")  # never read
        assert read.games == latest_games.kept(member.player_id, None)  # kept as read
        shown += 1
    assert shown == Member.objects.count() - 2
    assert public_member(0) is None
