"""Every URL of the site, as anonymous, member, secretary and administrator, with GET and
POST: the outcome must be the one this table declares. The URLs come from the URL
configuration, so a new page fails this test until it is given its line here. Django's
own admin site is left to Django."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, cast

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from pytest_django import DjangoDbBlocker

from club.models import (
    Article,
    ChangeLog,
    Entry,
    EntryTerms,
    Event,
    EventCategory,
    Game,
    Member,
    Participant,
    Prize,
    Round,
)
from desk.services.entry_mails import entry_token
from interclub.models import TeamMatch
from ratings.models import ConfigChange, OfficialList, RatingChange, RatingSystem, ReplayJob
from tests.built_once import built_for_the_module

pytestmark = pytest.mark.django_db

# "staff_secretary": a secretary whose account also has the staff flag (Django's admin
# site): still not an administrator of the ratings.
# the ``site`` fixture: the users by role, each URL name's arguments, a closed event
Site = tuple[dict[str, User], dict[str, list[Any]], Event]
ROLES = ["anonymous", "member", "secretary", "staff_secretary", "admin"]
# who may use each page: "all" (anyone), "login" (any logged-in user), "secretary"
# (secretaries and administrators), "admin" (administrators), "-" (method not allowed)
MATRIX: dict[str, tuple[str, str]] = {
    "ratings_api:calculate": ("-", "all"),
    "ratings_api:openapi": ("all", "-"),
    "health": ("all", "-"),
    "favicon": ("all", "-"),
    "home": ("all", "-"),
    "calendar": ("all", "-"),
    "calendar_feed": ("all", "-"),
    "member_feed": ("all", "-"),
    "tournaments": ("all", "-"),
    "event": ("all", "-"),
    "event_pgn": ("all", "-"),
    "games": ("all", "-"),
    "game": ("all", "-"),
    "game_board": ("all", "-"),
    "articles": ("all", "-"),
    "article": ("all", "-"),
    "members": ("all", "-"),
    "member": ("all", "-"),
    "member_calculation": ("all", "-"),
    "member_changes": ("all", "-"),
    "member_games": ("all", "-"),
    "member_pgn": ("all", "-"),
    "rankings": ("all", "-"),
    "ranking": ("all", "-"),
    "links": ("all", "-"),
    "contact": ("all", "all"),
    "report_result": ("all", "all"),
    "entry_form": ("all", "all"),
    "entry_link": ("all", "all"),
    "my_space": ("login", "login"),
    "renew_calendar_token": ("-", "login"),
    "login": ("all", "all"),
    "logout": ("-", "all"),
    "password_change": ("login", "login"),
    "password_change_done": ("login", "-"),
    "password_reset": ("all", "all"),
    "password_reset_done": ("all", "-"),
    "password_reset_confirm": ("all", "all"),
    "password_reset_complete": ("all", "-"),
    "ratings:calculator": ("all", "all"),
    **{
        f"desk:{name}": ("secretary", "secretary")
        for name in (
            "events",
            "event_new",
            "event",
            "event_edit",
            "member_search",
            "standings",
            "standings_csv",
            "crosstable",
            "results",
            "edit_round",
            "trf_import",
            "trf_export",
            "frbe_report",
            "event_files",
            "members",
            "member_new",
            "member_edit",
            "articles",
            "article_new",
            "article_edit",
            "sheets",
            "wall",
            "pairings_sheet",
            "close_confirm",
            "event_replays",
            "delete",
        )
    },
    "desk:entries": ("secretary", "-"),
    **{
        f"desk:{name}": ("-", "secretary")
        for name in ("entry_terms", "entry_decision", "accept_confirmed")
    },
    "desk:prizes": ("secretary", "-"),
    **{
        f"desk:{name}": ("-", "secretary")
        for name in (
            "register",
            "outsider",
            "withdraw",
            "set_teams",
            "renumber",
            "draw_lots",
            "pair_round_robin",
            "close",
            "reopen",
            "save_result",
            "confirm_report",
            "pair_next_round",
            "trf_confirm",
            "pgn_confirm",
            "member_lapse",
            "member_account",
            "article_publish",
            "cancel",
            "restore",
            "prize_rules",
            "category_add",
            "category_remove",
            "prize_save",
            "prize_remove",
        )
    },
    **{f"desk:{name}": ("admin", "admin") for name in ("accounts", "account")},
    "desk:duplicates": ("secretary", "-"),
    # two members: a merge the walk posts is refused, nothing merged
    "desk:merge_players": ("secretary", "secretary"),
    "desk:check_in": ("secretary", "secretary"),
    "desk:check_in_next": ("secretary", "-"),
    **{
        f"desk:{name}": ("secretary", "-")
        for name in (
            "print_players",
            "print_checkin",
            "print_standings",
            "print_crosstable",
            "print_table",
            "print_results",
            "print_categories",
            "print_prizes",
        )
    },
    "desk:pair_after": ("-", "secretary"),
    "desk:undo_pairing": ("-", "secretary"),
    "interclub:divisions": ("all", "-"),
    "interclub:division": ("all", "-"),
    "interclub:match": ("all", "-"),
    "interclub:desk_divisions": ("secretary", "-"),
    "interclub:desk_division_new": ("secretary", "secretary"),
    "interclub:desk_match_new": ("secretary", "secretary"),
    "interclub:desk_match": ("secretary", "-"),
    "interclub:desk_match_sheet": ("secretary", "-"),
    "interclub:desk_lineup": ("-", "secretary"),
    **{f"ratings:{name}": ("admin", "admin") for name in ("recalculation", "systems", "system")},
    "ratings:job": ("admin", "-"),
    "ratings:official_lists": ("admin", "admin"),
    "ratings:official_list": ("admin", "-"),
    "ratings:restart_official_list": ("-", "admin"),
    "ratings:cancel_official_list": ("-", "admin"),
    "ratings:restart": ("-", "admin"),
    **{
        f"ratings:{name}": ("-", "admin")
        for name in (
            "national",
            "preview",
            "defaults",
            "apply",
            "adjust",
            "switch_published",
            "revert",
        )
    },
}
# Methods a page does not take are refused as such; GET-only pages answer 405 to POST.
METHODS_NOT_ALLOWED = {405}


def _patterns(patterns=None, namespace=None):  # type: ignore[no-untyped-def]
    for pattern in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            yield from _patterns(pattern.url_patterns, pattern.namespace or namespace)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}:{pattern.name}" if namespace else pattern.name, pattern


def test_every_url_of_the_site_is_in_the_matrix() -> None:
    names = {name for name, _pattern in _patterns()}
    assert names == set(MATRIX)


def _build_site() -> Site:
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    event = cast(Event, Event.objects.filter(kind=Event.Kind.CHAMPIONSHIP, status="closed").first())
    game = cast(Game, Game.objects.exclude(pgn="").first())
    member = cast(Member, Member.objects.first())
    participant = cast(Participant, Participant.objects.filter(event=event).first())
    match = cast(TeamMatch, TeamMatch.objects.first())
    system = RatingSystem.objects.get(engine="club")
    change = ConfigChange.objects.create(system=system, old={}, new={"k": 30})
    job = ReplayJob.objects.create(system=system)
    category = cast(EventCategory, EventCategory.objects.first())
    prize = cast(Prize, Prize.objects.first())
    official = OfficialList.objects.create(kind="fide", path="-", file_name="players_list.zip")
    entry = Entry.objects.create(
        event=event, first_name="Anne", last_name="Roux", email="anne@example.be", language="fr"
    )
    users = {
        "member": User.objects.create_user("member", password="x"),
        "secretary": User.objects.create_user("secretary", password="x"),
        "staff_secretary": User.objects.create_user("staff", password="x", is_staff=True),
        "admin": User.objects.create_superuser("admin", password="x"),
    }
    secretaries = Group.objects.get(name="secretaries")
    users["secretary"].groups.add(secretaries)
    users["staff_secretary"].groups.add(secretaries)
    Member.objects.filter(pk=member.pk).update(user=users["member"])
    args: dict[str, list[Any]] = {
        "member_feed": [member.calendar_token],
        "event": [event.pk],
        "game": [game.pk],
        "game_board": [game.pk, 1],
        "article": [cast(Article, Article.objects.first()).slug],
        "member": [member.pk],
        "member_changes": [member.pk],
        "member_games": [member.pk],
        "member_pgn": [member.pk],
        "member_calculation": [
            member.pk,
            cast(RatingChange, member.player.rating_changes.first()).batch_id,
        ],
        "ranking": [system.pk],
        "password_reset_confirm": ["MQ", "set-password"],
        "desk:withdraw": [event.pk, participant.pk],
        "entry_link": [entry_token(entry)],
        "entry_form": [EntryTerms.objects.get().event_id],  # the demo's open to come
        "desk:entry_decision": [event.pk, entry.pk],
        "desk:member_edit": [member.pk],
        "desk:member_lapse": [member.pk],
        "desk:member_account": [member.pk],
        "desk:article_edit": [cast(Article, Article.objects.first()).pk],
        "desk:article_publish": [cast(Article, Article.objects.first()).pk],
        "desk:account": [users["member"].pk],
        "desk:merge_players": list(Member.objects.values_list("player", flat=True)[:2]),
        "desk:results": [cast(Round, Round.objects.filter(event=event).first()).pk],
        "desk:edit_round": [cast(Round, Round.objects.filter(event=event).first()).pk],
        "desk:pairings_sheet": [cast(Round, Round.objects.filter(event=event).first()).pk],
        "desk:print_results": [cast(Round, Round.objects.filter(event=event).first()).pk],
        "desk:save_result": [game.pk],
        "desk:confirm_report": [game.pk],
        "desk:check_in": [event.pk, 1],
        "desk:pair_after": [cast(Round, Round.objects.filter(event=event).first()).pk],
        "desk:undo_pairing": [cast(Round, Round.objects.filter(event=event).first()).pk],
        "desk:category_remove": [category.event_id, category.pk],
        "desk:prize_remove": [prize.event_id, prize.pk],
        "interclub:division": [match.division_id],
        "interclub:match": [match.pk],
        "interclub:desk_match_new": [match.division_id],
        "interclub:desk_match": [match.pk],
        "interclub:desk_match_sheet": [match.pk],
        "interclub:desk_lineup": [match.pk, match.home_id],
        "ratings:job": [job.pk],
        "ratings:official_list": [official.pk],
        "ratings:restart_official_list": [official.pk],
        "ratings:cancel_official_list": [official.pk],
        "ratings:restart": [job.pk],
        "ratings:system": [system.pk],
        "ratings:preview": [system.pk],
        "ratings:defaults": [system.pk],
        "ratings:apply": [system.pk],
        "ratings:adjust": [system.pk],
        "ratings:switch_published": [system.pk],
        "ratings:revert": [change.pk],
    }
    return users, args, event


@pytest.fixture(scope="module")
def site_built_once(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[Site]:
    """The demo club, the users and the URL arguments, built once for the module (every
    database test here reads them, none commits)."""
    yield from built_for_the_module(django_db_blocker, _build_site)


@pytest.fixture
def site(site_built_once: Site, db: None) -> Site:
    return site_built_once


def _url(name: str, args: dict, event: Event) -> str:
    if name in args:
        return reverse(name, args=args[name])
    try:
        return reverse(name)
    except Exception:
        return reverse(name, args=[event.pk])


def _allowed(policy: str, role: str) -> bool:
    return {
        "all": True,
        "login": role != "anonymous",
        "secretary": role in ("secretary", "staff_secretary", "admin"),
        "admin": role == "admin",
    }[policy]


@pytest.mark.parametrize("role", ROLES)
def test_each_role_gets_what_the_matrix_says(client: Client, site: Site, role: str) -> None:
    users, args, event = site
    if role != "anonymous":
        client.force_login(users[role])
    problems = []
    for name, (get_policy, post_policy) in MATRIX.items():
        url = _url(name, args, event)
        pairs = (("get", get_policy, post_policy), ("post", post_policy, get_policy))
        for method, policy, other in pairs:
            response = getattr(client, method)(url)
            code = response.status_code
            location = response.get("Location", "") if code == 302 else ""
            denied = code == 403 or "/login/" in location
            if code >= 500:
                problems.append(f"{method.upper()} {name}: {code}")
            elif policy == "-":
                # refused as a method, or before that as a user who may not use the page
                turned_away = denied and (other == "-" or not _allowed(other, role))
                if code not in METHODS_NOT_ALLOWED and not turned_away:
                    problems.append(f"{method.upper()} {name}: {code}, expected 405")
            elif _allowed(policy, role) == denied:
                expected = "allowed" if _allowed(policy, role) else "denied"
                problems.append(f"{method.upper()} {name}: {code} {location}, expected {expected}")
            if role != "anonymous" and name == "logout" and method == "post":
                client.force_login(users[role])  # logging out is allowed: log in again
    assert not problems, "\n".join(problems)


def test_anonymous_users_change_nothing(client: Client, site: Site) -> None:
    _users, args, event = site
    before = (
        ChangeLog.objects.count(),
        Game.objects.count(),
        Participant.objects.count(),
        ConfigChange.objects.count(),
        ReplayJob.objects.count(),
    )
    for name, (_get, post_policy) in MATRIX.items():
        if post_policy not in ("all", "-"):
            client.post(_url(name, args, event), {"result": "1", "member": 1, "overrides": "{}"})
    after = (
        ChangeLog.objects.count(),
        Game.objects.count(),
        Participant.objects.count(),
        ConfigChange.objects.count(),
        ReplayJob.objects.count(),
    )
    assert after == before
