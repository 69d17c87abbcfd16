"""The public event page: its standings by category and its prize list, as the desk
computes them (``tests.club.prize_open``: the figures by hand there), without a birth
date. (A prize written forgets the page: tests/test_fresh_pages.py.)"""

import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client

from club.models import Event
from desk.services import prizes as services
from desk.services.prizes import CategorySpec
from tests.club.prize_open import prize_open

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event(secretary: User) -> Event:
    """The open with its U12 and women's categories; 100, 60 and 30 overall by Hort's
    system, 40 for the best woman."""
    event = prize_open()
    services.save_prize_rules(
        event.pk, secretary, reference_date=None, ties="hort", share_categories=False, currency="€"
    )
    services.add_category(event.pk, CategorySpec("U12", "under", age=12), secretary)
    women = services.add_category(event.pk, CategorySpec("Women", "women"), secretary)
    for place, amount in ((1, 100), (2, 60), (3, 30)):
        services.set_prize(
            event.pk, secretary, category_id=None, place=place, amount=Decimal(amount)
        )
    services.set_prize(event.pk, secretary, category_id=women.pk, place=1, amount=Decimal(40))
    return event


def test_the_event_page_shows_the_standings_by_category_and_the_prize_list(
    client: Client, open_event: Event, english: None
) -> None:
    open_event.status = Event.Status.CLOSED
    open_event.save(update_fields=["status"])
    html = client.get(open_event.get_absolute_url()).content.decode()
    u12 = html.split('id="category-', 1)[1].split("</details>", 1)[0]
    assert "U12" in u12 and "Léo Chevalier" in u12 and "Marc Albert" not in u12
    prizes = html.split('id="prize-list"', 1)[1]
    assert "81.67 €" in prizes and "61.67 €" in prizes and "46.66 €" in prizes
    assert "ex aequo 1–3" in prizes
    women = prizes.split('id="prize-table-', 2)[2].split("</table>", 1)[0]
    assert "Julie Bernard" in women and "40 €" in women
    assert "Hort system" in prizes


def test_while_the_event_runs_the_page_shows_the_prizes_to_win_not_the_winners(
    client: Client, open_event: Event, english: None
) -> None:
    """After round 2 of 3 nobody has won anything yet: the page lists the places and
    their prizes, and says when the winners are published; the desk sees the interim
    list."""
    html = client.get(open_event.get_absolute_url()).content.decode()
    prizes = html.split('id="prize-list"', 1)[1].split("<h2", 2)[1]
    assert "1. <span" in prizes and "100 €" in prizes and "40 €" in prizes
    assert "The winners are published once the last round is played." in prizes
    assert "Marc Albert" not in prizes and "81.67 €" not in prizes


def test_the_event_page_shows_no_birth_date(client: Client, open_event: Event) -> None:
    html = client.get(open_event.get_absolute_url()).content.decode()
    for year in ("2012", "2014", "2015", "1961", "1980"):
        assert year not in html


def test_an_event_without_prizes_shows_neither_section(client: Client, english: None) -> None:
    html = client.get(prize_open().get_absolute_url()).content.decode()
    assert 'id="prize-list"' not in html and 'id="categories"' not in html


def test_the_page_opens_with_links_to_each_round_played_and_its_sections(
    client: Client, open_event: Event, english: None
) -> None:
    """On a phone the rounds come after the standings, the categories and the prizes: the
    page's first lines link to each round paired (not the third, still unpaired) and to
    those sections, and each link has its target."""
    html = client.get(open_event.get_absolute_url()).content.decode()
    sections = html.split('id="event-sections"', 1)[1].split("</nav>", 1)[0]
    links = re.findall(r'href="#([a-z0-9-]+)"', sections)
    assert links == ["round-1", "round-2", "standings-section", "categories", "prize-list"]
    for target in links:
        assert html.count(f'id="{target}"') == 1
