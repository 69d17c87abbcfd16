"""The second implementation of FIDE's rules, written from seed 001
(001_4b8a6bbe86009993.txt, « Calcul du classement par la FIDE »), the table of seed 000
(the same FIDE table) and docs/ratings/fide.md, which states the FIDE Rating Regulations
of 1 March 2024 and their amendment of 1 October 2025; compared with the engine in
``test_fide.py``. A rating that drops below the floor makes the player unrated (FIDE 2024
regulations 7.2.1 for 1400; seed 001 for 1000 before March 2024)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

from .texts import half_away, half_up, table_dp, table_expected

BEFORE_OCTOBER_2025 = "2025-06-01"
AFTER_OCTOBER_2025 = "2026-01-15"


def is_junior(player: dict[str, Any], day: str) -> bool:
    """The contract: « `junior` wins when both are given ». The age, read on the day:

    - FIDE regulations of 1 July 2014, 8.56 (quoted by chessxpose.blogspot.com, *K=40 for
      U18*, and samara-chess.ru): « K = 40 for all players until their 18th birthday »; the
      FFE's letter of 27 June 2014 (lmpe.echecs-occitanie.fr): « Tous les jeunes, nouveaux
      entrants ou pas, bénéficient de k=40 jusqu'au jour de leur 18e anniversaire »: young
      until the day before the 18th birthday;
    - the January 2022 regulation, 8.3.3 (and March 2024's): « until the end of the year of
      their 18th birthday ».

    No text of July 2017 was found: the engine moves to the end of the year then
    (docs/fide.md); between July 2017 and 2021 the comparisons leave the year of the 18th
    birthday out."""
    if player.get("junior") is not None:
        return bool(player["junior"])
    if not player.get("birth_date"):
        return False
    born = date.fromisoformat(player["birth_date"])
    today = date.fromisoformat(day)
    if day < "2017-07-01":
        # a birthday on 29 February falls on 1 March in a common year
        eighteenth = date(born.year + 18, 3, 1) if (born.month, born.day) == (2, 29) else None
        eighteenth = eighteenth or born.replace(year=born.year + 18)
        return today < eighteenth
    return today.year - born.year <= 18


def k_factor(player: dict[str, Any], day: str, games_in_period: int) -> int:
    """docs/fide.md: « 40 jusqu'à 30 parties, et pour les jeunes ... sous 2300 ; 20 sous
    2400 ; 10 dès que 2400 a été atteint, définitivement (classement le plus haut
    atteint). Si K × nombre de parties de la période dépasse 700, K devient le plus grand
    entier qui reste dans cette limite. » Seed 001: « Ce coefficient est de 40 pour les
    nouveaux joueurs jusqu'à leur trentième partie, puis 20 tant que leur classement reste
    inférieur à 2400, et enfin 10 pour les joueurs ayant atteint 2400 Elo ».
    Read in that order, 10 comes first: it holds « définitivement » once 2400 has been
    reached, whatever the player's age or games (2014, 8.56: « K = 10 once a player's
    published rating has reached 2400 and remains at that level subsequently, even if the
    rating drops below 2400 »). The junior's K 40 holds « as long as their rating remains
    under 2300 » (2014, 8.56; 2022, 8.3.3): a junior who has reached 2300 no longer
    « remains » under it, and the FFE's letter of 27 June 2014 says so outright: « ou
    jusqu'à ce qu'ils atteignent 2300 Elo » — the highest rating reached decides."""
    rating = player["rating"]
    peak = player.get("peak_rating") or rating
    if peak >= 2400:
        k = 10
    elif player.get("games", 0) < 30 or (is_junior(player, day) and peak < 2300):
        k = 40
    else:
        k = 20
    while games_in_period and k * games_in_period > 700:
        k -= 1
    return k


def rated(game: dict[str, Any]) -> bool:
    """A game against a rated opponent. The contract: « `unrated` (same as `opponent:
    null` with a rating to show) »; seed 001: « dans un système suisse, on ne tient pas
    compte des résultats contre les joueurs non classés ». FIDE has no provisional
    rating: a « provisional » opponent's rating is a rating."""
    return game["opponent"] is not None and game.get("status") != "unrated"


def events(games: list[dict[str, Any]]) -> list[list[int]]:
    """The games' indexes by event, in the order each event first appears. The contract:
    « games with the same value are one event ...; absent: all games are one event »."""
    by_event: dict[Any, list[int]] = {}
    for index, game in enumerate(games):
        by_event.setdefault(game.get("event"), []).append(index)
    return list(by_event.values())


