"""An event's title in each language the club offers: the secretary writes it in the
site's language (French) and, where they wish, in the others, beside the description of
that language; the public pages and the calendar feed in a language show its title, or
the French where that language has none. The desk keeps the French."""

import re
from datetime import UTC, datetime
from html import unescape

import icalendar
import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django.asserts import assertHTMLEqual

from club.models import Event
from tests.club.entry_open import entry_open, stopped_clock
from tests.club.factories import EventFactory, GameFactory, MemberFactory, RoundFactory
from tests.desk.test_events import NEW_EVENT, _edit
from tests.desk.test_history import _history

pytestmark = pytest.mark.django_db

TITRE = "Championnat 2027"  # NEW_EVENT's
TITEL = "Clubkampioenschap 2027"
TITLE_EN = "Club championship 2027"
BESCHRIJVING = "Zeven ronden, 90 min + 30 s."


def new_year() -> time_machine.travel:
    """A week before the championship's first round (8 January 2027): the pages read
    then, the desk's session opened before (it would have expired)."""
    return time_machine.travel(datetime(2027, 1, 1, 12, tzinfo=UTC), tick=False)


def _create(client: Client, **texts: str) -> Event:
    response = client.post(reverse("desk:event_new"), {**NEW_EVENT, **texts})
    assert response.status_code == 302
    return Event.objects.get(title=TITRE)


def _url(name: str, *args: object) -> str:
    with translation.override("fr"):  # the address without a prefix, the site's language's
        return reverse(name, args=args)


def _page(prefix: str, path: str) -> str:
    """A public page as a visitor (no session) reads it in the language of ``prefix``."""
    response = Client().get(prefix + path)
    assert response.status_code == 200
    return unescape(response.content.decode())


def _h1(html: str) -> str:
    (h1,) = re.findall(r"<h1[^>]*>.*?</h1>", html, re.S)
    return " ".join(h1.split())


def _head_title(html: str) -> str:
    (title,) = re.findall(r"<title>(.*?)</title>", html, re.S)
    return " ".join(title.split())


def test_the_dutch_event_page_shows_the_dutch_title(
    secretary_client: Client,
) -> None:
    event = _create(secretary_client, title_nl=TITEL, description_nl=BESCHRIJVING)
    assert (event.title, event.translated_titles) == (TITRE, {"nl": TITEL})
    html = _page("/nl", _url("event", event.pk))
    assertHTMLEqual(_h1(html), f'<h1 class="h3 section-title">{TITEL}</h1>')
    assert _head_title(html).startswith(f"{TITEL} · ")
    assert TITRE not in html
    french = _page("", _url("event", event.pk))
    assertHTMLEqual(_h1(french), f'<h1 class="h3 section-title">{TITRE}</h1>')
    assert TITEL not in french


def test_a_german_page_without_a_german_title_shows_the_french_marked_so(
    secretary_client: Client,
) -> None:
    event = _create(secretary_client, title_nl=TITEL, title_en=TITLE_EN)
    html = _page("/de", _url("event", event.pk))
    assertHTMLEqual(_h1(html), f'<h1 class="h3 section-title" lang="fr">{TITRE}</h1>')
    assert _head_title(html).startswith(f"{TITRE} · ")
    assert TITEL not in html and TITLE_EN not in html
    assertHTMLEqual(
        _h1(_page("/en", _url("event", event.pk))), f'<h1 class="h3 section-title">{TITLE_EN}</h1>'
    )


def test_the_dutch_home_calendar_and_tournaments_show_the_dutch_title(
    secretary_client: Client,
) -> None:
    _create(secretary_client, title_nl=TITEL)
    with new_year():
        home = _page("/nl", _url("home"))
        # the next meetings' card and the announced tournaments
        assert home.count(TITEL) == 2 and TITRE not in home
        month = _page("/nl", _url("calendar") + "?mois=2027-01")
        # the month's grid (the chip and its tooltip), its agenda and the upcoming cards
        assert f'title="{TITEL}">{TITEL}</a>' in month
        assert re.search(
            rf'<li>\s*<a class="event-chip kind-championship"\s+href="[^"]+">\s*{TITEL}\s*</a>',
            month,
        )
        assert TITRE not in month
        tournaments = _page("/nl", _url("tournaments"))
        assert f'text-decoration-none">{TITEL}</a>' in tournaments  # the announced card
        assert TITRE not in tournaments
        # the German pages show the French, marked as French for a screen reader
        german = _page("/de", _url("home"))
        assert german.count(f'<span lang="fr">{TITRE}</span>') == 2 and TITEL not in german
        german = _page("/de", _url("calendar") + "?mois=2027-01")
        assert f'title="{TITRE}"><span lang="fr">{TITRE}</span></a>' in german


