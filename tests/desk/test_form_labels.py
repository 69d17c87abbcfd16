"""Every label of the desk's and the administrators' forms starts with a capital, in each
of the site's languages (issue #28 found "matricule FIDE", "après la ronde", the K
schedule's "moins de parties que, ligne 1" and choices such as "soirée rapide"): Django
capitalises a model field's name in its form, not a label given otherwise or a choice."""

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Article, Event, Member
from interclub.models import TeamMatch
from ratings.models import RatingSystem
from tests.pages import one_a_state

# the words of the pages, the same whatever the database: SQLite pass only
pytestmark = [pytest.mark.django_db, pytest.mark.same_on_both]


@pytest.fixture
def pages(client: Client) -> list[tuple[str, list[Any]]]:
    """The demo club's desk pages with forms, each with its arguments, an administrator
    signed in (who sees the accounts' and the ratings' forms too)."""
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    admin = User.objects.create_superuser("admin", password="x")
    client.force_login(admin)
    member = Member.objects.order_by("pk").first()
    assert member is not None
    account = User.objects.create_user("account")
    match = TeamMatch.objects.order_by("pk").first()
    assert match is not None
    article = Article.objects.order_by("pk").first()
    assert article is not None
    # open events, where the desk registers, withdraws, checks in and pairs
    events = Event.objects.filter(status__in=[Event.Status.ANNOUNCED, Event.Status.ONGOING])
    assert events.filter(participants__isnull=False).exists()
    found = [
        ("desk:events", []),
        ("desk:event_new", []),
        ("desk:member_new", []),
        ("desk:member_edit", [member.pk]),
        ("desk:article_new", []),
        ("desk:article_edit", [article.pk]),
        ("desk:trf_import", []),
        ("desk:account", [account.pk]),
        ("interclub:desk_division_new", []),
        ("interclub:desk_match_new", [match.division_id]),
        ("interclub:desk_match", [match.pk]),
        ("ratings:system", [RatingSystem.objects.get(engine="club").pk]),
        ("ratings:system", [RatingSystem.objects.get(engine="frbe").pk]),
    ]
    # one event of each kind, pairing system and status: the forms of two events in the
    # same state have the same labels
    for event in one_a_state(
        events.order_by("pk"), lambda event: (event.kind, event.system, event.status)
    ):
        found += [
            ("desk:event", [event.pk]),
            ("desk:event_edit", [event.pk]),
            ("desk:event_files", [event.pk]),
            ("desk:check_in", [event.pk, 1]),
        ]
    return found


def _labels(html: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", "", label).split())
        for label in re.findall(r"<label\b[^>]*>(.*?)</label>", html, re.S)
    ]


def test_every_label_of_the_desks_forms_starts_with_a_capital(
    client: Client, pages: list[tuple[str, list[Any]]]
) -> None:
    seen: dict[str, set[str]] = {language: set() for language in ("fr", "en", "nl", "de")}
    lower = []
    for language, labels in seen.items():
        for name, args in pages:
            with translation.override(language):
                address = reverse(name, args=args)
            response = client.get(address)
            assert response.status_code == 200, address
            for label in _labels(response.content.decode()):
                labels.add(label)
                first = next((c for c in label if c.isalpha()), "")
                if first and not first.isupper():
                    lower.append(f"{address}: {label}")
    # the pages have forms in every language: the registration's, the K schedule's...
    assert {language: len(labels) for language, labels in seen.items() if len(labels) <= 200} == {}
    assert sorted(set(lower)) == []
    # the labels issue #28 found in lower case are among those read, capitalised
    french = seen["fr"]
    assert "Matricule FIDE" in french
    assert "Moins de parties que, ligne 1" in french
    assert "Soirée rapide" in french and "Secrétaire" in french
    assert any(label.startswith("Après la ronde (") for label in french)
