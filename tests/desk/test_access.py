"""Every page of the events part of the desk, for each role: anonymous visitors are sent
to log in, members are refused (403), secretaries and administrators get in; refused
requests change nothing."""

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.test import Client, RequestFactory
from django.urls import reverse

from club.models import ChangeLog, Event, Game, Participant
from desk import access

pytestmark = pytest.mark.django_db

# (URL name, method, what the URL takes)
VIEWS = [
    ("desk:events", "get", None),
    ("desk:event_new", "get", None),
    ("desk:event_new", "post", None),
    ("desk:event", "get", "event"),
    ("desk:event_edit", "get", "event"),
    ("desk:event_edit", "post", "event"),
    ("desk:member_search", "get", "event"),
    ("desk:register", "post", "event"),
    ("desk:outsider", "post", "event"),
    ("desk:withdraw", "post", "participant"),
    ("desk:renumber", "post", "event"),
    ("desk:draw_lots", "post", "event"),
    ("desk:pair_round_robin", "post", "event"),
    ("desk:standings", "get", "event"),
    ("desk:standings_csv", "get", "event"),
    ("desk:crosstable", "get", "event"),
    ("desk:results", "get", "round"),
    ("desk:results", "post", "round"),
    ("desk:save_result", "post", "game"),
    ("desk:close", "post", "event"),
    ("desk:reopen", "post", "event"),
]


def _url(name: str, takes: str | None, event: Event) -> str:
    game = Game.objects.filter(round__event=event)[0]
    participant = Participant.objects.filter(event=event)[0]
    args = {
        None: [],
        "event": [event.pk],
        "participant": [event.pk, participant.pk],
        "round": [game.round_id],
        "game": [game.pk],
    }[takes]
    return reverse(name, args=args)


def _state() -> tuple[int, ...]:
    return (
        ChangeLog.objects.count(),
        Event.objects.count(),
        Participant.objects.count(),
        Game.objects.exclude(result="").count(),
    )


@pytest.mark.parametrize(("name", "method", "takes"), VIEWS)
def test_anonymous_visitors_are_sent_to_log_in(
    client: Client, paired_event: Event, name: str, method: str, takes: str | None
) -> None:
    url = _url(name, takes, paired_event)
    before = _state()
    response = getattr(client, method)(url, {"result": "1", "version": 1, "member": 1})
    assert response.status_code == 302
    assert response["Location"].startswith(f"{reverse('login')}?next=")
    assert _state() == before


@pytest.mark.parametrize(("name", "method", "takes"), VIEWS)
def test_members_are_refused(
    client: Client,
    member_user: User,
    paired_event: Event,
    name: str,
    method: str,
    takes: str | None,
) -> None:
    client.force_login(member_user)
    before = _state()
    url = _url(name, takes, paired_event)
    response = getattr(client, method)(url, {"result": "1", "version": 1, "reason": "x"})
    assert response.status_code == 403
    assert _state() == before


@pytest.mark.parametrize("who", ["secretary", "administrator"])
@pytest.mark.parametrize(("name", "method", "takes"), VIEWS)
def test_secretaries_and_administrators_get_in(
    request: pytest.FixtureRequest,
    client: Client,
    paired_event: Event,
    who: str,
    name: str,
    method: str,
    takes: str | None,
) -> None:
    user: User = request.getfixturevalue(who)
    client.force_login(user)
    response = getattr(client, method)(_url(name, takes, paired_event))
    assert response.status_code in (200, 302, 400, 409)
    if response.status_code == 302:
        assert not response["Location"].startswith(reverse("login"))


def test_a_user_in_another_group_is_refused(client: Client, paired_event: Event) -> None:
    from django.contrib.auth.models import Group

    user = User.objects.create_user("tresorier", password="x", is_staff=True)
    user.groups.add(Group.objects.create(name="treasurers"))
    client.force_login(user)
    assert client.get(reverse("desk:event", args=[paired_event.pk])).status_code == 403


def test_the_desk_menu_links_to_the_events_and_a_new_one(secretary_client: Client) -> None:
    from django.template.loader import render_to_string

    html = render_to_string("desk/_nav.html")
    assert reverse("desk:events") in html
    assert reverse("desk:event_new") in html


@pytest.mark.parametrize(
    "helper",
    [
        "get_event_for_secretary",
        "get_round_for_secretary",
        "get_member_for_secretary",
        "get_article_for_secretary",
    ],
)
def test_the_access_helpers_are_the_check_even_without_the_decorator(
    rf: RequestFactory, member_user: User, paired_event: Event, helper: str
) -> None:
    """A view that forgot ``secretary_required`` still refuses whoever is not a secretary:
    the helper that fetches its object checks who asks."""
    request = rf.get("/")
    request.user = member_user
    with pytest.raises(PermissionDenied):
        getattr(access, helper)(request, paired_event.pk)
    request.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        getattr(access, helper)(request, paired_event.pk)
