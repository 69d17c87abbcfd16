"""An event's end: closing asks for a confirmation that names the rating systems it
recalculates; an event can be cancelled (kept, out of the ratings) and restored, or
deleted, and the ratings that counted it are replayed without it."""

from datetime import UTC, datetime
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog, Event, Game, Member, Player, Result
from desk.services import lifecycle, pairing, registration
from ratings.models import RatingChange, RatingSystem
from tests.club.factories import EventFactory
from tests.task_worker import replayed

pytestmark = pytest.mark.django_db


def _results(event: Event, result: Result = Result.WHITE_WINS) -> None:
    Game.objects.filter(round__event=event).update(result=result)


def _second_event(members: list[Member], secretary: User) -> Event:
    """A later round robin of the same six players, every game won by white."""
    later = cast(
        Event,
        EventFactory(
            system=Event.System.ROUND_ROBIN,
            kind=Event.Kind.CHAMPIONSHIP,
            start=datetime(2026, 10, 20, 18, 0, tzinfo=UTC),
            end=datetime(2026, 10, 20, 23, 0, tzinfo=UTC),
        ),
    )
    for member in members:
        registration.register(later.pk, member.player.pk, secretary)
    pairing.pair_round_robin(later.pk, secretary)
    _results(later, Result.BLACK_WINS)
    return later


def _changes(event: Event) -> list[tuple[str, int, float | None]]:
    return sorted(
        (c.batch.system.name, c.player_id, c.rating_after)
        for c in RatingChange.objects.filter(batch__event=event).select_related("batch__system")
    )


def test_closing_asks_first_and_names_the_systems_recalculated(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    _results(paired_event)
    names = [s.name for s in RatingSystem.objects.rating(paired_event)]
    assert names  # the default systems rate a club championship
    html = secretary_client.get(reverse("desk:close_confirm", args=[paired_event.pk])).content
    page = html.decode()
    for name in names:
        assert f"<li>{name}</li>" in page
    assert "Closing freezes its 15 games" in page  # 6 players, 5 rounds of 3 boards
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.ONGOING  # the page itself closes nothing
    event_page = secretary_client.get(reverse("desk:event", args=[paired_event.pk])).content
    assert reverse("desk:close_confirm", args=[paired_event.pk]).encode() in event_page


def test_the_confirmation_says_what_is_missing_instead(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    Game.objects.filter(round__event=paired_event).exclude(round__number=2, board=1).update(
        result=Result.DRAW
    )
    page = secretary_client.get(reverse("desk:close_confirm", args=[paired_event.pk])).content
    assert b"Results are missing (round.board): 2.1" in page
    assert b'id="confirm-close"' not in page


def test_cancelling_a_closed_event_takes_it_out_of_the_ratings(
    secretary_client: Client, paired_event: Event, secretary: User, english: None
) -> None:
    _results(paired_event)
    with replayed():
        lifecycle.close_event(paired_event.pk, secretary)
    assert _changes(paired_event)
    with replayed():
        response = secretary_client.post(
            reverse("desk:cancel", args=[paired_event.pk]),
            {"reason": "salle inondée"},
            follow=True,
        )
    assert b"The event is cancelled; the ratings are being recalculated without it." in (
        response.content
    )
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.CANCELLED
    assert _changes(paired_event) == []
    log = ChangeLog.objects.get(event=paired_event, action="cancel")
    assert log.details == {"reason": "salle inondée", "was_closed": True}
    secretary_client.post(reverse("desk:restore", args=[paired_event.pk]))
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.ONGOING  # it has pairings
    assert _changes(paired_event) == []  # back in the ratings once closed again


def test_cancelling_needs_a_reason_and_leaves_the_event_as_it_was(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    response = secretary_client.post(
        reverse("desk:cancel", args=[paired_event.pk]), {"reason": " "}, follow=True
    )
    assert b"Say why the event is cancelled." in response.content
    paired_event.refresh_from_db()
    assert paired_event.status == Event.Status.ONGOING


def test_deleting_a_closed_event_replays_the_later_ones_as_if_it_never_was(
    secretary_client: Client,
    paired_event: Event,
    six_members: list[Member],
    secretary: User,
    english: None,
) -> None:
    later = _second_event(six_members, secretary)
    with replayed():
        lifecycle.close_event(later.pk, secretary)
    alone = _changes(later)  # the later event rated without the earlier one
    _results(paired_event)
    with replayed():
        lifecycle.close_event(paired_event.pk, secretary)
    assert _changes(later) != alone  # the earlier event changed the ratings it starts from
    names = sorted(s.name for s in RatingSystem.objects.rating(paired_event))
    page = secretary_client.get(reverse("desk:delete", args=[paired_event.pk])).content.decode()
    assert "6 registrations, 5 rounds and 15 games" in page
    for name in names:
        assert f"<li>{name}</li>" in page
    pk, title = paired_event.pk, paired_event.title
    with replayed():
        response = secretary_client.post(
            reverse("desk:delete", args=[pk]), {"reason": "doublon"}, follow=True
        )
    assert f"“{title}” is deleted; being recalculated: " in response.content.decode()
    assert not Event.objects.filter(pk=pk).exists()
    assert _changes(later) == alone
    log = ChangeLog.objects.get(action="delete_event")
    assert log.event is None and log.user == secretary
    assert (log.details["event_id"], log.details["title"], log.details["reason"]) == (
        pk,
        title,
        "doublon",
    )
    assert sorted(log.details["replayed"]) == names
    assert Player.objects.count() == 6  # the players stay


def test_deleting_needs_a_reason_and_keeps_everything(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    response = secretary_client.post(reverse("desk:delete", args=[paired_event.pk]), {})
    assert response.status_code == 400
    assert b"Say why the event is deleted." in response.content
    assert Game.objects.filter(round__event=paired_event).count() == 15


def test_a_cancelled_event_is_listed_apart_on_the_desk(
    secretary_client: Client, paired_event: Event, secretary: User, english: None
) -> None:
    lifecycle.cancel_event(paired_event.pk, "reporté", secretary)
    html = secretary_client.get(reverse("desk:events")).content.decode()
    section = html.split('id="events-cancelled"', 1)[1].split("</section>", 1)[0]
    assert paired_event.title in section


@pytest.mark.parametrize("name", ["close_confirm", "delete"])
def test_the_confirmations_are_for_secretaries_only(
    client: Client, member_user: User, paired_event: Event, name: str
) -> None:
    client.force_login(member_user)
    assert client.get(reverse(f"desk:{name}", args=[paired_event.pk])).status_code == 403
    assert client.post(reverse("desk:cancel", args=[paired_event.pk])).status_code == 403


def test_players_rated_only_by_a_deleted_event_leave_the_rating_lists(
    paired_event: Event, secretary: User
) -> None:
    from ratings.models import Rating

    _results(paired_event)
    with replayed():
        lifecycle.close_event(paired_event.pk, secretary)
    players = list(paired_event.participants.values_list("player_id", flat=True))
    assert Rating.objects.filter(player_id__in=players).exists()
    with replayed():
        lifecycle.delete_event(paired_event.pk, "erreur", secretary)
    assert not Rating.objects.filter(player_id__in=players).exists()
