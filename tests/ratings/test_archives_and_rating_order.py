"""Two rules an independent check questioned, through the calculator and a replay.

FFE (seed 003, 2.b): a period without a compatible game keeps an unrated player's
archives. FQE (seed 004, "l'ordre de cotation"): a provisional player meets an unrated
opponent at the rating that opponent has just received, not at 1100.
"""

from datetime import date
from pathlib import Path

import pytest
from django.test import Client

from club.models import Player
from ratings.models import Rating, RatingChange, RatingSystem
from ratings.services import recalculate
from tests.ratings.conftest import B, D, MakeEvent, W
from tests.ratings.test_calculator_rules import DOORS, through

pytestmark = pytest.mark.django_db

# Seed 003, 2.b: "Nj < 8 et Nj + Na < 8 : De nouvelles archives sont formées et conservées
# pour le prochain calcul". Archives 1480 over 5, a win against 1600. The first estimate,
# "sans plage de compatibilité": P = 1 > .95, D held at +470, 2070. Around 2070 the win
# over 1600 is 470 below (not "à moins de 350 points au-dessous"): Nj = 0. 0 + 5 < 8: new
# archives (Pj × 0 + 1480 × 5) / 5 = 1480 over 5, an estimate ending in 9 (§ 1): 1479.
FFE_ARCHIVES_KEPT = {
    "system": "ffe",
    "date": "2025-10-01",
    "player": {"archive": {"performance": 1480, "games": 5}},
    "games": [{"opponent": 1600, "score": 1}],
}
# Seed 004: "on cote les joueurs dans l'ordre suivant: sans cote; avec une cote provisoire;
# avec une cote permanente"; 1100 only when "un joueur sans cote affronte d'autres joueurs
# sans cote". The unrated opponent, rated first: 1500 − 400 = 1100, under 1200 so
# 1100 + 100 / 2 = 1150. The provisional 1500 (10 games): Cm (1150 + 1600) / 2 = 1375,
# V − D = 0; (10 × 1500 + 2 × 1375) / 12 = 1479.17 -> 1479.
FQE_PROVISIONAL_AGAINST_UNRATED = {
    "system": "fqe",
    "date": "2025-10-01",
    "player": {"rating": 1500, "games": 10},
    "games": [{"opponent": None, "score": 1}, {"opponent": 1600, "score": 0}],
}


@pytest.mark.parametrize("door", [d for d in DOORS if d != "page"])  # the page has no archive
def test_it_keeps_the_ffe_archives_of_a_period_without_a_compatible_game(
    door: str, client: Client, tmp_path: Path
) -> None:
    answer = through(door, FFE_ARCHIVES_KEPT, client, tmp_path)
    assert (answer["rating_after"], answer["rating_exact"]) == (1479, 1480)
    assert answer["status"] == "provisional"
    assert answer["games"][0]["counted"] is False
    assert any(n.startswith("2.b no compatible game") for n in answer["notes"])


@pytest.mark.parametrize("door", DOORS)
def test_it_meets_the_fqe_unrated_opponent_at_the_rating_just_given(
    door: str, client: Client, tmp_path: Path
) -> None:
    answer = through(door, FQE_PROVISIONAL_AGAINST_UNRATED, client, tmp_path)
    assert answer["rating_after"] == 1479
    assert answer["performance"]["classical"] == 1375
    assert answer["games"][0]["note"] == (
        "unrated opponent, rated first in this competition: counted at 1150"
    )


# --- replays -------------------------------------------------------------------------------


def _player(name: str, rating: int | None = None) -> Player:
    return Player.objects.create(first_name=name, last_name="Test", national_rating=rating)


def _changes(system: RatingSystem, player: Player) -> list[RatingChange]:
    rows = RatingChange.objects.filter(batch__system=system, player=player)
    return list(rows.order_by("batch__day"))


def _templates(row: RatingChange) -> list[str]:
    return [n["template"] for n in row.breakdown["notes"]]


def test_a_replay_keeps_the_ffe_archives_over_a_period_without_a_compatible_game(
    make_event: MakeEvent,
) -> None:
    """Seed 003 (3 calculations a year). Sept–Dec 2024: U, unrated, draws 5 games with a
    1480: first estimate 1480 + D(.5) = 1480, every draw compatible, it holds; Nj = 5 < 8
    (3.a): archives 1480 over 5, shown 1479. Jan–Apr 2025: U beats a 1600, out of the
    window around the first estimate 2070 (above): Nj = 0, 2.b keeps 1480 over 5, 1479.
    May–Aug 2025: U draws 3 games with a 1560: Pj = 1560, Nj = 3, 3 + 5 > 7 (2.c):
    Ej = (1560 × 3 + 1480 × 5) / 8 = 12080 / 8 = 1510, rated."""
    system = RatingSystem.objects.create(
        name="France", engine="ffe", role=RatingSystem.Role.NATIONAL
    )
    u, a, b, c = _player("U"), _player("A", 1480), _player("B", 1600), _player("C", 1560)
    make_event(date(2024, 10, 5), [[(u, a, D)]] * 5)
    make_event(date(2025, 2, 1), [[(b, u, B)]])
    make_event(date(2025, 6, 7), [[(u, c, D)]] * 3)
    recalculate(system)
    first, empty, entered = _changes(system, u)
    assert (first.rating_after, first.status, first.state["archive"]["performance"]) == (
        1479,
        "provisional",
        1480,
    )
    assert (empty.rating_after, empty.status, empty.games) == (1479, "provisional", 0)
    assert (empty.state["archive"]["performance"], empty.state["archive"]["games"]) == (1480, 5)
    assert any(t.startswith("2.b no compatible game") for t in _templates(empty))
    assert (entered.rating_exact, entered.rating_after, entered.status) == (1510, 1510, "rated")
    assert entered.state["archive"] is None
    current = Rating.objects.get(system=system, player=u)
    assert (current.rating, current.status) == (1510, "rated")
    # replayed from the last period, the archives come back from the stored state
    recalculate(system, since=date(2025, 6, 7))
    assert [r.rating_after for r in _changes(system, u)] == [1479, 1479, 1510]


def test_a_replay_meets_the_fqe_unrated_opponent_at_the_rating_just_given(
    make_event: MakeEvent,
) -> None:
    """Seed 004, the order "sans cote; avec une cote provisoire; avec une cote
    permanente". P (1500, 10 games: provisional) beats N (unrated), loses to Q (1600).
    N: 1500 − 400 = 1100 -> 1150 (under 1200, half the difference). P: Cm (1150 + 1600) / 2
    = 1375, V − D = 0; (10 × 1500 + 2 × 1375) / 12 = 1479.17 -> 1479."""
    system = RatingSystem.objects.create(
        name="Québec", engine="fqe", role=RatingSystem.Role.NATIONAL, seed_games=10
    )
    p, n, q = _player("P", 1500), _player("N"), _player("Q", 1600)
    make_event(date(2025, 6, 1), [[(p, n, W)], [(q, p, W)]])
    recalculate(system)
    (new,) = _changes(system, n)
    assert new.rating_after == 1150
    (row,) = _changes(system, p)
    assert (row.rating_before, row.rating_after, row.performance) == (1500, 1479, 1375)
    line = row.breakdown["games"][0]
    assert (line["opponent_rating"], line["note"]["params"]) == (1150, {"r": 1150})
