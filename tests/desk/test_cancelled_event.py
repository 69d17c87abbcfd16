"""A cancelled event is read-only at the desk until it is restored: pairing, check-in,
result entry and registration changes are refused with a message on the event's page,
and nothing is written. The refusal is the desk's event and round lookup's
(``desk.access``), so every door is covered by one check."""

from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.exceptions import DeskError
from club.models import Bye, ChangeLog, Event, Game, Participant, Player, Result
from desk.services import checkin, lifecycle
from desk.services import pairing as pairing_services
from desk.services.results import write_result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

REFUSED = "“Rapide du mardi” is cancelled: restore it before changing anything in it."


@pytest.fixture
def cancelled(secretary: User) -> Event:
    """A seven-player Swiss, round 1 paired (three boards and a bye), board 1 won by
    white, then cancelled."""
    event = cast(
        Event, EventFactory(title="Rapide du mardi", system=Event.System.SWISS, planned_rounds=5)
    )
    for n in range(7):
        player = cast(Player, PlayerFactory(national_rating=2100 - 50 * n))
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2100 - 50 * n)
    round_ = pairing_services.pair_next_round(event.pk, secretary)
    write_result(round_.games.get(board=1).pk, Result.WHITE_WINS, secretary)
    lifecycle.cancel_event(event.pk, "salle fermée", secretary)
    event.refresh_from_db()
    return event


def _state(event: Event) -> dict[str, Any]:
    """Everything the desk's writes could change."""
    event.refresh_from_db()
    return {
        "status": event.status,
        "title": event.title,
        "games": sorted(
            Game.objects.filter(round__event=event).values_list("board", "round__number", "result")
        ),
        "byes": sorted(Bye.objects.filter(round__event=event).values_list("player_id", "kind")),
        "entries": sorted(
            event.participants.values_list("player_id", "number", "withdrawn_after_round")
        ),
        "rounds": event.rounds.count(),
        "log": ChangeLog.objects.filter(event=event).count(),
    }


def _newcomer() -> Player:
    return cast(Player, PlayerFactory(last_name="Nouveau"))


def _doors(event: Event) -> list[tuple[str, dict[str, str]]]:
    round_ = event.rounds.get(number=1)
    games = list(round_.games.order_by("board"))
    entry = event.participants.order_by("number").first()
    assert entry is not None
    present = {f"status-{p.pk}": "present" for p in event.participants.all()}
    return [
        (reverse("desk:pair_next_round", args=[event.pk]), {}),
        (reverse("desk:check_in", args=[event.pk, 2]), {**present, "pair": "1"}),
        (reverse("desk:pair_after", args=[round_.pk]), {}),
        (reverse("desk:undo_pairing", args=[round_.pk]), {}),
        (
            reverse("desk:results", args=[round_.pk]),
            {f"result-{games[1].pk}": "0", f"version-{games[1].pk}": str(games[1].version)},
        ),
        (reverse("desk:edit_round", args=[round_.pk]), {"white-0": "1", "black-0": "2"}),
        (reverse("desk:register", args=[event.pk]), {"player": str(_newcomer().pk)}),
        (
            reverse("desk:outsider", args=[event.pk]),
            {"first_name": "Anne", "last_name": "Collin", "joined_round": "2"},
        ),
        (reverse("desk:withdraw", args=[event.pk, entry.pk]), {"after_round": "1"}),
        (reverse("desk:renumber", args=[event.pk]), {}),
        (reverse("desk:pair_round_robin", args=[event.pk]), {}),
        (reverse("desk:event_edit", args=[event.pk]), {"title": "Rapide du mercredi"}),
    ]


def test_it_refuses_every_change_of_a_cancelled_event_with_a_message_and_writes_nothing(
    secretary_client: Client, cancelled: Event, english: None
) -> None:
    before = _state(cancelled)
    for url, data in _doors(cancelled):
        response = secretary_client.post(url, data, follow=True)
        assert response.redirect_chain == [(reverse("desk:event", args=[cancelled.pk]), 302)], url
        assert [str(m) for m in response.context["messages"]] == [REFUSED], url
        assert _state(cancelled) == before, url


def test_the_pages_that_change_a_cancelled_event_send_back_to_its_page(
    secretary_client: Client, cancelled: Event, english: None
) -> None:
    round_ = cancelled.rounds.get(number=1)
    for url in (
        reverse("desk:check_in", args=[cancelled.pk, 2]),
        reverse("desk:check_in_next", args=[cancelled.pk]),
        reverse("desk:edit_round", args=[round_.pk]),
        reverse("desk:event_edit", args=[cancelled.pk]),
    ):
        response = secretary_client.get(url)
        assert response.status_code == 302 and response["Location"] == reverse(
            "desk:event", args=[cancelled.pk]
        ), url


def test_a_board_saved_in_place_on_a_cancelled_event_is_refused_on_its_line(
    secretary_client: Client, cancelled: Event, english: None
) -> None:
    game = Game.objects.get(round__event=cancelled, board=2)
    response = secretary_client.post(
        reverse("desk:save_result", args=[game.pk]),
        {"result": "1", "version": str(game.version)},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert "Board 2: The event is cancelled: restore it to enter a result." in response.text
    game.refresh_from_db()
    assert game.result == Result.PENDING


def test_the_one_write_path_refuses_a_cancelled_event_whatever_the_door(
    cancelled: Event, secretary: User
) -> None:
    """A CSV, PGN or TRF update goes through ``write_result`` like the desk."""
    game = Game.objects.get(round__event=cancelled, board=2)
    with pytest.raises(DeskError, match="annulé"):
        write_result(game.pk, Result.DRAW, secretary, source="csv")
    game.refresh_from_db()
    assert game.result == Result.PENDING


def test_the_pages_of_a_cancelled_event_offer_no_change_but_restoring(
    secretary_client: Client, cancelled: Event, english: None
) -> None:
    page = secretary_client.get(reverse("desk:event", args=[cancelled.pk])).text
    assert 'id="cancelled-note"' in page
    for control in ('id="pair-next"', 'id="check-in"', 'id="renumber"', 'id="add-outsider"'):
        assert control not in page
    assert reverse("desk:event_edit", args=[cancelled.pk]) not in page
    assert reverse("desk:restore", args=[cancelled.pk]) in page
    round_ = cancelled.rounds.get(number=1)
    results = secretary_client.get(reverse("desk:results", args=[round_.pk])).text
    assert "The event is cancelled: its results are read-only." in results
    assert 'id="save-all"' not in results and 'id="pair-next-round"' not in results
    assert results.count(" readonly>") == round_.games.count()


def test_once_restored_the_event_is_paired_and_edited_again(
    secretary_client: Client, cancelled: Event, secretary: User, english: None
) -> None:
    response = secretary_client.post(reverse("desk:restore", args=[cancelled.pk]), follow=True)
    assert [str(m) for m in response.context["messages"]] == ["The event is restored."]
    for game in Game.objects.filter(round__event=cancelled, result=Result.PENDING):
        write_result(game.pk, Result.DRAW, secretary)
    statuses = {p.pk: checkin.PRESENT for p in cancelled.participants.all()}
    checkin.record(cancelled.pk, 2, statuses, secretary)
    response = secretary_client.post(reverse("desk:pair_next_round", args=[cancelled.pk]))
    assert response.status_code == 302
    assert Game.objects.filter(round__event=cancelled, round__number=2).count() == 3
