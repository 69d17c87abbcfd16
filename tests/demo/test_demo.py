from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Count
from django.test import Client

from club.models import Event, Game, Member, Player, Result

pytestmark = pytest.mark.django_db

DAY = date(2026, 11, 22)


def _load(*args: str) -> str:
    out = StringIO()
    call_command("load_demo_club", "--day", DAY.isoformat(), *args, stdout=out)
    return out.getvalue()


def _snapshot() -> list[tuple]:
    games = Game.objects.order_by(
        "round__event__start", "round__event__title", "round__number", "board"
    )
    return [
        (g.round.event.title, g.round.number, g.board, str(g.white), str(g.black), g.result)
        for g in games.select_related("round__event", "white", "black")
    ]


def test_it_creates_a_believable_club() -> None:
    _load()
    assert Member.objects.count() == 40
    assert Player.objects.filter(membership__isnull=True).count() == 40
    assert set(Event.objects.values_list("kind", flat=True)) == set(Event.Kind.values)
    ratings = sorted(Player.objects.values_list("national_rating", flat=True))  # type: ignore[type-var]
    assert ratings[0] >= 900 and ratings[-1] <= 2380  # type: ignore[operator]


def test_it_places_results_in_the_past_and_meetings_ahead() -> None:
    _load()
    closed = Event.objects.filter(status=Event.Status.CLOSED)
    assert closed.filter(end__date__lt=DAY).count() == closed.count() > 10
    assert Event.objects.filter(start__date__gt=DAY, status=Event.Status.ANNOUNCED).count() >= 6
    played = Game.objects.filter(round__event__status=Event.Status.CLOSED)
    assert not played.filter(result=Result.PENDING).exists()
    assert played.count() > 300


def test_it_plays_a_round_robin_championship_where_everyone_meets_once() -> None:
    _load()
    championship = Event.objects.filter(kind=Event.Kind.CHAMPIONSHIP, status="closed").get()
    games = Game.objects.filter(round__event=championship)
    assert games.count() == 45
    per_player = games.values("white").annotate(n=Count("id"))
    assert len(per_player) == 10


def test_it_is_idempotent() -> None:
    _load()
    before = _snapshot()
    assert "nothing done" in _load()
    assert _snapshot() == before


def test_it_is_the_same_club_for_the_same_day() -> None:
    _load()
    first = _snapshot()
    _load("--reset")
    assert _snapshot() == first


def test_a_bigger_club_plays_more_seasons_with_fields_scaled_to_its_size() -> None:
    """The load test's club in small: 80 members (twice the demo), three seasons."""
    _load("--members", "80", "--seasons", "3")
    assert Member.objects.count() == 80
    championships = Event.objects.filter(kind=Event.Kind.CHAMPIONSHIP)
    seasons = sorted({title.split()[3] for title in championships.values_list("title", flat=True)})
    assert seasons == ["2024-2025", "2025-2026", "2026-2027"]
    assert championships.count() == 3 * 2  # two groups of ten a season
    assert sorted(championships.values_list("title", flat=True))[:2] == [
        "Championnat du club 2024-2025 – groupe 1",
        "Championnat du club 2024-2025 – groupe 2",
    ]
    evening = Event.objects.filter(kind=Event.Kind.RAPID, status=Event.Status.CLOSED).first()
    assert evening is not None and evening.participants.count() == 20
    open_ = Event.objects.filter(kind=Event.Kind.OPEN, status=Event.Status.CLOSED).first()
    assert open_ is not None and open_.participants.count() == 2 * 12 + 12


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--members", "10"), "The demo club has 40 to 3000 members, not 10."),
        (("--seasons", "0"), "The demo club plays at least one season, not 0."),
    ],
)
def test_a_club_it_cannot_make_is_refused_with_the_reason_and_nothing_written(
    args: tuple[str, str], message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        _load(*args)
    assert not Player.objects.exists() and not Event.objects.exists()


def test_it_creates_an_administrator_a_secretary_and_a_member_who_can_sign_in(
    client: Client,
) -> None:
    out = _load()
    lines = [line.split() for line in out.splitlines() if line.startswith("  ")]
    passwords = {username: password for _role, username, password in lines}
    assert set(passwords) == {"administrateur", "secretaire", "membre"}
    from django.contrib.auth.models import User

    admin = User.objects.get(username="administrateur")
    assert admin.is_superuser and admin.is_staff
    assert User.objects.get(username="secretaire").groups.filter(name="secretaries").exists()
    assert Member.objects.get(user__username="membre").status == Member.Status.ACTIVE
    for username, password in passwords.items():
        assert client.get("/mon-espace/").status_code != 200
        response = client.post("/comptes/login/", {"username": username, "password": password})
        assert response.status_code == 302, username
        client.post("/comptes/logout/")


def test_its_accounts_get_new_passwords_when_the_club_is_made_again() -> None:
    first = _load()
    second = _load("--reset")
    assert first.splitlines()[-3:] != second.splitlines()[-3:]
    from django.contrib.auth.models import User

    assert User.objects.filter(username__in=["administrateur", "secretaire", "membre"]).count() == 3
