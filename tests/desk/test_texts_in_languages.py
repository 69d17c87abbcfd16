"""What the club writes for its visitors in each language the site offers, an event's
description and its entry fee: the secretary writes it in the site's language and, where
they wish, in the others; each page and the calendar feed in a language show its text, or
the site language's where it has none."""

import re
from datetime import UTC, datetime
from html import unescape

import icalendar
import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import Settings

from club.models import EntryTerms, Event
from tests.club.entry_open import entry_open, stopped_clock
from tests.desk.test_events import NEW_EVENT, _edit
from tests.desk.test_history import _history

pytestmark = pytest.mark.django_db

FRENCH = "Sept rondes, cadence 90 min + 30 s. Buvette sur place."
DUTCH = "Zeven ronden, 90 min + 30 s. Bar ter plaatse."


def _create(client: Client, **descriptions: str) -> Event:
    client.post(reverse("desk:event_new"), {**NEW_EVENT, **descriptions})
    return Event.objects.get(title="Championnat 2027")


def _shown(client: Client, event: Event, prefix: str = "") -> str:
    with translation.override("fr"):  # the address without a prefix, the site's language's
        path = reverse("event", args=[event.pk])
    return unescape(client.get(prefix + path).content.decode())


def test_each_language_shows_its_own_description_or_the_sites(
    secretary_client: Client, client: Client
) -> None:
    event = _create(secretary_client, description=FRENCH, description_nl=DUTCH, description_de="  ")
    assert (event.description, event.translated_descriptions) == (FRENCH, {"nl": DUTCH})
    assert DUTCH in _shown(client, event, "/nl") and FRENCH not in _shown(client, event, "/nl")
    assert FRENCH in _shown(client, event) and DUTCH not in _shown(client, event)
    assert FRENCH in _shown(client, event, "/de")  # no German text: the site's French
    assert FRENCH in _shown(client, event, "/en")


def test_the_form_names_each_language_in_its_own_words(secretary_client: Client) -> None:
    event = _create(secretary_client, description=FRENCH, description_nl=DUTCH)
    html = unescape(
        secretary_client.get(reverse("desk:event_edit", args=[event.pk])).content.decode()
    )
    words = " ".join(html.split())
    for label in (
        "Description (français)",
        "Description (Nederlands)",
        "Description (Deutsch)",
        "Description (English)",
    ):
        assert f"> {label} </label>" in words
    assert re.search(r'<textarea name="description_nl"[^>]* lang="nl"', html)  # spell-checked
    assert f"> {DUTCH}</textarea>" in words  # the Dutch text, to correct


def test_a_translation_emptied_is_gone_and_one_left_out_kept(secretary_client: Client) -> None:
    event = _create(secretary_client, description=FRENCH, description_nl=DUTCH, description_de="X")
    url = reverse("desk:event_edit", args=[event.pk])
    secretary_client.post(url, _edit(event, description=FRENCH, description_nl=""))
    event.refresh_from_db()
    assert event.translated_descriptions == {"de": "X"}  # German was not posted: kept
    history = _history(secretary_client, event)
    changed = "champs modifiés\xa0: jours entre les rondes, description dans les autres langues."
    assert changed in history  # the days: the edit posts the form's default, 7


def test_a_site_in_french_only_asks_for_one_title_and_one_description(
    secretary_client: Client, settings: Settings
) -> None:
    settings.LANGUAGES = [("fr", "Français")]
    html = unescape(secretary_client.get(reverse("desk:event_new")).content.decode())
    assert "description_nl" not in html and "Description (français)" not in html
    assert "title_nl" not in html and "Titre (français)" not in html
    words = " ".join(re.sub(r"<span[^>]*>|</span>", "", html).split())
    assert "> Description </label>" in words and "> Titre* </label>" in words


def test_the_calendar_feed_in_dutch_describes_the_event_in_dutch(
    secretary_client: Client, client: Client
) -> None:
    event = _create(secretary_client, description=FRENCH, description_nl=DUTCH)
    with translation.override("fr"):
        path = reverse("calendar_feed")
    with time_machine.travel(datetime(2027, 1, 1, 12, tzinfo=UTC)):
        feeds = {
            prefix: icalendar.Calendar.from_ical(client.get(prefix + path).content)
            for prefix in ("", "/nl")
        }
    for prefix, text in (("", FRENCH), ("/nl", DUTCH)):
        (first, *_rest) = [
            e for e in feeds[prefix].walk("VEVENT") if str(e["summary"]) == event.title
        ]
        assert str(first["description"]).startswith(text)


def test_the_entry_fee_reads_in_the_pages_language(
    secretary_client: Client, client: Client
) -> None:
    with stopped_clock():
        event = entry_open(120, fee="15 € (10 € pour les jeunes)")
        form = {
            "open": "on",
            "closes_at": "2026-09-30T20:00",
            "places": "120",
            "rating": "fide",
            "fee": "15 € (10 € pour les jeunes)",
            "fee_nl": "15 € (10 € voor jongeren)",
            "fee_en": "€15 (€10 for juniors)",
        }
        url = reverse("desk:entry_terms", args=[event.pk])
        assert secretary_client.post(url, form).status_code == 302
        terms = EntryTerms.objects.get(event=event)
        assert terms.translated_fees == {
            "nl": "15 € (10 € voor jongeren)",
            "en": "€15 (€10 for juniors)",
        }
        fees = {prefix: _shown(client, event, prefix) for prefix in ("", "/nl", "/de", "/en")}
        desk = secretary_client.get(reverse("desk:entries", args=[event.pk])).content.decode()
    assert "Inschrijvingsgeld: 15 € (10 € voor jongeren)" in fees["/nl"]
    assert "Entry fee: €15 (€10 for juniors)" in fees["/en"]
    assert "Droit d'inscription\xa0: 15 € (10 € pour les jeunes)" in fees[""]
    assert "15 € (10 € pour les jeunes)" in fees["/de"]  # no German text: the French
    assert re.search(
        r'<input type="text" name="fee_nl" value="15 € \(10 € voor jongeren\)"', unescape(desk)
    )
