"""Rounds within an evening, each at its own time (desk, public page, iCal feed); a new
event's form pre-filled from its kind; the acceleration option kept for Swiss events."""

import icalendar
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import Event

pytestmark = pytest.mark.django_db

RAPID_EVENING = {
    "title": "Rapide du vendredi",
    "kind": "rapid",
    "start": "2027-01-08T20:00",
    "end": "2027-01-08T23:30",
    "time_control": "rapid",
    "system": "swiss",
    "public": "on",
    "rounds": "5",
    "interval_days": "0",
    "interval_minutes": "35",
}


def _times(event: Event) -> list[str]:
    return [f"{timezone.localtime(r.starts_at):%H:%M}" for r in event.rounds.order_by("number")]


def test_five_rounds_in_one_evening_each_have_their_time(
    secretary_client: Client, client: Client
) -> None:
    secretary_client.post(reverse("desk:event_new"), RAPID_EVENING)
    event = Event.objects.get(title="Rapide du vendredi")
    # 20:00 then every 35 minutes: 20:35, 21:10, 21:45, 22:20
    assert _times(event) == ["20:00", "20:35", "21:10", "21:45", "22:20"]
    desk = secretary_client.get(reverse("desk:event", args=[event.pk])).content.decode()
    assert "8 janvier 21:45" in desk
    public = client.get(event.get_absolute_url()).content.decode()
    assert "8 janvier 2027 22:20" in public
    feed = icalendar.Calendar.from_ical(client.get(reverse("calendar_feed")).content)
    (item,) = [e for e in feed.walk("VEVENT") if str(e["summary"]) == "Rapide du vendredi"]
    assert "Ronde 2\xa0: 8 janvier 20:35" in str(item["description"])


def test_days_and_minutes_add_up(secretary_client: Client) -> None:
    secretary_client.post(
        reverse("desk:event_new"),
        {
            **RAPID_EVENING,
            "end": "2027-01-10T23:30",
            "rounds": "2",
            "interval_days": "1",
            "interval_minutes": "30",
        },
    )
    event = Event.objects.get(title="Rapide du vendredi")
    second = timezone.localtime(event.rounds.get(number=2).starts_at)
    assert (second.day, second.hour, second.minute) == (9, 20, 30)


def test_a_negative_interval_is_refused_on_its_field(secretary_client: Client) -> None:
    answer = secretary_client.post(
        reverse("desk:event_new"), {**RAPID_EVENING, "interval_minutes": "-5"}
    )
    assert answer.status_code == 200
    assert answer.context["form"].errors["interval_minutes"]
    assert not Event.objects.exists()


def test_a_new_rapid_evening_is_pre_filled_from_its_kind(secretary_client: Client) -> None:
    page = secretary_client.get(reverse("desk:event_new") + "?kind=rapid")
    form = page.context["form"]
    assert form["kind"].value() == "rapid"
    assert (form["system"].value(), form["time_control"].value()) == ("swiss", "rapid")
    assert (form["rounds"].value(), form["interval_days"].value()) == (5, 0)
    assert form["interval_minutes"].value() == 35
    assert form["tiebreaks"].value() == "buchholz_cut1,buchholz,sonneborn_berger"
    # the script that fills them in when the kind changes gets every kind's defaults
    assert 'id="kind-defaults"' in page.content.decode()


def test_a_championship_is_pre_filled_as_a_round_robin_over_weeks(secretary_client: Client) -> None:
    form = secretary_client.get(reverse("desk:event_new") + "?kind=championship").context["form"]
    assert (form["system"].value(), form["interval_days"].value()) == ("round_robin", 7)


def test_only_a_swiss_event_can_be_accelerated(secretary_client: Client) -> None:
    answer = secretary_client.post(
        reverse("desk:event_new"),
        {**RAPID_EVENING, "system": "round_robin", "accelerated": "on"},
    )
    assert answer.context["form"].errors["accelerated"]
    secretary_client.post(reverse("desk:event_new"), {**RAPID_EVENING, "accelerated": "on"})
    assert Event.objects.get().accelerated
