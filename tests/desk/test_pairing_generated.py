"""Rounds of tournaments bbpPairings generated, paired the desk's way.

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
from pathlib import Path

import pytest
from django.core.management import call_command

from benchmarks import generated_pairings as generated
from club.models import Bye, Event
from desk.services import pairing as pairing_services
from tests.desk.test_pairing_conformance import desk_boards

pytestmark = pytest.mark.django_db

# g071 r7: no forfeit nor bye; g001 r6: after a double forfeit, the bye decided by C.04.3
# (2026) 1.4.3; g060 r4: Baku, a half-point and a zero-point bye asked for the round;
# g093 r4: Baku's last accelerated round, eight byes asked
ROUNDS = ["g071 r7", "g001 r6", "g060 r4", "g093 r4"]
TOURNAMENTS = {t.name: t for t in generated.load(names={r.split()[0] for r in ROUNDS})}


@pytest.mark.parametrize("name", ROUNDS)
def test_the_desk_pairs_a_generated_round_as_the_benchmark_does(name: str) -> None:
    tournament, number = TOURNAMENTS[name.split()[0]], int(name.split()[1][1:])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cut.trf"
        path.write_text(generated.cut(tournament, number))
        out = io.StringIO()
        call_command("import_trf", str(path), stdout=out, stderr=io.StringIO())
    event = Event.objects.get(pk=int(out.getvalue().strip()))
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