def event_counts(day: str, games: list[dict[str, Any]], one_has_counted: bool) -> bool:
    """Whether an unrated player's event counts towards his first rating (``games``: the
    event's games against rated opponents).

    - July 2004 to June 2014: Handbook B.02 of 2003 (arbitri.lombardiascacchi.com), 6.1:
      « If an unrated player scores zero or half in an event, his score and that of his
      opponents against him are disregarded. (GA 2003) »; 6.42: « For unrated players,
      results are only counted if the player meets at least three rated opponents in the
      event. »; FIDE, *Changes to Title and Rating Regulations effective from July 1st
      2009*: « In the Swiss tournaments, the rating of a previously unrated player is
      calculated, if the player plays against at least three rated opponents, scores at
      least 1 point against the rated opponents ». From July 2011 only until an event has
      counted (US Chess forum, *Changes to FIDE Rating Regulations*, on 8.21: « after they
      have gained their initial 3 game performance, to pick up additional games one at a
      time »; the article itself was not found).
    - From July 2014: the FFE's letter of 27 June 2014: « toute partie compatible peut être
      comptabilisée, sous réserve que le joueur ait récolté au moins ½ point dans le
      tournoi contre les classés (au lieu de 1 point) »; the January 2022 regulation, 8.2.1
      (kept in March 2024): « If an unrated player scores zero in their first event this
      score is disregarded. Otherwise, their rating is calculated using all their
      results »: a zero event is left out until an event has counted."""
    points = sum((Fraction(g["score"]) for g in games), Fraction(0))
    if day >= "2014-07-01":
        return one_has_counted or points > 0
    if day >= "2004-07-01":
        enough = len(games) >= 3 and points >= 1
        return enough or (day >= "2011-07-01" and one_has_counted)
    return True


def counted_events(request: dict[str, Any]) -> tuple[list[list[dict[str, Any]]], list[bool]]:
    """An unrated player's events that count (their games against rated opponents), and
    the contract's per-game flags: « counted false with a note when the rule leaves it
    out »."""
    games = request["games"]
    flags = [rated(g) for g in games]
    kept: list[list[dict[str, Any]]] = []
    for indexes in events(games):
        event = [games[i] for i in indexes if rated(games[i])]
        if event_counts(request["date"], event, bool(kept)):
            if event:
                kept.append(event)
        else:
            for index in indexes:
                flags[index] = False
    return kept, flags


def performance_ru(games: list[dict[str, Any]]) -> Fraction:
    """Seed 001: « si p = 0,5 ... Ru = Rc ; si p < 0,5 ... Ru = Rc + D(p) ; si p > 0,5
    ... Ru = Rc + 20 x (Nombre de victoires − Nombre de défaites) »."""
    rc = Fraction(sum(g["opponent"] for g in games), len(games))
    p = sum((Fraction(g["score"]) for g in games), Fraction(0)) / len(games)
    if p > Fraction(1, 2):
        wins = sum(1 for g in games if g["score"] == 1)
        losses = sum(1 for g in games if g["score"] == 0)
        return rc + 20 * (wins - losses)
    return rc + table_dp(p)


UNRATED = {"rating_after": None, "status": "unrated", "k": None, "expected": None}


def first_rating(request: dict[str, Any]) -> dict[str, Any]:
    """docs/fide.md, « Depuis mars 2024 » : « toutes les parties contre des classés, plus
    deux nulles fictives contre des adversaires à 1800 ; Ru = Ra + D(p) ; au moins 5
    parties ; un score nul au premier tournoi n'est pas retenu ; publié seulement à 1400 ou
    plus, au plus 2200 » (2024, 8.2.1: « If an unrated player scores zero in their first
    event this score is disregarded »)."""
    kept, flags = counted_events(request)
    counted = [g for event in kept for g in event]
    score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
    if len(counted) < 5:
        return {**UNRATED, "counted": flags}
    opponents = [g["opponent"] for g in counted] + [1800, 1800]
    average = Fraction(sum(opponents), len(opponents))
    ru = half_up(average + table_dp((score + 1) / len(opponents)))
    if ru < 1400:
        return {**UNRATED, "counted": flags}
    first = {"rating_after": min(ru, 2200), "status": "rated", "k": None, "expected": None}
    return {**first, "counted": flags}


def first_rating_floor(day: str) -> int:
    """The lowest first rating published (the player's Rn, rounded):

    - from July 2014, the regulation's 7.14 (kinabaluchess.com, *Official FIDE Rating
      List*): « The rating is at least 1000. »;
    - July 2012 to June 2014, seed 001: « si toutefois celle-ci dépasse 1000 (seuil
      plancher ...) »: 1001;
    - July 2009 to June 2012, the 2008 regulation, 0.6: « Rating floor referred to in the
      following text is the minimum rating to be published, after 1.7.2009 the floor will
      be 1200 »;
    - before: no dated text found (the 2002 Handbook, 9.21, says 1801); the comparisons
      here stay well above it."""
    if day >= "2014-07-01":
        return 1000
    if day >= "2012-07-01":
        return 1001
    if day >= "2009-07-01":
        return 1200
    return 1801


