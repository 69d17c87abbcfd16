"""The site's languages are a setting (SITE_LANGUAGES): French, Dutch, German and English
by default, French the default language; a club that wants only French and Dutch shows
only those, in the language switch and in the addresses."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.urls import reverse, translate_url
from django.utils import formats, translation
from pytest_django import Settings

from club.formats import NAMED_FORMATS
from tests.club.factories import MemberFactory
from tests.test_settings import settings_under

SWITCH = re.compile(r'<nav[^>]*id="language-switch".*?</nav>', re.S)


def _switch(client: Client, url: str) -> list[str]:
    """The languages the page's switch offers, as (hreflang, href) in its order."""
    page = client.get(url)
    assert page.status_code == 200
    nav = SWITCH.search(page.content.decode())
    assert nav is not None
    return re.findall(r'href="([^"]*)"\s+hreflang="([a-z]+)"', nav.group(0))


def test_it_has_four_languages_by_default_french_first() -> None:
    found = settings_under()
    assert [code for code, _name in found["LANGUAGES"]] == ["fr", "nl", "de", "en"]
    assert found["LANGUAGE_CODE"] == "fr"


def test_it_reads_the_sites_languages_from_the_environment() -> None:
    found = settings_under(SITE_LANGUAGES="fr, nl")
    assert [code for code, _name in found["LANGUAGES"]] == ["fr", "nl"]
    found = settings_under(SITE_LANGUAGES="nl,fr", LANGUAGE_CODE="nl")
    assert (found["LANGUAGE_CODE"], found["LANGUAGES"][0][0]) == ("nl", "nl")


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"SITE_LANGUAGES": "fr,es"}, "SITE_LANGUAGES must list languages among fr, nl, de, en"),
        ({"SITE_LANGUAGES": ","}, "not nothing"),
        ({"SITE_LANGUAGES": "fr,nl,fr"}, "lists a language twice"),
        ({"SITE_LANGUAGES": "nl,de"}, "LANGUAGE_CODE 'fr' must be one of SITE_LANGUAGES"),
    ],
)
def test_it_refuses_languages_it_cannot_serve(env: dict[str, str], message: str) -> None:
    with pytest.raises(ImproperlyConfigured, match=message):
        settings_under(**env)


@pytest.mark.django_db
def test_the_switch_offers_every_language_and_each_prefix_answers(client: Client) -> None:
    assert _switch(client, "/") == [
        ("/", "fr"),
        ("/nl/", "nl"),
        ("/de/", "de"),
        ("/en/", "en"),
    ]
    for prefix, code in (("/nl/", "nl"), ("/de/", "de")):
        page = client.get(prefix)
        assert page.status_code == 200
        assert f'<html lang="{code}">' in page.content.decode()
    assert ("/nl/calendrier/", "nl") in _switch(client, "/de/calendrier/")


@pytest.mark.django_db
def test_a_club_with_french_and_dutch_shows_only_those(client: Client, settings: Settings) -> None:
    settings.LANGUAGES = [("fr", "French"), ("nl", "Dutch")]
    assert _switch(client, "/nl/") == [("/", "fr"), ("/nl/", "nl")]
    assert client.get("/de/").status_code == 404
    assert client.get("/en/calendrier/").status_code == 404


@pytest.mark.parametrize("code", ["fr", "nl", "de", "en"])
def test_every_language_has_every_named_date_format(code: str) -> None:
    """A name a language's module lacked would be printed as it is: the formats must be
    made of format characters, not the name."""
    with translation.override(code):
        for name in NAMED_FORMATS:
            written = formats.date_format(datetime(2026, 11, 26, 19, 30, tzinfo=UTC), name)
            assert "FORMAT" not in written and "26" in written, (code, name, written)


def test_each_language_writes_the_date_its_own_way() -> None:
    """German puts a full stop after the day ("26. November 2026", Duden); French and
    Dutch do not; months in each language."""
    day = date(2026, 11, 26)
    written = {}
    for code in ("fr", "nl", "de", "en"):
        with translation.override(code):
            written[code] = formats.date_format(day, "DATE_FORMAT")
    assert written == {
        "fr": "26 novembre 2026",
        "nl": "26 november 2026",
        "de": "26. November 2026",
        "en": "26 November 2026",
    }
    with translation.override("de"):
        evening = datetime(2026, 11, 26, 19, 30, tzinfo=UTC)
        assert formats.date_format(evening, "WEEKDAY_DATETIME_FORMAT") == (
            "Donnerstag, 26. November 2026, 19:30"
        )


@pytest.mark.django_db
def test_the_switch_gives_the_addresses_django_translates(client: Client) -> None:
    # Django's translate_url, the reference: pages with arguments, a namespace, a query
    member = MemberFactory()
    pages = [
        f"/membres/{member.pk}/",
        f"/nl/membres/{member.pk}/parties/?page=1",
        reverse("ratings:calculator"),
        "/en/calendrier/?mois=2026-12",
    ]
    for url in pages:
        path, _, query = url.partition("?")
        prefix = path.split("/")[1]
        with translation.override(prefix if prefix in ("nl", "de", "en") else "fr"):
            expected = [
                (translate_url(path, code) + (f"?{query}" if query else ""), code)
                for code in ("fr", "nl", "de", "en")
            ]
        assert _switch(client, url) == [
            (href.replace("&amp;", "&"), code) for href, code in expected
        ]
    assert _switch(client, f"/de/membres/{member.pk}/")[1] == (f"/nl/membres/{member.pk}/", "nl")
