from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from club.models import Event, Member, Player
from public.member_games import GAMES_PAGE
from ratings.history import HISTORY_PAGE
from ratings.models import Rating, RatingBatch, RatingChange, RatingSystem, ReplayJob
from ratings.services import recalculate_all
from ratings.services.summary import summarize
from tests.club.factories import (
    EventFactory,
    GameFactory,
    MemberFactory,
    PlayerFactory,
    RoundFactory,
)
from tests.pages import MEMBER_PAGE_QUERIES
from tests.task_worker import replayed

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
    summarize(system, [member.player_id])  # as the replay sums the history up


def test_a_member_page_shows_ratings_chart_data_and_the_calculation(
    client: Client, club_system: RatingSystem
) -> None:
    member = MemberFactory(player__first_name="Anne", player__last_name="Lambert")
    _history(member, club_system, 3, PlayerFactory(first_name="Luc", last_name="Dubois"))
    html = client.get(reverse("member", args=[member.pk])).content.decode()
    assert "Anne Lambert" in html
    assert 'id="rating-chart-data"' in html
    assert "Soirée 2" in html
    assert "1511" in html  # 1500 - 5 + 8 + 8
    assert "historique/?page=2" not in html  # three changes: no older page
    cards = html[html.index('id="current-ratings"') : html.index('id="chart-title"')]
    assert ">1511<" in cards and ">classé<" in cards and "estimé" not in cards
    # every calculation, the newest's too, is read when opened
    newest = RatingChange.objects.filter(player=member.player).latest("batch__day")
    url = reverse("member_calculation", args=[member.pk, newest.batch_id])
    assert f'hx-get="{url}"' in html and "Luc Dubois" not in html
    calculation = client.get(url).content.decode()
    assert "Luc Dubois" in calculation and "K = 20\xa0: jusqu&#x27;à la 100e partie" in calculation


def test_a_member_page_and_its_history_and_games_pages_ask_a_fixed_number_of_queries(
    client: Client, club_system: RatingSystem, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    """300 changes and 30 games: the member's page in two queries, a page of their
    history or of their games in two (the member, the rows), whatever the page."""
    member = MemberFactory()
    _history(member, club_system, 300, PlayerFactory())
    for _ in range(3 * GAMES_PAGE):
        GameFactory(white=member.player, result="1-0")
    for page in (1, 2, 30):
        with django_assert_num_queries(2):
            changes = client.get(reverse("member_changes", args=[member.pk]), {"page": page})
        assert changes.content.decode().count('class="history-row"') == HISTORY_PAGE
    for page in (1, 3):
        with django_assert_num_queries(2):
            games = client.get(reverse("member_games", args=[member.pk]), {"page": page})
        assert len(games.context["games"]) == GAMES_PAGE
    with django_assert_num_queries(MEMBER_PAGE_QUERIES):
        response = client.get(reverse("member", args=[member.pk]))
    html = response.content.decode()
    assert html.count('class="history-row"') == HISTORY_PAGE
    # the chart has the whole history
    points = response.context["chart"][0]["points"]
    assert len(points) == 300 and points[0]["x"] == "2020-01-01"
    older = reverse("member_changes", args=[member.pk]) + "?page=2"
    assert f'href="{older}"' in html and f'hx-get="{older}"' in html


def test_a_member_page_never_shows_personal_data(client: Client, club_system: RatingSystem) -> None:
    member = MemberFactory(
        email="anne.secret@example.be",
        phone="+32 470 11 22 33",
        address="rue Privée 1",
        player__birth_date=date(2010, 5, 17),
    )
    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("member", args=[member.pk])).content.decode()
    read = " ".join(query["sql"] for query in queries.captured_queries)
    for column in ('"email"', '"phone"', '"address"', '"birth_date"', '"national_id"'):
        assert column not in read  # not even read from the database
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
    url = reverse("member_calculation", args=[member.pk, oldest.batch_id])
    page = client.get(reverse("member", args=[member.pk])).content.decode()
    assert f'hx-get="{url}"' in page
    html = client.get(url).content.decode()
    assert "Luc Dubois" in html and "1400" in html and "0,64" in html and "−5,0" in html
    assert "K = 20\xa0: jusqu&#x27;à la 100e partie" in html


def test_a_calculation_is_refused_for_another_players_change_or_a_hidden_member(
    client: Client, club_system: RatingSystem
) -> None:
    member, other = MemberFactory(), MemberFactory()
    _history(other, club_system, 1, PlayerFactory())
    change = RatingChange.objects.get(player=other.player)
    calculation = reverse("member_calculation", args=[member.pk, change.batch_id])
    assert client.get(calculation).status_code == 404
    Member.objects.filter(pk=other.pk).update(listed=False)
    calculation = reverse("member_calculation", args=[other.pk, change.batch_id])
    assert client.get(calculation).status_code == 404


