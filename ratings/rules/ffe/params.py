"""France's parameters: every number of seed 003, each a field with the regulation's
value as default, in one dated version; the rating scales a conversion reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from .. import elo
from ..base import N_
from ..parameters import Version, check_ranges, param


class Scale(StrEnum):
    INGO = "ingo"
    BRIDIER = "bridier"
    BCR = "bcr"
    SWISS = "swiss"


@dataclass(frozen=True)
class Params:
    window: float = param(
        350,
        "Compatibility window",
        N_(
            "Seed 003 §2.2: a win counts against an opponent 'à moins de 350 points au-dessous' "
            "of Ei, a loss against one less than 350 above; every draw counts."
        ),
        unit=N_("Elo"),
        min=0,
        max=3500,
    )
    dp_function: elo.ExpectedMethod = param(
        elo.ExpectedMethod.NORMAL,
        "D(P) function",
        N_(
            "Seed 003 §2.4: 'la machine n'utilise pas ce tableau mais directement la fonction "
            "exponentielle qui le génère': logistic 400 log10(P/(1−P)); normal, the law that "
            "reproduces the table; table, interpolated as in a manual calculation."
        ),
    )
    dp_sigma: float = param(
        2000 / 7,
        "Scale of the normal D(P)",
        N_(
            "With 'normal': D(P) = scale × Φ⁻¹(P); 2000/7 gives the table's 193 at .75, 470 at .95."
        ),
        unit=N_("Elo"),
        min=1,
        max=1000,
    )
    dp_bound: float = param(
        470,
        "D(P) bound",
        N_("Seed 003 §2.4: 'les primes sont bornées à +/- 470'."),
        unit=N_("Elo"),
        min=0,
        max=1500,
    )
    dp_bound_from: float = param(
        0.95,
        "D(P) held beyond",
        N_("Seed 003 §2.4: '... si P > 0,95 ou P < 0,05' (1 − this value)."),
        min=0.5,
        max=0.99,
    )
    performance_floor: float = param(
        1000,
        "Performance floor",
        N_("Seed 003 §2.5: 'inférieure à 1000 est ramenée à 1000'."),
        min=0,
        max=3500,
    )
    brake_games: int = param(
        16,
        "Weight of the brake",
        N_("Seed 003 §3 1.a: Ej = (16 Ei + Nj Pj) / (16 + Nj)."),
        min=1,
        max=1000,
    )
    youth_quota: int = param(
        8,
        "Youth quota",
        N_("Seed 003 §3 1.b: Ej = Pj when 'Nj > 7 et Jeune'."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    senior_quota: int = param(
        16,
        "Senior quota",
        N_("Seed 003 §3 1.b: 'Nj > 15 et Senior'."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    barycentre_games: int = param(
        16,
        "Barycentre completed to",
        N_("Seed 003 §3 1.c: Ej = (Pj Nj + (16 − Nj) Ei) / 16, 'un barycentre complété à 16'."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    entry_games: int = param(
        8,
        "Games to enter",
        N_("Seed 003 §1: 'au moins 8 parties compatibles sur une ou plusieurs saisons' (2.a–3.b)."),
        unit=N_("games"),
        min=1,
        max=1000,
    )
    youth_age: int = param(
        20,
        "Youth: under this age",
        N_(
            "Seed 003 names 'jeune' without an age; the FFE youth categories end with the U20: "
            "the age on 1 January of the season. A junior status given for the player wins."
        ),
        unit=N_("years"),
        min=1,
        max=30,
    )
    season_start: str = param(
        "09-01", "Season starts (MM-DD)", N_("The FFE season: 1 September to 31 August.")
    )
    start_estimate: float = param(
        1500,
        "First value of the iterative method",
        N_("Seed 003 §4.2: 'à partir d'une valeur quelconque et sans plage de compatibilité'."),
        min=0,
        max=3500,
    )
    convergence: float = param(
        20,
        "Convergence",
        N_(
            "Seed 003 §4.2: an estimate holds when the new performance 'diffère de moins de 20 "
            "points'; otherwise the average is the next estimate."
        ),
        min=0,
        max=1000,
    )
    max_rounds: int = param(
        25,
        "Rounds of the iterative method",
        N_("Seed 003 §4.2: 'repris jusqu'à 25 fois'."),
        min=1,
        max=100,
    )
    rounding_step: float = param(
        10, "Rounding", N_("Seed 003 §1: 'arrondis à la dizaine la plus proche'."), min=1, max=100
    )
    estimate_digit: int = param(
        9, "Last digit of an estimate", N_("Seed 003 §1: 'un Élo terminé par 9'."), min=0, max=9
    )
    ingo_base: float = param(
        2842, "INGO: base", N_("Seed 003 §5: Élo = 2842 − 8 INGO."), min=0, max=5000
    )
    ingo_factor: float = param(
        8, "INGO: factor", N_("Seed 003 §5: Élo = 2842 − 8 INGO."), min=0, max=100
    )
    bridier_factor: float = param(
        3, "BRIDIER: factor", N_("Seed 003 §5: Élo = 3 BRIDIER + 150."), min=0, max=100
    )
    bridier_offset: float = param(
        150, "BRIDIER: offset", N_("Seed 003 §5: Élo = 3 BRIDIER + 150."), min=-3500, max=3500
    )
    bcr_factor: float = param(
        8, "BCR: factor", N_("Seed 003 §5: Élo = 8 BCR + 600 (British)."), min=0, max=100
    )
    bcr_offset: float = param(
        600, "BCR: offset", N_("Seed 003 §5: Élo = 8 BCR + 600 (British)."), min=-3500, max=3500
    )
    swiss_factor: float = param(
        2, "Swiss: factor", N_("Seed 003 §5: Élo = 2 CS + 1000."), min=0, max=100
    )
    swiss_offset: float = param(
        1000, "Swiss: offset", N_("Seed 003 §5: Élo = 2 CS + 1000."), min=-3500, max=3500
    )
    periods: tuple[str, ...] = param(
        ("09-01", "01-01", "05-01"),
        "Rating periods",
        N_("Seed 003 §1: 'calculé 3 fois par an': from 1 September, 1 January and 1 May."),
    )

    def __post_init__(self) -> None:
        check_ranges(self)
        try:
            object.__setattr__(self, "dp_function", elo.ExpectedMethod(self.dp_function))
        except ValueError:
            raise ValueError("dp_function must be logistic, normal or table") from None
        if self.youth_quota > self.senior_quota:
            raise ValueError("youth_quota must not exceed senior_quota")
        if self.senior_quota > self.barycentre_games:
            raise ValueError("senior_quota must not exceed barycentre_games")
        if self.estimate_digit >= self.rounding_step:
            raise ValueError("estimate_digit must be less than rounding_step")
        try:
            date.fromisoformat(f"2024-{self.season_start}")
        except ValueError:
            raise ValueError("season_start must be a day of the year, MM-DD") from None


VERSIONS = (Version(date(1990, 1, 1), Params(), "FFE national Elo (seed 003)"),)
REGULATION: Params = VERSIONS[-1].params
