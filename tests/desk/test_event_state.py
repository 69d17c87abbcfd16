"""An event's state, asked in one place (``club.event_state``): a closed or cancelled
event is changed by no write of the desk (its form, registration, withdrawal, numbering,
check-in, pairing by the engine or by hand, undoing a pairing, results, files), each
refused with a message saying to reopen (or restore) it, and nothing written; the table
of transitions is the only way between statuses. The probes of issue #27 are the first
tests: each of them changed a closed event before."""

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from club import event_state
from club.event_state import Transition, Write
from club.exceptions import DeskError, RoundChanged
from club.models import Bye, ChangeLog, Event, Game, Participant, Result, Round
from desk.services import checkin, lifecycle, lots, pairing, registration, results
from desk.services import events as services
from desk.services import pairing as pairing_services
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

REOPEN = "reopen it to change it (reopening recalculates the ratings"


def _rated(event: Event) -> list[tuple[int, int, int, int, str]]:
    """Everything the ratings read of an event: its games, as stored."""
    games = Game.objects.filter(round__event=event).order_by("round__number", "board")
    return list(games.values_list("round__number", "board", "white_id", "black_id", "result"))


def _snapshot(event: Event) -> tuple[Any, ...]:
    event.refresh_from_db()
    return (
        event.status,
        event.kind,
        event.time_control,
        _rated(event),
        list(Bye.objects.filter(round__event=event).values_list("round__number", "player_id")),
        list(event.rounds.values_list("number", flat=True)),
        list(
            event.participants.order_by("pk").values_list(
                "player_id", "number", "withdrawn_after_round"
            )
        ),
    )


@pytest.fixture
def closed_swiss(secretary: User) -> Event:
    """A Swiss event of six players, round 1 paired, its results in, closed."""
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(6):
        registration.register(event.pk, PlayerFactory(national_rating=2100 - 50 * n).pk, secretary)
    registration.renumber(event.pk, secretary)
    round_ = pairing_services.pair_next_round(event.pk, secretary)
    for game in round_.games.all():
        results.write_result(game.pk, Result.WHITE_WINS, secretary)
    lifecycle.close_event(event.pk, secretary)
    event.refresh_from_db()
    assert event.status == Event.Status.CLOSED and len(_rated(event)) == 3
    return event


def _refused(client: Client, url: str, data: dict[str, Any], event: Event) -> str:
    """POST ``data`` to ``url``: a redirect with the refusal in the messages (or the form
    with it), never a 500; returns the page's text after the redirect."""
    before = _snapshot(event)
    changes = ChangeLog.objects.count()
    response = client.post(url, data, follow=True)
    assert response.status_code in (200, 400)
    assert _snapshot(event) == before, "a closed event changed"
    assert ChangeLog.objects.count() == changes
    return response.content.decode()


def test_re_pairing_a_closed_events_round_by_hand_is_refused_and_keeps_its_games(
    secretary_client: Client, closed_swiss: Event, english: None
) -> None:
    round_ = closed_swiss.rounds.get(number=1)
    players = list(closed_swiss.participants.values_list("player_id", flat=True))
    posted = {"white-0": players[0], "black-0": players[5], "confirm": "1"}
    page = _refused(
        secretary_client, reverse("desk:edit_round", args=[round_.pk]), posted, closed_swiss
    )
    assert REOPEN in page


def test_pairing_the_next_round_of_a_closed_event_is_refused_and_it_stays_closed(
    secretary_client: Client, closed_swiss: Event, english: None
) -> None:
    page = _refused(
        secretary_client,
        reverse("desk:pair_next_round", args=[closed_swiss.pk]),
        {"round": "2"},
        closed_swiss,
    )
    assert REOPEN in page
    round_ = closed_swiss.rounds.get(number=1)
    url = reverse("desk:pair_after", args=[round_.pk])
    page = _refused(secretary_client, url, {}, closed_swiss)
    assert REOPEN in page


