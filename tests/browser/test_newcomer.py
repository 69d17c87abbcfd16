"""A newcomer follows the README alone: the demo prints the secretary's password; they
sign in, add a member and invite them (the e-mail's link sets the member's password),
write an article, preview it, publish it and see it on the home page."""

import re
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.session import sign_in
from tests.task_worker import work_queued_tasks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _demo_passwords() -> dict[str, str]:
    out = StringIO()
    call_command("load_demo_club", stdout=out)
    lines = [line.split() for line in out.getvalue().splitlines() if line.startswith("  ")]
    return {username: password for _role, username, password in lines}


def _desk_menu(page: Page, item: str) -> None:
    page.get_by_role("button", name="Secrétariat").click()
    page.locator("#desk-menu").get_by_role("link", name=item, exact=True).click()


def test_a_newcomer_signs_in_as_secretary_adds_a_member_and_publishes_an_article(
    live_server: LiveServer, page: Page
) -> None:
    passwords = _demo_passwords()
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, live_server.url, "secretaire", passwords["secretaire"])

    _desk_menu(page, "Membres")
    page.locator("#new-member").click()
    page.fill("#id_player-first_name", "Alice")
    page.fill("#id_player-last_name", "Dupuis")
    page.fill("#id_member-email", "alice.dupuis@example.be")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.locator("h1")).to_have_text("Alice Dupuis")
    page.locator("#invite").click()
    expect(page.get_by_role("alert")).to_contain_text("alice.dupuis@example.be")
    assert mail.outbox == []  # sent by the task worker, not by the request
    work_queued_tasks()
    [invitation] = mail.outbox
    link = re.search(r"https?://\S+", str(invitation.body))
    assert link is not None

    _desk_menu(page, "Articles")
    page.locator("#new-article").click()
    page.fill("#id_title", "Tournoi de Noël")
    page.fill("#id_body", "Le **20 décembre**, blitz et chocolat chaud.")
    page.locator("#preview").click()
    expect(page.locator("#article-preview strong")).to_have_text("20 décembre")
    page.locator("#save-article").click()
    page.locator("#publish").click()
    page.goto(f"{live_server.url}/")
    expect(page.locator("main")).to_contain_text("Tournoi de Noël")

    # the invited member chooses a password through the e-mail's link and signs in
    page.get_by_role("button", name="Se déconnecter").click()
    page.goto(link.group(0))
    page.fill("#id_new_password1", "Echec-et-mat-1903")
    page.fill("#id_new_password2", "Echec-et-mat-1903")
    page.locator("#set-password [type=submit]").click()
    expect(page.locator("h1")).to_have_text("Mot de passe enregistré")
    sign_in(page, live_server.url, "alice.dupuis@example.be", "Echec-et-mat-1903")
    page.goto(f"{live_server.url}/mon-espace/")
    expect(page.locator("h1")).to_contain_text("Alice Dupuis")
