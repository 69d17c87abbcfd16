from datetime import date, datetime
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponseRedirect
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from club.models import ChangeLog, Event, Game, Member, Participant, Result
from desk.services import results
from ratings.models import RatingChange
from tests.club.factories import GameFactory, MemberFactory, PlayerFactory
from tests.task_worker import replayed

pytestmark = pytest.mark.django_db


def _paired(client: Client, event: Event, members: list[Member]) -> None:
    for member in members:
        client.post(reverse("desk:register", args=[event.pk]), {"member": member.pk})
    client.post(reverse("desk:pair_round_robin", args=[event.pk]))


@pytest.mark.parametrize("who", ["anonymous", "member", "secretary", "admin"])
def test_only_secretaries_and_administrators_use_the_desk(
    client: Client, round_robin_event: Event, who: str
) -> None:
    if who == "member":
        client.force_login(User.objects.create_user("m", password="x"))
    elif who == "secretary":
        from django.contrib.auth.models import Group

        user = User.objects.create_user("s", password="x")
        user.groups.add(Group.objects.get(name="secretaries"))
        client.force_login(user)
    elif who == "admin":
        client.force_login(User.objects.create_superuser("a", password="x"))
    expected = {"anonymous": 302, "member": 403, "secretary": 200, "admin": 200}[who]
    for url in (reverse("desk:events"), reverse("desk:event", args=[round_robin_event.pk])):
        assert client.get(url).status_code == expected
    response = client.post(reverse("desk:close", args=[round_robin_event.pk]))
    assert response.status_code == (302 if who in ("anonymous", "secretary", "admin") else 403)


def test_a_secretary_creates_an_event_with_its_rounds(secretary_client: Client) -> None:
    response = secretary_client.post(
        reverse("desk:event_new"),
        {
            "title": "Championnat 2027",
            "kind": "championship",
            "venue": "Salle",
            "start": "2027-01-08T20:00",
            "end": "2027-03-05T23:00",
            "time_control": "standard",
            "system": "round_robin",
            "tiebreaks": "sonneborn_berger",
            "public": "on",
            "rounds": "5",
            "interval_days": "14",
        },
    )
    event = Event.objects.get(title="Championnat 2027")
    assert cast(HttpResponseRedirect, response).url == reverse("desk:event", args=[event.pk])
    assert [cast(datetime, r.starts_at).date() for r in event.rounds.all()] == [
        date(2027, 1, 8),
        date(2027, 1, 22),
        date(2027, 2, 5),
        date(2027, 2, 19),
        date(2027, 3, 5),
    ]
    assert ChangeLog.objects.filter(event=event, action="create").exists()


def test_an_unknown_tiebreak_is_refused(secretary_client: Client) -> None:
    response = secretary_client.post(
        reverse("desk:event_new"),
        {
            "title": "X",
            "kind": "rapid",
            "start": "2027-01-08T20:00",
            "end": "2027-01-08T23:00",
            "time_control": "rapid",
            "system": "swiss",
            "tiebreaks": "bogus",
        },
    )
    assert "unknown tiebreak: &#x27;bogus&#x27;" in response.content.decode()


def test_members_are_found_as_you_type_and_registered(
    secretary_client: Client, round_robin_event: Event
) -> None:
    member = MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    response = secretary_client.get(
        reverse("desk:member_search", args=[round_robin_event.pk]),
        {"q": "warn"},
        headers={"HX-Request": "true"},
    )
    assert "Zoé Warnier" in response.content.decode()
    secretary_client.post(
        reverse("desk:register", args=[round_robin_event.pk]), {"member": member.pk}
    )
    assert round_robin_event.participants.get().player == member.player


def test_an_outside_player_is_added_in_one_form(
    secretary_client: Client, round_robin_event: Event
) -> None:
    secretary_client.post(
        reverse("desk:outsider", args=[round_robin_event.pk]),
        {
            "first_name": "Jan",
            "last_name": "Peeters",
            "fide_id": "212345",
            "federation": "BEL",
            "national_id": "",
            "rating": "1876",
        },
    )
    entry = round_robin_event.participants.select_related("player").get()
    assert (entry.player.fide_id, entry.rating) == (212345, 1876)


def test_a_round_robin_is_paired_by_the_berger_tables(
    secretary_client: Client, round_robin_event: Event, six_members: list[Member]
) -> None:
    _paired(secretary_client, round_robin_event, six_members)
    games = Game.objects.filter(round__event=round_robin_event)
    assert games.count() == 15
    first = [
        (g.white.national_rating, g.black.national_rating)
        for g in games.filter(round__number=1).order_by("board")
    ]
    # pairing numbers by rating: 1-6, 2-5, 3-4 in round 1 (Berger table)
    assert first == [(2000, 1500), (1900, 1600), (1800, 1700)]


