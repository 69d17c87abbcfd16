from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from ratings.models import RatingChange, RatingSystem
from tests.browser.session import sign_in
from tests.task_worker import work_queued_tasks

# the ratings preview reads through the "snapshot" alias (lib.snapshot) outside a transaction
pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True, databases=["default", "snapshot"]),
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"


def _history(member_url: str, page: Page) -> list[str]:
    page.goto(member_url)
    return page.locator("#history .history-row").all_inner_texts()


def test_an_administrator_changes_k_previews_applies_and_reverts(
    live_server: LiveServer, page: Page
) -> None:
    call_command("load_demo_club", verbosity=0)
    User.objects.create_user(
        "admin", password="mot-de-passe-2026", is_staff=True, is_superuser=True
    )
    club = RatingSystem.objects.get(engine="club")
    change = RatingChange.objects.filter(
        batch__system=club, player__membership__isnull=False, k__isnull=False
    ).latest("pk")
    member_url = f"{live_server.url}/membres/{change.player.membership.pk}/"
    before = _history(member_url, page)

    sign_in(page, live_server.url, "admin", "mot-de-passe-2026")
    page.goto(f"{live_server.url}/classements/systemes/{club.pk}/")
    page.fill("#id_p-k", "32")
    page.get_by_role("button", name="Voir l'effet").click()
    expect(page.locator("#impacts tbody tr").first).to_be_visible()
    expect(page.locator("#impact-count")).to_contain_text("Rien n'a encore été enregistré")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "configuration-preview.png", full_page=True)
    assert _history(member_url, page) == before  # a preview writes nothing

    page.goto(f"{live_server.url}/classements/systemes/{club.pk}/")
    page.fill("#id_p-k", "32")
    page.get_by_role("button", name="Voir l'effet").click()
    page.locator("#apply").click()
    expect(page.locator("#job-progress")).to_be_visible()
    work_queued_tasks()
    changed = _history(member_url, page)
    assert changed != before

    page.goto(f"{live_server.url}/classements/systemes/{club.pk}/")
    page.get_by_role("button", name="Annuler cette modification").first.click()
    page.locator("#apply").click()
    work_queued_tasks()
    assert _history(member_url, page) == before  # back as it was, to the last decimal
