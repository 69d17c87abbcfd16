"""The first page of each player's games, kept for their member page
(``club.latest_games``): every write that changes it writes it again in its own
transaction (a result, a round's date, an event's title or publicity, an opponent's name,
two records merged); a game deleted leaves it out of date, and the page then reads the
games; what is kept is what the games give, line for line."""

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from club import latest_games
from club.models import Event, Game, LatestGames, Member, Player, Result
from desk.services.events import save_event
from desk.services.merge import merge_players
from desk.services.results import write_result
from tests.club.factories import (
    EventFactory,
    GameFactory,
    MemberFactory,
    PlayerFactory,
    RoundFactory,
)
from tests.pages import MEMBER_PAGE_QUERIES

pytestmark = pytest.mark.django_db


def _kept(player: Player) -> list[list[object]] | None:
    row = LatestGames.objects.filter(player=player).first()
    return None if row is None else row.lines


def _as_read(player: Player) -> list[list[object]]:
    """The first page read from the games, as a page without a kept one reads it."""
    return latest_games.kept(player.pk, None)


@pytest.fixture
def anne() -> Member:
    return MemberFactory(player__first_name="Anne", player__last_name="Lecomte")


@pytest.fixture
def bruno() -> Player:
    return PlayerFactory(first_name="Bruno", last_name="Dupont")