def first_rating_2009(request: dict[str, Any]) -> dict[str, Any]:
    """A first rating before March 2024. Seed 001, « Premier classement publié Rn » : « Dès
    que 5 parties sont jouées contre des joueurs classés, le premier classement publié,
    Rn, est égal à la moyenne pondérée des Ru de chaque tournoi, arrondie à l'entier le
    plus proche ».

    - The number of games: 9 until June 2014 (Handbook 2002/2008, 9.14b: « a minimum of 9
      games played against rated opponents »), 5 from July 2014 (the FFE's letter of 27 June
      2014: « 5 parties suffisent (au lieu de 9) »; 7.14: « a minimum of 5 games played
      against rated opponents »).
    - Several events: until June 2014, the seed's « moyenne pondérée des Ru de chaque
      tournoi » (the 2008 text's 9.14c, « results from other events ... are pooled to obtain
      the initial rating », does not say how); from July 2014 the regulation's own words,
      7.14 (kinabaluchess.com): « The rating is calculated using all his results as if they
      were played in one tournament (it is not published until he has played at least 5
      games) by using all the rating data available. » — one Ru over all the games counted,
      not an average of each event's Ru."""
    day = request["date"]
    kept, flags = counted_events(request)
    counted = [g for event in kept for g in event]
    needed = 5 if day >= "2014-07-01" else 9
    if len(counted) < needed:
        return {**UNRATED, "counted": flags}
    if day >= "2014-07-01":
        exact = performance_ru(counted)
    else:
        exact = sum((performance_ru(e) * len(e) for e in kept), Fraction(0)) / len(counted)
    rn = half_up(exact)
    if rn < first_rating_floor(day):
        return {**UNRATED, "counted": flags}
    return {"rating_after": rn, "status": "rated", "k": None, "expected": None, "counted": flags}


def upgraded_games(request: dict[str, Any]) -> set[int]:
    """The January 2022 regulation, 8.3.1 (in force to 29 February 2024): « A difference in
    rating of more than 400 points shall be counted for rating purposes as though it were a
    difference of 400 points. In any tournament, a player may benefit from only one upgrade
    under this rule, for the game in which the rating difference is greatest. » The cap
    « benefits » the higher rated player (his expected score falls); per event, only his
    game of greatest difference is capped (the first of equal ones: the total is the
    same). FIDE's Qualification Commission, 1 March 2024: « the limitation of the
    400-points rule to once per event has been abolished »."""
    rating = request["player"]["rating"]
    chosen: set[int] = set()
    for indexes in events(request["games"]):
        above = [i for i in indexes if rated(request["games"][i])]
        above = [i for i in above if rating - request["games"][i]["opponent"] > 400]
        if above:
            chosen.add(max(above, key=lambda i: (rating - request["games"][i]["opponent"], -i)))
    return chosen


def fide(request: dict[str, Any]) -> dict[str, Any]:
    player = request["player"]
    since_2024 = request["date"] >= "2024-03-01"
    games = request["games"]
    rating = player.get("rating")
    if rating is None:
        first = first_rating(request) if since_2024 else first_rating_2009(request)
        return {**first, "per_game": [None] * len(games)}
    # Seed 001: « dans un système suisse, on ne tient pas compte des résultats contre les
    # joueurs non classés »
    lines: dict[str, Any] = {"counted": [rated(g) for g in games], "per_game": [None] * len(games)}
    counted = [g for g in games if rated(g)]
    if not counted:
        return {"rating_after": rating, "status": "rated", "k": None, "expected": None, **lines}
    # Seed 001: « on détermine la différence D ... ramenée à 400 si elle dépasse 400 » ;
    # docs/fide.md: « depuis octobre 2025, pas de plafond pour un joueur classé 2650 ou plus »
    uncapped = request["date"] >= "2025-10-01" and rating >= 2650
    once = "2022-01-01" <= request["date"] < "2024-03-01"
    upgraded = upgraded_games(request)
    expected = Fraction(0)
    for index, game in enumerate(games):
        if not rated(game):
            continue
        difference = rating - game["opponent"]
        if once and difference > 400:
            difference = 400 if index in upgraded else difference
        elif not uncapped:
            difference = max(-400, min(400, difference))
        expected += table_expected(difference)
        lines["per_game"][index] = float(table_expected(difference))
    score = sum((Fraction(g["score"]) for g in counted), Fraction(0))
    k = k_factor(player, request["date"], len(counted))
    # Seed 001: « E(n+1) = E(n) + K × (W − p(D)) ». The change's half: FIDE 2024, 8.3.4,
    # « 0.5 is rounded away from zero »; before March 2024 no text says, and FIDE's published
    # figures round it up: Anand, 2790 in January 2010, −3.5 at Corus, published 2787 in
    # March 2010 (docs/ratings/fide.md, « Arrondi de la variation »; the figures win).
    change = k * (score - expected)
    after = rating + (half_away(change) if since_2024 else half_up(change))
    unrated = {"rating_after": None, "status": "unrated", "k": k, "expected": float(expected)}
    if not since_2024 and after < 1000:
        # Seed 001: « Si le classement passe en dessous du seuil FIDE (1 000), le joueur est
        # retiré de la liste et à nouveau considéré comme non classé. »
        return {**unrated, **lines}
    if since_2024 and after < 1400:
        # FIDE 2024 regulations 7.2.1 (issue 13): « players whose ratings drop below 1400
        # are shown as unrated on the next list and are thereafter treated as unrated »
        return {**unrated, **lines}
    return {"rating_after": after, "status": "rated", "k": k, "expected": float(expected), **lines}
