"""Players in the registration search: found by FIDE ID or national ID, outside players
already known offered again (not entered twice), both ratings shown."""

from datetime import date
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from club.models import Event, Member, Participant, Player
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory
from tests.desk.conftest import search_members

pytestmark = pytest.mark.django_db


def test_it_finds_a_member_by_fide_id_and_shows_both_ratings(
    secretary_client: Client, round_robin_event: Event, english: None
) -> None:
    MemberFactory(
        player__first_name="Zoé",
        player__last_name="Warnier",
        player__fide_id=212345,
        player__fide_rating=1912,
        player__national_rating=1874,
    )
    MemberFactory(player__first_name="Paul", player__last_name="Autre", player__fide_id=212346)
    html = search_members(secretary_client, round_robin_event, "212345")
    assert "Zoé Warnier" in html and "Paul Autre" not in html
    assert "FIDE 1912 · national 1874 · FIDE ID 212345" in html
    assert ">member<" in html


def test_it_finds_an_outside_player_by_national_id(
    secretary_client: Client, round_robin_event: Event, english: None
) -> None:
    PlayerFactory(
        first_name="Jan",
        last_name="Peeters",
        national_id="B-4471",
        national_rating=1650,
        club_name="KSK Leuven",
    )
    html = search_members(secretary_client, round_robin_event, "b-4471")
    assert "Jan Peeters" in html and "outside player" in html and "KSK Leuven" in html
    assert "FIDE – · national 1650" in html


def test_a_known_outside_player_is_registered_again_without_a_second_player(
    secretary_client: Client, round_robin_event: Event
) -> None:
    earlier: Event = EventFactory()
    known: Player = PlayerFactory(first_name="Jan", last_name="Peeters", national_rating=1650)
    Participant.objects.create(event=earlier, player=known, rating=1600)
    assert "Jan Peeters" in search_members(secretary_client, round_robin_event, "pee")
    before = Player.objects.count()
    secretary_client.post(
        reverse("desk:register", args=[round_robin_event.pk]),
        {"player": known.pk, "joined_round": 1},
    )
    entry = round_robin_event.participants.get()
    assert (entry.player, entry.rating) == (known, 1650)
    assert Player.objects.count() == before
    assert "Jan Peeters" not in search_members(secretary_client, round_robin_event, "pee")


def test_a_lapsed_member_is_not_offered(secretary_client: Client, round_robin_event: Event) -> None:
    MemberFactory(
        player__first_name="Lou",
        player__last_name="Warnotte",
        player__fide_id=299999,
        status=Member.Status.LAPSED,
    )
    assert "Warnotte" not in search_members(secretary_client, round_robin_event, "warn")
    assert "Warnotte" not in search_members(secretary_client, round_robin_event, "299999")


def test_every_outside_player_of_the_demo_can_be_found_by_national_id(
    secretary_client: Client,
) -> None:
    call_command("load_demo_club", "--day", date(2026, 11, 22).isoformat(), stdout=StringIO())
    event: Event = EventFactory()
    outsiders = list(Player.objects.filter(membership__isnull=True))
    assert len(outsiders) == 40  # the demo's outside players (tests/club/test_demo.py)
    for player in outsiders:
        html = search_members(secretary_client, event, player.national_id)
        assert f'name="player" value="{player.pk}"' in html, player.national_id


def test_a_player_id_that_does_not_exist_is_refused_with_a_message(
    secretary_client: Client, round_robin_event: Event, english: None
) -> None:
    response = secretary_client.post(
        reverse("desk:register", args=[round_robin_event.pk]), {"player": 999999}, follow=True
    )
    assert "Choose a member among those found." in response.content.decode()
    assert not round_robin_event.participants.exists()
