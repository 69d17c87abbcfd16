"""The pages of the desk, the site and the administration in the states an evening goes
through, which the demo club alone does not show (``tests/browser/states.py``): an open
Swiss with players checked in, its rounds paired, results typed and others reported by the
players; a round robin; a closed and a cancelled event; an interclub match with its
line-ups and results; every page an arbiter prints and the wall display (also at 1024×768,
a projector); the TRF and PGN imports' previews with their warnings; the official lists
being imported and failed; the merge of two players; a member's rating history; Django's
administration; the 403 and 404 pages in French. Each at 1280 px and 390 px: no serious or
critical axe-core violation, never wider than the phone (``tests/browser/walk.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db.models import Count
from django.urls import reverse
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Event, Member
from interclub.models import TeamMatch
from tests.browser import states
from tests.browser.session import build_demo_club, sign_in
from tests.browser.walk import (
    DESK,
    PHONE,
    SHOTS,
    check,
    expect_cue,
    prepare,
    scroll_to_the_end,
    shot_name,
    visit,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
BBP = FIXTURES / "trf" / "bbp_issue_7.trf"
PGN = FIXTURES / "pgn" / "two_games.pgn"
PROJECTOR: ViewportSize = {"width": 1024, "height": 768}


def _report(found: dict[str, list[str]]) -> str:
    lines = [f"{path}: {problem}" for path, problems in found.items() for problem in problems]
    return "\n".join(lines)


def _event_pages(event: Event) -> list[str]:
    names = ["desk:event", "desk:event_edit", "desk:standings", "desk:crosstable", "desk:sheets",
             "desk:event_files", "desk:close_confirm", "desk:print_players", "desk:print_checkin",
             "desk:print_standings", "desk:print_crosstable", "event"]  # fmt: skip
    if event.system == Event.System.ROUND_ROBIN:
        names.append("desk:print_table")
    return [reverse(name, args=[event.pk]) for name in names]


def _round_pages(round_pk: int) -> list[str]:
    sheet = reverse("desk:pairings_sheet", args=[round_pk])
    return [
        reverse("desk:results", args=[round_pk]),
        reverse("desk:edit_round", args=[round_pk]),
        reverse("desk:print_results", args=[round_pk]),
        sheet,
        f"{sheet}?ordre=alpha",
        f"{sheet}?codes=1",
    ]


def test_the_desk_in_every_state_of_an_evening(live_server: LiveServer, page: Page) -> None:
    passwords = build_demo_club()
    secretary = User.objects.get(username="secretaire")
    made = states.build(secretary)
    closed = Event.objects.filter(kind=Event.Kind.OPEN, status=Event.Status.CLOSED).first()
    match = (
        TeamMatch.objects.filter(lineup__isnull=False, event__rounds__games__result__gt="")
        .distinct()
        .order_by("pk")
        .first()
    )
    assert closed is not None and match is not None
    match_round = match.event.rounds.order_by("number").first()
    assert match_round is not None
    paths = [
        *_event_pages(made.swiss),
        reverse("desk:check_in", args=[made.swiss.pk, 3]),
        *_round_pages(made.swiss_first.pk),
        *_round_pages(made.swiss_second.pk),
        *_event_pages(made.round_robin),
        *_round_pages(made.round_robin_first.pk),
        reverse("desk:event", args=[made.cancelled.pk]),
        reverse("desk:results", args=[made.cancelled.rounds.get(number=1).pk]),
        reverse("event", args=[made.cancelled.pk]),
        reverse("desk:event", args=[closed.pk]),
        reverse("desk:print_crosstable", args=[closed.pk]),
        reverse("desk:print_standings", args=[closed.pk]),
        reverse("interclub:desk_match", args=[match.pk]),
        reverse("interclub:desk_match_sheet", args=[match.pk]),
        reverse("interclub:match", args=[match.pk]),
        reverse("desk:results", args=[match_round.pk]),
        reverse("desk:print_results", args=[match_round.pk]),
    ]
    prepare(page)
    sign_in(page, live_server.url, "secretaire", passwords["secretaire"])
    found: dict[str, list[str]] = {}
    for path in paths:
        page.set_viewport_size(DESK)
        found[path] = visit(page, f"{live_server.url}{path}", shot_name(path))
    # the reported boards are on the second round's page
    page.goto(f"{live_server.url}{reverse('desk:results', args=[made.swiss_second.pk])}")
    expect(page.locator("#reported-summary")).to_contain_text("3 échiquiers annoncés")
    # the wall on a projector, each page it turns to
    for event in (made.swiss, made.round_robin):
        path = reverse("desk:wall", args=[event.pk])
        page.goto(f"{live_server.url}{path}")
        found[path] = check(page, shot_name(path), (DESK, PHONE, PROJECTOR))

    # the imports' previews: a TRF file, then the same file again (imported already), and
    # a PGN file whose games are not all of this event's
    page.set_viewport_size(DESK)
    page.goto(f"{live_server.url}{reverse('desk:trf_import')}")
    page.set_input_files("input[type=file]", str(BBP))
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("#trf-event")).to_be_visible()
    found["TRF preview"] = check(page, "trf-preview")
    page.set_viewport_size(DESK)
    page.get_by_role("button", name="Importer le tournoi").click()
    expect(page.locator("h1")).to_be_visible()
    page.goto(f"{live_server.url}{reverse('desk:trf_import')}")
    page.set_input_files("input[type=file]", str(BBP))
    page.locator("form button[type=submit]").last.click()
    expect(page.locator("#already-imported")).to_be_visible()
    found["TRF preview, imported already"] = check(page, "trf-preview-already")
    page.set_viewport_size(DESK)
    page.goto(f"{live_server.url}{reverse('desk:event_files', args=[made.swiss.pk])}")
    page.locator("#kind-pgn").check()
    page.set_input_files("input[type=file]", str(PGN))
    page.get_by_role("button", name="Envoyer").click()
    expect(page.locator("#pgn-games")).to_be_visible()
    found["PGN preview"] = check(page, "pgn-preview")

    assert len(found) > 50
    found = {path: problems for path, problems in found.items() if problems}
    assert not found, _report(found)

    # the tables cut at 390 px say that they scroll: the crosstable, the results entry's
    # state column; a fade on the edge where more is hidden, none at 1280 px
    cut = [
        (reverse("desk:crosstable", args=[made.swiss.pk]), "#crosstable"),
        (reverse("desk:results", args=[made.swiss_second.pk]), "#results"),
    ]
    for path, table in cut:
        page.set_viewport_size(DESK)
        page.goto(f"{live_server.url}{path}")
        box = f".table-responsive:has({table})"
        expect_cue(page, box, {"start": "0px", "end": "0px", "overflows": False})
        page.set_viewport_size(PHONE)
        expect_cue(page, box, {"start": "0px", "end": "48px", "overflows": True})
        page.screenshot(path=SHOTS / f"cue-{table[1:]}-390.png")
        scroll_to_the_end(page, box)
        expect_cue(page, box, {"start": "48px", "end": "0px", "overflows": True})


def test_the_administration_and_the_error_pages(live_server: LiveServer, page: Page) -> None:
    passwords = build_demo_club()
    made = states.build(User.objects.get(username="secretaire"))
    member = (
        Member.objects.public().annotate(changes=Count("player__rating_changes"))
        .order_by("-changes", "pk").first()
    )  # fmt: skip
    assert member is not None
    prepare(page)
    found: dict[str, list[str]] = {}
    # a visitor: a member's rating history, a page that does not exist
    history = f"{live_server.url}{reverse('member', args=[member.pk])}"
    found["member"] = visit(page, history, "member-history")
    # a row's calculation opened in place: at 390 px it fits, its change column on the
    # screen (the expected score and the note under the opponent's name): no fade, no
    # scrolling (issue #40: its last columns were cut)
    page.locator("#history .history-row button[aria-controls^='calc-']").first.click()
    box = "#history .calculation-scroll"
    expect(page.locator(box).first.locator("tbody tr").first).to_be_visible()
    expect_cue(page, box, {"start": "0px", "end": "0px", "overflows": False})
    page.screenshot(path=SHOTS / "cue-calculation-390.png")
    found["member, a calculation opened"] = check(page, "member-calculation")
    expect_cue(page, box, {"start": "0px", "end": "0px", "overflows": False})
    page.set_viewport_size(DESK)
    expect_cue(page, box, {"start": "0px", "end": "0px", "overflows": False})
    found["404"] = visit(page, f"{live_server.url}/page-qui-n-existe-pas/", "error-404", 404)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    # a member at the desk's door
    sign_in(page, live_server.url, "membre", passwords["membre"])
    found["403"] = visit(page, f"{live_server.url}{reverse('desk:events')}", "error-403", 403)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("h1")).not_to_contain_text("Forbidden")

    page.context.clear_cookies()
    sign_in(page, live_server.url, "administrateur", passwords["administrateur"])
    paths = [
        reverse("ratings:official_lists"),
        reverse("ratings:official_list", args=[made.running_list.pk]),
        reverse("ratings:official_list", args=[made.failed_list.pk]),
        "/admin/",
    ]
    for path in paths:
        page.set_viewport_size(DESK)
        found[path] = visit(page, f"{live_server.url}{path}", shot_name(path))
    # every model of Django's administration: its list, and the form of its first row
    page.set_viewport_size(DESK)
    page.goto(f"{live_server.url}/admin/")
    lists = page.locator("#content-main th[scope=row] a").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href'))"
    )
    assert len(lists) >= 7, lists
    for path in lists:
        page.set_viewport_size(DESK)
        found[path] = visit(page, f"{live_server.url}{path}", shot_name(path))
        first = page.locator("#result_list tbody tr a").first
        if first.count():
            change = first.get_attribute("href")
            found[str(change)] = visit(page, f"{live_server.url}{change}", shot_name(str(change)))
    found = {path: problems for path, problems in found.items() if problems}
    assert not found, _report(found)