def test_the_form_of_a_closed_event_cannot_change_its_kind_or_time_control(
    secretary_client: Client, closed_swiss: Event, english: None
) -> None:
    start = closed_swiss.start
    posted = {
        "title": closed_swiss.title,
        "kind": Event.Kind.BLITZ,
        "start": start.strftime("%Y-%m-%dT%H:%M"),
        "end": (start + timedelta(hours=4)).strftime("%Y-%m-%dT%H:%M"),
        "time_control": Event.TimeControl.BLITZ,
        "system": Event.System.SWISS,
        "tiebreaks": closed_swiss.tiebreaks,
        "interval_days": "7",
        "round-TOTAL_FORMS": "1",
        "round-INITIAL_FORMS": "1",
        "round-0-id": str(closed_swiss.rounds.get().pk),
        "round-0-starts_at": "",
    }
    page = _refused(
        secretary_client, reverse("desk:event_edit", args=[closed_swiss.pk]), posted, closed_swiss
    )
    assert REOPEN in page


def test_registering_withdrawing_and_renumbering_on_a_closed_event_are_refused(
    secretary_client: Client, closed_swiss: Event, english: None
) -> None:
    newcomer = PlayerFactory()
    entry = closed_swiss.participants.first()
    assert entry is not None
    for name, args, posted in (
        ("desk:register", [closed_swiss.pk], {"player": newcomer.pk}),
        ("desk:withdraw", [closed_swiss.pk, entry.pk], {"after_round": "1"}),
        ("desk:renumber", [closed_swiss.pk], {}),
        ("desk:outsider", [closed_swiss.pk], {"first_name": "A", "last_name": "B"}),
    ):
        page = _refused(secretary_client, reverse(name, args=args), posted, closed_swiss)
        assert REOPEN in page, name


def test_check_in_undoing_a_pairing_and_files_on_a_closed_event_are_refused(
    secretary_client: Client, closed_swiss: Event, english: None
) -> None:
    round_ = closed_swiss.rounds.get(number=1)
    entry = closed_swiss.participants.first()
    assert entry is not None
    page = _refused(
        secretary_client,
        reverse("desk:check_in", args=[closed_swiss.pk, 2]),
        {f"status-{entry.pk}": "half"},
        closed_swiss,
    )
    assert REOPEN in page
    page = _refused(
        secretary_client, reverse("desk:undo_pairing", args=[round_.pk]), {}, closed_swiss
    )
    assert REOPEN in page
    game = round_.games.select_related("white", "black").first()
    assert game is not None
    csv = f"round;board;white;black;result\n1;1;{game.white.name};{game.black.name};0-1\n"
    upload = SimpleUploadedFile("results.csv", csv.encode())
    page = _refused(
        secretary_client,
        reverse("desk:event_files", args=[closed_swiss.pk]),
        {"kind": "csv", "file": upload},
        closed_swiss,
    )
    assert REOPEN in page


def test_once_reopened_the_same_writes_are_accepted(
    secretary_client: Client, closed_swiss: Event, secretary: User, english: None
) -> None:
    lifecycle.reopen_event(closed_swiss.pk, "a forgotten player", secretary)
    newcomer = PlayerFactory()
    response = secretary_client.post(
        reverse("desk:register", args=[closed_swiss.pk]), {"player": newcomer.pk}, follow=True
    )
    assert f"{newcomer.name} is registered." in response.content.decode()
    assert closed_swiss.participants.filter(player=newcomer).exists()


