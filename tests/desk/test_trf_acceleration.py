"""Baku acceleration in the TRF: the export writes the XXA lines, the import reads them
back, and an outside reader (py4swiss, which reads XXA as JaVaFo and bbpPairings do)
finds the same virtual points and pairs the accelerated rounds as the desk did.

FIDE C.04.5.1: "The first group (GA) shall contain the first half of the players, rounded
up to the nearest even number." "The 'accelerated rounds' are the ones in the first half
(rounded up) of the tournament. Before pairing the first half (rounded up) of the
accelerated rounds, all the players in GA are assigned a number of points (called virtual
points) equal to 1. Such virtual points are reduced to 0.5 before pairing the remaining
accelerated rounds." Ten players, five rounds: GA is pairing numbers 1 to 6; rounds 1-3
are accelerated, with 1 point in rounds 1 and 2 and 0.5 in round 3.

The XXA line as bbpPairings reads it (src/fileformats/trf.cpp, readPlayerAccelerationsXxa):
the player's ID in columns 5-8, then from column 10 one 4-character score a round, every
5 columns ("XXA    1  1.0  1.0  0.5").
"""

from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from py4swiss.engines import DutchEngine
from py4swiss.trf import ParsedTrf, TrfParser

from chesslib import trf
from club.models import Event, Participant, Player, Round
from desk.files import trf_export, trf_import, trf_plan, trf_preview
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db

GROUP_A_LINES = [f"XXA {n:>4}  1.0  1.0  0.5" for n in range(1, 7)]


def _open(accelerated: bool = True) -> Event:
    event = cast(
        Event,
        EventFactory(
            title="Open accéléré", system=Event.System.SWISS, planned_rounds=5, accelerated=True
        ),
    )
    event.accelerated = accelerated
    event.save(update_fields=["accelerated"])
    for n in range(10):
        player = cast(Player, PlayerFactory(national_rating=2300 - 50 * n))
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2300 - 50 * n)
    return event


def _play(event: Event, round_number: int) -> list[tuple[int, int]]:
    """Pair the next round at the desk and enter its results; its boards by pairing
    numbers, white first."""
    round_ = pairing_services.pair_next_round(event.pk, None)
    numbers = {p.player_id: p.number or 0 for p in event.participants.all()}
    boards = []
    for game in round_.games.order_by("board"):
        boards.append((numbers[game.white_id], numbers[game.black_id]))
        key = "1" if (numbers[game.white_id] + round_number) % 3 else "="
        save_result(game.pk, key, game.version, None)
    return boards


def _lines(text: str, code: str) -> list[str]:
    return [line for line in text.split("\r\n") if line.startswith(code)]


def _py4swiss(text: str, folder: Path) -> ParsedTrf:
    """The file as py4swiss reads it. Its 132 reader expects the dates 9 columns apart,
    where TRF-16 puts them 10 apart (92-99, 102-109): the line is left out."""
    path = folder / "open.trf"
    path.write_text("\r\n".join(line for line in text.split("\r\n") if line[:3] != "132"))
    return TrfParser.parse(path)


def test_it_writes_group_a_s_virtual_points_as_xxa_lines() -> None:
    text = trf_export.export_event(_open())
    assert _lines(text, "XXA") == GROUP_A_LINES
    # column 10 holds round 1's field, columns 15-18 round 2's, as bbpPairings reads them
    first = _lines(text, "XXA")[0]
    assert first[4:8] == "   1" and first[9:13] == " 1.0" and first[19:23] == " 0.5"


def test_an_event_without_acceleration_writes_no_xxa_line() -> None:
    assert _lines(trf_export.export_event(_open(accelerated=False)), "XXA") == []


