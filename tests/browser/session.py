"""Signing in through the login page, as a person does, for the browser tests."""

from __future__ import annotations

from django.contrib.auth.models import Group, User
from playwright.sync_api import Page

PASSWORD = "tour-de-table-2026"


def sign_in(page: Page, url: str, username: str, password: str = PASSWORD) -> None:
    """Sign in on the site at ``url`` and wait for the page the login leads to."""
    page.goto(f"{url}/comptes/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url(lambda address: "/comptes/login/" not in address)


def sign_in_as_new_secretary(page: Page, url: str, username: str = "secretaire") -> User:
    """A new account in the secretaries group, signed in."""
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(Group.objects.get(name="secretaries"))
    sign_in(page, url, username)
    return user
