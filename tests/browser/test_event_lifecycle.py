"""Closing, cancelling and deleting an event in Chromium, at 1280 and 390 px: the closing
confirmation names the rating systems it recalculates; the deletion page says what goes;
a cancelled event's pages offer no change but restoring it."""

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event, Game, Member, Result
from desk.services import pairing, registration
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import EventFactory, MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def _event(user: User, title: str) -> Event:
    event: Event = EventFactory(
        title=title, system=Event.System.ROUND_ROBIN, kind=Event.Kind.CHAMPIONSHIP
    )
    for n in range(4):
        member: Member = MemberFactory(
            player__last_name=f"Joueur{n}", player__national_rating=1800 - n
        )
        registration.register(event.pk, member.player.pk, user)
    pairing.pair_round_robin(event.pk, user)
    Game.objects.filter(round__event=event).update(result=Result.DRAW)
    return event


def test_closing_confirms_and_deleting_says_what_goes(live_server: LiveServer, page: Page) -> None:
    user = sign_in_as_new_secretary(page, live_server.url)
    for width in (1280, 390):
        event = _event(user, f"Championnat {width}")
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/")
        page.locator("#close-event").click()
        expect(page.locator("#systems-replayed")).to_contain_text("Elo du club")
        page.screenshot(path=SCREENSHOTS / f"close-confirm-{width}.png", full_page=True)
        page.locator("#confirm-close").click()
        expect(page.locator("#event-status")).to_have_text("clôturé")
        page.locator("#event-lifecycle summary").click()
        page.screenshot(path=SCREENSHOTS / f"event-lifecycle-{width}.png", full_page=True)
        page.locator("#delete-event").click()
        expect(page.locator("#delete-confirmation")).to_contain_text("4 inscriptions, 3 rondes")
        page.screenshot(path=SCREENSHOTS / f"delete-confirm-{width}.png", full_page=True)
        page.fill("#delete-reason", "doublon")
        page.locator("#confirm-delete").click()
        expect(page.locator(".alert-success")).to_contain_text("est supprimé")
        assert not Event.objects.filter(pk=event.pk).exists()


def test_a_cancelled_event_is_read_only_until_restored(live_server: LiveServer, page: Page) -> None:
    user = sign_in_as_new_secretary(page, live_server.url)
    event = _event(user, "Championnat annulé")
    Game.objects.filter(round__event=event, round__number=3).update(result=Result.PENDING)
    page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/")
    page.locator("#event-lifecycle summary").click()
    page.fill("#cancel-reason", "salle fermée")
    page.locator("#cancel-event").click()
    expect(page.locator("#event-status")).to_have_text("annulé")
    expect(page.locator("#cancelled-note")).to_be_visible()
    expect(page.locator("#member-q")).to_have_count(0)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=SCREENSHOTS / f"cancelled-event-{width}.png", full_page=True)
    page.locator("#rounds a", has_text="Ronde 3").click()
    expect(page.locator("#cancelled-note")).to_be_visible()
    expect(page.locator(".result-input").first).to_have_attribute("readonly", "")
    expect(page.locator("#save-all")).to_have_count(0)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=SCREENSHOTS / f"cancelled-results-{width}.png", full_page=True)
    # the pairings page of a round sends back to the event's page with the reason
    page.goto(f"{live_server.url}/secretariat/rondes/{event.rounds.get(number=3).pk}/appariements/")
    expect(page.get_by_role("alert")).to_contain_text("rétablissez-le avant d'y changer")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=SCREENSHOTS / f"cancelled-refused-{width}.png", full_page=True)
    page.locator("#event-lifecycle summary").click()
    page.locator("#restore-event").click()
    expect(page.locator("#event-status")).not_to_have_text("annulé")
    expect(page.locator("#member-q")).to_have_count(1)
