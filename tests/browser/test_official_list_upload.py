"""An administrator uploads FIDE's list, zipped as FIDE publishes it, and watches the
import's progress bar reach the end; the page then shows what became of each line."""

import zipfile
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect
from pytest_django import Settings
from pytest_django.live_server_helper import LiveServer

from club.models import Player
from ratings.models import OfficialRating
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in
from tests.task_worker import work_queued_tasks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
DATA = Path(__file__).resolve().parents[1] / "ratings" / "data" / "lists"


def test_the_administrator_uploads_a_zipped_list_and_sees_it_imported(
    live_server: LiveServer, page: Page, tmp_path: Path, settings: Settings
) -> None:
    settings.OFFICIAL_LISTS_DIR = tmp_path / "lists"
    archive = tmp_path / "players_list.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        out.write(DATA / "players_list_foa.txt", "players_list_foa.txt")
    luc = Player.objects.create(first_name="Luc", last_name="Dubois", fide_id=200000)
    User.objects.create_superuser("admin", password="mot-de-passe-2026")
    SCREENSHOTS.mkdir(exist_ok=True)

    sign_in(page, live_server.url, "admin", "mot-de-passe-2026")
    page.goto(f"{live_server.url}/classements/systemes/")
    page.get_by_role("link", name="Importer une liste de classement officielle").click()
    page.select_option("#id_kind", "fide")
    page.set_input_files("#id_file", str(archive))
    page.fill("#id_list_date", "2026-08-01")
    page.get_by_role("button", name="Importer en arrière-plan").click()

    bar = page.locator("#list-progress")
    expect(bar).to_have_attribute("data-state", "queued")
    assert serious_violations(page) == []
    work_queued_tasks()  # the worker reads the list; the page polls every second
    expect(bar).to_have_attribute("data-state", "done", timeout=10_000)
    expect(page.get_by_role("progressbar")).to_have_attribute("aria-valuenow", "100")
    expect(page.locator("#list-progress")).to_contain_text("6 lignes lues")
    expect(page.locator("#list-progress")).to_contain_text("nos joueurs, importés")
    assert serious_violations(page) == []
    assert OfficialRating.objects.get(player=luc).k == 40
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=SCREENSHOTS / f"official-list-{width}.png", full_page=True)
    page.goto(f"{live_server.url}/classements/listes/")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=SCREENSHOTS / f"official-lists-{width}.png", full_page=True)
    assert serious_violations(page) == []


def test_a_stopped_import_is_started_again_from_its_page(
    live_server: LiveServer, page: Page, tmp_path: Path, settings: Settings
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from ratings.models import ListedPlayer, OfficialList

    settings.OFFICIAL_LISTS_DIR = tmp_path / "lists"
    kept = tmp_path / "lists" / "kept.txt"
    kept.parent.mkdir()
    kept.write_bytes((DATA / "players_list_foa.txt").read_bytes())
    # a worker killed 20 minutes ago, in the middle of the list
    official = OfficialList.objects.create(
        kind="fide", path=str(kept), file_name="players_list_foa.txt", total=kept.stat().st_size,
        done=400, list_date="2026-08-01", state=OfficialList.State.RUNNING,
        beat_at=timezone.now() - timedelta(minutes=20),
    )  # fmt: skip
    User.objects.create_superuser("admin", password="mot-de-passe-2026")
    SCREENSHOTS.mkdir(exist_ok=True)
    sign_in(page, live_server.url, "admin", "mot-de-passe-2026")
    page.goto(f"{live_server.url}/classements/listes/{official.pk}/")
    expect(page.locator("#list-stopped")).to_have_text("arrêté")
    assert serious_violations(page) == []
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=SCREENSHOTS / f"official-list-stopped-{width}.png", full_page=True)
    page.locator("#restart-list").click()
    bar = page.locator("#list-progress")
    expect(bar).to_have_attribute("data-state", "queued")
    work_queued_tasks()
    expect(bar).to_have_attribute("data-state", "done", timeout=10_000)
    assert ListedPlayer.objects.filter(official_list=official).count() == 5
