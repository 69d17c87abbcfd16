"""Signing in through the login page, as a person does, for the browser tests."""

from __future__ import annotations

from io import StringIO

from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page

PASSWORD = "tour-de-table-2026"


def build_demo_club() -> dict[str, str]:
    """Build the demo club (``load_demo_club``): its accounts' passwords by username."""
    out = StringIO()
    call_command("load_demo_club", stdout=out)
    lines = [line.split() for line in out.getvalue().splitlines() if line.startswith("  ")]
    return {username: password for _role, username, password in lines}


def sign_in(
    page: Page, url: str, username: str, password: str = PASSWORD, language: str = "fr"
) -> None:
    """Sign in on the site at ``url`` (its pages in ``language``) and wait for the page
    the login leads to."""
    prefix = "" if language == "fr" else f"/{language}"
    page.goto(f"{url}{prefix}/comptes/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    with translation.override(language):
        label = gettext("Log in")
    page.get_by_role("button", name=label).click()
    page.wait_for_url(lambda address: "/comptes/login/" not in address)


def sign_in_as_new_secretary(
    page: Page, url: str, username: str = "secretaire", language: str = "fr"
) -> User:
    """A new account in the secretaries group, signed in."""
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(Group.objects.get(name="secretaries"))
    sign_in(page, url, username, language=language)
    return user
