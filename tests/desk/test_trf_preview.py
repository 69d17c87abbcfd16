"""A TRF imported in the browser: the preview shows the file's players, rounds, kind and
time control, and the secretary corrects the event (title, kind, time control, dates)
before anything is saved."""

from datetime import date
from html import unescape
from typing import TYPE_CHECKING

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.models import ChangeLog, Event, Game, Player, Result
from tests.desk.conftest import pending

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
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), **CORRECTED}
    )
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
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), **wrong}
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "The last day cannot come before the first day." in html
    assert "Select a valid choice. social is not one of the available choices." in html
    assert not Event.objects.exists()
    # the file is still there: corrected again, it imports
    secretary_client.post(reverse("desk:trf_confirm"), {**pending(secretary_client), **CORRECTED})
    assert Event.objects.get().title == "Championnat 2026"


def test_a_date_and_names_read_with_a_doubt_are_confirmed_in_the_preview(
    secretary_client: Client, english: None
) -> None:
    """lichess's export (tests/fixtures/trf/sklangen_2020_06.trf): ``042 May 29, 2020`` and
    13 nicknames without a comma. The preview says how it reads them; a confirmation
    without the preview's answers saves nothing; with them, the names are the ones typed."""
    import re
    from pathlib import Path

    data = (
        Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "sklangen_2020_06.trf"
    ).read_bytes()
    html = _upload(secretary_client, data).content.decode()
    assert "042: “May 29, 2020” is read as 2020-05-29: check the first day." in html
    assert 'name="event-start" value="2020-05-29"' in html
    assert "“mattderkuerschner” has no comma" in html
    assert re.search(r'name="last-1"\s+value="mattderkuerschner"', html)
    refused = secretary_client.post(reverse("desk:trf_confirm"), pending(secretary_client))
    assert refused.status_code == 400 and not Event.objects.exists()
    answers = {
        "event-title": "Mai 5 Plus 0",
        "event-kind": "blitz",
        "event-time_control": "blitz",
        "event-start": "2020-05-29",
        "event-end": "2020-05-29",
    }
    # the preview's fields as the browser posts them, one name retyped
    answers |= {
        f"last-{n}": value for n, value in re.findall(r'name="last-(\d+)"\s+value="([^"]*)"', html)
    }
    assert len(answers) == 5 + 13
    answers |= {"last-1": "Kürschner", "first-1": "Matt"}
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), **answers}
    )
    event = Event.objects.get()
    assert response["Location"] == reverse("desk:event", args=[event.pk])
    assert event.start.date() == date(2020, 5, 29)
    first = event.participants.get(number=1).player
    assert (first.last_name, first.first_name) == ("Kürschner", "Matt")
    # the export writes the name as typed, the others as the file wrote them
    text = secretary_client.get(reverse("desk:trf_export", args=[event.pk])).content.decode()
    names = [line[14:47].rstrip() for line in text.split("\r\n") if line.startswith("001")]
    assert names[:3] == ["Kürschner, Matt", "noiretblanc", "michaelwalz7"]


def test_the_secretary_corrects_a_match_before_importing(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    """The file's first player was matched to the member of that name; the secretary says
    he is a namesake (a new player), and that the second line is the namesake of another
    known record: the import follows the preview, not the automatic match."""
    participants = list(paired_event.participants.select_related("player").order_by("number"))
    first, second = participants[0].player, participants[1].player
    namesake = Player.objects.create(first_name="Autre", last_name=second.last_name)
    html = _upload(secretary_client, _file(secretary_client, paired_event)).content.decode()
    # each matched line offers its match (chosen), the namesakes and a new player
    assert f'<option value="{first.pk}" selected>' in html
    assert f'<option value="{namesake.pk}">' in html
    response = secretary_client.post(
        reverse("desk:trf_confirm"),
        {**pending(secretary_client), "player-1": "", "player-2": str(namesake.pk)},
    )
    assert response.status_code == 302
    event = Event.objects.get()
    by_number = {p.number: p.player for p in event.participants.select_related("player")}
    assert by_number[2] == namesake
    assert by_number[1] != first and by_number[1].name == first.name  # created anew
    assert by_number[3] == participants[2].player  # the other matches kept
    assert (
        Player.objects.filter(first_name=first.first_name, last_name=first.last_name).count() == 2
    )


def test_a_corrected_match_cannot_make_two_lines_one_player(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    second = paired_event.participants.get(number=2).player
    _upload(secretary_client, _file(secretary_client, paired_event))
    response = secretary_client.post(
        reverse("desk:trf_confirm"),
        {**pending(secretary_client), "player-1": str(second.pk)},
        follow=True,
    )
    assert f"{second.name} is already the player of line" in response.content.decode()
    assert not Event.objects.exists()


def test_the_readers_refusal_is_in_the_pages_language(secretary_client: Client) -> None:
    """The TRF reader (pure Python) writes in English; the French desk says it in French."""
    player = "001    1      Dupont, Jean".ljust(80) + " 0.0".ljust(11) + "   2 q 1"
    broken = f"012 Soirée\n{player}\n"
    response = _upload(secretary_client, broken.encode())
    html = unescape(response.content.decode())
    assert "ligne 2\xa0: ronde 1\xa0: couleur «\xa0q\xa0» n'est pas w ou b" in html
    assert not Event.objects.exists()
