from decimal import Decimal
from itertools import combinations
from typing import cast

import pytest
from django.test import Client
from django.urls import reverse

from club.exceptions import DeskError
from club.models import Bye, Event, Game, Participant, Result, Round
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss_event() -> Event:
    event = EventFactory(system=Event.System.SWISS, planned_rounds=4)
    for n in range(7):
        player = PlayerFactory(national_rating=2100 - 50 * n)
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2100 - 50 * n)
    return event


def _play(round_: Round, key: str = "1") -> None:
    for game in round_.games.all():
        save_result(game.pk, key, game.version, None)


def test_a_swiss_is_paired_round_after_round_without_repeats(swiss_event: Event) -> None:
    seen: set[frozenset[int]] = set()
    byes: list[int] = []
    for _number in range(3):
        round_ = pairing_services.pair_next_round(swiss_event.pk, None)
        games = list(round_.games.all())
        assert len(games) == 3
        pairs = {frozenset((g.white_id, g.black_id)) for g in games}
        assert not pairs & seen
        seen |= pairs
        byes += list(round_.byes.values_list("player", flat=True))
        _play(round_)
    assert len(byes) == 3 and len(set(byes)) == 3  # never the same player twice


def test_round_one_follows_the_dutch_system(swiss_event: Event) -> None:
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    numbers = cast(dict[int, int], {p.player_id: p.number for p in swiss_event.participants.all()})
    boards = [(numbers[g.white_id], numbers[g.black_id]) for g in round_.games.order_by("board")]
    # 7 players: the 7th gets the bye; top half 1-3 meets bottom half 4-6, colours alternate
    assert sorted(map(sorted, boards)) == [[1, 4], [2, 5], [3, 6]]
    assert round_.byes.get().player_id == next(p for p, n in numbers.items() if n == 7)


def test_a_round_waits_for_the_results_of_the_last(swiss_event: Event) -> None:
    pairing_services.pair_next_round(swiss_event.pk, None)
    with pytest.raises(DeskError, match="Saisissez tous les résultats de la ronde 1"):
        pairing_services.pair_next_round(swiss_event.pk, None)


def test_withdrawn_late_and_excused_players(swiss_event: Event) -> None:
    entries = list(swiss_event.participants.order_by("number"))
    entries[0].withdrawn_after_round = 0
    entries[0].save()
    entries[1].joined_round = 2
    entries[1].save()
    round_ = swiss_event.rounds.create(number=1)
    Bye.objects.create(
        round=round_, player=entries[2].player, kind=Bye.Kind.HALF_POINT, points=Decimal("0.5")
    )
    paired = pairing_services.pair_next_round(swiss_event.pk, None)
    in_round = {p for g in paired.games.all() for p in (g.white_id, g.black_id)}
    assert entries[0].player_id not in in_round and entries[1].player_id not in in_round
    assert entries[2].player_id not in in_round
    assert len(in_round) == 4 and not Bye.objects.filter(round=paired, kind="pab").exists()


def test_manual_pairing_blocks_a_player_twice_and_a_game_with_a_bye(swiss_event: Event) -> None:
    ids = list(swiss_event.participants.values_list("player", flat=True))
    check = pairing_services.check_round(
        swiss_event, 1, [(ids[0], ids[1]), (ids[0], ids[2])], [ids[1]]
    )
    assert any("est apparié deux fois" in text for text in check.blocking)
    assert any("une partie et un bye" in text for text in check.blocking)


def test_manual_pairing_warns_of_a_repeat_and_colours(swiss_event: Event) -> None:
    ids = list(swiss_event.participants.values_list("player", flat=True))
    for number in (1, 2):
        round_ = swiss_event.rounds.create(number=number)
        Game.objects.create(
            round=round_, board=1, white_id=ids[0], black_id=ids[number], result=Result.DRAW
        )
    check = pairing_services.check_round(swiss_event, 3, [(ids[0], ids[1])], [])
    assert not check.blocking
    assert any("se sont déjà rencontrés" in text for text in check.warnings)
    assert any("trois fois de suite" in text for text in check.warnings)


def test_a_director_confirms_warnings_before_saving(client: Client, swiss_event: Event) -> None:
    from django.contrib.auth.models import User

    client.force_login(User.objects.create_superuser("td", password="x"))
    ids = list(swiss_event.participants.values_list("player", flat=True))
    first = swiss_event.rounds.create(number=1)
    Game.objects.create(round=first, board=1, white_id=ids[0], black_id=ids[1], result=Result.DRAW)
    second = swiss_event.rounds.create(number=2)
    form = {
        "white-0": ids[1],
        "black-0": ids[0],
        "white-1": ids[2],
        "black-1": ids[3],
        "bye-0": ids[4],
        "bye-kind-0": "half",
    }
    response = client.post(reverse("desk:edit_round", args=[second.pk]), form)
    assert response.status_code == 200 and not second.games.exists()
    response = client.post(reverse("desk:edit_round", args=[second.pk]), {**form, "confirm": "1"})
    assert response.status_code == 302
    assert second.games.count() == 2 and second.byes.get().kind == Bye.Kind.HALF_POINT


def test_every_pair_meets_once_in_a_longer_swiss() -> None:
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(10):
        player = PlayerFactory(national_rating=1500 + 13 * n)
        Participant.objects.create(
            event=event, player=player, number=n + 1, rating=player.national_rating
        )
    for _ in range(5):
        round_ = pairing_services.pair_next_round(event.pk, None)
        _play(round_, "=")
    pairs = [frozenset((g.white_id, g.black_id)) for g in Game.objects.filter(round__event=event)]
    assert len(pairs) == len(set(pairs)) == 25
    assert set(pairs) <= {
        frozenset(c) for c in combinations(event.participants.values_list("player", flat=True), 2)
    }


def test_a_round_that_cannot_be_paired_without_a_repeat_is_refused_and_nothing_saved() -> None:
    """Four players who have all met: the engine finds no pairing for round 4 (C.04.1:
    no two players meet twice); the desk says so and gives no byes."""
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(4):
        player = PlayerFactory(national_rating=1800 - 10 * n)
        Participant.objects.create(event=event, player=player, number=n + 1, rating=1800 - 10 * n)
    for _ in range(3):
        _play(pairing_services.pair_next_round(event.pk, None), "=")
    with pytest.raises(DeskError, match="ne peut pas être appariée"):
        pairing_services.pair_next_round(event.pk, None)
    assert not Bye.objects.filter(round__event=event).exists()
    assert not Game.objects.filter(round__event=event, round__number=4).exists()