@pytest.mark.parametrize("seasons", [1, 5])
def test_a_member_page_asks_as_many_queries_for_one_season_as_for_five(
    client: Client,
    club_system: RatingSystem,
    seasons: int,
    django_assert_max_num_queries: DjangoAssertNumQueries,
) -> None:
    """Two systems, about forty changes a season: the same queries (the member, the
    systems with the ratings, the history, the latest games) whatever the history's
    length."""
    member = MemberFactory()
    opponent = PlayerFactory(first_name="Luc", last_name="Dubois")
    _history(member, club_system, 40 * seasons, opponent)
    national = cast(RatingSystem, RatingSystem.objects.exclude(pk=club_system.pk).first())
    national.enabled = True
    national.save()
    _history(member, national, 2 * seasons, opponent)
    # the member has played no game: none kept, the page looks for them
    with django_assert_max_num_queries(MEMBER_PAGE_QUERIES + 1):
        response = client.get(reverse("member", args=[member.pk]))
    html = response.content.decode()
    assert html.count('class="history-row"') == HISTORY_PAGE
    final = Rating.objects.get(player=member.player, system=club_system).rating
    assert f">{final:.0f}<" in html
    assert [len(s["points"]) for s in response.context["chart"]] == [40 * seasons, 2 * seasons]
    # every calculation is read when opened
    assert "K = 20\xa0: jusqu&#x27;à la 100e partie" not in html
    assert html.count('hx-trigger="show.bs.collapse once"') == HISTORY_PAGE


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


