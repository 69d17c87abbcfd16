"""FQE: no bonus in an event of fewer than 4 rounds (issue #26; docs/ratings/fqe.md).

Seed 004: « Des bonis en points de cote sont accordés après une compétition lorsque
l'augmentation de cote d'un joueur dépasse la limite suivante: 24 points pour les tournois
de 4 rondes et ensuite 26 points pour 5 rondes, 28 points pour 6 rondes, etc. » The scale
starts at 4 rounds: a shorter event has no limit, hence no bonus.
"""

from ratings.calculator import calculate


def _three_wins(rounds: int) -> dict[str, object]:
    return {
        "system": "fqe",
        "date": "2025-03-01",
        "rounds": rounds,
        "player": {"rating": 1500, "games": 100},
        "games": [{"opponent": 1500, "score": 1}] * 3,
    }


def test_a_3_round_event_gives_no_bonus() -> None:
    """A permanent 1500 wins three games against 1500 (difference 0: Rp = .50 each):
    1500 + 32 × (3 − 1.5) = 1548, no bonus (with the scale extended to 22 for 3 rounds it
    would be 1548 + 26 = 1574)."""
    answer = calculate(_three_wins(3))
    assert answer["rating_after"] == 1548
    assert not any("bonus" in note for note in answer["notes"])


def test_the_same_games_in_a_4_round_event_earn_the_bonus() -> None:
    """4 rounds (a bye in the fourth): limit 24, gain 48: bonus 48 − 24 = 24, 1572."""
    answer = calculate(_three_wins(4))
    assert answer["rating_after"] == 1572
