"""Public pages come from the cache for anonymous visitors, and each is forgotten when what
it shows changes, through the site's write paths, when the write commits (and only then);
other pages stay. The tests commit (transactional database), since the cache follows
committed writes; they read the cache's answer in the ``X-Page-Cache`` header ("hit",
"miss" when the page was made and kept, none when it was made and not kept)."""

import pickle
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries, Settings

from club import pages
from club.models import Event, Game, Member, Result
from desk.services.results import write_result
from lib import page_cache
from public.views import pages as public_pages
from tests.club.factories import GameFactory, MemberFactory
from tests.other_processes import ROOT, caches_in, environment

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def page_caches(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, str]:
    """The page cache on, in files of its own, as worker processes share it; a page made
    right after a write is kept (on one machine, no clocks to disagree)."""
    settings.PAGE_CACHE_ENABLED = True
    monkeypatch.setattr(page_cache, "RACE_SECONDS", 0.0)
    return caches_in(tmp_path, settings, "pages", "page-generation")


@pytest.fixture
def member() -> Member:
    return MemberFactory(player__first_name="Alice", player__last_name="Martin")


def cached(client: Client, url: str) -> str | None:
    """What the cache did for ``url``: "hit", "miss" (made and kept), None (not kept)."""
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get(page_cache.HEADER)


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


@pytest.fixture
def evening() -> dict[str, Game]:
    """A results evening: tonight's event on the home page, with two boards; another event
    tonight; and an event of 2020 that the home page no longer shows (five tournaments
    finished since)."""
    now = timezone.now()
    tonight = {
        "round__event__status": Event.Status.ONGOING,
        "round__event__kind": Event.Kind.RAPID,
        "round__event__start": now - timedelta(hours=1),
        "round__event__end": now + timedelta(hours=3),
    }
    game = GameFactory(**tonight, white__last_name="Blanc", black__last_name="Noir")
    board_2 = GameFactory(round=game.round)
    other = GameFactory(**tonight)
    old = GameFactory(
        round__event__status=Event.Status.ONGOING,
        round__event__start=datetime(2020, 1, 10, 18, tzinfo=UTC),
        round__event__end=datetime(2020, 1, 10, 22, tzinfo=UTC),
    )
    for month in range(1, 6):
        GameFactory(
            round__event__start=datetime(2026, month, 5, 18, tzinfo=UTC),
            round__event__end=datetime(2026, month, 5, 22, tzinfo=UTC),
        )
    for player in (game.white, game.black, board_2.white, other.white, old.white):
        MemberFactory(player=player)
    return {"game": game, "board_2": board_2, "other": other, "old": old}


def _member_url(game: Game, colour: str) -> str:
    return reverse("member", args=[getattr(game, colour).membership.pk])


def test_a_saved_result_forgets_the_pages_that_show_it_and_keeps_the_others(
    client: Client, evening: dict[str, Game]
) -> None:
    game, board_2, other = evening["game"], evening["board_2"], evening["other"]
    forgotten = {
        "the event": reverse("event", args=[game.round.event_id]),
        "the game": reverse("game", args=[game.pk]),
        "white's page": _member_url(game, "white"),
        "black's page": _member_url(game, "black"),
        "the home page, which shows the event": reverse("home"),
        "the calendar, which shows the event": reverse("calendar"),
        "the latest games": reverse("games"),
    }
    kept = {
        "another event": reverse("event", args=[other.round.event_id]),
        "a player of another board": _member_url(board_2, "white"),
        "a player of another event": _member_url(other, "white"),
        "the members": reverse("members"),
        "the articles": reverse("articles"),
    }
    for url in [*forgotten.values(), *kept.values()]:
        cached(client, url)
        assert cached(client, url) == "hit", url

    write_result(game.pk, Result.WHITE_WINS)

    for what, url in forgotten.items():
        assert cached(client, url) == "miss", what
    for what, url in kept.items():
        assert cached(client, url) == "hit", what
    assert "1-0" in client.get(forgotten["the event"]).content.decode()


