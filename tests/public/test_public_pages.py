from datetime import date
from typing import cast

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from club.models import Event, Member

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_club(demo_club_of_the_module: None) -> None:
    """Built once for this module: every test here reads the demo club."""


DAY = date(2026, 11, 22)
PAGES = [
    "home",
    "calendar",
    "tournaments",
    "games",
    "articles",
    "members",
    "rankings",
    "links",
    "contact",
]


def test_the_home_page_lists_the_next_meetings(client: Client, demo_club: None) -> None:
    response = client.get(reverse("home"))
    assert response.status_code == 200
    upcoming = list(response.context["next_meetings"])
    assert len(upcoming) == 6
    assert all(event.end.date() >= DAY for event in upcoming)
    assert upcoming == sorted(upcoming, key=lambda event: event.start)
    assert upcoming[0].title in response.content.decode()


def test_the_home_page_speaks_french_by_default_and_english_on_request(
    client: Client, demo_club: None
) -> None:
    french = client.get("/").content.decode()
    english = client.get("/en/").content.decode()
    assert "Prochains rendez-vous" in french and "Calendrier" in french
    assert "Next meetings" in english and "Calendar" in english


@pytest.mark.parametrize("name", PAGES)
def test_every_menu_page_answers(client: Client, demo_club: None, name: str) -> None:
    assert client.get(reverse(name)).status_code == 200


@pytest.mark.parametrize("name", PAGES)
def test_no_page_shows_personal_data(client: Client, demo_club: None, name: str) -> None:
    html = client.get(reverse(name)).content.decode()
    for member in Member.objects.select_related("player"):
        assert member.email not in html
        assert member.phone not in html
        assert member.player.birth_date.isoformat() not in html  # type: ignore[union-attr]


def test_an_event_page_shows_its_rounds_and_results(client: Client, demo_club: None) -> None:
    event = Event.objects.get(kind=Event.Kind.CHAMPIONSHIP, status=Event.Status.CLOSED)
    html = client.get(event.get_absolute_url()).content.decode()
    assert event.title in html
    assert html.count("<tr>") >= 9 * 5


def test_a_private_event_is_not_found(client: Client, demo_club: None) -> None:
    event = cast(Event, Event.objects.filter(kind=Event.Kind.MEETING).first())
    event.public = False
    event.save()
    assert client.get(event.get_absolute_url()).status_code == 404


@pytest.mark.parametrize("name", ["home", "calendar", "games"])
def test_pages_issue_a_bounded_number_of_queries(
    client: Client,
    demo_club: None,
    name: str,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    with django_assert_max_num_queries(6):
        client.get(reverse(name))


def test_an_event_page_issues_a_bounded_number_of_queries(
    client: Client, demo_club: None, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """The event, its rounds; the standings' games, byes and participants (read once,
    whatever the event's size); the rating changes (three); its prize rules, categories
    and prizes, and the club's members for the demo open's club category (four)."""
    event = Event.objects.get(kind=Event.Kind.OPEN, status=Event.Status.CLOSED)
    with django_assert_max_num_queries(12):
        client.get(event.get_absolute_url())


def test_no_public_page_of_the_demo_club_shows_personal_data(
    client: Client, demo_club: None
) -> None:
    """Every public page: menus, each event, each member, a game, the feed, rankings."""
    from django.utils.formats import date_format

    from club.models import Game
    from ratings.models import RatingSystem

    urls = [reverse(name) for name in PAGES]
    urls += [e.get_absolute_url() for e in Event.objects.public()]
    urls += [reverse("member", args=[m.pk]) for m in Member.objects.public()]
    urls += [reverse("ranking", args=[s.pk]) for s in RatingSystem.objects.enabled()]
    urls += [reverse("game", args=[cast(Game, Game.objects.exclude(pgn="").first()).pk])]
    urls += [reverse("calendar_feed"), reverse("ratings:calculator")]
    secrets = []
    for member in Member.objects.select_related("player"):
        born = cast(date, member.player.birth_date)  # every demo player has one
        secrets += [
            member.email,
            member.phone,
            member.address.split(",")[0],
            born.isoformat(),
            born.strftime("%d/%m/%Y"),
            date_format(born, "j F Y"),
        ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        leaked = [secret for secret in secrets if secret in html]
        assert not leaked, (url, leaked)
