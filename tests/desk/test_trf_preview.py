"""A TRF imported in the browser: the preview shows the file's players, rounds, kind and
time control, and the secretary corrects the event (title, kind, time control, dates)
before anything is saved."""

from datetime import date
from typing import TYPE_CHECKING

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import ChangeLog, Event, Game, Result

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db


def _file(client: Client, event: Event) -> bytes:
    """The event's TRF (the desk's export), the event then removed so that the file
    imports as a new tournament: a rapid evening in the file, played 2 October 2026."""
    Game.objects.filter(round__event=event).update(result=Result.WHITE_WINS)
    Event.objects.filter(pk=event.pk).update(
        kind=Event.Kind.RAPID, time_control=Event.TimeControl.RAPID, title="Soirée rapide"
    )
    data = client.get(reverse("desk:trf_export", args=[event.pk])).content
    Event.objects.all().delete()
    ChangeLog.objects.all().delete()
    return data


def _upload(client: Client, data: bytes) -> "_MonkeyPatchedWSGIResponse":
    upload = SimpleUploadedFile("t.trf", data, content_type="text/plain")
    return client.post(reverse("desk:trf_import"), {"file": upload})


CORRECTED = {
    "event-title": "Championnat 2026",
    "event-kind": "championship",
    "event-time_control": "standard",
    "event-start": "2026-09-04",
    "event-end": "2026-10-02",
}


def test_the_preview_shows_what_the_file_says_and_saves_nothing(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    response = _upload(secretary_client, _file(secretary_client, paired_event))
    html = response.content.decode()
    assert response.status_code == 200 and not Event.objects.exists()
    assert 'value="Soirée rapide"' in html
    assert '<option value="rapid" selected>' in html  # the kind and the time control read
    assert 'name="event-start" value="2026-10-02"' in html
    assert "5 rounds (round robin)" in html
    assert "The file's 6 players" in html
    for member in paired_event.participants.select_related("player"):
        assert member.player.last_name in html


def test_the_secretary_corrects_kind_time_control_title_and_dates(
    secretary_client: Client, paired_event: Event
) -> None:
    _upload(secretary_client, _file(secretary_client, paired_event))
    response = secretary_client.post(reverse("desk:trf_confirm"), CORRECTED)
    event = Event.objects.get()
    assert response["Location"] == reverse("desk:event", args=[event.pk])
    assert (event.title, event.kind, event.time_control) == (
        "Championnat 2026",
        "championship",
        "standard",
    )
    assert timezone.localdate(event.start) == date(2026, 9, 4)
    assert timezone.localdate(event.end) == date(2026, 10, 2)
    assert event.system == Event.System.ROUND_ROBIN  # as the file says
    assert Game.objects.filter(round__event=event).count() == 15
    assert event.participants.count() == 6


def test_a_wrong_correction_names_the_field_and_saves_nothing(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    _upload(secretary_client, _file(secretary_client, paired_event))
    wrong = {**CORRECTED, "event-end": "2026-09-01", "event-kind": "social"}
    response = secretary_client.post(reverse("desk:trf_confirm"), wrong)
    html = response.content.decode()
    assert response.status_code == 400
    assert "The last day cannot come before the first day." in html
    assert "Select a valid choice. social is not one of the available choices." in html
    assert not Event.objects.exists()
    # the file is still there: corrected again, it imports
    secretary_client.post(reverse("desk:trf_confirm"), CORRECTED)
    assert Event.objects.get().title == "Championnat 2026"
