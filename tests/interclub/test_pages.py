"""The interclub pages: the secretary's (division, match, line-ups) by role, bad input
answered with a message naming the board, the public match and standings pages in a
bounded number of queries, without personal data."""

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from club.models import Event, Game, Member, Player
from desk.services import lifecycle, results
from interclub import services
from interclub.models import Division, LineupEntry, Team, TeamMatch
from interclub.services import Typed
from tests.interclub.conftest import THEIRS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _lineup_posts(members: list[Member]) -> tuple[dict[str, str], dict[str, str]]:
    ours = {f"player-{n}": str(m.player_id) for n, m in enumerate(members, 1)}
    theirs: dict[str, str] = {}
    for n, (last, first, rating) in enumerate(THEIRS, 1):
        theirs |= {f"last-{n}": last, f"first-{n}": first, f"rating-{n}": str(rating)}
    return ours, theirs


def test_it_lets_a_secretary_create_a_division_a_match_and_both_line_ups(
    secretary_client: Client, members: list[Member]
) -> None:
    response = secretary_client.post(
        reverse("interclub:desk_division_new"),
        {"season": "2026-2027", "name": "Division 3", "boards": "8", "home_white_on_odd": "on",
         "order_tolerance": "100", "our_teams": "Wavre 1", "other_teams": "Namur 2\nLouvain 1"},
    )  # fmt: skip
    division = Division.objects.get(name="Division 3")
    assert response.status_code == 302
    assert sorted(division.teams.values_list("name", "ours")) == [
        ("Louvain 1", False), ("Namur 2", False), ("Wavre 1", True),
    ]  # fmt: skip
    home, away = division.teams.get(name="Wavre 1"), division.teams.get(name="Namur 2")
    response = secretary_client.post(
        reverse("interclub:desk_match_new", args=[division.pk]),
        {"home": home.pk, "away": away.pk, "start": "2026-10-11T14:00", "venue": "Wavre"},
    )
    match = TeamMatch.objects.get()
    assert response["Location"] == reverse("interclub:desk_match", args=[match.pk])
    assert (match.event.kind, match.event.system) == (Event.Kind.INTERCLUB, Event.System.MATCH)
    ours, theirs = _lineup_posts(members)
    for team, data in ((home, ours), (away, theirs)):
        url = reverse("interclub:desk_lineup", args=[match.pk, team.pk])
        assert secretary_client.post(url, data).status_code == 302
    assert Game.objects.filter(round__event=match.event).count() == 8
    page = secretary_client.get(reverse("interclub:desk_match", args=[match.pk]))
    assert reverse("desk:results", args=[match.event.rounds.get().pk]) in page.content.decode()


