"""Dates and numbers in the page's language's format: the short dates of the games list
and of a division's calendar, and the numbers of the configuration's sentences, written
as each language writes them (Django's locale data; whole numbers without ".0")."""

import re
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

from club.models import Game
from interclub.models import Division
from lib.numbers import number

NOW = datetime(2026, 11, 22, 10, tzinfo=ZoneInfo("Europe/Brussels"))
LANGUAGES = ("fr", "en", "nl", "de")
# an English abbreviated month ("8 Nov 2026") or an American short date ("11/22/2026")
ENGLISH_DATE = re.compile(r"\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}")
AMERICAN_DATE = re.compile(r"\b(0?[1-9]|1[0-2])/(1[3-9]|2\d|3[01])/\d{4}\b")


@pytest.mark.parametrize(
    ("language", "places", "value", "expected"),
    [
        ("fr", None, 1221.0, "1221"),
        ("en", None, 350.0, "350"),
        ("fr", None, 20.0, "20"),
        ("fr", None, 1.5, "1,5"),
        ("en", None, 1.5, "1.5"),
        ("de", None, Decimal("2.50"), "2,5"),
        ("nl", 1, 7.25, "7,3"),  # half up, as floatformat rounds
        ("fr", None, "aucun", "aucun"),
    ],
)
def test_a_number_is_written_in_the_languages_format_and_whole_ones_without_decimals(
    language: str, places: int | None, value: object, expected: str
) -> None:
    with translation.override(language):
        assert number(value, places) == expected


def _text(client: Client, language: str, name: str, *args: int) -> str:
    with translation.override(language):
        address = reverse(name, args=args)
    response = client.get(address)
    assert response.status_code == 200
    return re.sub(r"<[^>]+>", " ", response.content.decode())


def test_the_games_list_writes_its_dates_in_each_languages_format(
    client: Client, demo_club: None
) -> None:
    # the latest games played, the demo's interclub match of 8 November 2026
    assert Game.objects.filter(round__event__start__date=date(2026, 11, 8)).exists()
    expected = {"fr": "8 nov. 2026", "en": "8 Nov 2026", "nl": "8 nov 2026", "de": "8. Nov. 2026"}
    for language in LANGUAGES:
        text = _text(client, language, "games")
        assert expected[language] in text, language
        if language != "en":
            assert not ENGLISH_DATE.search(text), (language, ENGLISH_DATE.search(text))


def test_a_division_page_writes_no_american_date(client: Client, demo_club: None) -> None:
    division = Division.objects.order_by("pk").first()
    assert division is not None
    matches = list(division.matches.select_related("event").order_by("event__start", "pk"))
    assert matches
    for language in LANGUAGES:
        text = _text(client, language, "interclub:division", division.pk)
        assert not AMERICAN_DATE.search(text), (language, AMERICAN_DATE.search(text))
    english = _text(client, "en", "interclub:division", division.pk)
    first = matches[0].event.start.astimezone(NOW.tzinfo)
    assert first.strftime("%d/%m/%Y") in english


def test_english_writes_a_short_date_and_time_day_first_on_24_hours() -> None:
    """The desk's lists of entries write when each came in (``SHORT_DATETIME_FORMAT``):
    Django's English gives "11/22/2026 10 a.m.", the site's English the day first, as
    its long dates."""
    with translation.override("en"):
        assert date_format(NOW, "SHORT_DATETIME_FORMAT") == "22/11/2026 10:00"
    with translation.override("fr"):
        assert date_format(NOW, "SHORT_DATETIME_FORMAT") == "22/11/2026 10:00"