def test_a_result_of_an_event_the_home_page_does_not_show_keeps_the_home_page(
    client: Client, evening: dict[str, Game]
) -> None:
    old = evening["old"]
    home, event = reverse("home"), reverse("event", args=[old.round.event_id])
    assert old.round.event.title not in client.get(home).content.decode()
    for url in (home, event):
        cached(client, url)
    write_result(old.pk, Result.DRAW)
    assert cached(client, home) == "hit"
    assert cached(client, event) == "miss"


def test_a_rolled_back_write_forgets_nothing(client: Client, evening: dict[str, Game]) -> None:
    game = evening["game"]
    urls = [reverse("event", args=[game.round.event_id]), _member_url(game, "white")]
    for url in urls:
        cached(client, url)
    with pytest.raises(RuntimeError), transaction.atomic():
        write_result(game.pk, Result.BLACK_WINS)
        raise RuntimeError("rolled back")
    for url in urls:
        assert cached(client, url) == "hit"
    assert Game.objects.get(pk=game.pk).result == ""


def test_a_write_forgets_when_it_commits_not_before(client: Client, member: Member) -> None:
    """Until the commit, other visitors still read the old data: the pages stay; from the
    commit, they are forgotten."""
    url = reverse("member", args=[member.pk])
    cached(client, url)
    with transaction.atomic():
        page_cache.forget(pages.player(member.player_id))
        assert cached(client, url) == "hit"
    assert cached(client, url) == "miss"


