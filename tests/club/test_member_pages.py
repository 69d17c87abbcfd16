from datetime import date, timedelta
from decimal import Decimal
from typing import cast

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from club.models import Member, Player
from ratings.models import Rating, RatingBatch, RatingChange, RatingSystem, ReplayJob
from tests.club.factories import MemberFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def _history(member: Member, system: RatingSystem, rows: int, opponent: Player) -> None:
    rating = 1500.0
    for n in range(rows):
        batch = RatingBatch.objects.create(
            system=system,
            kind=RatingBatch.Kind.EVENT,
            day=date(2020, 1, 1) + timedelta(days=7 * n),
            label=f"Soirée {n}",
        )
        after = rating + (8 if n % 3 else -5)
        RatingChange.objects.create(
            batch=batch,
            player=member.player,
            rating_before=rating,
            rating_after=after,
            rating_exact=after,
            status="rated",
            games=1,
            score=Decimal(1),
            expected=0.64,
            k=20,
            performance=1700,
            performance_exact=1690.5,
            state={},
            breakdown={
                "games": [
                    {
                        "opponent": opponent.pk,
                        "opponent_rating": 1400,
                        "score": 1,
                        "expected": 0.64,
                        "change": after - rating,
                        "counted": True,
                        "note": None,
                    }
                ],
                "notes": [
                    {
                        "template": "K = {k}: up to the 100th game",
                        "params": {"k": 20},
                    }
                ],
            },
        )
        rating = after
    Rating.objects.create(
        system=system,
        player=member.player,
        rating=rating,
        games=rows,
        status="rated",
        last_batch=batch,
    )


@pytest.fixture
def club_system() -> RatingSystem:
    return RatingSystem.objects.get(engine="club")


def test_a_member_page_shows_ratings_chart_data_and_the_calculation(
    client: Client, club_system: RatingSystem
) -> None:
    member = MemberFactory(player__first_name="Anne", player__last_name="Lambert")
    _history(member, club_system, 3, PlayerFactory(first_name="Luc", last_name="Dubois"))
    html = client.get(reverse("member", args=[member.pk])).content.decode()
    assert "Anne Lambert" in html
    assert 'id="rating-chart-data"' in html
    assert "Soirée 2" in html and "Luc Dubois" in html
    assert "K = 20 : jusqu&#x27;à la 100e partie" in html
    assert "1511" in html  # 1500 - 5 + 8 + 8


