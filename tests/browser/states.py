"""The states of an evening that the demo club does not hold, made through the desk's own
services on top of it (``load_demo_club``), for the accessibility walk: an open Swiss in
its second round (players checked in, results typed, others reported by the players and
waiting, one board on which they disagree), a round robin paired to its end with its first
round played, a cancelled event, and the official lists' import running and failed."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import User
from django.utils import timezone

from club.models import Event, Member, ResultReport, Round
from desk.services import checkin, lifecycle, pairing, registration
from desk.services import results as result_services
from desk.services.events import create_rounds
from ratings.models import OfficialList

# results typed for each board of a round, in board order, cycled
RESULTS = ["1", "0", "=", "1", "0"]


@dataclass(frozen=True)
class States:
    swiss: Event
    swiss_first: Round  # every board saved
    swiss_second: Round  # some saved, some reported by the players, some empty
    round_robin: Event
    round_robin_first: Round
    cancelled: Event
    running_list: OfficialList
    failed_list: OfficialList


def _event(title: str, system: str, rounds: int, user: User) -> Event:
    start = timezone.now() - timedelta(hours=2)
    event = Event.objects.create(
        kind=Event.Kind.OPEN, title=title, venue="Wavre", start=start,
        end=start + timedelta(hours=8), time_control=Event.TimeControl.RAPID, system=system,
        status=Event.Status.ONGOING, planned_rounds=rounds,
    )  # fmt: skip
    create_rounds(event, rounds, start)
    return event


def _type_results(round_: Round, user: User, boards: int) -> None:
    for game, key in zip(round_.games.order_by("board")[:boards], RESULTS * 4, strict=False):
        result_services.save_result(game.pk, key, game.version, user)


def build(user: User) -> States:
    """The states above, ``user`` (a secretary) at the desk."""
    members = list(Member.objects.public().select_related("player").order_by("pk")[:14])
    swiss = _event("Open rapide de Wavre", Event.System.SWISS, 5, user)
    for member in members[:13]:  # an odd field: a pairing-allocated bye
        registration.register(swiss.pk, member.player.pk, user)
    everyone = {p.pk: checkin.PRESENT for p in swiss.participants.all()}
    checkin.record(swiss.pk, 1, everyone, user)
    first = pairing.pair_next_round(swiss.pk, user)
    _type_results(first, user, first.games.count())
    checkin.record(swiss.pk, 2, everyone, user)
    second = pairing.pair_next_round(swiss.pk, user)
    _type_results(second, user, 2)
    boards = list(second.games.order_by("board")[2:5])
    said = [
        (boards[0], "white", "1-0"), (boards[0], "black", "1-0"),
        (boards[1], "white", "1/2-1/2"), (boards[1], "black", "0-1"),
        (boards[2], "black", "0-1"),
    ]  # fmt: skip
    for game, side, result in said:
        ResultReport.objects.create(game=game, side=side, result=result, via="code")

    robin = _event("Tournoi fermé des jeunes", Event.System.ROUND_ROBIN, 5, user)
    for member in members[:6]:
        registration.register(robin.pk, member.player.pk, user)
    pairing.pair_round_robin(robin.pk, user)
    robin_first = robin.rounds.get(number=1)
    _type_results(robin_first, user, 3)

    cancelled = _event("Blitz de la Saint-Nicolas", Event.System.SWISS, 7, user)
    for member in members[:4]:
        registration.register(cancelled.pk, member.player.pk, user)
    lifecycle.cancel_event(cancelled.pk, "La salle est fermée ce soir-là.", user)
    cancelled.refresh_from_db()

    running = OfficialList.objects.create(
        kind="fide", path="-", file_name="players_list.zip", state=OfficialList.State.RUNNING,
        layout="combined TXT", done=41_000_000, total=98_000_000,
    )  # fmt: skip
    failed = OfficialList.objects.create(
        kind="frbe", path="-", file_name="elo-2026-11.csv", state=OfficialList.State.FAILED,
        error="Ligne 3 : la colonne « Elo » manque.",
    )  # fmt: skip
    return States(swiss, first, second, robin, robin_first, cancelled, running, failed)
