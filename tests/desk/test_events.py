"""Events in the browser: the list by status, creating and editing an event with its
rounds, tiebreaks chosen in order; every change records who made it."""

from datetime import UTC, date, datetime, timedelta
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponseRedirect
from django.test import Client
from django.urls import reverse
from django.utils.timezone import localtime

from club.models import ChangeLog, Event, Round
from tests.club.factories import EventFactory, GameFactory

pytestmark = pytest.mark.django_db

NEW_EVENT = {
    "title": "Championnat 2027",
    "kind": "championship",
    "venue": "Salle des fêtes",
    "start": "2027-01-08T20:00",
    "end": "2027-03-05T23:00",
    "time_control": "standard",
    "system": "round_robin",
    "public": "on",
    "rounds": "5",
    "interval_days": "14",
}


def _dates(event: Event) -> list[date | None]:
    return [r.starts_at and r.starts_at.date() for r in event.rounds.order_by("number")]


def test_the_desk_lists_events_by_status(secretary_client: Client) -> None:
    EventFactory(title="Open d'été", status=Event.Status.ANNOUNCED)
    EventFactory(title="Championnat", status=Event.Status.ONGOING)
    EventFactory(title="Blitz de Noël", status=Event.Status.CLOSED)
    EventFactory(title="Simultanée", status=Event.Status.CANCELLED)
    response = secretary_client.get(reverse("desk:events"))
    titles = {
        status: [e.title for e in events]
        for status, events in response.context["by_status"].items()
    }
    assert titles == {
        "ongoing": ["Championnat"],
        "announced": ["Open d'été"],
        "closed": ["Blitz de Noël"],
        "cancelled": ["Simultanée"],
    }
    assert list(response.context["by_status"]) == ["ongoing", "announced", "closed", "cancelled"]


def test_the_desk_lists_the_next_event_first_and_the_latest_closed_first(
    secretary_client: Client,
) -> None:
    for title, day, status in [
        ("Blitz de mars", datetime(2027, 3, 5, 20, tzinfo=UTC), Event.Status.ANNOUNCED),
        ("Blitz de janvier", datetime(2027, 1, 8, 20, tzinfo=UTC), Event.Status.ANNOUNCED),
        ("Blitz de février", datetime(2027, 2, 5, 20, tzinfo=UTC), Event.Status.ANNOUNCED),
        ("Rapide de septembre", datetime(2026, 9, 4, 20, tzinfo=UTC), Event.Status.CLOSED),
        ("Rapide d'octobre", datetime(2026, 10, 2, 20, tzinfo=UTC), Event.Status.CLOSED),
    ]:
        EventFactory(title=title, start=day, end=day + timedelta(hours=3), status=status)
    response = secretary_client.get(reverse("desk:events"))
    by_status = response.context["by_status"]
    assert [e.title for e in by_status["announced"]] == [
        "Blitz de janvier",
        "Blitz de février",
        "Blitz de mars",
    ]
    assert [e.title for e in by_status["closed"]] == ["Rapide d'octobre", "Rapide de septembre"]


def test_my_events_are_those_i_changed(secretary_client: Client, secretary: User) -> None:
    mine = EventFactory(title="Le mien")
    ChangeLog.objects.create(user=secretary, event=mine, action="edit")
    EventFactory(title="Celui d'un autre")
    response = secretary_client.get(reverse("desk:events"), {"mine": "1"})
    shown = [e.title for events in response.context["by_status"].values() for e in events]
    assert shown == ["Le mien"]


def test_a_secretary_creates_an_event_with_its_rounds(
    secretary_client: Client, secretary: User
) -> None:
    response = secretary_client.post(
        reverse("desk:event_new"), {**NEW_EVENT, "tiebreaks_0": "sonneborn_berger"}
    )
    event = Event.objects.get(title="Championnat 2027")
    assert cast(HttpResponseRedirect, response).url == reverse("desk:event", args=[event.pk])
    assert _dates(event) == [
        date(2027, 1, 8),
        date(2027, 1, 22),
        date(2027, 2, 5),
        date(2027, 2, 19),
        date(2027, 3, 5),
    ]
    assert (event.planned_rounds, event.updated_by, event.public) == (5, secretary, True)
    log = ChangeLog.objects.get(event=event)
    assert (log.action, log.user, log.details["rounds_added"]) == ("create", secretary, 5)


def test_the_rounds_start_at_the_first_round_given(secretary_client: Client) -> None:
    secretary_client.post(
        reverse("desk:event_new"),
        {**NEW_EVENT, "rounds": "3", "first_round": "2027-01-15T19:30", "interval_days": "7"},
    )
    event = Event.objects.get(title="Championnat 2027")
    assert _dates(event) == [date(2027, 1, 15), date(2027, 1, 22), date(2027, 1, 29)]


def test_a_rapid_evening_has_every_round_the_same_evening(secretary_client: Client) -> None:
    secretary_client.post(
        reverse("desk:event_new"),
        {**NEW_EVENT, "end": "2027-01-08T23:30", "rounds": "7", "interval_days": "0"},
    )
    event = Event.objects.get(title="Championnat 2027")
    assert set(_dates(event)) == {date(2027, 1, 8)} and event.rounds.count() == 7


