"""The printed sheets and the wall display in Chromium, at 1280 and 390 px: on print
media the site's navigation is hidden; the wall display has none and asks to be
refreshed."""

from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect

from club.models import Bye, Event, Game, Participant, Player, Result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
NAMES = ["Zola", "Martin", "Dubois", "Albert", "Leroy", "Peeters", "Maes"]


def _event() -> Event:
    """Seven players; round 1 played (Maes the pairing-allocated bye), round 2 paired."""
    event: Event = EventFactory(  # type: ignore[assignment]
        system=Event.System.SWISS,
        kind=Event.Kind.OPEN,
        title="Open d'automne",
        tiebreaks="buchholz",
    )
    players = []
    for number, name in enumerate(NAMES, 1):
        player: Player = PlayerFactory(first_name="Joueur", last_name=name)  # type: ignore[assignment]
        Participant.objects.create(
            event=event, player=player, number=number, rating=2100 - 50 * number
        )
        players.append(player)
    one, two = event.rounds.create(number=1), event.rounds.create(number=2)
    for board, (w, b, result) in enumerate(((0, 3, "1-0"), (4, 1, "1/2-1/2"), (2, 5, "0-1")), 1):
        Game.objects.create(
            round=one, board=board, white=players[w], black=players[b], result=result
        )
    for board, (w, b) in enumerate(((5, 0), (1, 6), (3, 2)), 1):
        Game.objects.create(
            round=two, board=board, white=players[w], black=players[b], result=Result.PENDING
        )
    Bye.of_kind(Bye.Kind.PAIRING_ALLOCATED, round=one, player=players[6]).save()
    Bye.of_kind(Bye.Kind.HALF_POINT, round=two, player=players[4]).save()
    return event


def _log_in(page: Page, url: str) -> None:
    user = User.objects.create_user("secretaire", password="tour-de-table-2026")
    user.groups.add(Group.objects.get(name="secretaries"))
    page.goto(f"{url}/comptes/login/")
    page.fill("#id_username", "secretaire")
    page.fill("#id_password", "tour-de-table-2026")
    page.get_by_role("button", name="Se connecter").click()


def test_the_printed_sheets_and_the_wall_display(live_server, page: Page) -> None:
    event = _event()
    _log_in(page, live_server.url)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.emulate_media(media="screen")
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/")
        page.locator("#sheets-link").click()
        page.screenshot(path=SCREENSHOTS / f"print-sheets-{width}.png", full_page=True)
        page.get_by_role("link", name="Alphabétique, avec les tables").first.click()
        expect(page.locator("#alphabetical tbody tr")).to_have_count(7)
        page.emulate_media(media="print")
        expect(page.locator(".site-header")).to_be_hidden()
        expect(page.locator(".site-footer")).to_be_hidden()
        page.screenshot(path=SCREENSHOTS / f"print-alphabetical-{width}.png", full_page=True)
        page.go_back()
        page.emulate_media(media="screen")
        page.get_by_role("link", name="Par table").nth(1).click()
        expect(page.locator("#boards tbody tr")).to_have_count(3)
        page.emulate_media(media="print")
        expect(page.locator(".site-header")).to_be_hidden()
        page.screenshot(path=SCREENSHOTS / f"print-boards-{width}.png", full_page=True)
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/grille/")
        expect(page.locator(".site-header")).to_be_hidden()
        page.screenshot(path=SCREENSHOTS / f"print-crosstable-{width}.png", full_page=True)
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/classement/")
        page.screenshot(path=SCREENSHOTS / f"print-standings-{width}.png", full_page=True)
        page.emulate_media(media="screen")
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/affichage/")
        expect(page.locator("#wall-pairings tbody tr")).to_have_count(3)
        expect(page.locator("#wall")).to_have_attribute("hx-trigger", "every 30s")
        assert page.evaluate("typeof window.htmx") == "object"
        expect(page.locator("nav")).to_have_count(0)
        page.screenshot(path=SCREENSHOTS / f"wall-{width}.png", full_page=True)
