"""Public pages come from the cache for anonymous visitors and are forgotten as soon as a
write commits: in this process, in a transaction, through the desk, or in another process.
The tests commit (transactional database), since the cache follows committed writes."""

import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries, Settings

from club.models import Event, Game, Member, Result
from lib import page_cache
from tests.club.factories import GameFactory, MemberFactory
from tests.other_processes import ROOT, caches_in, environment

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def page_caches(settings: Settings, tmp_path: Path) -> dict[str, str]:
    """The page cache on, in files of its own, as worker processes share it."""
    settings.PAGE_CACHE_ENABLED = True
    return caches_in(tmp_path, settings, "pages", "page-generation")


@pytest.fixture
def member() -> Member:
    return MemberFactory(player__first_name="Alice", player__last_name="Martin")


def test_the_second_anonymous_visit_is_served_from_the_cache_without_a_query(
    client: Client, member: Member, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    url = reverse("member", args=[member.pk])
    first = client.get(url)
    assert first.status_code == 200 and first[page_cache.HEADER] == "miss"
    with django_assert_num_queries(0):
        second = client.get(url)
    assert second[page_cache.HEADER] == "hit"
    assert second.content == first.content
    assert second["Content-Security-Policy"] == first["Content-Security-Policy"]
    assert "Alice" in second.content.decode()


def test_a_committed_write_forgets_the_pages(client: Client, member: Member) -> None:
    url = reverse("member", args=[member.pk])
    client.get(url)
    type(member.player).objects.filter(pk=member.player.pk).update(first_name="Béatrice")
    response = client.get(url)
    assert response[page_cache.HEADER] == "miss"
    assert "Béatrice" in response.content.decode()


def test_a_transaction_forgets_the_pages_when_it_commits_and_only_then(member: Member) -> None:
    before = page_cache.generation()
    with transaction.atomic():
        member.player.first_name = "Chloé"
        member.player.save()
        assert page_cache.generation() == before  # nothing visible to others yet
    after = page_cache.generation()
    assert after != before

    with pytest.raises(RuntimeError), transaction.atomic():
        member.player.first_name = "Denise"
        member.player.save()
        raise RuntimeError("rolled back")
    assert page_cache.generation() == after


def test_a_login_writes_a_session_and_forgets_nothing(client: Client, member: Member) -> None:
    User.objects.create_user("alice", password="correct horse battery")
    before = page_cache.generation()
    response = client.post(
        reverse("login"), {"username": "alice", "password": "correct horse battery"}
    )
    assert response.status_code == 302
    assert page_cache.generation() == before


def test_a_result_saved_at_the_desk_shows_at_once_on_the_public_event_page(client: Client) -> None:
    game = GameFactory(
        round__event__status=Event.Status.ONGOING,
        white__last_name="Blanc",
        black__last_name="Noir",
    )
    url = reverse("event", args=[game.round.event.pk])
    assert "1-0" not in client.get(url).content.decode()
    assert client.get(url)[page_cache.HEADER] == "hit"

    secretary = User.objects.create_user("secretaire", password="x")
    secretary.groups.add(Group.objects.get(name="secretaries"))
    desk = type(client)()
    desk.force_login(secretary)
    saved = desk.post(
        reverse("desk:save_result", args=[game.pk]), {"result": "1", "version": game.version}
    )
    assert saved.status_code == 200
    assert Game.objects.get(pk=game.pk).result == Result.WHITE_WINS

    response = client.get(url)
    assert response[page_cache.HEADER] == "miss"
    assert "1-0" in response.content.decode()


def test_signed_in_visitors_and_pages_that_set_cookies_are_never_cached(
    client: Client, member: Member
) -> None:
    url = reverse("member", args=[member.pk])
    client.get(url)
    user = User.objects.create_user("bob", password="x")
    client.force_login(user)
    response = client.get(url)
    assert page_cache.HEADER not in response
    assert f'action="{reverse("logout")}"' in response.content.decode()  # bob's own menu

    client.logout()
    for _ in range(2):
        login_page = client.get(reverse("login"))
        assert login_page.status_code == 200
        assert page_cache.HEADER not in login_page  # it sets the CSRF cookie


@pytest.mark.postgresql
def test_a_write_in_another_process_forgets_the_pages(
    client: Client, member: Member, page_caches: dict[str, str]
) -> None:
    """A management command, the task worker or another gunicorn worker: any process."""
    url = reverse("member", args=[member.pk])
    client.get(url)
    assert client.get(url)[page_cache.HEADER] == "hit"
    subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from club.models import Player; "
            f"Player.objects.filter(pk={member.player.pk}).update(first_name='Élodie')",
        ],
        cwd=ROOT,
        env=environment(**page_caches),
        check=True,
    )
    response = client.get(url)
    assert response[page_cache.HEADER] == "miss"
    assert "Élodie" in response.content.decode()


def test_a_cache_out_of_order_costs_speed_never_a_page_or_a_write(
    client: Client,
    member: Member,
    settings: Settings,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    caches_in(not_a_folder, settings, "pages", "page-generation")
    url = reverse("member", args=[member.pk])
    response = client.get(url)
    assert response.status_code == 200 and page_cache.HEADER not in response
    assert "The page cache cannot be read" in caplog.text
    type(member.player).objects.filter(pk=member.player.pk).update(first_name="Flore")
    assert "could not be made out of date after a write" in caplog.text
    assert "Flore" in client.get(url).content.decode()


def test_unknown_query_parameters_make_no_new_cache_entries(
    client: Client, member: Member, page_caches: dict[str, str]
) -> None:
    url = reverse("member", args=[member.pk])
    folder = page_caches["PAGE_CACHE_LOCATION"]

    def entries() -> int:
        return len(list(Path(folder).glob("*.djcache")))

    client.get(url)
    kept = entries()
    for n in range(5):
        response = client.get(f"{url}?x{n}={n}")
        assert response.status_code == 200 and page_cache.HEADER not in response
    response = client.get(f"{url}?page=1&page=2")
    assert response.status_code == 200 and page_cache.HEADER not in response
    assert entries() == kept
    calendar = client.get(reverse("calendar"), {"mois": "2026-11"})
    assert calendar[page_cache.HEADER] == "miss"  # the parameters pages read are kept
    assert client.get(reverse("calendar"), {"mois": "2026-11"})[page_cache.HEADER] == "hit"


def test_head_is_answered_like_get_without_a_body(client: Client, member: Member) -> None:
    for url in (reverse("home"), reverse("member", args=[member.pk]), reverse("contact")):
        get, head = client.get(url), client.head(url)
        assert head.status_code == get.status_code == 200
        assert head["Content-Type"] == get["Content-Type"]
        assert head.content == b""


def test_the_file_cache_looks_whether_it_is_full_once_in_a_hundred_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Django's file cache lists its folder at every write: with a club's pages in it, more
    than the page costs to make. Ours looks once every CULL_EVERY writes, and still
    removes files when the folder is full."""
    cache = page_cache.FileCache(str(tmp_path), {"OPTIONS": {"MAX_ENTRIES": 150}})
    listings: list[int] = []
    listed = cache._list_cache_files  # type: ignore[attr-defined]  # not in django-stubs

    def counted() -> list[str]:
        listings.append(1)
        return list(listed())

    monkeypatch.setattr(cache, "_list_cache_files", counted)
    for n in range(250):
        cache.set(f"page-{n}", b"x" * 100)
    assert len(listings) == 2  # at the 100th and the 200th write
    assert len(list(tmp_path.glob("*.djcache"))) < 250  # the 200th found 199: a third gone