def test_the_results_and_the_games_give_the_pages_title(db: None) -> None:
    closed = EventFactory(
        kind=Event.Kind.OPEN,
        title="Open d'automne",
        translated_titles={"nl": "Herfstopen"},
        status=Event.Status.CLOSED,
    )
    member = MemberFactory()
    game = GameFactory(round=RoundFactory(event=closed), white=member.player, result="1-0")
    with new_year():
        assert '">Herfstopen</a>' in _page("/nl", _url("home"))  # the latest results
        assert '"><span lang="fr">Open d\'automne</span></a>' in _page("/de", _url("home"))
        assert "<strong>Herfstopen</strong>" in _page("/nl", _url("tournaments"))  # archive
        for page in (_url("games"), _url("game", game.pk)):
            html = _page("/nl", page)
            assert '/">Herfstopen</a>' in html and "Open d'automne" not in html, page
        html = _page("/nl", _url("member_games", member.pk))
        assert 'd-md-table-cell">Herfstopen</td>' in html and "Open d'automne" not in html


def test_the_dutch_calendar_feed_names_the_event_in_dutch(
    secretary_client: Client,
) -> None:
    event = _create(secretary_client, title_nl=TITEL)
    for prefix, title in (("", TITRE), ("/nl", TITEL), ("/de", TITRE)):
        with new_year():
            response = Client().get(prefix + _url("calendar_feed"))
        feed = icalendar.Calendar.from_ical(response.content)
        summaries = [
            str(e["summary"])
            for e in feed.walk("VEVENT")
            if str(e["url"]).endswith(f"/{event.pk}/")
        ]
        assert summaries == [title] * 5, prefix  # one a round's evening


def test_the_dutch_entry_form_names_the_event_in_dutch(db: None) -> None:
    with stopped_clock():
        event = entry_open(places=50)
        event.translated_titles = {"nl": "Open van Waver"}
        event.save()
        html = _page("/nl", _url("entry_form", event.pk))
        assert "Open van Waver" in _h1(html) and "Open van Waver" in _head_title(html)
        assert "Open de Wavre" not in html
        assert "Open de Wavre" in _h1(_page("/de", _url("entry_form", event.pk)))


def test_the_form_saves_and_shows_back_each_language(secretary_client: Client) -> None:
    event = _create(
        secretary_client, title_nl=TITEL, title_de="  ", title_en=TITLE_EN, description_nl="Bar."
    )
    assert event.translated_titles == {"nl": TITEL, "en": TITLE_EN}
    assert event.translated_descriptions == {"nl": "Bar."}
    html = unescape(
        secretary_client.get(reverse("desk:event_edit", args=[event.pk])).content.decode()
    )
    labels = [
        " ".join(re.sub(r"<[^>]+>", "", label).split())
        for label in re.findall(r"<label\b[^>]*>(.*?)</label>", html, re.S)
    ]
    # each other language's title beside its description, after the French description
    start = labels.index("Description (français)")
    assert labels[0] == "Titre (français)*"
    assert labels[start + 1 : start + 7] == [
        f"{name} ({language})"
        for language in ("Nederlands", "Deutsch", "English")
        for name in ("Titre", "Description")
    ]
    assert re.search(rf'<input type="text" name="title_nl" value="{TITEL}"[^>]* lang="nl"', html)
    assert re.search(rf'<input type="text" name="title_en" value="{TITLE_EN}"', html)
    assert re.search(r'<input type="text" name="title_de" maxlength="200"[^>]* lang="de"', html)
    # the desk's own pages keep the French
    assertHTMLEqual(_h1(html), f'<h1 class="h3 section-title mb-3">{TITRE}</h1>')


def test_a_title_emptied_is_gone_one_left_out_kept_and_the_history_says_so(
    secretary_client: Client,
) -> None:
    event = _create(secretary_client, title_nl=TITEL, title_de="Vereinsmeisterschaft 2027")
    url = reverse("desk:event_edit", args=[event.pk])
    response = secretary_client.post(url, _edit(event, title_nl=""))
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.translated_titles == {"de": "Vereinsmeisterschaft 2027"}  # German not posted
    changed = "champs modifiés\xa0: jours entre les rondes, titre dans les autres langues."
    assert changed in _history(secretary_client, event)


def test_a_too_long_title_is_named_and_nothing_posted_is_lost(
    secretary_client: Client,
) -> None:
    posted = {
        **NEW_EVENT,
        "title_nl": "T" * 201,
        "title_de": "Meisterschaft",
        "description_nl": BESCHRIJVING,
    }
    response = secretary_client.post(reverse("desk:event_new"), posted)
    assert response.status_code == 200 and not Event.objects.exists()
    form = response.context["form"]
    assert form.errors == {
        "title_nl": [
            "Assurez-vous que cette valeur comporte au plus 200 caractères (actuellement 201)."
        ]
    }
    html = unescape(response.content.decode())
    assert f'name="title" value="{TITRE}"' in html
    assert 'name="title_nl" value="' + "T" * 201 + '"' in html
    assert 'name="title_de" value="Meisterschaft"' in html
    assert re.search(rf"<textarea name=\"description_nl\"[^>]*>\s*{re.escape(BESCHRIJVING)}<", html)