WRITES: list[tuple[Write, Callable[[Event, User], object]]] = [
    (Write.FORM, lambda event, user: services.save_event(event, user)),
    (Write.REGISTER, lambda event, user: registration.register(event.pk, PlayerFactory().pk, user)),
    (
        Write.WITHDRAW,
        lambda event, user: registration.withdraw(event.participants.all()[0].pk, 1, user),
    ),
    (Write.NUMBER, lambda event, user: registration.renumber(event.pk, user)),
    (Write.NUMBER, lambda event, user: lots.draw_lots(event.pk, user)),
    (
        Write.CHECK_IN,
        lambda event, user: checkin.record(
            event.pk, 2, {p.pk: checkin.PRESENT for p in event.participants.all()}, user
        ),
    ),
    (Write.PAIR, lambda event, user: pairing_services.pair_next_round(event.pk, user)),
    (Write.PAIR, lambda event, user: pairing.pair_round_robin(event.pk, user)),
    (
        Write.PAIR,
        lambda event, user: pairing_services.save_round(event.pk, 1, [], [], user, True),
    ),
    (Write.PAIR, lambda event, user: checkin.undo_pairing(event.rounds.get(number=1).pk, user)),
    (
        Write.RESULT,
        lambda event, user: results.write_result(
            Game.objects.filter(round__event=event)[0].pk, Result.DRAW, user
        ),
    ),
]


@pytest.mark.parametrize("status", [Event.Status.CLOSED, Event.Status.CANCELLED])
@pytest.mark.parametrize(("write", "service"), WRITES)
def test_every_write_refuses_a_closed_or_cancelled_event_and_writes_nothing(
    closed_swiss: Event,
    secretary: User,
    status: str,
    write: Write,
    service: Callable[[Event, User], object],
    english: None,
) -> None:
    Event.objects.filter(pk=closed_swiss.pk).update(status=status)
    before = _snapshot(closed_swiss)
    with pytest.raises(DeskError, match=r"reopen it|restore it"):
        service(closed_swiss, secretary)
    assert _snapshot(closed_swiss) == before
    assert not event_state.allows(closed_swiss, write)


@pytest.mark.parametrize("status", [Event.Status.ANNOUNCED, Event.Status.ONGOING])
def test_an_announced_or_ongoing_event_allows_every_write(status: str) -> None:
    event = EventFactory(status=status)
    assert all(event_state.allows(event, write) for write in Write)


@pytest.mark.parametrize(
    ("transition", "status", "message"),
    [
        (lifecycle.close_event, Event.Status.CLOSED, "The event is already closed."),
        (lifecycle.close_event, Event.Status.CANCELLED, "is cancelled: restore it"),
        (
            lambda event_id, user: lifecycle.reopen_event(event_id, "why", user),
            Event.Status.ONGOING,
            "Only a closed event can be reopened.",
        ),
        (
            lambda event_id, user: lifecycle.cancel_event(event_id, "why", user),
            Event.Status.CANCELLED,
            "The event is already cancelled.",
        ),
        (lifecycle.restore_event, Event.Status.CLOSED, "Only a cancelled event can be restored."),
    ],
)
def test_a_transition_the_table_does_not_allow_is_refused(
    secretary: User,
    transition: Callable[[int, User], object],
    status: str,
    message: str,
    english: None,
) -> None:
    event = EventFactory(status=status)
    with pytest.raises(DeskError, match=message):
        transition(event.pk, secretary)
    event.refresh_from_db()
    assert event.status == status
    assert not ChangeLog.objects.exists()


def test_the_table_of_transitions_is_the_events_life() -> None:
    """Every status is left by some transition and reached by some other (but deletion),
    and only reopening and restoring leave a closed or a cancelled event."""
    reached = set().union(*(targets for _sources, targets in event_state.TRANSITIONS.values()))
    assert reached == set(Event.Status.values)
    leaving_closed = {
        t
        for t, (sources, _targets) in event_state.TRANSITIONS.items()
        if Event.Status.CLOSED in sources
    }
    assert leaving_closed == {Transition.REOPEN, Transition.CANCEL, Transition.DELETE}
    leaving_cancelled = {
        t
        for t, (sources, _targets) in event_state.TRANSITIONS.items()
        if Event.Status.CANCELLED in sources
    }
    assert leaving_cancelled == {Transition.RESTORE, Transition.DELETE}


