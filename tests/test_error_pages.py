"""The 404 and 500 pages are the site's, in the visitor's language."""

import pytest
from django.test import Client
from django.utils.html import escape
from pytest_django import Settings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("url", "lang", "title"),
    [("/nulle-part/", "fr", "Page introuvable"), ("/en/nulle-part/", "en", "Page not found")],
)
def test_a_missing_page_is_the_sites_own_in_the_visitors_language(
    client: Client, url: str, lang: str, title: str
) -> None:
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 404
    assert f'<html lang="{lang}">' in html and title in html
    assert 'id="main-menu"' in html  # the site's menu, not Django's bare page


@pytest.mark.parametrize(
    ("url", "lang", "title"),
    [("/panne/", "fr", "Erreur du serveur"), ("/en/panne/", "en", "Server error")],
)
def test_a_server_error_is_the_sites_own_page_in_the_visitors_language(
    settings: Settings, url: str, lang: str, title: str
) -> None:
    settings.ROOT_URLCONF = "tests.failing_urls"
    client = Client(raise_request_exception=False)
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 500
    assert f'<html lang="{lang}">' in html and title in html
    assert escape(settings.CLUB_NAME) in html
    assert "a bug" not in html


@pytest.mark.parametrize(
    ("prefix", "words"),
    [("", "plus de 1000 champs"), ("/en", "more than 1000 fields")],
)
def test_a_form_of_too_many_fields_is_named_in_the_visitors_language(
    secretary_client: Client, prefix: str, words: str
) -> None:
    """A TRF preview of 400 players sent without the page's script: 1,201 fields, more
    than Django reads (``DATA_UPLOAD_MAX_NUMBER_FIELDS``); the page says so, not a bare
    "bad request", and names the way out."""
    fields = {f"player-{n}-{part}": "x" for n in range(400) for part in ("a", "b", "c")}
    fields["token"] = "t"
    response = secretary_client.post(f"{prefix}/secretariat/trf/confirmer/", fields)
    html = response.content.decode()
    assert response.status_code == 400
    assert words in html
    assert 'id="main-menu"' in html
