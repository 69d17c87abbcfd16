"""Three players enter an open from 390 px phones: one found by name in FIDE's list, one
the club knows (found by FIDE ID), one not in any list who types their details. Each gets
the mail with the link and confirms their address; the public list shows them (no
e-mail, phone or birth date). The secretary, at 1280 px, accepts the three confirmed
entries at the desk: they are the event's participants. axe-core on each page; the width
of a phone kept; screenshots at 390 and 1280 px in test-results/entries-*.png."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import Browser, Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from club.models import Entry, EntryTerms, Event, Participant
from public import forms
from tests.browser.axe import serious_violations
from tests.browser.session import sign_in_as_new_secretary
from tests.club.factories import EventFactory, PlayerFactory
from tests.task_worker import work_queued_tasks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 900}
LINK = re.compile(r"http://[^\s]+/inscription/[^\s/]+/")


def _shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"entries-{name}.png", full_page=True)


def _checked(page: Page, width: int, name: str | None = None) -> None:
    """The page fits its width, has no serious accessibility violation, and is shot."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert serious_violations(page) == []
    if name:
        _shot(page, f"{name}-{width}")


def _open() -> Event:
    start = timezone.now() + timedelta(days=30)
    event = EventFactory(
        kind=Event.Kind.OPEN,
        title="Open d'automne de Wavre",
        venue="Salle des fêtes",
        start=start,
        end=start + timedelta(days=2),
    )
    EntryTerms.objects.create(event=event, open=True, places=120, fee="15 €", rating_max=2700)
    return event


def _confirm_by_mail(phone: Page, address: str) -> None:
    """The mail's link, opened on the phone: the address confirmed."""
    work_queued_tasks()
    (sent,) = [m for m in mail.outbox if m.to == [address]]
    link = LINK.search(str(sent.body))
    assert link is not None
    phone.goto(link.group())
    expect(phone.locator("#own-entry")).to_contain_text("pas encore confirmée")
    phone.locator("#confirm-address").click()
    expect(phone.locator(".alert-success")).to_contain_text("votre adresse est confirmée")