def test_a_player_cannot_have_a_bye_and_a_game_in_one_round_in_the_database() -> None:
    """The database refuses it whichever row comes second (a trigger on each table)."""
    round_ = EventFactory().rounds.create(number=1)
    white, black, third = PlayerFactory(), PlayerFactory(), PlayerFactory()
    Game.objects.create(round=round_, board=1, white=white, black=black)
    for player in (white, black):
        with pytest.raises(IntegrityError), transaction.atomic():
            Bye.of_kind(Bye.Kind.HALF_POINT, round=round_, player=player).save()
    Bye.of_kind(Bye.Kind.HALF_POINT, round=round_, player=third).save()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=round_, board=2, white=third, black=PlayerFactory())
    other = Game.objects.create(round=round_, board=2, white=PlayerFactory(), black=PlayerFactory())
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.filter(pk=other.pk).update(black=third)
    assert Game.objects.filter(round=round_).count() == 2
    assert Bye.objects.filter(round=round_).count() == 1


def test_a_csv_game_for_a_player_with_a_bye_in_that_round_names_the_line(
    secretary: User, english: None
) -> None:
    event = EventFactory(status=Event.Status.ONGOING)
    white, black = PlayerFactory(), PlayerFactory()
    for player in (white, black):
        Participant.objects.create(event=event, player=player)
    round_ = event.rounds.create(number=1)
    Bye.of_kind(Bye.Kind.HALF_POINT, round=round_, player=black).save()
    from desk.files.common import FileError
    from desk.files.results_csv import import_results_csv

    csv = f"round;board;white;black;result\n1;1;{white.name};{black.name};1-0\n"
    with pytest.raises(FileError, match=f"line 2: {black.name} has a bye in round 1"):
        import_results_csv(event.pk, csv, secretary)
    assert not Game.objects.exists()


@pytest.fixture
def ongoing_swiss(secretary: User) -> Event:
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(6):
        registration.register(event.pk, PlayerFactory(national_rating=2100 - 50 * n).pk, secretary)
    registration.renumber(event.pk, secretary)
    return event


def test_a_manual_pairing_made_on_a_round_changed_meanwhile_is_refused_and_shows_it(
    secretary_client: Client, ongoing_swiss: Event, secretary: User, english: None
) -> None:
    round_ = pairing_services.pair_next_round(ongoing_swiss.pk, secretary)
    url = reverse("desk:edit_round", args=[round_.pk])
    seen = secretary_client.get(url).context["seen"]
    # someone else swaps two boards' black players meanwhile
    games = list(round_.games.order_by("board"))
    boards = [(g.white_id, g.black_id) for g in games]
    boards[0], boards[1] = (boards[0][0], boards[1][1]), (boards[1][0], boards[0][1])
    byes = [(b.player_id, b.kind) for b in round_.byes.all()]
    pairing_services.save_round(ongoing_swiss.pk, 1, boards, byes, secretary, True)
    now = _rated(ongoing_swiss)
    mine = {"seen": seen, "confirm": "1"}
    for n, game in enumerate(games):
        mine[f"white-{n}"], mine[f"black-{n}"] = game.black_id, game.white_id
    response = secretary_client.post(url, mine, follow=True)
    assert response.redirect_chain[-1][0] == url
    assert "Someone else just changed round 1: here it is now." in response.content.decode()
    assert _rated(ongoing_swiss) == now
    assert response.context["seen"] == pairing_services.fingerprint(round_)


