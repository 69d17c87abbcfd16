"""Two previews open in two tabs (issue 39, finding 1): each upload waits under a token of
its own, which its preview's form posts back, so that confirming the first preview
imports the first file, never the one uploaded last."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import ChangeLog, Event, Game, Player
from desk import pending_uploads
from tests.club.factories import EventFactory
from tests.desk.conftest import upload_pgn

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
TAGS = b'[Round "1"]\n[White "Nom0, A"]\n[Black "Nom1, B"]\n\n'
SCHOLAR = TAGS + b"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
FOOL = TAGS + b"1. f3 e5 2. g4 Qh4# 0-1\n"


def token(html: str) -> str:
    """The token the preview's forms post back ("" on a page that has none)."""
    found = set(re.findall(r'name="upload" value="([^"]+)"', html))
    assert len(found) <= 1
    return found.pop() if found else ""


def _upload_trf(client: Client, data: bytes) -> str:
    upload = SimpleUploadedFile("t.trf", data, content_type="text/plain")
    response = client.post(reverse("desk:trf_import"), {"file": upload})
    assert response.status_code == 200
    return response.content.decode()


def test_two_trf_previews_in_two_tabs_each_import_their_own_file(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    first = secretary_client.get(reverse("desk:trf_export", args=[paired_event.pk])).content
    Event.objects.all().delete()
    ChangeLog.objects.all().delete()
    tab_a = _upload_trf(secretary_client, first)  # six players, five rounds
    tab_b = _upload_trf(secretary_client, (FIXTURES / "trf" / "sklangen_2020_06.trf").read_bytes())
    assert "mattderkuerschner" in tab_b
    answers = {
        "upload": token(tab_a),
        "event-title": "Tab A",
        "event-kind": "championship",
        "event-time_control": "standard",
        "event-start": "2026-09-04",
        "event-end": "2026-10-02",
    }
    response = secretary_client.post(reverse("desk:trf_confirm"), answers)
    event = Event.objects.get()
    assert response["Location"] == reverse("desk:event", args=[event.pk])
    assert event.title == "Tab A"
    assert (event.participants.count(), event.rounds.count()) == (6, 5)
    assert not Player.objects.filter(last_name__icontains="kuerschner").exists()
    # tab B's file still waits for its own confirmation
    refused = secretary_client.post(reverse("desk:trf_confirm"), {"upload": token(tab_b)})
    assert refused.status_code == 400 and "mattderkuerschner" in refused.content.decode()
    # tab A's, confirmed, is gone: a second click imports nothing twice
    again = secretary_client.post(reverse("desk:trf_confirm"), answers, follow=True)
    assert "Upload the file again" in again.content.decode()
    assert Event.objects.count() == 1


def test_a_confirmation_without_its_token_imports_nothing(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    data = secretary_client.get(reverse("desk:trf_export", args=[paired_event.pk])).content
    Event.objects.all().delete()
    _upload_trf(secretary_client, data)
    for posted in ({}, {"upload": "forged"}):
        response = secretary_client.post(reverse("desk:trf_confirm"), posted, follow=True)
        assert "Upload the file again" in response.content.decode()
    assert not Event.objects.exists()


def test_two_pgn_previews_of_one_event_each_attach_their_own_file(
    secretary_client: Client, english: None
) -> None:
    event = EventFactory()
    white = Player.objects.create(first_name="A", last_name="Nom0")
    black = Player.objects.create(first_name="B", last_name="Nom1")
    game = Game.objects.create(
        round=event.rounds.create(number=1), board=1, white=white, black=black
    )
    tab_a = upload_pgn(secretary_client, event, SCHOLAR)
    tab_b = upload_pgn(secretary_client, event, FOOL)
    response = secretary_client.post(
        reverse("desk:pgn_confirm", args=[event.pk]),
        {"upload": token(tab_a), "round-1": "1", "board-1": "1"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert "Qxf7#" in game.pgn and "Qh4#" not in game.pgn
    # a token is the event's: tab B's file is not confirmed on another event
    other = EventFactory()
    elsewhere = secretary_client.post(
        reverse("desk:pgn_confirm", args=[other.pk]), {"upload": token(tab_b)}, follow=True
    )
    assert "Upload the file again" in elsewhere.content.decode()


def test_the_session_keeps_the_latest_few_uploads(secretary_client: Client) -> None:
    event = EventFactory()
    tokens = [token(upload_pgn(secretary_client, event, SCHOLAR)) for _ in range(5)]
    session = secretary_client.session
    assert session[pending_uploads.INDEX] == tokens[-pending_uploads.KEPT :] == tokens[2:]
    assert [f"pending-upload-{t}" in session for t in tokens] == [False] * 2 + [True] * 3


@pytest.mark.parametrize(
    ("language", "quoted"),
    [
        (
            "fr",
            "type (092) «\N{NO-BREAK SPACE}Individual: Swiss-System (Standard)\N{NO-BREAK SPACE}»",
        ),
        ("nl", "‘Individual: Swiss-System (Standard)’"),
        ("de", "„Individual: Swiss-System (Standard)“"),
        ("en", "kind (092) “Individual: Swiss-System (Standard)”"),
    ],
)
def test_the_preview_quotes_the_file_in_the_pages_language(
    secretary_client: Client, language: str, quoted: str
) -> None:
    """The kind and time control the file gives, quoted as the page's language quotes."""
    data = (FIXTURES / "trf" / "fide_example1.trf").read_bytes()
    upload = SimpleUploadedFile("t.trf", data, content_type="text/plain")
    with translation.override(language):
        url = reverse("desk:trf_import")
    html = secretary_client.post(url, {"file": upload}).content.decode()
    said = html[html.index('id="trf-read"') : html.index("</p>", html.index('id="trf-read"'))]
    assert quoted in said
    assert ("«" in said) == (language == "fr")