def test_it_names_the_board_of_a_bad_rating_and_saves_nothing(
    secretary_client: Client, match: TeamMatch
) -> None:
    url = reverse("interclub:desk_lineup", args=[match.pk, match.away_id])
    response = secretary_client.post(
        url, {"last-1": "Dupont", "first-1": "Marc", "last-2": "Lemaire", "first-2": "Julie",
              "rating-2": "deux mille"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "Board 2: the rating is a whole number from 0 to 3500." in response.content.decode()
    assert not LineupEntry.objects.exists()
    assert not Player.objects.filter(last_name="Dupont").exists()


def test_it_names_the_board_of_a_player_chosen_twice(
    secretary_client: Client, match: TeamMatch, members: list[Member]
) -> None:
    data = {"player-1": members[0].player_id, "player-2": members[0].player_id}
    url = reverse("interclub:desk_lineup", args=[match.pk, match.home_id])
    response = secretary_client.post(url, data)
    assert response.status_code == 400
    assert "is already on board 1" in response.content.decode()


@pytest.mark.parametrize("name", ["desk_divisions", "desk_division_new"])
def test_a_member_is_refused_the_secretarys_pages_and_a_visitor_sent_to_log_in(
    client: Client, member_user: User, name: str
) -> None:
    url = reverse(f"interclub:{name}")
    assert client.get(url).status_code == 302
    assert "/login/" in client.get(url)["Location"]
    client.force_login(member_user)
    assert client.get(url).status_code == 403


def test_a_member_cannot_post_a_line_up(
    client: Client, member_user: User, match: TeamMatch, members: list[Member]
) -> None:
    client.force_login(member_user)
    ours, _theirs = _lineup_posts(members)
    url = reverse("interclub:desk_lineup", args=[match.pk, match.home_id])
    assert client.post(url, ours).status_code == 403
    assert not LineupEntry.objects.exists()


def _played_division(division: Division, members: list[Member], secretary: User) -> None:
    teams = {t.name: t for t in Team.objects.filter(division=division)}
    day = datetime(2026, 10, 11, 13, 0, tzinfo=UTC)
    pairs = [("Wavre 1", "Namur 2"), ("Louvain 1", "Liège 3"), ("Namur 2", "Louvain 1")]
    for index, (home, away) in enumerate(pairs):
        match = services.create_match(
            division.pk, teams[home].pk, teams[away].pk, day, "", secretary
        )
        for team in (match.home, match.away):
            if team.ours:
                lineup = [Typed(player_id=m.player_id) for m in members]
            else:
                lineup = [Typed(None, f"P{n}", f"{team.club_name}{index}", 1700) for n in range(8)]
            services.set_lineup(match.pk, team.pk, lineup, secretary)
        for game in Game.objects.filter(round__event=match.event):
            results.save_result(game.pk, "1", game.version, secretary)


def test_the_public_standings_page_reads_the_division_in_a_bounded_number_of_queries(
    client: Client,
    division: Division,
    members: list[Member],
    secretary: User,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    _played_division(division, members, secretary)
    with django_assert_max_num_queries(6):
        response = client.get(reverse("interclub:division", args=[division.pk]))
    body = response.content.decode()
    # Every game is won by white, and the home team has white on the odd boards: each
    # match ends 4-4, one match point each. Namur and Louvain played twice (2 MP, 8 BP),
    # Wavre and Liège once (1 MP, 4 BP); level on both, teams share the rank.
    standings = services.division_standings(division)
    assert [(r.rank, r.team, r.match_points, r.board_points) for r in standings] == [
        (1, "Louvain 1", 2, 8), (1, "Namur 2", 2, 8), (3, "Liège 3", 1, 4), (3, "Wavre 1", 1, 4),
    ]  # fmt: skip
    table = body[body.index('id="team-standings"') :]
    positions = [table.index(name) for name in ("Louvain 1", "Namur 2", "Liège 3", "Wavre 1")]
    assert positions == sorted(positions)


def test_the_public_match_page_shows_names_and_ratings_never_personal_data(
    client: Client, match: TeamMatch, members: list[Member], secretary: User
) -> None:
    services.set_lineup(
        match.pk, match.home.pk, [Typed(player_id=m.player_id) for m in members], secretary
    )
    body = client.get(reverse("interclub:match", args=[match.pk])).content.decode()
    assert members[0].player.name in body and "2100" in body
    assert members[0].email not in body


def test_the_standings_page_speaks_french_by_default_and_english_at_en(
    client: Client, division: Division
) -> None:
    from django.utils import translation

    with translation.override("fr"):
        french = client.get(reverse("interclub:division", args=[division.pk]))
    assert "Points de match" in french.content.decode()
    english = client.get(reverse("interclub:division", args=[division.pk]))
    assert english.request["PATH_INFO"].startswith("/en/")
    assert "Match points" in english.content.decode()


def test_the_secretarys_divisions_page_lists_each_divisions_matches(
    secretary_client: Client,
    match: TeamMatch,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    # six queries for the session, the user and the menus, three for the divisions, their
    # teams and their matches, whatever their number
    with django_assert_max_num_queries(9):
        body = secretary_client.get(reverse("interclub:desk_divisions")).content.decode()
    assert reverse("interclub:desk_match", args=[match.pk]) in body


def test_a_line_up_of_a_cancelled_match_is_refused_and_nothing_saved(
    secretary_client: Client, match: TeamMatch, members: list[Member], secretary: User
) -> None:
    lifecycle.cancel_event(match.event.pk, "salle indisponible", secretary)
    ours, _theirs = _lineup_posts(members)
    url = reverse("interclub:desk_lineup", args=[match.pk, match.home_id])
    response = secretary_client.post(url, ours, follow=True)
    assert response.redirect_chain == [(reverse("desk:event", args=[match.event_id]), 302)]
    title = match.event.title
    assert [str(m) for m in response.context["messages"]] == [
        f"“{title}” is cancelled: restore it before changing anything in it."
    ]
    assert not LineupEntry.objects.exists()
