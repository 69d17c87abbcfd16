"""Rounds of tournaments bbpPairings generated, paired the desk's way, and played on to
the end at the desk with bbpPairings' checker reading the export.

``benchmarks/pairing_generated.py`` pairs the rounds of ``tests/fixtures/pairing_generated``
without a database (``benchmarks.generated_pairings.pair_round``). Here a few of those rounds
go the desk's way instead: the tournament cut before the round is imported as a TRF
(``import_trf``: byes asked for the round, forfeits, double forfeits, Baku's XXA lines) and
paired at the desk (``pair_next_round``); the boards must be bbpPairings' own pairing of
the round, colours and board order included.
"""

from __future__ import annotations

import io
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
import time_machine
from django.core.management import call_command

from benchmarks import generated_pairings as generated
from club.models import Bye, Event
from desk.files.trf_export import export_event
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from tests.desk.bbp_checks import checked, normalised
from tests.desk.test_pairing_conformance import desk_boards

pytestmark = pytest.mark.django_db

# g071 r7: no forfeit nor bye; g001 r6: after a double forfeit, the bye decided by C.04.3
# (2026) 1.4.3; g060 r4: Baku, a half-point and a zero-point bye asked for the round;
# g093 r4: Baku's last accelerated round, eight byes asked
ROUNDS = ["g071 r7", "g001 r6", "g060 r4", "g093 r4"]
# played on from that round to the last: after forfeits and a double forfeit (g001), byes
# asked (g060), Baku's acceleration (g093, 33 players)
PLAYED_ON = ["g001 r6", "g060 r4", "g093 r4"]
TOURNAMENTS = {t.name: t for t in generated.load(names={r.split()[0] for r in ROUNDS})}


def _imported(name: str) -> tuple[Event, int]:
    """The tournament cut before the round, imported at the desk as a TRF."""
    tournament, number = TOURNAMENTS[name.split()[0]], int(name.split()[1][1:])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cut.trf"
        path.write_text(generated.cut(tournament, number))
        out = io.StringIO()
        call_command("import_trf", str(path), stdout=out, stderr=io.StringIO())
    return Event.objects.get(pk=int(out.getvalue().strip())), number


@pytest.mark.parametrize("name", ROUNDS)
def test_the_desk_pairs_a_generated_round_as_the_benchmark_does(name: str) -> None:
    tournament = TOURNAMENTS[name.split()[0]]
    event, number = _imported(name)
    assert event.accelerated == bool(tournament.accelerations)

    pairing_services.pair_next_round(event.pk, None)

    numbers = dict(event.participants.values_list("player_id", "number"))
    asked = {  # the byes asked for the round, which the benchmark leaves out
        (numbers[player], 0)
        for player in Bye.objects.filter(round__event=event, round__number=number)
        .exclude(kind=Bye.Kind.PAIRING_ALLOCATED)
        .values_list("player_id", flat=True)
    }
    boards = [board for board in desk_boards(event, number) if board not in asked]
    assert boards == tournament.expected[number]


@pytest.mark.parametrize("name", PLAYED_ON)
def test_the_desk_plays_a_generated_tournament_on_and_bbppairings_agrees(name: str) -> None:
    """From the round, every round to the last paired at the desk (``chesslib.dutch``),
    its results typed (decided by the pairing numbers: a draw when the sum with the round
    is a multiple of 3, else white wins when it is odd), then the export given to
    bbpPairings' checker (``-c``, verdicts kept in tests/desk/fixtures/bbp_checks): it reads
    every round and re-pairs each one as the desk did."""
    # the import dates the event and its rounds today: the day the verdicts were kept
    with time_machine.travel(datetime(2026, 11, 28, 12, tzinfo=UTC), tick=False):
        event, first = _imported(name)
        numbers = dict(event.participants.values_list("player_id", "number"))
        for number in range(first, TOURNAMENTS[name.split()[0]].rounds + 1):
            round_ = pairing_services.pair_next_round(event.pk, None)
            for game in round_.games.order_by("board"):
                total = (numbers[game.white_id] or 0) + (numbers[game.black_id] or 0) + number
                key = "=" if total % 3 == 0 else "1" if total % 2 else "0"
                save_result(game.pk, key, game.version, None)
        export = export_event(event)
    code, said = checked(f"generated_{name.replace(' ', '_')}", normalised(export))
    assert code == 0 and "Error" not in said, said
    assert said.count("Round #") == TOURNAMENTS[name.split()[0]].rounds, said
    assert "Checker pairings" not in said, said
