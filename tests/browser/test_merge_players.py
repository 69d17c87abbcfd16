"""Two records of one player merged from the desk in Chromium, at 390 and 1280 px: the
list of players known twice, the merge shown before it is done, then the one record."""

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Participant, Player
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import EventFactory, MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_a_secretary_merges_a_player_known_twice(live_server: LiveServer, page: Page) -> None:
    member = MemberFactory(
        player__first_name="Didier", player__last_name="Marchal", player__fide_id=208_712
    )
    typed = Player.objects.create(
        first_name="Didier", last_name="MARCHAL", national_id="12345", federation="BEL",
        club_name="Echiquier Wavrien",
    )  # fmt: skip
    Participant.objects.create(event=EventFactory(title="Interclubs R3"), player=typed, number=1)
    sign_in_as_new_secretary(page, live_server.url)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/secretariat/joueurs/doublons/")
        expect(page.locator("h2").first).to_have_text("Didier Marchal")
        page.screenshot(path=SCREENSHOTS / f"duplicates-{width}.png", full_page=True)
        assert serious_violations(page) == []
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width
    page.get_by_role("link", name=f"Fusionner dans n° {member.player.pk}").click()
    expect(page.locator("#merge-plan")).to_contain_text("1 participant")
    expect(page.locator("#merge-plan")).to_contain_text("matricule national")
    page.screenshot(path=SCREENSHOTS / "merge-players-1280.png", full_page=True)
    assert serious_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 900})
    page.screenshot(path=SCREENSHOTS / "merge-players-390.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_role("button", name="Fusionner les deux fiches").click()
    expect(page.get_by_role("alert")).to_contain_text("Didier Marchal n'a plus qu'une fiche")
    expect(page.get_by_role("status")).to_have_text("Aucune fiche ne porte le nom d'une autre.")
    assert not Player.objects.filter(pk=typed.pk).exists()
    kept = Player.objects.get(pk=member.player.pk)
    assert (kept.national_id, kept.participations.get().event.title) == ("12345", "Interclubs R3")
