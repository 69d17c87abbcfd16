"""Two desk writes on one event at the same moment (issue #27's race probes), on
PostgreSQL, each request in its own thread and connection: every write takes the event's
row lock first, so the later one waits, then sees what the earlier one did and is refused
with "someone else just changed this round, here it is now", never a 500. The engine (or
the checks) is slowed down while it holds the lock, so that without the lock the second
request would run in the middle of the first (as the probe found: 6 of 8 trials gave a
player both a game and a bye)."""

import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from club.models import Bye, Event, Game
from desk.services import pairing as pairing_services
from desk.services import registration
from tests.club.factories import EventFactory, PlayerFactory
from tests.threads import at_once, superuser_client

pytestmark = [pytest.mark.postgresql, pytest.mark.django_db(transaction=True)]

TRIALS = range(3)
# the second request starts this long after the first, inside its slow part
STAGGER = 0.15


def _post(client: Client, url: str, data: dict[str, Any]) -> Callable[[], tuple[int, str, str]]:
    def post() -> tuple[int, str, str]:
        response = client.post(url, data, follow=True)
        last = response.redirect_chain[-1][0] if response.redirect_chain else ""
        return response.status_code, last, response.content.decode()

    return post


@pytest.fixture
def swiss() -> Event:
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(7):
        registration.register(event.pk, PlayerFactory(national_rating=2100 - 50 * n).pk, None)
    registration.renumber(event.pk, None)
    event.refresh_from_db()
    return event


@pytest.fixture
def slow_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    engine = pairing_services.dutch.pair

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.4)
        return engine(*args, **kwargs)

    monkeypatch.setattr(pairing_services.dutch, "pair", slow)


def _both_game_and_bye(event: Event, number: int) -> set[int]:
    games = Game.objects.filter(round__event=event, round__number=number)
    playing = {p for pair in games.values_list("white_id", "black_id") for p in pair}
    byes = set(
        Bye.objects.filter(round__event=event, round__number=number).values_list(
            "player_id", flat=True
        )
    )
    return playing & byes


@pytest.mark.parametrize("trial", TRIALS)
def test_a_check_in_during_the_pairing_of_its_round_waits_and_is_refused(
    swiss: Event, slow_engine: None, trial: int, english: None
) -> None:
    assert connection.vendor == "postgresql"
    entries = list(swiss.participants.order_by("number"))
    halves = {f"status-{p.pk}": "half" for p in entries[:2]}
    paired, checked = at_once(
        _post(
            superuser_client("a"), reverse("desk:pair_next_round", args=[swiss.pk]), {"round": "1"}
        ),
        _post(superuser_client("b"), reverse("desk:check_in", args=[swiss.pk, 1]), halves),
        stagger=STAGGER,
    )
    assert paired[0] == 200 and checked[0] == 200, "a server error"
    assert _both_game_and_bye(swiss, 1) == set()
    round_ = swiss.rounds.get(number=1)
    halved = set(
        Bye.objects.filter(round=round_, kind=Bye.Kind.HALF_POINT).values_list(
            "player_id", flat=True
        )
    )
    if checked[1] == reverse("desk:results", args=[round_.pk]):  # the pairing came first
        assert "Round 1 is already paired (someone may have just paired it)" in checked[2]
        assert halved == set()
        assert Game.objects.filter(round=round_).count() == 3  # seven present: three boards
    else:  # the check-in came first (the pairing's request was slower to start): it counts
        assert "Who plays round 1 is saved." in checked[2]
        assert halved == {p.player_id for p in entries[:2]}
        assert Game.objects.filter(round=round_).count() == 2  # five present: two boards


@pytest.mark.parametrize("trial", TRIALS)
def test_two_pairings_of_the_next_round_at_once_pair_it_once(
    swiss: Event, slow_engine: None, trial: int, english: None
) -> None:
    url = reverse("desk:pair_next_round", args=[swiss.pk])
    answers = at_once(
        _post(superuser_client("a"), url, {"round": "1"}),
        _post(superuser_client("b"), url, {"round": "1"}),
        stagger=STAGGER,
    )
    assert [status for status, _url, _page in answers] == [200, 200]
    assert list(swiss.rounds.values_list("number", flat=True)) == [1]
    round_ = swiss.rounds.get(number=1)
    assert Game.objects.filter(round=round_).count() == 3
    assert Bye.objects.filter(round=round_).count() == 1
    said = [page for _status, _url, page in answers]
    assert sum("Round 1 is paired." in page for page in said) == 1
    assert sum("Someone else just paired round 1: here it is now." in page for page in said) == 1
    assert {url for _status, url, _page in answers} == {reverse("desk:results", args=[round_.pk])}


@pytest.mark.parametrize("trial", TRIALS)
def test_two_manual_pairings_of_one_round_at_once_keep_one_and_show_it_to_the_other(
    swiss: Event, monkeypatch: pytest.MonkeyPatch, trial: int, english: None
) -> None:
    round_ = pairing_services.pair_next_round(swiss.pk, None)
    a, b = superuser_client("a"), superuser_client("b")
    url = reverse("desk:edit_round", args=[round_.pk])
    seen = a.get(url).context["seen"]
    assert b.get(url).context["seen"] == seen
    players = list(swiss.participants.order_by("number").values_list("player_id", flat=True))
    # the two directors' pairings: 1-2, 3-4, 5-6, bye for 7; or 1-7, 2-6, 3-5, bye for 4
    mine = [(players[0], players[1]), (players[2], players[3]), (players[4], players[5])]
    theirs = [(players[0], players[6]), (players[1], players[5]), (players[2], players[4])]
    posted = []
    for boards, bye in ((mine, players[6]), (theirs, players[3])):
        data: dict[str, Any] = {"seen": seen, "confirm": "1", "bye-0": bye, "bye-kind-0": "pab"}
        for n, (white, black) in enumerate(boards):
            data[f"white-{n}"], data[f"black-{n}"] = white, black
        posted.append(data)
    checks = pairing_services.check_round

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(0.4)
        return checks(*args, **kwargs)

    monkeypatch.setattr(pairing_services, "check_round", slow)
    first, second = at_once(_post(a, url, posted[0]), _post(b, url, posted[1]), stagger=STAGGER)
    assert first[0] == 200 and second[0] == 200, "a server error"
    boards = list(round_.games.order_by("board").values_list("white_id", "black_id"))
    # one director's pairing is kept whole, never a mixture: usually the first one's; on a
    # loaded machine the second's request may reach the event's lock first
    assert boards in (mine, theirs), "one director's pairing, whole"
    kept, shown = (first, second) if boards == mine else (second, first)
    assert "The pairings are saved." in kept[2]
    assert shown[1] == url
    assert "Someone else just changed round 1: here it is now." in shown[2]
    assert _both_game_and_bye(swiss, 1) == set()