def test_a_member_page_issues_a_bounded_number_of_queries_for_300_rows(
    client: Client, club_system: RatingSystem, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    member = MemberFactory()
    _history(member, club_system, 300, PlayerFactory())
    with django_assert_max_num_queries(9):  # one: is a recalculation under way?
        response = client.get(reverse("member", args=[member.pk]))
    assert response.content.decode().count('class="history-row"') == 300


def test_a_member_page_never_shows_personal_data(client: Client, club_system: RatingSystem) -> None:
    member = MemberFactory(
        email="anne.secret@example.be",
        phone="+32 470 11 22 33",
        address="rue Privée 1",
        player__birth_date=date(2010, 5, 17),
    )
    html = client.get(reverse("member", args=[member.pk])).content.decode()
    for secret in (
        "anne.secret@example.be",
        "+32 470 11 22 33",
        "rue Privée",
        "2010-05-17",
        "17/05/2010",
        "17 mai 2010",
    ):
        assert secret not in html


def test_a_lapsed_member_has_no_public_page(client: Client) -> None:
    member = MemberFactory(status=Member.Status.LAPSED)
    assert client.get(reverse("member", args=[member.pk])).status_code == 404


@pytest.mark.parametrize("count", [10, 500])
def test_the_members_table_issues_a_bounded_number_of_queries(
    client: Client,
    club_system: RatingSystem,
    count: int,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    for n in range(count):
        member = MemberFactory()
        Rating.objects.create(
            system=club_system, player=member.player, rating=1200 + n, games=5, status="rated"
        )
    with django_assert_max_num_queries(6):
        response = client.get(reverse("members"), {"sort": f"-rating_{club_system.pk}"})
    assert response.status_code == 200
    assert f"{1200 + count - 1}" in response.content.decode()


def test_the_members_table_searches_by_name(client: Client) -> None:
    MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    MemberFactory(player__first_name="Paul", player__last_name="Thiry")
    html = client.get(reverse("members"), {"q": "warn"}).content.decode()
    assert "Zoé Warnier" in html and "Paul Thiry" not in html


@pytest.mark.parametrize("count", [10, 500])
def test_a_ranking_lists_members_by_rating_with_bounded_queries(
    client: Client,
    club_system: RatingSystem,
    count: int,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    for n in range(count):
        member = MemberFactory()
        Rating.objects.create(
            system=club_system, player=member.player, rating=1000 + 3 * n, games=5, status="rated"
        )
    with django_assert_max_num_queries(6):  # one: is a recalculation under way?
        response = client.get(reverse("ranking", args=[club_system.pk]))
    rows = response.context["rows"]
    assert [r.rating for r in rows] == sorted((r.rating for r in rows), reverse=True)
    assert sum(response.context["distribution"]["counts"]) == count


def test_an_older_change_has_its_calculation_read_when_opened(
    client: Client, club_system: RatingSystem
) -> None:
    member = MemberFactory()
    _history(member, club_system, 3, PlayerFactory(first_name="Luc", last_name="Dubois"))
    oldest = RatingChange.objects.filter(player=member.player).earliest("batch__day")
    url = reverse("member_calculation", args=[member.pk, oldest.pk])
    page = client.get(reverse("member", args=[member.pk])).content.decode()
    assert f'hx-get="{url}"' in page
    html = client.get(url).content.decode()
    assert "Luc Dubois" in html and "1400" in html and "0,64" in html and "−5,0" in html
    assert "K = 20 : jusqu&#x27;à la 100e partie" in html


def test_a_calculation_is_refused_for_another_players_change_or_a_hidden_member(
    client: Client, club_system: RatingSystem
) -> None:
    member, other = MemberFactory(), MemberFactory()
    _history(other, club_system, 1, PlayerFactory())
    change = RatingChange.objects.get(player=other.player)
    assert client.get(reverse("member_calculation", args=[member.pk, change.pk])).status_code == 404
    Member.objects.filter(pk=other.pk).update(listed=False)
    assert client.get(reverse("member_calculation", args=[other.pk, change.pk])).status_code == 404


@pytest.mark.parametrize("seasons", [1, 5])
def test_a_member_page_asks_as_many_queries_for_one_season_as_for_five(
    client: Client,
    club_system: RatingSystem,
    seasons: int,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    """Two systems, about forty changes a season: the same seven queries (the member,
    the systems, the ratings, the history, the newest calculations, their opponents, the
    latest games) whatever the history's length."""
    member = MemberFactory()
    opponent = PlayerFactory(first_name="Luc", last_name="Dubois")
    _history(member, club_system, 40 * seasons, opponent)
    national = cast(RatingSystem, RatingSystem.objects.exclude(pk=club_system.pk).first())
    national.enabled = True
    national.save()
    _history(member, national, 2 * seasons, opponent)
    with django_assert_max_num_queries(8):  # one: is a recalculation under way?
        html = client.get(reverse("member", args=[member.pk])).content.decode()
    assert html.count('class="history-row"') == 42 * seasons
    final = Rating.objects.get(player=member.player, system=club_system).rating
    assert f">{final:.0f}<" in html
    # the newest change of each system comes with its calculation, the others when opened
    assert html.count("K = 20 : jusqu&#x27;à la 100e partie") == 2
    assert html.count('hx-trigger="show.bs.collapse once"') == 42 * seasons - 2


def test_rating_pages_say_when_a_recalculation_is_under_way(
    client: Client, club_system: RatingSystem
) -> None:
    member = MemberFactory()
    _history(member, club_system, 3, PlayerFactory())
    pages = [reverse("member", args=[member.pk]), reverse("ranking", args=[club_system.pk])]
    notice = 'id="recalculating"'
    assert all(notice not in client.get(page).content.decode() for page in pages)
    job = ReplayJob.objects.create(system=club_system)
    assert all(notice in client.get(page).content.decode() for page in pages)
    job.state = ReplayJob.State.RUNNING
    job.save()
    assert notice in client.get(pages[0]).content.decode()
    job.state = ReplayJob.State.DONE
    job.save()
    assert all(notice not in client.get(page).content.decode() for page in pages)
