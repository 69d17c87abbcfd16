"""Every page of the access matrix an anonymous reader or a secretary opens, in Dutch and in
German, has no string left in English or in French.

The same page is read in English, French and the language checked (the demo club, the
matrix's own addresses). A catalogue entry whose English text shows on the English page
and, word for word, on the page in the language checked, where the catalogue translates
it otherwise, is a string the page did not translate. A text of the French page that the
English page does not have and the page checked does is French left in it: a string
written in a template or in the code instead of being marked for translation. The
iCalendar feed is read as a page too."""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import django
import polib
import pycountry
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from tests.test_access_matrix import MATRIX, Site, _url
from tests.test_access_matrix import site as site  # the matrix's fixture: the demo club
from tests.test_access_matrix import site_built_once as site_built_once

# the words of the pages, the same whatever the database: SQLite pass only
pytestmark = [pytest.mark.django_db, pytest.mark.same_on_both]

ROOT = Path(__file__).resolve().parent.parent
ROLES = {"all": "anonymous", "secretary": "secretary"}
SHOWN = ("text/html", "text/calendar")
PLACEHOLDER = re.compile(r"%\([a-z_]+\)[sd]|%[sd]|\{[a-z_]+(?::[^{}]*)?\}")
VISIBLE_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}


class _Text(HTMLParser):
    """The texts a reader sees: text nodes outside scripts and styles, and the labels
    given in attributes (title, aria-label, placeholder, alt)."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.texts += [value for name, value in attrs if name in VISIBLE_ATTRIBUTES and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.texts.append(data)


def _texts(content: str, content_type: str) -> list[str]:
    """A page's texts, each with its spaces collapsed."""
    if content_type.startswith("text/calendar"):
        # each line a property: its value after the first colon, in which "\\n" parts
        # the description's lines ("Ronde 2: 17 oktober 20:00")
        unfolded = content.replace("\r\n ", "")
        values = [line.partition(":")[2] for line in unfolded.splitlines()]
        texts = [
            part.replace("\\,", ",").replace("\\;", ";")
            for value in values
            for part in value.split("\\n")
        ]
    else:
        parser = _Text()
        parser.feed(content)
        texts = parser.texts
    return [" ".join(text.split()) for text in texts if text.strip()]


@cache
def _entries(language: str) -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """The catalogue's entries translated otherwise than their English text, each with a
    pattern finding that English text in a page (its placeholders match anything) and the
    longest word the pattern asks for as written: a page without that word has no match,
    which a substring search tells quicker than the pattern."""
    found = []
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    translations = {
        t for e in po.translated_entries() for t in [e.msgstr, *e.msgstr_plural.values()]
    }
    for entry in po.translated_entries():
        sources = [entry.msgid, entry.msgid_plural] if entry.msgid_plural else [entry.msgid]
        targets = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for source in sources:
            text = " ".join(re.sub(r"<[^>]+>", "", source).split())
            literal = PLACEHOLDER.sub("", text)
            if len(re.findall(r"[^\W\d_]", literal)) < 4 or text in targets:
                continue  # a letter or two ("W", "D"), or the same in both languages
            if text in translations:
                continue  # the translation of another entry ("Start", Dutch for "Home")
            parts = [re.escape(part) for part in PLACEHOLDER.split(text)]
            pattern = r"(?<!\w)" + ".+?".join(parts).replace(r"\ ", r"\s+") + r"(?!\w)"
            word = max(PLACEHOLDER.sub(" ", text).split(), key=len)
            found.append((source, word, re.compile(pattern)))
    return tuple(found)


@pytest.fixture
def demo(site: Site) -> Site:
    """The access matrix's site: the demo club, its users by role, its pages' arguments,
    built once for the module (asked for by name, so that pytest builds it before the
    test's transaction begins: tests/built_once.py)."""
    return site


def _page_names(role: str) -> list[str]:
    """The pages the matrix lets ``role`` open with GET (anyone's, or a secretary's)."""
    return [name for name, (get_policy, _post) in MATRIX.items() if ROLES.get(get_policy) == role]


def _read(client: Client, url_name: str, demo: Site, language: str) -> list[str] | None:
    _users, args, event = demo
    with translation.override(language):
        url = _url(url_name, args, event)
    response = client.get(url, follow=True, HTTP_ACCEPT_LANGUAGE=language)
    content_type = response.get("Content-Type", "")
    if response.status_code != 200 or not content_type.startswith(SHOWN):
        return None
    return _texts(response.content.decode(), content_type)


