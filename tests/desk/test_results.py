"""Result entry (each key saved in place, conflicts, unknown codes, the form without
JavaScript, interclub matches), closing and reopening, and bounded queries."""

import json
import re
from html import unescape
from typing import TYPE_CHECKING, cast

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries

from club.models import ChangeLog, Event, Game, Participant, Player, Result
from desk.services import lifecycle, results
from desk.views import events as views_events
from ratings.models import RatingChange, RatingSystem, ReplayJob
from tests.club.factories import EventFactory, GameFactory, PlayerFactory
from tests.task_worker import replayed

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db
# A board saved at the desk (test settings): the session, the user with their role, the
# transaction's savepoint and its release, the board locked, its event (with whether a
# player reported on the round), the update, the players' latest games (their rows locked
# and read, then written with the game's line in its place: club.latest_games) and the
# audit line
SAVE_QUERIES = 9


def _save(
    client: Client, game: Game, key: str, version: int | None = None
) -> "_MonkeyPatchedWSGIResponse":
    return client.post(
        reverse("desk:save_result", args=[game.pk]),
        {"result": key, "version": game.version if version is None else version},
        headers={"HX-Request": "true"},
    )


@pytest.mark.parametrize(
    ("key", "result"),
    [
        ("1", Result.WHITE_WINS),
        ("=", Result.DRAW),
        ("5", Result.DRAW),
        ("½", Result.DRAW),
        ("0", Result.BLACK_WINS),
        ("+", Result.WHITE_WINS_FORFEIT),
        ("-", Result.BLACK_WINS_FORFEIT),
    ],
)
def test_each_key_saves_its_result_in_place(
    secretary_client: Client, secretary: User, key: str, result: Result
) -> None:
    game = GameFactory()
    response = _save(secretary_client, game, key)
    game.refresh_from_db()
    assert (response.status_code, game.result, game.version) == (200, result, 2)
    assert game.updated_by == secretary
    html = response.content.decode()
    assert 'data-state="saved"' in html and 'class="version" value="2"' in html
    log = ChangeLog.objects.get(action="result")
    assert (log.user, log.details["board"], log.details["result"]) == (
        secretary,
        game.board,
        result,
    )


def test_typing_the_saved_result_again_changes_nothing(secretary_client: Client) -> None:
    game = GameFactory(result=Result.DRAW)
    response = _save(secretary_client, game, "=")
    game.refresh_from_db()
    assert (response.status_code, game.version) == (200, 1)
    assert not ChangeLog.objects.exists()


def test_a_board_saved_by_someone_else_meanwhile_is_a_conflict(
    secretary_client: Client, english: None
) -> None:
    game = GameFactory(board=4)
    results.save_result(game.pk, "1", game.version, None)
    response = _save(secretary_client, game, "0", version=1)
    game.refresh_from_db()
    assert response.status_code == 409
    assert (game.result, game.version) == (Result.WHITE_WINS, 2)  # nothing overwritten
    html = response.content.decode()
    assert "Board 4: someone else saved 1-0 meanwhile. Check, then type again." in html
    assert 'data-state="error"' in html
    # the line shows their result and the version that now lets the secretary correct it
    assert re.search(rf'id="result-{game.pk}"\s+name="result-{game.pk}"\s+value="1"', html)
    assert 'class="version" value="2"' in html
    assert _save(secretary_client, game, "0", version=2).status_code == 200


def test_an_unknown_code_names_the_board_and_saves_nothing(
    secretary_client: Client, english: None
) -> None:
    game = GameFactory(board=7)
    response = _save(secretary_client, game, "x")
    game.refresh_from_db()
    assert response.status_code == 400
    html = response.content.decode()
    assert "Board 7: “x” is not a result: type 1, = (or ½), 0, + or -." in html
    assert re.search(rf'name="result-{game.pk}"\s+value="x"', html)  # what was typed stays
    assert (game.result, game.version) == (Result.PENDING, 1)


def test_a_closed_event_is_corrected_only_after_reopening(
    secretary_client: Client, english: None
) -> None:
    game = GameFactory(result=Result.DRAW, round__event__status=Event.Status.CLOSED)
    response = _save(secretary_client, game, "1")
    assert response.status_code == 400
    assert (
        "The event is closed: reopen it to correct a result (reopening recalculates the "
        "ratings without it until it is closed again)." in response.content.decode()
    )
    page = secretary_client.get(reverse("desk:results", args=[game.round_id]))
    assert "readonly" in page.content.decode()
    game.refresh_from_db()
    assert game.result == Result.DRAW