@pytest.mark.parametrize(
    ("key", "result"),
    [
        ("1", Result.WHITE_WINS),
        ("=", Result.DRAW),
        ("½", Result.DRAW),
        ("0", Result.BLACK_WINS),
        ("+", Result.WHITE_WINS_FORFEIT),
        ("-", Result.BLACK_WINS_FORFEIT),
    ],
)
def test_each_key_saves_its_result_in_place(
    secretary_client: Client, key: str, result: Result
) -> None:
    game = GameFactory()
    response = secretary_client.post(
        reverse("desk:save_result", args=[game.pk]), {"result": key, "version": game.version}
    )
    game.refresh_from_db()
    assert (response.status_code, game.result, game.version) == (200, result, 2)
    assert 'data-state="saved"' in response.content.decode()
    assert cast(User, game.updated_by).username == "secretaire-du-club"


def test_a_board_saved_by_someone_else_meanwhile_is_a_conflict(secretary_client: Client) -> None:
    game = GameFactory()
    results.save_result(game.pk, "1", game.version, None)
    response = secretary_client.post(
        reverse("desk:save_result", args=[game.pk]), {"result": "0", "version": 1}
    )
    game.refresh_from_db()
    assert response.status_code == 409
    assert game.result == Result.WHITE_WINS
    assert 'data-state="error"' in response.content.decode()


def test_an_unknown_code_names_the_problem(secretary_client: Client) -> None:
    game = GameFactory()
    response = secretary_client.post(
        reverse("desk:save_result", args=[game.pk]), {"result": "x", "version": 1}
    )
    assert response.status_code == 400
    assert "n’est pas un résultat" in response.content.decode()


def test_closing_is_refused_while_results_are_missing(
    secretary_client: Client, round_robin_event: Event, six_members: list[Member]
) -> None:
    _paired(secretary_client, round_robin_event, six_members)
    response = secretary_client.post(
        reverse("desk:close", args=[round_robin_event.pk]), follow=True
    )
    assert "Il manque des résultats (ronde.échiquier)\xa0: 1.1, 1.2" in response.content.decode()
    round_robin_event.refresh_from_db()
    assert round_robin_event.status == Event.Status.ONGOING


def test_closing_rates_the_event_and_reopening_is_logged(
    secretary_client: Client, round_robin_event: Event, six_members: list[Member]
) -> None:
    _paired(secretary_client, round_robin_event, six_members)
    Game.objects.filter(round__event=round_robin_event).update(result=Result.DRAW)
    with replayed():
        secretary_client.post(reverse("desk:close", args=[round_robin_event.pk]))
    round_robin_event.refresh_from_db()
    assert round_robin_event.status == Event.Status.CLOSED
    assert RatingChange.objects.filter(batch__event=round_robin_event).count() == 6
    html = secretary_client.get(reverse("desk:event", args=[round_robin_event.pk])).content.decode()
    assert "Variations de classement" in html
    with replayed():
        secretary_client.post(
            reverse("desk:reopen", args=[round_robin_event.pk]),
            {"reason": "erreur à l'échiquier 2"},
        )
    log = ChangeLog.objects.get(event=round_robin_event, action="reopen")
    assert log.details == {"reason": "erreur à l'échiquier 2"}
    assert not RatingChange.objects.filter(batch__event=round_robin_event).exists()


def test_standings_crosstable_and_csv(
    secretary_client: Client, round_robin_event: Event, six_members: list[Member]
) -> None:
    _paired(secretary_client, round_robin_event, six_members)
    Game.objects.filter(round__event=round_robin_event).update(result=Result.WHITE_WINS)
    response = secretary_client.get(reverse("desk:standings", args=[round_robin_event.pk]))
    lines = response.context["standings"].lines
    assert sum(line.points for line in lines) == 15
    grid = secretary_client.get(reverse("desk:crosstable", args=[round_robin_event.pk]))
    assert len(grid.context["grid"]) == 6
    csv = secretary_client.get(reverse("desk:standings_csv", args=[round_robin_event.pk]))
    lines = csv.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Rang;Nom;Points;Sonneborn-Berger;Nombre de parties gagnées"
    assert len(lines) == 7


@pytest.mark.parametrize("players", [20, 200])
def test_result_entry_and_standings_use_a_bounded_number_of_queries(
    secretary_client: Client,
    round_robin_event: Event,
    players: int,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    people = [PlayerFactory(national_rating=1000 + n) for n in range(players)]
    for player in people:
        Participant.objects.create(event=round_robin_event, player=player)
    round_ = round_robin_event.rounds.create(number=1)
    Game.objects.bulk_create(
        Game(
            round=round_, board=n // 2 + 1, white=people[n], black=people[n + 1], result=Result.DRAW
        )
        for n in range(0, players, 2)
    )
    with django_assert_max_num_queries(12):
        secretary_client.get(reverse("desk:results", args=[round_.pk]))
    with django_assert_max_num_queries(12):
        secretary_client.get(reverse("desk:standings", args=[round_robin_event.pk]))
