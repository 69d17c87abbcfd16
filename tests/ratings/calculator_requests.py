"""The seeds' worked examples as calculator requests, with their published figures."""

WAVRE = {  # seed 000: 1500, 30 games; 1600 (1), 1400 (0), 1350 (½), 1800 (0) -> 1489
    "system": "frbe",
    "date": "2020-03-01",
    "player": {"rating": 1500, "games": 30},
    "games": [
        {"opponent": 1600, "score": 1},
        {"opponent": 1400, "score": 0},
        {"opponent": 1350, "score": 0.5},
        {"opponent": 1800, "score": 0},
    ],
}
WAVRE_UNRATED = {**WAVRE, "player": {"rating": None}}  # seed 000: performance 1451
FIDE_2606 = {  # seed 001: 2600 beats 2700 -> 2606.4, published 2606
    "system": "fide",
    "date": "2025-01-01",
    "player": {"rating": 2600, "games": 400, "peak_rating": 2600},
    "games": [{"opponent": 2700, "score": 1}],
}
FSE_1880 = {  # seed 002: 1880 with K 24 against 1600 (½), 1600 (½), 2800 (0) loses 16.3
    "system": "fse",
    "date": "2020-01-01",
    "params": {"k": 24},
    "player": {"rating": 1880, "games": 100},
    "games": [
        {"opponent": 1600, "score": 0.5},
        {"opponent": 1600, "score": 0.5},
        {"opponent": 2800, "score": 0},
    ],
}
FQE_DANIEL = {  # seed 004: Daniel, 1876, 5.5/8 in the COQ -> 2012 with a 52-point bonus
    "system": "fqe",
    "date": "2024-07-01",
    "rounds": 8,
    "player": {"rating": 1876, "games": 150},
    "games": [
        {"opponent": r, "score": s}
        for r, s in [
            (2024, 1),
            (2161, 0),
            (1547, 0.5),
            (1785, 1),
            (1979, 1),
            (2176, 0),
            (2181, 1),
            (2048, 1),
        ]
    ],
}
