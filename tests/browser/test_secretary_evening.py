"""The secretary's evening in Chromium: create a six-player round robin, register the
players as you type, pair every round, enter every result with the keyboard (with a
board someone else saved meanwhile and a mistyped code on the way), see the standings
and the crosstable, close the event and see the rating changes. In French, and again in
Dutch (issue #29): every label and message the walk reads comes from the catalogue of
the language it runs in."""

from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import ChangeLog, Event, Game, Result
from desk.services import results
from ratings.models import RatingChange
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import MemberFactory
from tests.task_worker import work_queued_tasks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
NAMES = ["Dubois", "Lambert", "Peeters", "Janssens", "Maes", "Jacobs"]
KEYS = ["1", "=", "0"]


def _said(language: str, text: str, **values: str) -> str:
    with translation.override(language):
        return gettext(text) % values if values else gettext(text)


def _create_the_event(page: Page, url: str, language: str) -> Event:
    page.goto(f"{url}/secretariat/")
    page.locator("#new-event").click()
    page.fill("#id_title", "Championnat de printemps")
    page.select_option("#id_kind", "championship")
    page.fill("#id_start", "2026-03-06T20:00")
    page.fill("#id_end", "2026-04-10T23:00")
    page.select_option("#id_system", "round_robin")
    page.select_option("#id_tiebreaks_0", "sonneborn_berger")
    page.select_option("#id_tiebreaks_1", "wins")
    # the round robin's preset offers four: the last two left empty
    page.select_option("#id_tiebreaks_2", "")
    page.select_option("#id_tiebreaks_3", "")
    page.fill("#id_rounds", "5")
    page.fill("#id_interval_days", "7")
    page.screenshot(path=SCREENSHOTS / f"event-form-{language}.png", full_page=True)
    page.get_by_role("button", name=_said(language, "Save")).click()
    expect(page.locator("h1")).to_contain_text("Championnat de printemps")
    expect(page.locator("#rounds li")).to_have_count(5)
    return Event.objects.get(title="Championnat de printemps")


def _register_everyone(page: Page) -> None:
    for name in NAMES:
        # search as you type needs htmx, which starts once the page has loaded
        page.wait_for_load_state("load")
        page.wait_for_function("() => window.htmx !== undefined")
        page.locator("#member-q").fill(name[:4])
        found = page.locator("#search-results button")
        expect(found).to_have_count(1)
        expect(found).to_contain_text(name)
        found.press("Enter")
        expect(page.locator("#participants")).to_contain_text(name)
    expect(page.locator("#participants tbody tr")).to_have_count(6)


def _results_page(page: Page, url: str, event: Event, number: int) -> None:
    round_pk = event.rounds.get(number=number).pk
    page.goto(f"{url}/secretariat/rondes/{round_pk}/resultats/")
    expect(page.locator(".result-input").first).to_be_focused()


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_secretarys_evening(live_server: LiveServer, page: Page, language: str) -> None:
    for n, name in enumerate(NAMES):
        MemberFactory(
            player__last_name=name,
            player__first_name="Joueur",
            player__national_rating=1900 - 80 * n,
        )
    SCREENSHOTS.mkdir(exist_ok=True)
    url = live_server.url if language == "fr" else f"{live_server.url}/{language}"
    sign_in_as_new_secretary(page, live_server.url, language=language)
    event = _create_the_event(page, url, language)
    _register_everyone(page)
    page.locator("#pair-all").click()
    expect(page.locator("#pair-all")).to_have_count(0)
    assert Game.objects.filter(round__event=event).count() == 15
    page.screenshot(path=SCREENSHOTS / f"event-paired-{language}.png", full_page=True)

    for number in range(1, 6):
        _results_page(page, url, event, number)
        for board in range(3):
            page.keyboard.press(KEYS[(number + board) % 3])
        lines = page.locator(".result-line")
        for board in range(3):
            expect(lines.nth(board)).to_have_attribute("data-state", "saved")
        if number == 1:
            page.screenshot(path=SCREENSHOTS / f"results-entry-{language}.png", full_page=True)
            # a screen reader hears the last board saved, named, in the page's language
            state = lines.nth(2).locator(".state").inner_text()
            said = _said(language, "Board %(board)s: %(message)s", board="3", message=state)
            expect(page.locator("#results-announcer")).to_have_text(said)
    assert not Game.objects.filter(round__event=event, result=Result.PENDING).exists()

    # Someone else corrects board 2 of round 5 meanwhile: typing over it is refused and
    # their result is shown; typing again (now knowing it) saves.
    game = Game.objects.get(round__event=event, round__number=5, board=2)
    results.save_result(game.pk, "+", game.version, None)
    line = page.locator(".result-line").nth(1)
    field = page.locator(f"#result-{game.pk}")
    field.focus()
    page.keyboard.press("0")
    expect(line).to_have_attribute("data-state", "error")
    expect(line.locator(".state")).to_contain_text(_said(language, "1-0 by forfeit"))
    expect(field).to_have_value("+")
    page.screenshot(path=SCREENSHOTS / f"results-conflict-{language}.png", full_page=True)
    field.focus()
    page.keyboard.press("0")
    expect(line).to_have_attribute("data-state", "saved")
    game.refresh_from_db()
    assert (game.result, game.version) == (Result.BLACK_WINS, 4)

    # A mistyped code is named on its line and saves nothing.
    field.fill("x")
    expect(line).to_have_attribute("data-state", "unsaved")
    field.press("Enter")
    expect(line).to_have_attribute("data-state", "error")
    refusal = _said(language, "“%(key)s” is not a result: type 1, = (or ½), 0, + or -.", key="x")
    expect(line.locator(".state")).to_contain_text(refusal)
    # the refusal names its board already: a screen reader hears it once
    said = _said(language, "Board %(board)s: %(message)s", board="2", message=refusal)
    expect(page.locator("#results-announcer")).to_have_text(said)
    game.refresh_from_db()
    assert game.result == Result.BLACK_WINS

    page.goto(f"{url}/secretariat/evenements/{event.pk}/classement/")
    expect(page.locator("#standings tbody tr")).to_have_count(6)
    page.goto(f"{url}/secretariat/evenements/{event.pk}/grille/")
    expect(page.locator("#crosstable tbody tr")).to_have_count(6)
    page.screenshot(path=SCREENSHOTS / f"crosstable-{language}.png", full_page=True)

    page.goto(f"{url}/secretariat/evenements/{event.pk}/")
    page.locator("#close-event").click()
    expect(page.locator("#systems-replayed")).to_contain_text("Elo du club")
    page.locator("#confirm-close").click()
    expect(page.locator("#event-status")).to_have_text(_said(language, "closed"))
    # the request only queued the replay: the page shows it waiting for the worker
    replays = page.locator("#event-replays")
    expect(replays).to_contain_text(_said(language, "The ratings are being recalculated"))
    page.screenshot(path=SCREENSHOTS / f"event-closing-queued-{language}.png", full_page=True)
    work_queued_tasks()
    # the page polls the replay's progress and reloads itself when it is done
    changes = page.locator(".rating-changes")
    expect(changes.locator("tbody").first.locator("tr")).to_have_count(6)
    for name in NAMES:
        expect(changes).to_contain_text(name)
    assert RatingChange.objects.filter(batch__event=event).count() == 6
    assert ChangeLog.objects.filter(event=event, action="close").exists()
    page.screenshot(path=SCREENSHOTS / f"event-closed-{language}.png", full_page=True)