def test_tiebreaks_are_chosen_in_order_among_the_known_ones(secretary_client: Client) -> None:
    secretary_client.post(
        reverse("desk:event_new"),
        {
            **NEW_EVENT,
            "tiebreaks_0": "direct_encounter",
            "tiebreaks_1": "buchholz_cut1",
            "tiebreaks_2": "",
            "tiebreaks_3": "wins",
        },
    )
    event = Event.objects.get(title="Championnat 2027")
    assert event.tiebreaks == "direct_encounter,buchholz_cut1,wins"
    page = secretary_client.get(reverse("desk:event_edit", args=[event.pk]))
    html = page.content.decode()
    assert '<option value="direct_encounter" selected>' in html
    assert html.count("tiebreak-select") == 7


def test_a_tiebreak_chosen_twice_is_refused(secretary_client: Client, english: None) -> None:
    response = secretary_client.post(
        reverse("desk:event_new"),
        {**NEW_EVENT, "tiebreaks_0": "buchholz", "tiebreaks_1": "wins", "tiebreaks_2": "buchholz"},
    )
    assert response.status_code == 200
    assert "Each tiebreak counts once: buchholz is chosen twice." in response.content.decode()
    assert not Event.objects.exists()


def test_an_unknown_tiebreak_is_refused(secretary_client: Client) -> None:
    response = secretary_client.post(
        reverse("desk:event_new"), {**NEW_EVENT, "tiebreaks_0": "bogus"}
    )
    assert "unknown tiebreak: &#x27;bogus&#x27;" in response.content.decode()
    assert not Event.objects.exists()


def test_an_event_cannot_end_before_it_starts(secretary_client: Client, english: None) -> None:
    response = secretary_client.post(
        reverse("desk:event_new"), {**NEW_EVENT, "end": "2027-01-01T20:00"}
    )
    assert "The event cannot end before it starts." in response.content.decode()
    assert not Event.objects.exists()


def _edit(event: Event, **changes: str) -> dict[str, str]:
    rounds = list(event.rounds.order_by("number"))
    data = {
        **NEW_EVENT,
        "title": event.title,
        "rounds": "",
        "round-TOTAL_FORMS": str(len(rounds)),
        "round-INITIAL_FORMS": str(len(rounds)),
    }
    for n, round_ in enumerate(rounds):
        data[f"round-{n}-id"] = str(round_.pk)
        data[f"round-{n}-starts_at"] = localtime(round_.starts_at).strftime("%Y-%m-%dT%H:%M")
    data.update(changes)
    return data


@pytest.fixture
def three_rounds(secretary_client: Client) -> Event:
    secretary_client.post(reverse("desk:event_new"), {**NEW_EVENT, "rounds": "3"})
    return Event.objects.get(title="Championnat 2027")


def test_editing_moves_a_round_and_adds_rounds_after_the_last(
    secretary_client: Client, three_rounds: Event
) -> None:
    data = _edit(three_rounds, **{"round-1-starts_at": "2027-01-29T20:00", "rounds": "2"})
    response = secretary_client.post(reverse("desk:event_edit", args=[three_rounds.pk]), data)
    assert response.status_code == 302
    assert _dates(three_rounds) == [
        date(2027, 1, 8),
        date(2027, 1, 29),
        date(2027, 2, 5),
        date(2027, 2, 19),
        date(2027, 3, 5),
    ]
    three_rounds.refresh_from_db()
    assert three_rounds.planned_rounds == 5
    assert ChangeLog.objects.filter(event=three_rounds, action="edit").count() == 1


def test_a_round_nobody_plays_is_removed_and_the_next_renumbered(
    secretary_client: Client, three_rounds: Event
) -> None:
    second = three_rounds.rounds.get(number=2)
    third = three_rounds.rounds.get(number=3)
    GameFactory(round=third)
    data = _edit(three_rounds, **{"round-1-DELETE": "on"})
    secretary_client.post(reverse("desk:event_edit", args=[three_rounds.pk]), data)
    assert not Round.objects.filter(pk=second.pk).exists()
    third.refresh_from_db()
    assert (third.number, three_rounds.rounds.count()) == (2, 2)


def test_a_paired_round_cannot_be_removed(
    secretary_client: Client, three_rounds: Event, english: None
) -> None:
    GameFactory(round=three_rounds.rounds.get(number=3))
    data = _edit(three_rounds, **{"round-2-DELETE": "on"})
    response = secretary_client.post(reverse("desk:event_edit", args=[three_rounds.pk]), data)
    assert "Rounds with pairings cannot be removed: 3." in response.content.decode()
    assert three_rounds.rounds.count() == 3


def test_the_edit_page_lists_the_rounds(secretary_client: Client, three_rounds: Event) -> None:
    response = secretary_client.get(reverse("desk:event_edit", args=[three_rounds.pk]))
    assert response.status_code == 200
    assert len(response.context["formset"].forms) == 3
    html = response.content.decode()
    assert 'name="start" value="2027-01-08T20:00"' in html  # Brussels time, as typed
    assert 'name="round-1-starts_at" value="2027-01-22T20:00"' in html
