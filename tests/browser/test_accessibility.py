"""Every page of the site, as visitors, secretaries and administrators see it, passes
axe-core's WCAG 2.1 A/AA rules with no serious or critical violation at 1280 and 390 px
(``tests/browser/walk.py``); at 390 px no page is wider than the phone (tables scroll in
their own box); the home, calendar, member and results pages are photographed at 390 and
1280 px (test-results/, looked at when they change)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Article, Entry, EntryTerms, Event, Game, Member, Round
from desk.services.entry_mails import entry_token
from interclub.models import TeamMatch
from ratings.models import ConfigChange, OfficialList, RatingSystem, ReplayJob
from tests.browser.session import build_demo_club, sign_in
from tests.browser.walk import DESK, check, prepare, shot_name
from tests.pages import one_a_state
from tests.test_access_matrix import MATRIX

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
# Not HTML pages, or pages that only answer a form's POST, or fragments loaded into a page
# (a member's calculation: tests/browser/test_member_calculation.py opens it in place).
NOT_PAGES = {
    "calendar_feed", "member_feed", "game_board", "desk:standings_csv", "desk:trf_export",
    "desk:frbe_report",
    "event_pgn",
    "member_pgn",
    "health", "favicon",
    "logout", "password_reset_confirm", "ratings_api:calculate", "ratings_api:openapi",
    "my_space",
    "member_calculation",
}  # fmt: skip


def _pages(role: str) -> list[str]:
    """Every GET page of the access matrix that ``role`` (visitor, secretary,
    administrator) may open, with objects of the demo club."""
    event = Event.objects.filter(kind=Event.Kind.CHAMPIONSHIP, status="closed").first()
    assert event is not None
    first_round = cast(Round, event.rounds.order_by("number").first())
    system = RatingSystem.objects.get(engine="club")
    ConfigChange.objects.get_or_create(system=system, old={}, new={"k": 30})
    job = ReplayJob.objects.create(system=system)
    official = OfficialList.objects.create(
        kind="fide",
        path="-",
        file_name="players_list.zip",
        state=OfficialList.State.DONE,
        layout="combined TXT",
        counts={"lines": {"imported": 12, "not ours": 1_199_988}, "ratings": {system.name: 12}},
    )
    match = TeamMatch.objects.first()
    assert match is not None
    # the migrations' articles are gone when an earlier transactional test emptied the tables
    article = Article.objects.published().first() or Article.objects.create(
        title="Portes ouvertes", slug="portes-ouvertes", body="Le **club** ouvre ses portes.",
        published_at=timezone.now(),
    )  # fmt: skip
    # the demo's open takes entries while it is to come (its terms made otherwise)
    open_ = cast(Event, Event.objects.filter(kind=Event.Kind.OPEN).order_by("-start").first())
    EntryTerms.objects.get_or_create(event=open_, defaults={"open": True, "places": 120})
    entry = Entry.objects.create(
        event=open_, first_name="Anne", last_name="Roux", email="anne@example.be", language="fr"
    )
    args: dict[str, list[Any]] = {
        "entry_form": [open_.pk],
        "entry_link": [entry_token(entry)],
        "event": [event.pk],
        "game": [Game.objects.exclude(pgn="").values_list("pk", flat=True).first()],
        "article": [article.slug],
        "member": [cast(Member, Member.objects.public().first()).pk],
        "member_changes": [cast(Member, Member.objects.public().first()).pk],
        "member_games": [cast(Member, Member.objects.public().first()).pk],
        "ranking": [system.pk],
        "desk:results": [first_round.pk],
        "desk:edit_round": [first_round.pk],
        "desk:check_in": [event.pk, 1],
        "desk:pairings_sheet": [first_round.pk],
        "desk:print_results": [first_round.pk],
        "interclub:desk_match_sheet": [match.pk],
        "interclub:division": [match.division_id],
        "interclub:match": [match.pk],
        "interclub:desk_match_new": [match.division_id],
        "interclub:desk_match": [match.pk],
        "desk:member_edit": [cast(Member, Member.objects.first()).pk],
        "desk:article_edit": [article.pk],
        "desk:account": [User.objects.get(username="membre").pk],
        "desk:merge_players": list(Member.objects.values_list("player", flat=True)[:2]),
        "ratings:job": [job.pk],
        "ratings:official_list": [official.pk],
        "ratings:system": [system.pk],
    }
    allowed = {"visitor": {"all"}, "secretary": {"secretary"}, "administrator": {"admin"}}[role]
    urls = []
    for name, (get_policy, _post) in MATRIX.items():
        if name in NOT_PAGES or get_policy not in allowed:
            continue
        try:
            urls.append(reverse(name, args=args.get(name, [])))
        except NoReverseMatch:
            urls.append(reverse(name, args=[event.pk]))
    if role == "secretary":
        urls += [url for url in _desk_in_play() if url not in urls]
    return urls


def _desk_in_play() -> list[str]:
    """The desk as an evening uses it, which the closed championship above does not show:
    the page of an event not closed with participants (registration, the withdrawal
    controls, pairing) of each kind, system and status, the results of its last round
    with games, and the desk page of an interclub match with its line-ups of each state
    (played or to come, our team at home or away). One page a state: the demo's other
    events and matches in the same state are the same page with other names."""
    urls = []
    events = Event.objects.exclude(status=Event.Status.CLOSED).filter(participants__isnull=False)
    in_play = events.distinct().order_by("start", "pk")
    for event in one_a_state(in_play, lambda event: (event.kind, event.system, event.status)):
        urls.append(reverse("desk:event", args=[event.pk]))
        played = event.rounds.filter(games__isnull=False).distinct().order_by("number").last()
        if played is not None:
            urls.append(reverse("desk:results", args=[played.pk]))
    matches = TeamMatch.objects.filter(lineup__isnull=False).distinct().order_by("pk")
    lined_up = matches.select_related("event", "home")
    for match in one_a_state(lined_up, lambda match: (match.event.status, match.home.ours)):
        urls.append(reverse("interclub:desk_match", args=[match.pk]))
    assert len(urls) >= 3, urls
    return urls


# each role's walk, apart so that they run side by side
WALKS = [
    ("visitor", "", 20),
    ("secretary", "secretaire", 25),
    ("administrator", "administrateur", 5),
]


@pytest.mark.parametrize(("role", "username", "at_least"), WALKS)
def test_no_page_has_a_serious_accessibility_violation(
    live_server: LiveServer, page: Page, role: str, username: str, at_least: int
) -> None:
    passwords = build_demo_club()
    prepare(page)
    found: dict[str, list[str]] = {}
    checked = 0
    if username:
        sign_in(page, live_server.url, username, passwords[username])
    # the English pages are the French pages' templates with other words: the home page in
    # English stands for them (its lang attribute, the language menu's current choice)
    pages = [("", path) for path in _pages(role)]
    pages += [("/en", "/")] if role == "visitor" else []
    for prefix, path in pages:
        page.set_viewport_size(DESK)
        response = page.goto(f"{live_server.url}{prefix}{path}")
        assert response is not None and response.status < 400, path
        violations = check(page, shot_name(f"{role}{prefix}{path}"))
        checked += 1
        if violations:
            found[prefix + path] = violations
    assert checked > at_least
    assert not found, "\n".join(f"{path}: {v}" for path, v in found.items())


def test_the_main_pages_fit_a_phone_and_are_photographed(
    live_server: LiveServer, page: Page
) -> None:
    build_demo_club()
    event = Event.objects.filter(kind=Event.Kind.OPEN, status="closed").first()
    member = Member.objects.public().first()
    assert event is not None and member is not None
    pages = {
        "home": reverse("home"),
        "calendar": reverse("calendar"),
        "member": reverse("member", args=[member.pk]),
        "results": reverse("event", args=[event.pk]),
        "games": reverse("games"),
        "tournaments": reverse("tournaments"),
        "rankings": reverse("rankings"),
    }
    SCREENSHOTS.mkdir(exist_ok=True)
    too_wide = {}
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state("load")
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            if scroll_width > width:
                too_wide[f"{name} at {width} px"] = scroll_width
            if name in ("home", "calendar", "member", "results"):
                shot = page.screenshot(path=SCREENSHOTS / f"{name}-{width}.png", full_page=True)
                assert len(shot) > 10_000
        if width == 1280:
            page.goto(f"{live_server.url}{reverse('calendar')}")
            columns = page.locator("#month-grid thead th")
            assert columns.count() == 7
            grid = page.locator("#month-grid").bounding_box()
            assert grid is not None and grid["x"] + grid["width"] <= width
    assert not too_wide, too_wide


def test_the_desk_of_an_event_in_play_fits_a_phone_and_is_photographed(
    live_server: LiveServer, page: Page
) -> None:
    """An open event's desk page with its participants (the withdrawal column: its
    heading, each box's visible label) at 390 and 1280 px: no wider than the screen."""
    passwords = build_demo_club()
    sign_in(page, live_server.url, "secretaire", passwords["secretaire"])
    event = (
        Event.objects.exclude(status=Event.Status.CLOSED)
        .filter(participants__isnull=False)
        .order_by("start", "pk")
        .first()
    )
    assert event is not None
    SCREENSHOTS.mkdir(exist_ok=True)
    too_wide = {}
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{live_server.url}{reverse('desk:event', args=[event.pk])}")
        participants = page.locator("#participants")
        expect(participants.locator("thead th").last).to_have_text("Retrait")
        first = participants.locator("tbody tr").first
        expect(first.locator("label", has_text="après la ronde")).to_be_visible()
        expect(first.get_by_label("après la ronde")).to_have_value(re.compile(r"^\d+$"))
        scroll_width = page.evaluate("document.documentElement.scrollWidth")
        if scroll_width > width:
            too_wide[width] = scroll_width
        page.screenshot(path=SCREENSHOTS / f"desk-event-open-{width}.png", full_page=True)
    assert not too_wide, too_wide


WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll("body *")]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1
    && !e.closest(".table-responsive"))
  .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)
  .slice(0, 5)"""


def test_a_closed_events_desk_and_a_pairing_sheet_fit_a_phone(
    live_server: LiveServer, page: Page
) -> None:
    """At 390 px the closed event's status badge (404 px wide) and the printed pairing
    sheet (604 px) were wider than the phone: tables scroll in their own box, the
    rest wraps."""
    passwords = build_demo_club()
    sign_in(page, live_server.url, "secretaire", passwords["secretaire"])
    closed = Event.objects.filter(
        status=Event.Status.CLOSED, rounds__number=2, rounds__games__isnull=False
    )
    event = closed.distinct().order_by("-start").first()
    assert event is not None
    second = event.rounds.get(number=2)
    pages = {
        "desk-event-closed": reverse("desk:event", args=[event.pk]),
        "pairings-sheet": reverse("desk:pairings_sheet", args=[second.pk]),
        "pairings-sheet-alpha": reverse("desk:pairings_sheet", args=[second.pk]) + "?ordre=alpha",
    }
    SCREENSHOTS.mkdir(exist_ok=True)
    too_wide = {}
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 844})
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state("load")
            scroll_width = page.evaluate("document.documentElement.scrollWidth")
            if scroll_width > width:
                too_wide[f"{name} at {width}"] = (
                    scroll_width,
                    page.evaluate(WIDER_THAN_THE_SCREEN),
                )
            page.screenshot(path=SCREENSHOTS / f"{name}-{width}.png", full_page=True)
    assert not too_wide, too_wide
    # the sheet gives each player's points before the round
    expect(page.locator("#alphabetical thead")).to_contain_text("Pts")
