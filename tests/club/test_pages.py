"""What each write forgets of the cached public pages, declared once in ``club.pages``:
the rows a write saves or deletes, whoever writes them (a service, the admin site, the
shell), forget the pages showing them when the transaction commits; taking an event's
lock forgets nothing. The tests commit (transactional database) and read the cache's
answer in the ``X-Page-Cache`` header."""

from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.apps import apps
from django.db import transaction
from django.db.models.signals import post_save, pre_delete, pre_save
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import Settings

from club import event_state, pages
from club.models import Article, Game, Member, Result
from lib import page_cache
from tests.club.factories import GameFactory, MemberFactory
from tests.other_processes import caches_in

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _page_cache(settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.PAGE_CACHE_ENABLED = True
    caches_in(tmp_path, settings, "pages", "page-generation")
    monkeypatch.setattr(page_cache, "RACE_SECONDS", 0.0)


def answer(client: Client, url: str) -> str | None:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get(page_cache.HEADER)


def cached(client: Client, *urls: str) -> None:
    for url in urls:
        client.get(url)
        assert answer(client, url) == "hit", url


@pytest.fixture
def two_events() -> tuple[Game, Game]:
    """Two events of 2026, a game each, all four players members."""
    games = [
        GameFactory(
            round__event__start=datetime(2026, month, 5, 18, tzinfo=UTC),
            round__event__end=datetime(2026, month, 5, 22, tzinfo=UTC),
            white__last_name=f"Blanc{month}",
            black__last_name=f"Noir{month}",
        )
        for month in (3, 4)
    ]
    for game in games:
        MemberFactory(player=game.white)
        MemberFactory(player=game.black)
    return games[0], games[1]


def _event(game: Game) -> str:
    return reverse("event", args=[game.round.event_id])


def _member(player_id: int) -> str:
    return reverse("member", args=[Member.objects.get(player_id=player_id).pk])


def test_every_model_a_page_shows_has_its_receivers() -> None:
    for label in pages.SCOPES:
        model = apps.get_model(label)
        assert post_save.has_listeners(model) or pre_save.has_listeners(model), label
        assert pre_delete.has_listeners(model), label


def test_a_player_renamed_by_a_plain_save_forgets_the_events_showing_them(
    client: Client, two_events: tuple[Game, Game]
) -> None:
    """No service involved (the shell, a script): the receiver maps the row."""
    played, other = two_events
    cached(client, _event(played), _event(other), _member(played.white_id))
    renamed = played.white
    renamed.last_name = "Renommé"
    renamed.save()
    assert answer(client, _event(played)) == "miss"
    assert "Renommé" in client.get(_event(played)).content.decode()
    assert answer(client, _member(played.white_id)) == "miss"
    assert answer(client, _event(other)) == "hit"


def test_a_player_saved_without_a_change_other_pages_show_keeps_their_events(
    client: Client, two_events: tuple[Game, Game]
) -> None:
    played, _other = two_events
    cached(client, _event(played), _member(played.white_id))
    player = played.white
    player.national_id = "12345"  # shown on no public page
    player.save()
    assert answer(client, _event(played)) == "hit"
    assert answer(client, _member(played.white_id)) == "miss"


def test_a_result_saved_through_the_orm_forgets_its_event_and_players_only(
    client: Client, two_events: tuple[Game, Game]
) -> None:
    played, other = two_events
    urls = [_event(played), _member(played.white_id), _member(played.black_id)]
    cached(client, *urls, _event(other), _member(other.white_id))
    played.result = Result.DRAW
    played.save()
    for url in urls:
        assert answer(client, url) == "miss", url
    assert answer(client, _event(other)) == "hit"
    assert answer(client, _member(other.white_id)) == "hit"


def test_a_game_deleted_forgets_its_event_and_players(
    client: Client, two_events: tuple[Game, Game]
) -> None:
    played, other = two_events
    played.result = Result.WHITE_WINS
    played.save()
    urls = [_event(played), _member(played.white_id)]
    cached(client, *urls, _event(other))
    Game.objects.filter(pk=played.pk).delete()
    for url in urls:
        assert answer(client, url) == "miss", url
    assert answer(client, _event(other)) == "hit"


def test_taking_an_events_lock_without_writing_forgets_nothing(
    client: Client, two_events: tuple[Game, Game]
) -> None:
    played, _other = two_events
    cached(client, _event(played))
    with transaction.atomic():
        event_state.lock_row(played.round.event_id, event_state.Write.RESULT)
    assert answer(client, _event(played)) == "hit"


def test_a_save_rolled_back_forgets_nothing(client: Client, two_events: tuple[Game, Game]) -> None:
    played, _other = two_events
    cached(client, _event(played), _member(played.white_id))
    with pytest.raises(RuntimeError), transaction.atomic():
        played.white.last_name = "Jamais"
        played.white.save()
        raise RuntimeError("rolled back")
    assert answer(client, _event(played)) == "hit"
    assert answer(client, _member(played.white_id)) == "hit"


def test_an_article_published_in_the_shell_shows_on_the_articles_page(client: Client) -> None:
    cached(client, reverse("articles"))
    Article.objects.create(
        title="Tournoi de printemps", slug="printemps", body="Inscrivez-vous.",
        published_at=timezone.now(),
    )  # fmt: skip
    response = client.get(reverse("articles"))
    assert response.get(page_cache.HEADER) == "miss"
    assert "Tournoi de printemps" in response.content.decode()


def test_an_update_without_a_signal_forgets_what_it_declares(
    client: Client, two_events: tuple[Game, Game]
) -> None:
    """``QuerySet.update`` sends no signal: the write declares its rows once."""
    played, other = two_events
    cached(client, _member(played.black_id), _member(other.black_id))
    Game.objects.filter(pk=played.pk).update(result=Result.BLACK_WINS)
    assert answer(client, _member(played.black_id)) == "hit"  # undeclared: not seen
    pages.written(played, fields=["result"])
    assert answer(client, _member(played.black_id)) == "miss"
    assert answer(client, _member(other.black_id)) == "hit"