def test_a_result_written_at_the_desk_is_kept_for_both_players_pages(
    client: Client, anne: Member, bruno: Player, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    game = GameFactory(white=anne.player, black=bruno, round__event__title="Rapide d'hiver")
    assert _kept(anne.player) is None and _kept(bruno) is None  # no result: nothing shown
    write_result(game.pk, Result.WHITE_WINS)
    event = game.round.event_id
    # 2 October 2026, 18:00 UTC: 20:00 in Brussels, the same day; then its place among
    # the player's games: the event's start (POSIX), the round, the board
    line = [game.pk, event, "1-0", "2026-10-02", "Anne Lecomte", "Bruno Dupont"]
    place = [datetime(2026, 10, 2, 18, tzinfo=UTC).timestamp(), 1, game.board]
    assert _kept(anne.player) == [[*line, "Rapide d'hiver", {}, False, *place]]
    assert _kept(bruno) == _kept(anne.player)
    write_result(game.pk, pgn="1. e4 e5 2. Nf3 1-0")
    assert _kept(anne.player) == [[*line, "Rapide d'hiver", {}, True, *place]]
    # the member's page reads them with the member: no query of the games
    with django_assert_num_queries(MEMBER_PAGE_QUERIES):
        page = client.get(reverse("member", args=[anne.pk])).content.decode()
    assert f'href="{reverse("game", args=[game.pk])}">1-0</a>' in page
    assert "Bruno Dupont" in page and "Rapide d&#x27;hiver" in page


def test_a_page_keeps_the_latest_ten_and_one_more(anne: Member, bruno: Player) -> None:
    """Twelve games, one a round: eleven kept, newest first (the page shows ten and
    knows of older ones)."""
    event = EventFactory()
    games = []
    for number in range(1, 13):
        round_ = RoundFactory(event=event, number=number)
        games.append(GameFactory(round=round_, white=anne.player, black=bruno, result="1-0"))
    kept = _kept(anne.player)
    assert kept is not None
    assert [line[0] for line in kept] == [g.pk for g in reversed(games)][:11]
    assert kept == _as_read(anne.player)


def test_a_result_writes_only_the_pages_it_changes(
    anne: Member, bruno: Player, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    """A result of a private event's game asks nothing (no page holds its games); one of
    a game older than the pages' eleven lines reads them and writes none; the newest
    game's reads them and writes both."""
    event = EventFactory()
    games = [
        GameFactory(round=RoundFactory(event=event, number=n), white=anne.player, black=bruno)
        for n in range(1, 14)
    ]
    for game in games:
        write_result(game.pk, Result.WHITE_WINS)
    kept = _kept(anne.player)
    private = GameFactory(white=anne.player, black=bruno, round__event__public=False)
    oldest, newest = games[0], games[-1]
    for written, queries in ((private, 0), (oldest, 1), (newest, 2)):
        Game.objects.filter(pk=written.pk).update(result=Result.BLACK_WINS)
        game = Game.objects.select_related("round__event", "white", "black").get(pk=written.pk)
        with django_assert_num_queries(queries):
            latest_games.results_written([game])
    assert _kept(anne.player) != kept and _kept(anne.player) == _as_read(anne.player)
    assert _kept(bruno) == _as_read(bruno)


def test_an_event_renamed_moved_or_made_private_by_its_form_is_kept_so(
    anne: Member, bruno: Player
) -> None:
    game = GameFactory(white=anne.player, black=bruno, result="0-1")
    event = game.round.event
    event.title, event.translated_titles = "Open de Wavre", {"nl": "Open van Waver"}
    event.start = datetime(2026, 9, 30, 23, 30, tzinfo=UTC)  # 1 October in Brussels
    save_event(event, None)
    (line,) = _kept(anne.player) or []
    assert line[3:10] == ["2026-10-01", "Anne Lecomte", "Bruno Dupont", "Open de Wavre",
                          {"nl": "Open van Waver"}, False, event.start.timestamp()]  # fmt: skip
    event.public = False
    save_event(event, None)
    assert _kept(anne.player) == [] and _kept(bruno) == []


def test_a_round_moved_to_another_day_is_kept_so(anne: Member, bruno: Player) -> None:
    game = GameFactory(white=anne.player, black=bruno, result="1/2-1/2")
    event = Event.objects.get(pk=game.round.event_id)
    save_event(event, None, round_dates={game.round_id: datetime(2026, 10, 9, 19, tzinfo=UTC)})
    (line,) = _kept(bruno) or []
    assert line[2:4] == ["1/2-1/2", "2026-10-09"]


def test_an_opponent_renamed_is_kept_on_the_pages_of_everyone_they_played(
    anne: Member, bruno: Player
) -> None:
    other = MemberFactory()
    GameFactory(white=anne.player, black=bruno, result="1-0")
    GameFactory(white=bruno, black=other.player, result="0-1")
    GameFactory(white=anne.player, black=other.player)  # not played yet
    bruno.last_name = "Dupont-Martin"
    bruno.save()
    for player in (anne.player, bruno, other.player):
        kept = _kept(player)
        assert kept is not None and kept == _as_read(player)
        assert "Bruno Dupont-Martin" in {line[4] for line in kept} | {line[5] for line in kept}
    bruno.national_rating = 1650  # not shown in the games: nothing made again
    bruno.save()
    assert _kept(anne.player) == _as_read(anne.player)
    LatestGames.objects.filter(player=anne.player).update(lines=[])  # a mark a refresh undoes
    bruno.national_rating = 1700
    bruno.save()
    assert _kept(anne.player) == []


def test_a_game_deleted_leaves_the_page_reading_the_games_until_the_next_result(
    client: Client, anne: Member, bruno: Player, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    first = GameFactory(white=anne.player, black=bruno, result="1-0")
    second = GameFactory(white=bruno, black=anne.player, result="1-0")
    deleted = reverse("game", args=[second.pk])
    second.delete()
    assert _kept(anne.player) is None and _kept(bruno) is None  # out of date
    with django_assert_num_queries(MEMBER_PAGE_QUERIES + 1):  # and the games
        page = client.get(reverse("member", args=[anne.pk])).content.decode()
    assert reverse("game", args=[first.pk]) in page
    assert deleted not in page
    write_result(first.pk, Result.DRAW)
    assert _kept(anne.player) == _as_read(anne.player) and len(_as_read(anne.player)) == 1


def test_two_records_merged_keep_the_games_of_both_under_the_one_kept(
    anne: Member, bruno: Player
) -> None:
    twin = PlayerFactory(first_name="Anne", last_name="Lecomte")
    GameFactory(white=anne.player, black=bruno, result="1-0")
    GameFactory(white=twin, black=bruno, result="0-1")
    merge_players(anne.player_id, twin.pk, None)
    kept = _kept(anne.player)
    assert kept is not None and len(kept) == 2 and kept == _as_read(anne.player)
    assert _kept(bruno) == _as_read(bruno)
    unrelated = MemberFactory().player  # played neither: left as kept
    GameFactory(white=unrelated, black=PlayerFactory(), result="1-0")
    LatestGames.objects.filter(player=unrelated).update(lines=[])
    merge_players(anne.player_id, PlayerFactory().pk, None)
    assert _kept(unrelated) == []


def test_the_demo_club_keeps_every_players_first_page_as_its_games_give_it(
    demo_club: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Loaded in bulk, then kept in one pass (``rebuild``); a database of before they were
    kept, or with rows out of date, gets them after ``migrate``: by their players' ids, or
    all in one pass when many are missing."""
    players = list(Player.objects.order_by("pk"))
    assert all(_kept(p) == _as_read(p) for p in players)
    assert sum(len(_kept(p) or []) == 11 for p in players) > 10  # players with older games
    played = [p for p in players if _as_read(p)]
    LatestGames.objects.filter(player__in=played[:5]).delete()
    LatestGames.objects.filter(player__in=played[5:10]).update(lines=None)
    call_command("migrate", verbosity=0)
    assert all(_kept(p) == _as_read(p) for p in played[:10])
    monkeypatch.setattr(latest_games, "REBUILT_AFTER_MIGRATING", 5)
    LatestGames.objects.all().delete()
    call_command("migrate", verbosity=0)
    assert all(_kept(p) == _as_read(p) for p in players)


def test_a_backup_leaves_the_kept_games_out(demo_club: None, tmp_path: Path) -> None:
    """Every game goes into the file, none of the pages kept from them (``restore_club``
    makes them again: tests/lib/test_backup.py compares the pages restored)."""
    backup = tmp_path / "club.json"
    call_command("export_club", str(backup), verbosity=0)
    models = [item["model"] for item in json.loads(backup.read_text())["objects"]]
    assert models.count("club.game") == Game.objects.count() > 0
    assert "club.latestgames" not in models and LatestGames.objects.exists()


def test_results_written_in_any_order_keep_each_page_as_the_games_give_it(
    anne: Member,
) -> None:
    """Thirty games of Anne's over three events (two of them the same evening), their
    results typed, corrected and cleared in a shuffled order: after each write, the pages
    kept for the two players who played it are the ones their games give (a game put in
    its place, a page that lost its eleventh line made again from the games)."""
    rng = random.Random(36)
    others = [PlayerFactory() for _ in range(3)]
    games = []
    for start in (datetime(2026, 9, 4, 18, tzinfo=UTC), datetime(2026, 10, 2, 18, tzinfo=UTC)):
        for twin in range(2 if start.month == 10 else 1):
            event = EventFactory(start=start, title=f"Soirée {start:%m}-{twin}")
            for number in range(1, 11 if twin == 0 else 6):
                round_ = RoundFactory(event=event, number=number)
                opponent = others[(number + twin) % 3]
                white, black = (anne.player, opponent) if number % 2 else (opponent, anne.player)
                games.append(GameFactory(round=round_, white=white, black=black))
    writes = [(g, rng.choice(["1-0", "0-1", "1/2-1/2"])) for g in games]
    writes += [(g, rng.choice(["", "0-1"])) for g in rng.sample(games, 12)]
    rng.shuffle(writes)
    for game, result in writes:
        write_result(game.pk, Result(result))
        for player in (game.white, game.black):
            assert _kept(player) == _as_read(player), (game.pk, result)
    assert len(_kept(anne.player) or []) == 11