def test_pairing_a_round_someone_else_just_paired_shows_that_round(
    secretary_client: Client, ongoing_swiss: Event, secretary: User, english: None
) -> None:
    page = secretary_client.get(reverse("desk:event", args=[ongoing_swiss.pk]))
    assert page.context["pair_number"] == 1
    round_ = pairing_services.pair_next_round(ongoing_swiss.pk, secretary)  # the other secretary
    boards = _rated(ongoing_swiss)
    response = secretary_client.post(
        reverse("desk:pair_next_round", args=[ongoing_swiss.pk]), {"round": "1"}, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("desk:results", args=[round_.pk])
    assert "Someone else just paired round 1: here it is now." in response.content.decode()
    assert _rated(ongoing_swiss) == boards and ongoing_swiss.rounds.count() == 1


def test_checking_in_a_round_someone_else_just_paired_is_refused_and_shows_it(
    ongoing_swiss: Event, secretary: User, english: None
) -> None:
    round_ = pairing_services.pair_next_round(ongoing_swiss.pk, secretary)
    with pytest.raises(RoundChanged, match="Round 1 is already paired") as refused:
        checkin.record(
            ongoing_swiss.pk, 1, {p.pk: "half" for p in ongoing_swiss.participants.all()}, secretary
        )
    assert refused.value.round_id == round_.pk
    assert not Bye.objects.filter(round=round_).exclude(kind=Bye.Kind.PAIRING_ALLOCATED).exists()


def test_pairing_an_announced_event_starts_it_by_the_table(
    ongoing_swiss: Event, secretary: User
) -> None:
    assert ongoing_swiss.status == Event.Status.ANNOUNCED
    pairing_services.pair_next_round(ongoing_swiss.pk, secretary)
    ongoing_swiss.refresh_from_db()
    assert ongoing_swiss.status == Event.Status.ONGOING
    assert Round.objects.filter(event=ongoing_swiss).count() == 1


def test_the_events_form_never_writes_back_the_status_its_page_read(
    ongoing_swiss: Event, secretary: User
) -> None:
    """The form is read before a pairing starts the event and saved after: the status
    stays the one stored (the form has no status field; the whole row is saved)."""
    stale = Event.objects.get(pk=ongoing_swiss.pk)
    assert stale.status == Event.Status.ANNOUNCED
    pairing_services.pair_next_round(ongoing_swiss.pk, secretary)
    stale.title = "Open du jeudi"
    services.save_event(stale, secretary, changed=["title"])
    ongoing_swiss.refresh_from_db()
    assert (ongoing_swiss.title, ongoing_swiss.status) == ("Open du jeudi", Event.Status.ONGOING)


def test_the_french_registration_message_fits_every_player(
    secretary_client: Client, closed_swiss: Event, secretary: User
) -> None:
    """Issue #40: "Anne … est inscrit" (the participle agreed with no one). The French
    message names the registration, not the player's gender."""
    lifecycle.reopen_event(closed_swiss.pk, "a forgotten player", secretary)
    newcomer = PlayerFactory(first_name="Anne")
    response = secretary_client.post(
        reverse("desk:register", args=[closed_swiss.pk]),
        {"player": newcomer.pk},
        follow=True,
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    html = response.content.decode()
    assert f"Inscription enregistrée\xa0: {newcomer.name}." in html
    assert "est inscrit" not in html


def test_withdrawing_a_player_asks_first(
    secretary_client: Client, closed_swiss: Event, secretary: User, english: None
) -> None:
    """Issue #40: each registered player's red "Withdraw" acted at once. Its form carries
    the question naming the player (static/desk/confirm.js asks it before sending); a
    withdrawal taken back does not ask."""
    lifecycle.reopen_event(closed_swiss.pk, "a late withdrawal", secretary)
    html = secretary_client.get(reverse("desk:event", args=[closed_swiss.pk])).content.decode()
    assert "desk/confirm.js" in html
    participant = closed_swiss.participants.select_related("player").first()
    assert participant is not None
    question = f"Withdraw {participant.player.name} from the event? They are not paired again"
    assert f'data-confirm-text="{question}' in html
    assert html.count("data-confirm-text=") == closed_swiss.participants.count()