def test_three_players_enter_from_phones_and_the_secretary_accepts_them(
    live_server: LiveServer,
    browser: Browser,
    page: Page,
    official_lists: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(forms, "FORM_MIN_SECONDS", 0)  # a robot's speed, here
    event = _open()
    known = PlayerFactory(
        first_name="Hélène", last_name="Marchal", fide_id=215000, fide_rating=1850,
        federation="BEL", club_name="CREC Charleroi",
    )  # fmt: skip
    url = live_server.url

    # 1. Luc Dubois, in FIDE's list: from the tournaments page to the form
    luc = browser.new_context(viewport=PHONE).new_page()
    luc.goto(f"{url}/tournois/")
    luc.locator(".entry-link").first.click()
    expect(luc.locator("#entry-q")).to_be_visible()  # the entry page, loaded
    _checked(luc, 390, "search")
    luc.fill("#entry-q", "dubois")
    luc.locator("#entry-search button").click()
    expect(luc.locator("#entry-found")).to_contain_text("Dubois, Luc")
    _checked(luc, 390, "found")
    luc.locator("#entry-found a", has_text="Dubois, Luc").click()
    expect(luc.locator("#chosen-player")).to_have_text("Luc Dubois")
    luc.fill("#id_email", "luc.dubois@example.be")
    _checked(luc, 390, "form")
    luc.locator("#send-entry").click()
    expect(luc.locator(".alert-success")).to_contain_text("inscription de Luc Dubois est reçue")
    _confirm_by_mail(luc, "luc.dubois@example.be")
    _checked(luc, 390, "confirmed")
    luc.set_viewport_size(DESK)
    _checked(luc, 1280, "confirmed")

    # 2. Hélène Marchal, known to the club, found by FIDE ID from the event's page
    helene = browser.new_context(viewport=PHONE).new_page()
    helene.goto(f"{url}/evenements/{event.pk}/")
    helene.locator("#enter-link").click()
    helene.fill("#entry-q", "215000")
    helene.locator("#entry-search button").click()
    helene.locator("#entry-found a").first.click()
    expect(helene.locator("#chosen-player")).to_have_text("Hélène Marchal")
    helene.fill("#id_email", "helene@example.be")
    helene.fill("#id_phone", "0470 12 34 56")
    helene.locator("#send-entry").click()
    expect(helene.locator(".alert-success")).to_be_visible()
    _confirm_by_mail(helene, "helene@example.be")

    # 3. Zoé Lambin, in no list: she types her details; a first try without her sex
    zoe = browser.new_context(viewport=PHONE).new_page()
    zoe.goto(f"{url}/evenements/{event.pk}/inscription/")
    zoe.locator("#type-player").click()
    zoe.fill("#id_first_name", "Zoé")
    zoe.fill("#id_last_name", "Lambin")
    zoe.fill("#id_birth_year", "2012")
    zoe.fill("#id_federation", "bel")
    zoe.fill("#id_club_name", "Le Pion du Brabant")
    zoe.fill("#id_email", "famille.lambin@example.be")
    zoe.locator("#send-entry").click()
    expect(zoe.locator("#error_1_id_sex")).to_contain_text("obligatoire")
    _checked(zoe, 390, "typed-error")
    zoe.locator("label", has_text="féminin").click()
    zoe.locator("#send-entry").click()
    expect(zoe.locator(".alert-success")).to_contain_text("Zoé Lambin")
    _confirm_by_mail(zoe, "famille.lambin@example.be")
    assert Entry.objects.filter(confirmed_at__isnull=False).count() == 3

    # the public list: the three, with their club and rating, nothing private
    visitor = browser.new_context(viewport=PHONE).new_page()
    visitor.goto(f"{url}/evenements/{event.pk}/")
    rows = visitor.locator("#entry-list tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("Hélène Marchal")  # by rating: 1850, 1712, none
    expect(rows.nth(1)).to_contain_text("1712")
    expect(rows.nth(2)).to_contain_text("Le Pion du Brabant")
    text = visitor.locator("main").inner_text()
    for private in ("@example.be", "0470", "2012"):
        assert private not in text
    _checked(visitor, 390, "list")
    visitor.set_viewport_size(DESK)
    _checked(visitor, 1280, "list")
    visitor.goto(f"{url}/evenements/{event.pk}/inscription/?saisir=1")
    _checked(visitor, 1280, "form")

    # the secretary accepts the three confirmed entries at the desk
    page.set_viewport_size(DESK)
    sign_in_as_new_secretary(page, url)
    page.goto(f"{url}/secretariat/evenements/{event.pk}/")
    page.locator("#entries-link").click()
    expect(page.locator("#desk-entries tbody tr")).to_have_count(3)
    expect(page.locator("#desk-entries")).to_contain_text("0470 12 34 56")
    _checked(page, 1280, "desk")
    page.set_viewport_size(PHONE)
    _checked(page, 390, "desk")
    page.set_viewport_size(DESK)
    page.locator("#accept-confirmed").click()
    expect(page.locator(".alert-success")).to_contain_text("3 inscriptions acceptées.")
    expect(page.locator("#desk-entries .badge.text-bg-success")).to_have_count(3)
    _checked(page, 1280, "desk-accepted")
    page.set_viewport_size(PHONE)
    _checked(page, 390, "desk-accepted")
    registered = Participant.objects.filter(event=event).select_related("player")
    assert sorted(p.player.name for p in registered) == [
        "Hélène Marchal", "Luc Dubois", "Zoé Lambin",
    ]  # fmt: skip
    assert registered.get(player__last_name="Marchal").player == known  # one record a person
    assert registered.get(player__last_name="Dubois").player.fide_rating == 1712

    # the entrants hear of it, and the public list says so
    work_queued_tasks()
    accepted = [m for m in mail.outbox if "acceptée" in m.subject]
    assert sorted(m.to[0] for m in accepted) == [
        "famille.lambin@example.be", "helene@example.be", "luc.dubois@example.be",
    ]  # fmt: skip
    visitor.goto(f"{url}/evenements/{event.pk}/")
    expect(visitor.locator("#entry-list .badge.text-bg-success")).to_have_count(3)
