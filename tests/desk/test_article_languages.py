"""An article in each language the club offers: the secretary writes its title and text in
the site's language (French) and, where they wish, in the others, previews it in each,
and the article's page, the list of articles and the home page in a language show its
title and text, or the French where that language has none. One address for them all."""

import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from pytest_django import Settings

from club.models import Article

pytestmark = pytest.mark.django_db

TITLE = "Portes ouvertes le 20 décembre"
BODY = "Le club **ouvre** ses portes à tous, débutants compris."
TITEL = "Opendeurdag op 20 december"
TEKST = "De club **opent** zijn deuren voor iedereen, ook beginners."
TITLE_EN = "Open day on 20 December"

NEW = {"title": TITLE, "slug": "", "body": BODY}


def _url(name: str, *args: object) -> str:
    with translation.override("fr"):  # the address without a prefix, the site's language's
        return reverse(name, args=args)


def _page(prefix: str, name: str, *args: object) -> str:
    """A public page as a visitor (no session) reads it in the language of ``prefix``."""
    response = Client().get(prefix + _url(name, *args))
    assert response.status_code == 200
    return unescape(response.content.decode())


def _published(**texts: dict[str, str]) -> Article:
    return Article.objects.create(
        title=TITLE,
        slug="portes-ouvertes",
        body=BODY,
        published_at=timezone.now(),
        translated_titles=texts.get("titles", {}),
        translated_bodies=texts.get("bodies", {}),
    )


def test_a_dutch_page_shows_the_dutch_title_and_text(db: None) -> None:
    _published(titles={"nl": TITEL}, bodies={"nl": TEKST})
    page = _page("/nl", "article", "portes-ouvertes")
    assert f'<h1 class="h3 section-title">{TITEL}</h1>' in page
    assert "De club <strong>opent</strong> zijn deuren" in page
    assert f"<title>{TITEL} · " in page
    assert TITLE not in page and "ouvre" not in page


def test_a_german_page_without_german_text_shows_the_french_marked_as_french(
    db: None,
) -> None:
    _published(titles={"nl": TITEL}, bodies={"nl": TEKST})
    page = _page("/de", "article", "portes-ouvertes")
    assert f'<h1 class="h3 section-title" lang="fr">{TITLE}</h1>' in page
    assert '<div class="article-body" lang="fr"><p>Le club <strong>ouvre</strong>' in page
    assert TITEL not in page
    french = _page("", "article", "portes-ouvertes")  # the French page marks nothing
    assert f'<h1 class="h3 section-title">{TITLE}</h1>' in french


def test_a_dutch_title_with_the_french_text_marks_the_text_only(db: None) -> None:
    _published(titles={"nl": TITEL})
    page = _page("/nl", "article", "portes-ouvertes")
    assert f'<h1 class="h3 section-title">{TITEL}</h1>' in page
    assert '<div class="article-body" lang="fr"><p>Le club <strong>ouvre</strong>' in page


def test_the_home_page_and_the_articles_list_each_languages_title(db: None) -> None:
    _published(titles={"nl": TITEL, "en": TITLE_EN})
    link = '<a href="{}">{}</a>'
    french = f'<span lang="fr">{TITLE}</span>'  # the German pages borrow it, marked so
    for prefix, title in (("", TITLE), ("/nl", TITEL), ("/de", french), ("/en", TITLE_EN)):
        home = _page(prefix, "home")
        assert link.format(f"{prefix}/articles/portes-ouvertes/", title) in home, prefix
        listed = " ".join(_page(prefix, "articles").split())
        assert f'<div class="fw-semibold">{title}</div>' in listed, prefix


