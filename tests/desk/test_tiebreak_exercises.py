"""FIDE's tie-break exercises through the site: the file imported as a secretary would,
the standings read by ``desk.standings.event_standings`` (every page and the TRF use it).

The round robin of IA Mario Held's "Exercises in Tie-Breaking" (FIDE Technical
Commission, Rev. 2403220900, C.07-2023; tests/fixtures/tiebreaks/SOURCES.md): six
players, five rounds, Helene won round 4 against Franck by forfeit. The published
answers, as TieBreakServer's tests transcribe them: exercise 14 (Sonneborn-Berger),
exercise 16 (Koya) and exercise 26 (direct encounter, ranks 1, 2, 2 for Alyx, Bruno and
Charline, 4, 5, 6 for Helene, Franck and David)."""

from decimal import Decimal
from pathlib import Path

import pytest

from club.models import Event
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from desk.standings import event_standings

pytestmark = pytest.mark.django_db

HELD = Path(__file__).resolve().parents[1] / "fixtures" / "tiebreaks" / "held_round_robin.trf"


def _held(tiebreaks: str) -> Event:
    event = import_plan(plan_import(HELD.read_text()), user=None)
    assert event.system == Event.System.ROUND_ROBIN  # 6 players, 5 rounds: all met
    event.tiebreaks = tiebreaks
    event.save(update_fields=["tiebreaks"])
    return event


def test_the_direct_encounter_counts_the_forfeit_as_the_exercise_does() -> None:
    """Exercise 26. David, Franck and Helene finish on 1.5 and all met; Helene's win
    against Franck was a forfeit. C.07 (2024) 15.2, for pre-determined pairings (round
    robins): "forfeit wins or losses (the only possible unplayed rounds) are treated as
    regular games" (the 2024 text as tiebreak-core's docs/FIDE_2026_DIFF.md quotes it
    from FIDE Council document 2024_FC2_18; Article 6.1.1 treats forfeits as unplayed in
    Swiss tournaments only). Among the three: Helene 1 (the forfeit) + 1/2 (David) =
    1.5, Franck 0 + 1 (he beat David) = 1, David 1/2 + 0 = 0.5: Helene, Franck, David,
    ranks 4, 5, 6. Among Alyx, Bruno and Charline on 3.5: Alyx beat both (2), Bruno and
    Charline drew (1/2 each) and share rank 2."""
    rows = [
        (line.rank, line.player.last_name, line.points, line.values[0])
        for line in event_standings(_held("direct_encounter")).lines
    ]
    assert rows == [
        (1, "Alyx", Decimal("3.5"), 2),
        (2, "Bruno", Decimal("3.5"), Decimal("0.5")),
        (2, "Charline", Decimal("3.5"), Decimal("0.5")),
        (4, "Helene", Decimal("1.5"), Decimal("1.5")),
        (5, "Franck", Decimal("1.5"), 1),
        (6, "David", Decimal("1.5"), Decimal("0.5")),
    ]


def test_sonneborn_berger_and_koya_give_the_published_values() -> None:
    """Exercises 14 and 16: Sonneborn-Berger 9.25, 6.25, 6.25, 4.25, 3.25, 2.25 and
    Koya 2, 0.5, 0.5, 1, 0.5, 0 for Alyx, Bruno, Charline, David, Franck, Helene.
    Helene's by hand: 1 x Franck's 1.5 (the forfeit, a regular game) + 1/2 x David's 1.5
    = 2.25; her Koya 0 (she scored nothing against the three on 3.5 of 5)."""
    table = event_standings(_held("sonneborn_berger,koya"))
    got = {line.player.last_name: tuple(line.values) for line in table.lines}
    assert got == {
        "Alyx": (Decimal("9.25"), 2),
        "Bruno": (Decimal("6.25"), Decimal("0.5")),
        "Charline": (Decimal("6.25"), Decimal("0.5")),
        "David": (Decimal("4.25"), 1),
        "Franck": (Decimal("3.25"), Decimal("0.5")),
        "Helene": (Decimal("2.25"), 0),
    }
