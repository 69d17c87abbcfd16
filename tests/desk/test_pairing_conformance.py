"""The desk's Swiss pairings against the FIDE-endorsed reference, bbpPairings.

Each case of ``tests/fixtures/pairing_conformance`` (its README says where from) is a
tournament cut after a round, as TRF, and bbpPairings' pairing of the next round. The case
is imported the way the site imports a TRF (``import_trf``), the next round is paired at
the desk (``pair_next_round``), and the boards must be the reference's, board for board,
colours included (the bye last, as ``N 0``).
"""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path
from typing import cast

import pytest
from caissify_pairings.fpc import check_trf
from django.core.management import call_command

from club.models import Bye, Event, Participant
from desk.files.trf_export import export_event
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "pairing_conformance"


def _cases() -> list[str]:
    names = sorted(path.name.removesuffix(".input") for path in CASES.glob("*.input"))
    assert len(names) == 40, f"the 40 reference cases are expected in {CASES}"
    return names


def imported(path: Path) -> Event:
    out = io.StringIO()
    call_command("import_trf", str(path), stdout=out, stderr=io.StringIO())
    return Event.objects.get(pk=int(out.getvalue().strip()))


def desk_boards(event: Event, number: int) -> list[tuple[int, int]]:
    """The round's boards as the reference writes them: white's and black's starting
    ranks by board, then the pairing-allocated bye as (rank, 0)."""
    numbers = {
        player: number or 0
        for player, number in event.participants.values_list("player_id", "number")
    }
    round_ = event.rounds.get(number=number)
    boards = [
        (numbers[white], numbers[black])
        for white, black in round_.games.order_by("board").values_list("white_id", "black_id")
    ]
    byes = [(numbers[player], 0) for player in round_.byes.values_list("player_id", flat=True)]
    return boards + byes


def reference_boards(name: str) -> list[tuple[int, int]]:
    lines = (CASES / f"{name}.output.expected").read_text().split()
    count, numbers = int(lines[0]), [int(x) for x in lines[1:]]
    boards = list(zip(numbers[0::2], numbers[1::2], strict=True))
    assert len(boards) == count
    return boards


@pytest.mark.parametrize("name", _cases())
def test_it_pairs_the_next_round_as_the_reference_does(name: str) -> None:
    event = imported(CASES / f"{name}.input")
    number = int(name.rsplit("_r", 1)[1])
    assert event.rounds.filter(number=number, games__isnull=False).count() == 0

    paired = pairing_services.pair_next_round(event.pk, None)

    assert paired.number == number
    assert desk_boards(event, number) == reference_boards(name)


def test_a_tournament_paired_at_the_desk_passes_the_engines_own_checker() -> None:
    """A Swiss of 13 paired round after round at the desk, with results typed in, a forfeit
    in round 2 and a half-point bye asked for round 3, exported as TRF: caissify-pairings'
    checker (``caissify-pairings-check``, the same code called in-process) re-pairs every
    round from the file and finds the desk's pairings."""
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(13):
        player = PlayerFactory(national_rating=2000 - 37 * n)
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2000 - 37 * n)
    numbers = cast(dict[int, int], dict(event.participants.values_list("player_id", "number")))
    for number in range(1, 6):
        if number == 3:
            asked = event.participants.get(number=4).player
            round_ = event.rounds.create(number=3)
            Bye.objects.create(
                round=round_, player=asked, kind=Bye.Kind.HALF_POINT, points=Decimal("0.5")
            )
        round_ = pairing_services.pair_next_round(event.pk, None)
        for game in round_.games.order_by("board"):
            white, black = numbers[game.white_id], numbers[game.black_id]
            if number == 2 and game.board == 1:
                key = "+"  # black did not come
            elif (white + black + number) % 5 == 0:
                key = "="
            else:
                key = "1" if (white < black) == ((white + number) % 3 != 0) else "0"
            save_result(game.pk, key, game.version, None)

    text = export_event(event)
    assert "0000 - H" in text and "0000 - U" in text and " w + " in text
    report = check_trf(text)

    assert report["summary"]["rounds_checked"] == 5
    assert [r["discrepancies"] for r in report["rounds"]] == [[]] * 5