def test_a_page_made_while_a_write_committed_is_not_kept(
    client: Client, member: Member, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page that read the data before a write committed, and the versions after, would be
    kept with the new versions and the old data: a page is not kept (by us or a proxy) when
    what it shows was forgotten after it began. Here the write commits while the member's
    page is being made, between its reading of the member and of their history."""
    url = reverse("member", args=[member.pk])
    history = public_pages.member_history

    def written_meanwhile(*args: object) -> object:
        page_cache.forget(pages.player(member.player_id))  # outside a transaction: now
        return history(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(public_pages, "member_history", written_meanwhile)
    response = client.get(url)
    assert response.status_code == 200 and page_cache.HEADER not in response
    assert "public" not in response.get("Cache-Control", "")
    monkeypatch.setattr(public_pages, "member_history", history)  # no write any more
    assert cached(client, url) == "miss"
    assert cached(client, url) == "hit"


def test_public_pages_say_a_proxy_may_keep_them_briefly_and_private_ones_not(
    client: Client, member: Member, settings: Settings
) -> None:
    settings.PAGE_CACHE_MAX_AGE = 45
    url = reverse("member", args=[member.pk])
    for _ in ("miss", "hit"):
        assert client.get(url)["Cache-Control"] == "public, max-age=45"

    user = User.objects.create_user("bob", password="x")
    client.force_login(user)
    response = client.get(url)  # bob's own menu in it
    assert page_cache.HEADER not in response
    assert f'action="{reverse("logout")}"' in response.content.decode()
    directives = {d.strip() for d in response["Cache-Control"].split(",")}
    assert {"private", "no-store"} <= directives and "public" not in directives

    client.logout()
    login_page = client.get(reverse("login"))  # sets the CSRF cookie
    assert page_cache.HEADER not in login_page
    assert "public" not in login_page.get("Cache-Control", "")
    assert "private" in login_page["Cache-Control"]


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
            "from club.models import Member; "
            "from desk.services.members import save_member; "
            f"m = Member.objects.get(pk={member.pk}); m.player.first_name = 'Élodie'; "
            "save_member(m.player, m, None)",
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
    write_result(GameFactory(white=member.player).pk, Result.DRAW)
    assert "could not be made out of date after a write" in caplog.text
    assert "½-½" in client.get(url).content.decode()


def test_unknown_query_parameters_are_served_the_pages_copy_and_make_no_entries(
    client: Client, member: Member, page_caches: dict[str, str]
) -> None:
    """A made-up parameter (``?x=N``) neither bypasses the cache nor fills it: the copy
    is keyed by the parameters pages read, each with the value the view reads (the last)."""
    url = reverse("member", args=[member.pk])
    folder = page_caches["PAGE_CACHE_LOCATION"]

    def entries() -> int:
        return len(list(Path(folder).glob("*.cache")))

    assert client.get(url)[page_cache.HEADER] == "miss"
    kept = entries()
    for n in range(5):
        response = client.get(f"{url}?x{n}={n}")
        assert response.status_code == 200 and response[page_cache.HEADER] == "hit"
        assert f"x{n}={n}" not in response.content.decode()  # the language links too
    assert entries() == kept
    assert client.get(f"{url}?page=1&page=2&x=1")[page_cache.HEADER] == "miss"
    assert client.get(f"{url}?page=2")[page_cache.HEADER] == "hit"  # the value read: the last
    assert client.get(f"{url}?x=2&page=2&page=2")[page_cache.HEADER] == "hit"
    assert entries() == kept + 1
    calendar = client.get(reverse("calendar"), {"mois": "2026-11"})
    assert calendar[page_cache.HEADER] == "miss"  # the parameters pages read are kept
    assert client.get(reverse("calendar"), {"mois": "2026-11"})[page_cache.HEADER] == "hit"
    assert client.get(reverse("calendar"), {"mois": "2026-12"})[page_cache.HEADER] == "miss"


def test_a_page_that_does_not_say_what_it_shows_is_never_kept(
    client: Client, member: Member, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The middleware could not know when to forget it."""
    url = reverse("member", args=[member.pk])
    monkeypatch.setattr(page_cache, "shows", lambda *scopes: None)
    for _ in range(2):
        response = client.get(url)
        assert response.status_code == 200 and page_cache.HEADER not in response
        assert "public" not in response.get("Cache-Control", "")


def test_head_is_answered_like_get_without_a_body(client: Client, member: Member) -> None:
    for url in (reverse("home"), reverse("member", args=[member.pk]), reverse("contact")):
        get, head = client.get(url), client.head(url)
        assert head.status_code == get.status_code == 200
        assert head["Content-Type"] == get["Content-Type"]
        assert head.content == b""


def test_a_copy_made_after_the_latest_write_is_served_without_reading_its_scopes(
    client: Client, evening: dict[str, Game], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The calendar shows every event of its month, a scope each: served after one read
    while nothing was forgotten since it was made; once anything is, its scopes are read
    once (and it stays served while none of them changed)."""
    game, other = evening["game"], evening["other"]
    url = reverse("calendar")
    write_result(other.pk, Result.DRAW)  # a write before the copy is made
    assert cached(client, url) == "miss"
    read: list[list[str]] = []
    versions = page_cache.caches["page-generation"]
    get_many = versions.get_many

    def counted(keys: list[str], version: int | None = None) -> dict[str, object]:
        read.append(keys)
        return get_many(keys, version=version)

    monkeypatch.setattr(versions, "get_many", counted)
    assert cached(client, url) == "hit" and read == []

    page_cache.forget(pages.player(game.white_id))  # not shown by the calendar
    assert cached(client, url) == "hit"
    assert len(read) == 1 and page_cache._key(pages.event(game.round.event_id)) in read[0]
    assert cached(client, url) == "hit" and len(read) == 1  # vouched for since: one read

    page_cache.forget(pages.event(game.round.event_id))  # shown by it
    assert cached(client, url) == "miss"
    versions.delete(page_cache.LATEST)  # dropped by the cache: the scopes are read again
    read.clear()
    assert cached(client, url) == "hit" and len(read) == 1


def test_a_copy_kept_by_an_earlier_version_is_made_again_without_an_error(
    client: Client, member: Member, caplog: pytest.LogCaptureFixture
) -> None:
    """Copies outlive a deployment (Redis keeps them as they were): one in the layout of
    the version before (its versions as a dict, not pickled apart) is made afresh and kept
    anew, and nothing is logged as a fault of the cache."""
    url = reverse("member", args=[member.pk])
    assert cached(client, url) == "miss"
    pages_cache = page_cache.caches["pages"]
    key = page_cache._address(_request(url))
    made, kept, status, headers, _content = pages_cache.get(key)
    older = (made, pickle.loads(kept), status, headers, b"an older copy")
    pages_cache.set(key, older)
    response = client.get(url)
    assert response.get(page_cache.HEADER) == "miss" and b"an older copy" not in response.content
    assert "Alice" in response.content.decode()
    assert not [r for r in caplog.records if r.name == "lib.page_cache"]
    assert cached(client, url) == "hit"


def _request(url: str) -> HttpRequest:
    return RequestFactory().get(url)