def _words(texts: list[str] | tuple[str, ...]) -> set[str]:
    return {word for text in texts for word in re.findall(r"[^\W\d_]{3,}", text)}


@cache
def _translated_words(language: str) -> frozenset[str]:
    """The words of the catalogue's translations: a word the language shares with French
    ("Ronde", "Interclubs") is no French left on the page."""
    # ours, and Django's own (the months' abbreviations of a short date: Dutch "nov")
    catalogues = [
        ROOT / "locale" / language / "LC_MESSAGES" / "django.po",
        Path(django.__file__).parent / "conf" / "locale" / language / "LC_MESSAGES" / "django.po",
    ]
    texts = [
        t
        for path in catalogues
        for e in polib.pofile(str(path)).translated_entries()
        for t in [e.msgstr, *e.msgstr_plural.values()]
    ]
    # and the countries' names the federation fields offer (club.federations: Dutch "Chili")
    countries = Path(pycountry.LOCALES_DIR) / language / "LC_MESSAGES" / "iso3166-1.mo"
    texts += [e.msgstr for e in polib.mofile(str(countries)) if e.msgstr]
    return frozenset(_words(texts))


def _problems(
    english: list[str], french: list[str], checked: list[str], language: str
) -> list[str]:
    """What the page ``checked`` left in English or French (see the module's text). An
    English text the French page also shows is the page's data (an article's words), not
    a string; so are words the English page shows too."""
    english_text, french_text = "\n".join(english), "\n".join(french)
    checked_text = "\n".join(checked)
    left = [
        f"{source!r} in English"
        for source, word, pattern in _entries(language)
        if word in checked_text
        and word in english_text
        and pattern.search(english_text)
        and pattern.search(checked_text)
        and not pattern.search(french_text)
    ]
    french_only = _words(french) - _words(english) - _translated_words(language)
    return left + [
        f"{text!r} in French" for text in sorted(set(checked)) if _words([text]) & french_only
    ]


def _untranslated(demo: Site, languages: tuple[str, ...]) -> tuple[list[str], set[str]]:
    """What the pages left untranslated in each of ``languages``, and the pages read (each
    page read once in English and in French, whatever the number of languages checked)."""
    users: dict[str, User] = demo[0]
    problems = []
    read = set()
    for role in ROLES.values():
        client = Client()
        if role != "anonymous":
            client.force_login(users[role])
        for name in _page_names(role):
            english = _read(client, name, demo, "en")
            french = _read(client, name, demo, "fr")
            if english is None or french is None:
                continue
            for language in languages:
                checked = _read(client, name, demo, language)
                if checked is None:
                    continue
                read.add(name)
                problems += [
                    f"{role} {name} ({language}): {p}"
                    for p in _problems(english, french, checked, language)
                ]
    return problems, read


def test_it_leaves_no_english_or_french_string_on_the_pages_in_dutch_and_german(
    demo: Site,
) -> None:
    problems, read = _untranslated(demo, ("nl", "de"))
    assert not problems, "\n".join(problems)
    # every page of the two roles is read, but for those that are not text: the game's
    # board (SVG), the files downloaded (CSV, TRF, the FRBE report, PGN), the health
    # check's and the calculator API's JSON and the icon
    not_read = {name for role in ROLES.values() for name in _page_names(role)} - read
    assert not_read == {
        "game_board", "desk:standings_csv", "desk:trf_export", "desk:frbe_report",
        "event_pgn", "member_pgn", "health", "favicon", "ratings_api:openapi",
    }  # fmt: skip


def test_it_finds_strings_left_in_english_or_in_french(demo: Site) -> None:
    """The check itself, on the home page: read in English or in French where Dutch is
    expected, it reports the menu's "Calendar" left in English, and French texts (the
    menu's "Calendrier") left in French; the Dutch page itself has neither."""
    english, french, dutch = (_read(Client(), "home", demo, code) for code in ("en", "fr", "nl"))
    assert english is not None and french is not None and dutch is not None
    assert "'Calendar' in English" in _problems(english, french, english, "nl")
    assert "'Calendrier' in French" in _problems(english, french, french, "nl")
    assert "Kalender" in dutch
    assert _problems(english, french, dutch, "nl") == []
    # the iCalendar feed is read line by line of each description: "Ronde 2: ..." too
    feed = _read(Client(), "calendar_feed", demo, "nl")
    assert feed is not None
    assert len([t for t in feed if re.fullmatch(r"Ronde \d+: \d+ [a-z]+ \d\d:\d\d", t)]) > 1