def test_older_changes_come_a_page_at_a_time_newest_first(
    client: Client, club_system: RatingSystem, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    """Two pages and five changes: the member's page shows the newest page, the history's
    second page the next and a link to the third, the third the oldest 5 and no link
    further."""
    member = MemberFactory()
    total = 2 * HISTORY_PAGE + 5
    _history(member, club_system, total, PlayerFactory())
    url = reverse("member_changes", args=[member.pk])
    labels = []
    for page in (1, 2, 3):
        with django_assert_max_num_queries(2):  # the member, the rows
            response = client.get(url, {"page": page})
        assert response.status_code == 200
        html = response.content.decode()
        rows = response.context["history"]
        labels += [row["label"] for row in rows]
        assert html.count('class="history-row"') == len(rows)
        assert (f"{url}?page={page + 1}" in html) == (page < 3)
        assert (f"{url}?page={page - 1}" in html) == (page > 1)
    assert labels == [f"Soirée {n}" for n in range(total - 1, -1, -1)]
    member_page = client.get(reverse("member", args=[member.pk]))
    assert [r["label"] for r in member_page.context["history"]] == labels[:HISTORY_PAGE]
    assert client.get(url, {"page": 4}).status_code == 404
    assert client.get(url, {"page": "x"}).status_code == 200  # the first page


def test_older_games_come_a_page_at_a_time(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    member = MemberFactory()
    games = [GameFactory(white=member.player, result="1-0") for _ in range(GAMES_PAGE + 3)]
    GameFactory(black=member.player, result="")  # not played yet: not listed
    GameFactory(white=member.player, result="1-0", round__event__public=False)
    member_page = client.get(reverse("member", args=[member.pk]))
    shown = {line["pk"] for line in member_page.context["games"]}
    url = reverse("member_games", args=[member.pk])
    assert len(shown) == GAMES_PAGE and f'href="{url}?page=2"' in member_page.content.decode()
    with django_assert_num_queries(2):  # the member, the games
        second = client.get(url, {"page": 2})
    rest = {line["pk"] for line in second.context["games"]}
    assert len(rest) == 3 and shown | rest == {g.pk for g in games}
    assert f"{url}?page=3" not in second.content.decode()
    assert client.get(url, {"page": 3}).status_code == 404


def test_the_history_and_games_pages_of_a_hidden_member_are_theirs_only(
    client: Client, club_system: RatingSystem
) -> None:
    member = MemberFactory(listed=False)
    _history(member, club_system, 1, PlayerFactory())
    pages = [reverse("member_changes", args=[member.pk]), reverse("member_games", args=[member.pk])]
    assert [client.get(page).status_code for page in pages] == [404, 404]
    user = User.objects.create_user("anne", password="x")
    Member.objects.filter(pk=member.pk).update(user=user)
    client.force_login(user)
    assert [client.get(page).status_code for page in pages] == [200, 200]


def test_the_history_and_games_pages_never_show_personal_data(
    client: Client, club_system: RatingSystem
) -> None:
    member = MemberFactory(
        email="anne.secret@example.be",
        phone="+32 470 11 22 33",
        address="rue Privée 1",
        player__birth_date=date(2010, 5, 17),
    )
    _history(member, club_system, 25, PlayerFactory())
    GameFactory(white=member.player, result="1-0")
    for url in (
        reverse("member", args=[member.pk]),
        reverse("member_changes", args=[member.pk]) + "?page=2",
        reverse("member_games", args=[member.pk]),
    ):
        html = client.get(url).content.decode()
        for secret in ("anne.secret@example.be", "+32 470 11 22 33", "rue Privée", "17 mai 2010"):
            assert secret not in html, (url, secret)


def test_the_current_ratings_say_unrated_and_estimated(
    client: Client, club_system: RatingSystem
) -> None:
    """A system the member has no rating in says so; a rating from a period still running
    is marked estimated."""
    member = MemberFactory()
    national = cast(RatingSystem, RatingSystem.objects.exclude(pk=club_system.pk).first())
    RatingSystem.objects.filter(pk=national.pk).update(enabled=True)
    _history(member, club_system, 2, PlayerFactory())
    RatingBatch.objects.filter(changes__player=member.player).update(
        period_end=timezone.localdate() + timedelta(days=30)
    )
    html = client.get(reverse("member", args=[member.pk])).content.decode()
    cards = html[html.index('id="current-ratings"') : html.index('id="chart-title"')]
    assert national.name in cards and ">non classé<" in cards
    assert cards.count(">estimé<") == 1


@pytest.mark.parametrize(
    ("language", "shown", "not_shown"),
    [
        (
            "fr",
            [
                "FRBE-KBSB\xa0: ajustement unique du 1er avril 2024",
                "liste officielle du 1 janvier 2024",
            ],
            ["one-off adjustment", "official list"],
        ),
        (
            "en",
            ["FRBE-KBSB: one-off adjustment of 1 April 2024", "official list of 1 January 2024"],
            ["ajustement", "liste officielle"],
        ),
    ],
)
def test_the_history_names_lists_and_adjustments_in_the_pages_language(
    client: Client, language: str, shown: list[str], not_shown: list[str]
) -> None:
    """The replay stores a batch's label in English; the page shows an official list's and
    the federation's adjustment's in the visitor's language (a real replay of the Belgian
    system across its April 2024 adjustment, with a list of 1 January 2024)."""
    from ratings.services import recalculate
    from tests.ratings.test_replay_rows import build_history

    build_history()
    frbe = RatingSystem.objects.get(engine="frbe")
    player = Player.objects.get(last_name="Rows01")  # rated 1450: under the threshold
    frbe.official.create(player=player, list_date=date(2024, 1, 1), rating=1460, source="FRBE")
    recalculate(frbe)
    member = MemberFactory(player=player)
    kinds = set(RatingChange.objects.filter(player=player).values_list("batch__kind", flat=True))
    assert {RatingBatch.Kind.OFFICIAL, RatingBatch.Kind.ADJUSTMENT} <= kinds
    prefix = "" if language == "fr" else "/en"
    page = client.get(f"{prefix}{reverse('member', args=[member.pk])}").content.decode()
    for text in shown:
        assert text in page
    for text in not_shown:
        assert text not in page


@pytest.mark.postgresql
def test_on_postgresql_a_page_asked_again_runs_its_queries_prepared(client: Client) -> None:
    """The settings bind parameters on the server and prepare a statement run a second
    time: the second visit of a member's page finds its queries prepared by PostgreSQL
    (parsed and planned once), and answers the same page."""
    assert connection.vendor == "postgresql"
    member = MemberFactory()
    GameFactory(white=member.player, result="1-0")
    url = reverse("member", args=[member.pk])
    first = client.get(url)
    with CaptureQueriesContext(connection) as queries:
        second = client.get(url)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE from_sql = false")
        prepared = {row[0] for row in cursor.fetchall()}
    # each query named by its first columns (the rest differs: $1 where the log shows 1)
    page_queries = [q["sql"][:60] for q in queries.captured_queries]
    # the member with their latest games, the systems, the member's summaries
    assert len(page_queries) == MEMBER_PAGE_QUERIES
    for query in page_queries:
        assert [sql for sql in prepared if sql.startswith(query) and "$1" in sql], query
    assert second.content == first.content


FEDERATION_LISTS = Path(__file__).resolve().parents[1] / "ratings" / "data" / "lists"


def _decrops() -> tuple[Member, Player]:
    """Ruben Decrop, a member, and Benjamin Decrop, by their national IDs in the
    federation's list of January 2022 (PLAYER_202201.ZIP: 2012 and 2190)."""
    ruben = PlayerFactory(first_name="Ruben", last_name="Decrop", national_id="45608")
    benjamin = PlayerFactory(first_name="Benjamin", last_name="Decrop", national_id="28436")
    Player.objects.filter(pk__in=[ruben.pk, benjamin.pk]).update(
        federation="BEL", national_id_federation="BEL"
    )
    return MemberFactory(player=ruben), benjamin


def _import_january_2022() -> None:
    from ratings.list_import import import_list_file

    import_list_file("frbe", FEDERATION_LISTS / "PLAYER_202201.ZIP", list_date=date(2022, 1, 1))


def _rated_after_january_2022(white: Player, black: Player, result: str) -> None:
    """The list of January 2022 imported and replayed, then ``white`` and ``black``'s
    game of 14 January and the recalculation."""
    with replayed():
        _import_january_2022()
    event = EventFactory(
        title="Open de janvier",
        start=datetime(2022, 1, 14, 18, tzinfo=UTC),
        time_control=Event.TimeControl.STANDARD,
        status=Event.Status.CLOSED,
    )
    GameFactory(round=RoundFactory(event=event), white=white, black=black, result=result)
    recalculate_all()


def test_the_member_page_shows_the_federations_figure_and_the_games_that_differ(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    """The federation's list of January 2022 gives Ruben 2012; on 14 January he beats
    Benjamin (2190): difference 178, FIDE's table 0.27 for the lower rated, K 12 (more
    than 300 games, above 2000): 12 × 0.73 = 8.76, the rating 2020.76 rounded: 2021. His
    page shows 2021, the list's 2012 beside it, and why: the period's +9."""
    member, benjamin = _decrops()
    _rated_after_january_2022(member.player, benjamin, "1-0")
    url = reverse("member", args=[member.pk])
    with django_assert_num_queries(MEMBER_PAGE_QUERIES):
        page = client.get(url).content.decode()
    cards = page[page.index('id="current-ratings"') : page.index("</section>")]
    frbe = cards[cards.index("Elo FRBE-KBSB") :]
    assert ">2021<" in frbe
    assert "Liste publiée en janvier 2022\u00a0: <strong>2012</strong>" in frbe
    assert "Le site y ajoute +9" in frbe
    period = frbe[frbe.index("<li>") : frbe.index("</li>")]
    assert period.endswith("+9") and "Elo FRBE-KBSB" in period
    assert "fide-rating-taken" not in frbe  # a Belgian: the list rates his games


def test_a_player_of_another_fide_federation_is_told_the_list_gives_his_fide_rating(
    client: Client,
) -> None:
    """Anish Giri (matricule 12380) plays for the Netherlands at FIDE: the federation's
    lists give such players their FIDE rating (in April 2022, 282 of the 298 players whose
    published rating is not what their games give, docs/ratings/frbe.md). Listed at 2772
    in January 2022, he loses to Benjamin Decrop (2190); his page says why the list's
    figure is not the site's."""
    _ruben, benjamin = _decrops()
    giri = PlayerFactory(first_name="Anish", last_name="Giri", national_id="12380")
    Player.objects.filter(pk=giri.pk).update(federation="NED", national_id_federation="BEL")
    member = MemberFactory(player=giri)
    _rated_after_january_2022(giri, benjamin, "0-1")
    page = client.get(reverse("member", args=[member.pk])).content.decode()
    cards = page[page.index('id="current-ratings"') : page.index("</section>")]
    frbe = cards[cards.index("Elo FRBE-KBSB") :]
    assert "Liste publiée en janvier 2022\u00a0: <strong>2772</strong>" in frbe
    assert (
        "La liste de la fédération donne aux joueurs d'une autre fédération FIDE leur "
        "classement FIDE." in frbe
    )


def test_the_member_page_says_when_the_site_shows_the_lists_figure_or_has_not_caught_up(
    client: Client,
) -> None:
    """Imported without its replay, the list is not in the history yet: the page says so;
    once replayed, with no game since, the site shows the federation's figure."""
    member, _benjamin = _decrops()
    url = reverse("member", args=[member.pk])
    _import_january_2022()  # its replay queued, not run
    page = client.get(url).content.decode()
    assert "Liste publiée en janvier 2022\u00a0: <strong>2012</strong>" in page
    assert "pas encore de cette liste" in page
    recalculate_all()
    page = client.get(url).content.decode()
    assert "Le site montre le chiffre de la fédération." in page
    assert "pas encore de cette liste" not in page
