"""France: the national Elo, a performance-based system (seed 003, "Le classement national
Élo"; docs/ratings/ffe.md).

- Three calculations a year: games of 1 September–31 December, 1 January–30 April,
  1 May–31 August (``periods``).
- Only compatible games count: a win against an opponent less than 350 points below Ei, a
  loss against an opponent less than 350 points above, every draw.
- Pj = Ea + D(P) over the Nj compatible games; D by "la fonction exponentielle qui [génère
  le tableau]" (the logistic inverse, :func:`ratings.rules.elo.dp_bounded`; the normal
  law that reproduces the table, or the table itself, as options), held at ±470 when
  P > .95 or P < .05; a performance under 1000 counts as 1000.
- Rated players: 1.a Pj < Ei: Ej = (16 Ei + Nj Pj) / (16 + Nj), the brake; 1.b Pj > Ei over
  at least 8 (youth) or 16 (senior) compatible games: Ej = Pj; 1.c below the quota, the
  barycentre completed to 16: Ej = (Pj Nj + (16 − Nj) Ei) / 16. A youth is under 20 on
  1 January of the season (``youth_age``), unless ``PlayerState.junior`` says otherwise; a
  player of unknown age is a senior. Without a compatible game the rating stays.
- Unrated players with archives Pa/Na: 2.a Nj > 7: Ej = Pj; 2.b Nj + Na < 8: new archives;
  2.c Ej = (Pj Nj + Pa Na) / (Nj + Na). Without archives: 3.a Nj < 8: Pj/Nj archived;
  3.b Ej = Pj.
- The unrated players of a batch are estimated together by the iterative method
  (:mod:`.unrated`) before anyone is rated; everyone, rated or not, meets
  them at their final estimate, unrounded.
- Ratings are rounded to the nearest ten, 5 going up. An estimate ends in 9: a player left
  with archives gets ``status=provisional`` and ``rating`` = the archived performance
  rounded to ten, minus one (1414.286 → 1409). Such a rating is never used in a
  calculation: the player still counts as unrated (seed 003 §4.1).
- :func:`.conversions.convert` turns INGO, BRIDIER, BCR and Swiss ratings into Elo (end of
  seed 003).

This package is the system's module in :data:`ratings.rules.SYSTEMS`: it holds the
system's names and bounds, and gives the registry its ``Params`` and ``VERSIONS``
(:mod:`.params`) and ``rate`` (:mod:`.rating`). The performance is :mod:`.performance`'s,
the unrated players' rules :mod:`.unrated`'s, the conversions :mod:`.conversions`'.
"""

from __future__ import annotations

from ..base import N_
from ..parameters import Bounds
from .params import VERSIONS, Params
from .rating import rate

# the registry's protocol (ratings.rules.SystemModule) reads these from the package
__all__ = ["ADJUSTMENT_LABEL", "BOUNDS", "KEY", "NAME", "ROLE", "VERSIONS", "Params", "rate"]

KEY = "ffe"
NAME = N_("France (FFE national)")
ROLE = "national"
ADJUSTMENT_LABEL: str | None = None  # no published one-off adjustment
BOUNDS = Bounds()  # the inputs it accepts: ratings 0-3500 (see Bounds)