def test_an_outside_reader_finds_the_virtual_points_and_pairs_the_accelerated_rounds_alike(
    tmp_path: Path,
) -> None:
    event = _open()
    for number in (1, 2, 3):
        parsed = _py4swiss(trf_export.export_event(event), tmp_path)
        # py4swiss counts points in tenths: 1.0, 1.0, 0.5 for GA, nothing for GB
        assert parsed.x_section.accelerations == {n: [10, 10, 5] for n in range(1, 7)}
        theirs = [(p.white, p.black) for p in DutchEngine.generate_pairings(parsed)]
        ours = _play(event, number)
        assert sorted(ours) == sorted(theirs), number
    # round 1 by hand: GA 1-6 paired within itself (1-4, 2-5, 3-6), GB 7-10 (7-9, 8-10)
    first = event.rounds.get(number=1)
    numbers = {p.player_id: p.number or 0 for p in event.participants.all()}
    assert sorted(
        sorted((numbers[g.white_id], numbers[g.black_id])) for g in first.games.all()
    ) == [[1, 4], [2, 5], [3, 6], [7, 9], [8, 10]]


def test_an_exported_accelerated_event_imports_accelerated_and_exports_the_same_lines(
    secretary: User,
) -> None:
    event = _open()
    _play(event, 1)
    _play(event, 2)
    text = trf_export.export_event(event)
    imported = trf_import.import_plan(trf_plan.plan_import(text), secretary)
    assert imported.accelerated is True
    again = trf_export.export_event(imported)
    assert _lines(again, "XXA") == GROUP_A_LINES
    assert _lines(again, "001") == _lines(text, "001")
    # and the desk pairs round 3 of the imported event as it pairs the original's
    assert _play(imported, 3) == _play(event, 3)


def test_virtual_points_that_are_not_baku_s_import_the_results_without_acceleration(
    english: None, secretary: User
) -> None:
    """A file whose XXA lines are not Baku's (player 6 gets 1.0 in round 2 instead of
    Baku's 1.0, 1.0, 0.5 over the first three rounds): the preview's notes say the
    acceleration is left out; the results are imported, the event is not accelerated, and
    its export has no XXA line."""
    event = _open()
    _play(event, 1)
    _play(event, 2)
    text = trf_export.export_event(event)
    changed = text.replace("XXA    6  1.0  1.0  0.5", "XXA    6  1.0  0.5")
    assert changed != text
    plan = trf_plan.plan_import(changed)
    assert plan.acceleration_left_out is True
    notes = [note.text for note in trf_preview.plan_notes(plan)]
    assert any("not the Baku acceleration (FIDE C.04.5.1)" in note for note in notes)
    imported = trf_import.import_plan(plan, secretary)
    assert imported.accelerated is False
    again = trf_export.export_event(imported)
    assert _lines(again, "XXA") == []
    assert _lines(again, "001") == _lines(text, "001")


def test_the_reader_refuses_an_xxa_line_of_a_player_without_a_line() -> None:
    text = trf_export.export_event(_open()) + "XXA   11  1.0\r\n"
    with pytest.raises(trf.TrfError, match="start rank 11"):
        trf.read(text)


def test_the_round_dates_stand_where_trf_16_puts_them() -> None:
    """TRF-16, 132: "Dates of the round (format: YY/MM/DD; pos. 92-99 round 1, 102-109
    round 2, ...)"."""
    event = _open()
    zone = timezone.get_current_timezone()
    for number, day in ((1, 6), (2, 13)):
        Round.objects.create(
            event=event, number=number, starts_at=datetime(2026, 10, day, 19, 30, tzinfo=zone)
        )
    line = _lines(trf_export.export_event(event), "132")[0]
    assert line[91:99] == "26/10/06" and line[99:101] == "  " and line[101:109] == "26/10/13"


def test_the_reader_keeps_virtual_points_per_round() -> None:
    parsed = trf.read(trf_export.export_event(_open()))
    assert parsed.accelerations[1] == [Decimal("1.0"), Decimal("1.0"), Decimal("0.5")]
    assert 7 not in parsed.accelerations