def test_the_form_saves_and_shows_back_each_language(secretary_client: Client) -> None:
    posted = {
        **NEW,
        "title_nl": TITEL,
        "body_nl": TEKST,
        "title_de": "  ",
        "body_de": "",
        "title_en": TITLE_EN,
        "body_en": "",
    }
    response = secretary_client.post(reverse("desk:article_new"), posted)
    article = Article.objects.get(slug="portes-ouvertes-le-20-decembre")  # one address
    assert response.status_code == 302
    assert (article.title, article.body) == (TITLE, BODY)
    assert article.translated_titles == {"nl": TITEL, "en": TITLE_EN}
    assert article.translated_bodies == {"nl": TEKST}
    html = unescape(
        secretary_client.get(reverse("desk:article_edit", args=[article.pk])).content.decode()
    )
    labels = [
        " ".join(re.sub(r"<[^>]+>", "", label).split())
        for label in re.findall(r"<label\b[^>]*>(.*?)</label>", html, re.S)
    ]
    assert labels == [
        "Titre (français)*",
        "Identifiant d'URL",
        "Texte (français)*",
        *(
            f"{name} ({language})"
            for language in ("Nederlands", "Deutsch", "English")
            for name in ("Titre", "Texte")
        ),
    ]
    assert re.search(rf'<input type="text" name="title_nl" value="{TITEL}"[^>]* lang="nl"', html)
    assert re.search(r'<input type="text" name="title_en" value="Open day on 20 December"', html)
    assert re.search(rf'<textarea name="body_nl"[^>]* lang="nl"[^>]*>\s*{re.escape(TEKST)}<', html)
    # the languages written open their section; the others wait closed
    assert re.search(
        r'<details class="card card-body shadow-sm mt-3"\s+id="article-nl" open>', html
    )
    assert re.search(r'<details class="card card-body shadow-sm mt-3"\s+id="article-de">', html)


def test_a_translation_emptied_is_gone_and_one_left_out_kept(secretary_client: Client) -> None:
    article = _published(titles={"nl": TITEL, "de": "Tag der offenen Tür"}, bodies={"nl": TEKST})
    url = reverse("desk:article_edit", args=[article.pk])
    edit = {"title": TITLE, "slug": article.slug, "body": BODY, "title_nl": "", "body_nl": TEKST}
    assert secretary_client.post(url, edit).status_code == 302
    article.refresh_from_db()
    assert article.translated_titles == {"de": "Tag der offenen Tür"}  # not posted: kept
    assert article.translated_bodies == {"nl": TEKST}
    assert article.slug == "portes-ouvertes"


def test_the_preview_shows_the_language_chosen(secretary_client: Client) -> None:
    posted = {**NEW, "title_nl": TITEL, "body_nl": TEKST, "preview": "nl"}
    response = secretary_client.post(reverse("desk:article_new"), posted)
    html = unescape(response.content.decode())
    assert "Aperçu\u00a0: Nederlands (non enregistré)" in html
    assert f'<h3 class="h4" lang="nl">{TITEL}</h3>' in html
    assert "De club <strong>opent</strong> zijn deuren" in str(response.context["preview_body"])
    assert 'id="preview-borrowed"' not in html
    assert not Article.objects.filter(title=TITLE).exists()


def test_a_preview_in_german_without_german_text_shows_the_french(
    secretary_client: Client,
) -> None:
    posted = {**NEW, "title_nl": TITEL, "body_nl": TEKST, "preview": "de"}
    response = secretary_client.post(reverse("desk:article_new"), posted)
    html = unescape(response.content.decode())
    assert "Aperçu\u00a0: Deutsch (non enregistré)" in html
    assert f'<h3 class="h4" lang="fr">{TITLE}</h3>' in html
    assert '<div class="article-body" lang="fr"><p>Le club <strong>ouvre</strong>' in html
    assert "ses pages montrent ceux de la langue du site." in " ".join(html.split())


def test_a_bad_translation_is_named_and_nothing_posted_is_lost(
    secretary_client: Client,
) -> None:
    posted = {**NEW, "title_nl": "T" * 201, "body_nl": TEKST, "title_de": "Tag der\noffenen Tür"}
    response = secretary_client.post(reverse("desk:article_new"), posted)
    assert response.status_code == 200 and not Article.objects.filter(title=TITLE).exists()
    form = response.context["form"]
    assert form.errors["title_nl"] == [
        "Assurez-vous que cette valeur comporte au plus 200 caractères (actuellement 201)."
    ]
    assert form.errors["title_de"] == ["Écrivez ceci sur une ligne, sans retour à la ligne."]
    html = unescape(response.content.decode())
    assert re.search(rf"<textarea name=\"body_nl\"[^>]*>\s*{re.escape(TEKST)}<", html)
    assert f'name="title" value="{TITLE}"' in html
    for code in ("nl", "de"):  # the sections with an error are open
        assert f'id="article-{code}" open>' in html


def test_a_site_in_french_only_asks_for_one_title_and_text(
    secretary_client: Client, settings: Settings
) -> None:
    settings.LANGUAGES = [("fr", "Français")]
    html = unescape(secretary_client.get(reverse("desk:article_new")).content.decode())
    assert "title_nl" not in html and "Titre (français)" not in html
    assert "> Titre* </label>" in " ".join(re.sub(r"<span[^>]*>|</span>", "", html).split())
    assert re.search(r'name="preview"\s+id="preview"', html) and "preview-nl" not in html