def _form(games: list[Game], **typed: str) -> dict[str, str]:
    """The page's form as shown, with the fields of ``typed`` (by board) changed: one
    field a board, and the round's versions and keys shown in one."""
    data = {}
    for game in games:
        data[f"result-{game.pk}"] = typed.get(f"b{game.board}", Result(game.result).key)
    boards = {str(g.pk): [g.version, Result(g.result).key] for g in games}
    data["boards"] = json.dumps(boards)
    return data


def test_the_form_without_javascript_saves_the_boards_typed(
    secretary_client: Client, paired_event: Event
) -> None:
    games = list(Game.objects.filter(round__event=paired_event, round__number=1))
    # someone else saved board 3 meanwhile: an untouched field is no conflict
    results.save_result(games[2].pk, "=", 1, None)
    url = reverse("desk:results", args=[games[0].round_id])
    response = secretary_client.post(url, _form(games, b1="1", b2="0"))
    assert response.status_code == 302
    saved = [g.result for g in Game.objects.filter(pk__in=[g.pk for g in games])]
    assert saved == [Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW]


def test_the_form_without_javascript_names_each_board_it_could_not_save(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    games = list(Game.objects.filter(round__event=paired_event, round__number=1))
    url = reverse("desk:results", args=[games[0].round_id])
    response = secretary_client.post(url, _form(games, b1="1", b2="2"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Board 2: “2” is not a result" in html
    assert re.search(rf'name="result-{games[1].pk}"\s+value="2"', html)
    saved = [g.result for g in Game.objects.filter(pk__in=[g.pk for g in games])]
    assert saved == [Result.WHITE_WINS, Result.PENDING, Result.PENDING]


@pytest.fixture
def interclub(db: None) -> Game:
    """Wavre against Namur on two boards; the first is played."""
    event = cast(Event, EventFactory(system=Event.System.MATCH, kind=Event.Kind.INTERCLUB))
    round_ = event.rounds.create(number=1)
    ours, theirs = PlayerFactory.create_batch(2), PlayerFactory.create_batch(2)
    for player in ours:
        Participant.objects.create(event=event, player=player, team="Wavre")
    for player in theirs:
        Participant.objects.create(event=event, player=player, team="Namur")
    Game.objects.create(round=round_, board=1, white=ours[0], black=theirs[0], result="1-0")
    return Game.objects.create(round=round_, board=2, white=theirs[1], black=ours[1])


def test_an_interclub_match_is_entered_board_by_board_by_team(
    secretary_client: Client, interclub: Game, english: None
) -> None:
    response = secretary_client.get(reverse("desk:results", args=[interclub.round_id]))
    html = response.content.decode()
    score = response.context["match"]
    assert (score.home, score.away, score.home_points, score.away_points) == (
        "Wavre",
        "Namur",
        1,
        0,
    )
    assert html.count('class="badge text-bg-light border team">Wavre<') == 2
    saved = _save(secretary_client, interclub, "=").content.decode()
    assert 'id="match-score"' in saved and 'hx-swap-oob="true"' in saved
    assert "1.5 – 0.5" in saved


def test_closing_is_refused_while_results_are_missing(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    Game.objects.filter(round__event=paired_event).exclude(
        round__number=2, board__in=[1, 3]
    ).exclude(round__number=5, board=2).update(result=Result.DRAW)
    paired_event.rounds.create(number=6)
    response = secretary_client.post(reverse("desk:close", args=[paired_event.pk]), follow=True)
    html = response.content.decode()
    assert "Results are missing (round.board): 2.1, 2.3, 5.2" in html
    assert "Rounds without pairings: 6." in html
    assert re.search(r'<div class="alert alert-danger"\s+role="alert">Results are missing', html)
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.ONGOING
    assert not ChangeLog.objects.filter(action="close").exists()


@pytest.fixture
def ratings_hook(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str, bool]]:
    """Records each replay the desk queues, and whether it was queued inside the desk's
    transaction (with the change it follows)."""
    calls: list[tuple[int, str, bool]] = []

    def hook(event: Event, user: object = None) -> list[object]:
        calls.append((event.pk, event.status, connection.in_atomic_block))
        return []

    monkeypatch.setattr("desk.services.lifecycle.queue_event_replays", hook)
    return calls


def test_closing_and_reopening_are_logged_and_queue_the_replay(
    secretary_client: Client,
    secretary: User,
    paired_event: Event,
    ratings_hook: list[tuple[int, str, bool]],
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.DRAW)
    secretary_client.post(reverse("desk:close", args=[paired_event.pk]))
    paired_event.refresh_from_db()
    assert (paired_event.status, paired_event.updated_by) == (Event.Status.CLOSED, secretary)
    assert ratings_hook == [(paired_event.pk, "closed", True)]
    secretary_client.post(
        reverse("desk:reopen", args=[paired_event.pk]), {"reason": "erreur à l'échiquier 2"}
    )
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.ONGOING
    assert ratings_hook[1] == (paired_event.pk, "ongoing", True)
    logs = ChangeLog.objects.filter(event=paired_event, action__in=["close", "reopen"])
    assert [(log.action, log.user, log.details) for log in logs.order_by("at", "pk")] == [
        ("close", secretary, {}),
        ("reopen", secretary, {"reason": "erreur à l'échiquier 2"}),
    ]


def test_closing_queues_one_replay_per_system_from_the_event_day(
    secretary_client: Client, secretary: User, paired_event: Event
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.DRAW)
    secretary_client.post(reverse("desk:close", args=[paired_event.pk]))
    jobs = ReplayJob.objects.filter(event=paired_event)
    systems = RatingSystem.objects.rating(paired_event)
    assert sorted(cast(int, job.system_id) for job in jobs) == sorted(s.pk for s in systems)
    assert {(job.state, job.since, job.created_by) for job in jobs} == {
        (ReplayJob.State.QUEUED, timezone.localdate(paired_event.end), secretary)
    }
    assert not RatingChange.objects.filter(batch__event=paired_event).exists()  # not yet


def test_a_failing_queue_leaves_the_event_open(
    paired_event: Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.DRAW)

    def broken(event: Event, user: object) -> None:
        raise RuntimeError("queue unavailable")

    monkeypatch.setattr("desk.services.lifecycle.queue_event_replays", broken)
    with pytest.raises(RuntimeError):
        lifecycle.close_event(paired_event.pk, None)
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.ONGOING
    assert not ChangeLog.objects.filter(action="close").exists()


def test_a_failing_replay_keeps_the_ratings_and_says_so_on_the_event_page(
    secretary_client: Client, paired_event: Event, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.DRAW)

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the rules broke")

    monkeypatch.setattr("ratings.tasks.recalculate", broken)
    with replayed():
        secretary_client.post(reverse("desk:close", args=[paired_event.pk]))
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.CLOSED
    assert {job.state for job in ReplayJob.objects.filter(event=paired_event)} == {
        ReplayJob.State.FAILED
    }
    assert not RatingChange.objects.filter(batch__event=paired_event).exists()
    html = secretary_client.get(reverse("desk:event", args=[paired_event.pk])).content.decode()
    assert "an administrator can restart the recalculation" in html


def test_reopening_needs_a_reason(
    secretary_client: Client,
    paired_event: Event,
    ratings_hook: list[tuple[int, str, bool]],
    english: None,
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.DRAW)
    lifecycle.close_event(paired_event.pk, None)
    response = secretary_client.post(
        reverse("desk:reopen", args=[paired_event.pk]), {"reason": "  "}, follow=True
    )
    assert "Say why the event is reopened." in response.content.decode()
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.CLOSED


def test_an_event_closes_once(
    secretary_client: Client,
    paired_event: Event,
    ratings_hook: list[tuple[int, str, bool]],
    english: None,
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.DRAW)
    url = reverse("desk:close", args=[paired_event.pk])
    secretary_client.post(url)
    response = secretary_client.post(url, follow=True)
    assert "The event is already closed." in response.content.decode()
    assert len(ratings_hook) == 1


def test_after_closing_the_page_shows_the_rating_changes(
    secretary_client: Client, paired_event: Event, monkeypatch: pytest.MonkeyPatch, english: None
) -> None:
    Game.objects.filter(round__event=paired_event).update(result=Result.WHITE_WINS)
    url = reverse("desk:event", args=[paired_event.pk])
    with replayed():
        secretary_client.post(reverse("desk:close", args=[paired_event.pk]))
        queued = secretary_client.get(url).content.decode()
    assert "The ratings are being recalculated" in queued and 'hx-trigger="every 1s"' in queued
    poll = secretary_client.get(
        reverse("desk:event_replays", args=[paired_event.pk]), headers={"HX-Request": "true"}
    )
    assert poll["HX-Refresh"] == "true"  # done: the page reloads to show the new ratings
    html = secretary_client.get(url).content.decode()
    assert 'class="rating-changes"' in html
    monkeypatch.setattr(views_events, "template_exists", lambda name: False)
    html = secretary_client.get(url).content.decode()
    assert "The ratings are recalculated." in html and 'class="rating-changes"' not in html


def _round_of(players: int) -> Game:
    event = cast(Event, EventFactory(system=Event.System.SWISS))
    people = PlayerFactory.create_batch(players)
    Participant.objects.bulk_create(
        Participant(event=event, player=p, rating=1000 + n, number=n + 1)
        for n, p in enumerate(people)
    )
    round_ = event.rounds.create(number=1)
    Game.objects.bulk_create(
        Game(round=round_, board=n // 2 + 1, white=people[n], black=people[n + 1])
        for n in range(0, players, 2)
    )
    return cast(Game, Game.objects.filter(round=round_).first())


@pytest.mark.parametrize("players", [20, 200])
def test_the_desk_pages_use_a_bounded_number_of_queries(
    secretary_client: Client, players: int, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    game = _round_of(players)
    event_pk = game.round.event_id
    with django_assert_max_num_queries(10):
        assert (
            secretary_client.get(reverse("desk:results", args=[game.round_id])).status_code == 200
        )
    with django_assert_max_num_queries(14):
        assert _save(secretary_client, game, "1").status_code == 200
    with django_assert_max_num_queries(18):
        assert secretary_client.get(reverse("desk:event", args=[event_pk])).status_code == 200
    with django_assert_max_num_queries(8):
        secretary_client.post(reverse("desk:results", args=[game.round_id]), {})


def test_a_board_saved_in_place_asks_a_fixed_number_of_queries(
    secretary_client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    """The session, the user with their role, the board locked, its event with whether a
    player reported on the round, the update, the players' latest games, the audit line:
    whether to show the reports' summary is known without a query of its own."""
    game = _round_of(20)
    secretary_client.get(reverse("desk:results", args=[game.round_id]))  # session made
    # the players' first result: their latest games made from their games (once a player)
    assert _save(secretary_client, game, "1").status_code == 200
    with django_assert_num_queries(SAVE_QUERIES):
        assert _save(secretary_client, game, "0", version=game.version + 1).status_code == 200
    with django_assert_num_queries(SAVE_QUERIES):
        assert _save(secretary_client, game, "=", version=game.version + 2).status_code == 200


def test_an_earlier_round_warns_that_a_later_one_is_paired_and_the_last_offers_to_close(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    """The round robin's five rounds are paired: correcting round 2 warns that round 3 is
    paired already; round 5 offers to close the event, shown once its boards are saved."""
    rounds = {r.number: r for r in paired_event.rounds.all()}
    second = secretary_client.get(reverse("desk:results", args=[rounds[2].pk])).content.decode()
    assert "Round 3 is paired already: a result corrected here changes the scores" in second
    assert 'id="close-event"' not in second
    last = secretary_client.get(reverse("desk:results", args=[rounds[5].pk])).content.decode()
    assert "is paired already" not in last
    close = reverse("desk:close_confirm", args=[paired_event.pk])
    assert '<div id="close-actions" hidden>' in last and close in last
    Game.objects.filter(round=rounds[5]).update(result=Result.DRAW)
    done = secretary_client.get(reverse("desk:results", args=[rounds[5].pk])).content.decode()
    assert '<div id="close-actions">' in done
    paired_event.status = Event.Status.CLOSED
    paired_event.save(update_fields=["status"])
    closed = secretary_client.get(reverse("desk:results", args=[rounds[5].pk])).content.decode()
    assert 'id="close-event"' not in closed


def test_the_event_page_says_which_rating_sets_the_pairing_numbers(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    page = secretary_client.get(reverse("desk:event", args=[paired_event.pk])).content.decode()
    assert "the pairing numbers follow: each player's national rating" in unescape(page)


def test_the_form_without_javascript_takes_a_round_of_500_boards(
    secretary_client: Client, english: None
) -> None:
    """500 boards a round is the documented bound (``MAX_BOARDS``): the form is one field a
    board and one for the round, 502 with the CSRF token, within Django's 1,000
    (``DATA_UPLOAD_MAX_NUMBER_FIELDS``); three fields a board made 1,500, refused with a
    bare 400 from 334 boards on."""
    event = cast(Event, EventFactory())
    round_ = event.rounds.create(number=1)
    players = Player.objects.bulk_create(
        Player(first_name=f"P{n}", last_name=f"Joueur {n:04d}") for n in range(1000)
    )
    Game.objects.bulk_create(
        Game(round=round_, board=b + 1, white=players[2 * b], black=players[2 * b + 1])
        for b in range(500)
    )
    url = reverse("desk:results", args=[round_.pk])
    page = secretary_client.get(url).content.decode()
    form = re.search(r'<form method="post" id="results-form">.*?</form>', page, re.S)
    assert form is not None
    fields = {  # the form as the browser sends it, three boards typed
        unescape(name): unescape(value)
        for name, value in re.findall(r'<input[^>]* name="([^"]+)"[^>]* value="([^"]*)"', form[0])
    }
    assert len(fields) == 502
    games = {g.board: g.pk for g in round_.games.all()}
    fields |= {f"result-{games[1]}": "1", f"result-{games[250]}": "=", f"result-{games[500]}": "0"}
    response = secretary_client.post(url, fields)
    assert response.status_code == 302
    saved = dict(round_.games.exclude(result=Result.PENDING).values_list("board", "result"))
    assert saved == {1: Result.WHITE_WINS, 250: Result.DRAW, 500: Result.BLACK_WINS}
