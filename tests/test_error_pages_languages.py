"""The 403, 404 and 500 pages in Dutch and German too, as the site's own pages."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import Settings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("prefix", "lang", "title"),
    [
        ("/", "fr", "Page introuvable"),
        ("/nl/", "nl", "Pagina niet gevonden"),
        ("/de/", "de", "Seite nicht gefunden"),
        ("/en/", "en", "Page not found"),
    ],
)
def test_a_missing_page_is_in_the_visitors_language(
    client: Client, prefix: str, lang: str, title: str
) -> None:
    response = client.get(f"{prefix}nulle-part/")
    html = response.content.decode()
    assert response.status_code == 404
    assert (
        f'<html lang="{lang}">' in html
        and f'<h1 class="h3 section-title mb-3">{title}</h1>' in html
    )


@pytest.mark.parametrize(
    ("prefix", "lang", "title"),
    [("/nl/", "nl", "Serverfout"), ("/de/", "de", "Serverfehler")],
)
def test_a_server_error_is_in_the_visitors_language(
    settings: Settings, prefix: str, lang: str, title: str
) -> None:
    settings.ROOT_URLCONF = "tests.failing_urls"
    response = Client(raise_request_exception=False).get(f"{prefix}panne/")
    html = response.content.decode()
    assert response.status_code == 500
    assert f'<html lang="{lang}">' in html and title in html


@pytest.mark.parametrize(
    ("prefix", "lang", "title"),
    [
        ("/", "fr", "Accès refusé"),
        ("/nl/", "nl", "Toegang geweigerd"),
        ("/de/", "de", "Zugriff verweigert"),
        ("/en/", "en", "Access denied"),
    ],
)
def test_a_refused_page_is_the_sites_own_in_the_visitors_language(
    client: Client, prefix: str, lang: str, title: str
) -> None:
    client.force_login(User.objects.create_user("lid"))
    response = client.get(f"{prefix}secretariat/")
    html = response.content.decode()
    assert response.status_code == 403
    assert f'<html lang="{lang}">' in html and title in html
    assert 'id="main-menu"' in html  # the site's menu, not Django's bare page
