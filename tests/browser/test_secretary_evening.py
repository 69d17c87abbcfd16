from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from playwright.sync_api import Page, expect

from club.models import Event, Game, Result
from ratings.models import RatingChange
from tests.club.factories import MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def test_the_secretarys_evening(live_server, page: Page):
    names = ["Dubois", "Lambert", "Peeters", "Janssens", "Maes", "Jacobs"]
    for n, name in enumerate(names):
        MemberFactory(
            player__last_name=name,
            player__first_name="Joueur",
            player__national_rating=1900 - 80 * n,
        )
    user = User.objects.create_user("secretaire", password="tour-de-table-2026")
    user.groups.add(Group.objects.get(name="secretaries"))

    page.goto(f"{live_server.url}/comptes/login/")
    page.fill("#id_username", "secretaire")
    page.fill("#id_password", "tour-de-table-2026")
    page.get_by_role("button", name="Se connecter").click()

    page.goto(f"{live_server.url}/secretariat/evenements/nouveau/")
    page.fill("#id_title", "Championnat de printemps")
    page.select_option("#id_kind", "championship")
    page.fill("#id_start", "2026-03-06T20:00")
    page.fill("#id_end", "2026-04-10T23:00")
    page.select_option("#id_system", "round_robin")
    page.fill("#id_tiebreaks", "sonneborn_berger,wins")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("h1")).to_contain_text("Championnat de printemps")

    for name in names:
        # search as you type needs htmx, which starts once the page has loaded
        page.wait_for_load_state("load")
        page.wait_for_function("() => window.htmx !== undefined")
        page.fill("#member-q", name[:4])
        page.locator("#search-results").get_by_role("button", name="Inscrire").first.click()
        expect(page.locator("#participants")).to_contain_text(name)
    page.locator("#pair-all").click()
    expect(page.locator("#rounds li")).to_have_count(5)

    event = Event.objects.get(title="Championnat de printemps")
    keys = ["1", "=", "0"]
    for number in range(1, 6):
        page.goto(
            f"{live_server.url}/secretariat/rondes/{event.rounds.get(number=number).pk}/resultats/"
        )
        inputs = page.locator(".result-input")
        expect(inputs.first).to_be_focused()
        for board in range(3):
            page.keyboard.press(keys[(number + board) % 3])
        for board in range(3):
            expect(page.locator(".result-line").nth(board)).to_have_attribute("data-state", "saved")
        if number == 1:
            SCREENSHOTS.mkdir(exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "results-entry.png", full_page=True)
    assert not Game.objects.filter(round__event=event, result=Result.PENDING).exists()

    page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/classement/")
    expect(page.locator("#standings tbody tr")).to_have_count(6)
    page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/grille/")
    expect(page.locator("#crosstable tbody tr")).to_have_count(6)
    page.screenshot(path=SCREENSHOTS / "crosstable.png", full_page=True)

    page.goto(f"{live_server.url}/secretariat/evenements/{event.pk}/")
    page.locator("#close-event").click()
    expect(page.locator("#event-status")).to_have_text("clôturé")
    expect(page.locator(".rating-changes tbody tr").first).to_be_visible()
    assert RatingChange.objects.filter(batch__event=event).count() == 6
    page.screenshot(path=SCREENSHOTS / "event-closed.png", full_page=True)
