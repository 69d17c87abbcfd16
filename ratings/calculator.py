"""The rating calculator ("Calculette Elo"): one player, a list of games, one system.

``calculate(request) -> answer`` follows ``shared/calculator.md``; the management command
``calculate_rating``, the endpoint ``POST /api/ratings/calculate`` and the public page
all call it. A calculation writes nothing anywhere.

The player is rated in a batch of their own games: each opponent is a settled player of
the given rating (or unrated when ``null``). An archive ``{"performance": P, "games": N}``
stands for N earlier games against opponents averaging P at 50 % (what systems that keep
opponents and score rather than a performance need). ``"match": true`` rates the games
as a match between two players (FQE: a match earns at most 50 points).

The request is read and checked by :mod:`ratings.calculator_request`, which names the
field of anything it refuses; the answer's shape is :class:`Answer`, which the API
declares (its OpenAPI document) and holds its answers to.
"""

from __future__ import annotations

from collections.abc import Hashable
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field, WithJsonSchema

from ratings.calculator_request import Strict, SystemKey, read
from ratings.rules.base import Batch, Game, Note, PlayerState, Status

SETTLED_GAMES = 1000


def calculate(request: Any, today: date | None = None) -> dict[str, Any]:
    """The answer to a calculator request (a dict decoded from JSON)."""
    return calculation(request, today)[0]


def calculation(request: Any, today: date | None = None) -> tuple[dict[str, Any], Any]:
    """The answer and the rules' own result (whose notes the web page translates); the
    request is a dict decoded from JSON, or the API's :class:`CalculationRequest`."""
    asked = read(request, today)
    players: dict[str, PlayerState] = {"player": asked.player}
    played = []
    for n, game in enumerate(asked.games):
        opponent = f"opponent {n + 1}"
        players[opponent] = _opponent(game.rating, game.status)
        played.append(Game("player", opponent, game.score, round=n + 1, event=game.event))
    event_ratings: dict[tuple[Any, Hashable], float] = {
        ("player", game.event): game.rating_before
        for game in asked.games
        if game.rating_before is not None
    }
    batch = Batch(
        asked.day,
        players,
        tuple(played),
        rounds=asked.rounds,
        is_match=asked.is_match,
        event_ratings=event_ratings or None,
    )
    result = asked.module.rate(batch, asked.params)["player"]
    return _answer(asked.key, result, [game.rating for game in asked.games]), result


def _opponent(rating: float | None, status: Status = Status.RATED) -> PlayerState:
    """A settled player of ``rating``; an unrated one (whose rating, if given, is only
    shown); a provisional newcomer of that rating, with no rated game yet."""
    if rating is None or status is Status.UNRATED:
        return PlayerState()
    if status is Status.PROVISIONAL:
        return PlayerState(rating=rating, status=Status.PROVISIONAL, peak_rating=rating)
    return PlayerState(rating=rating, games=SETTLED_GAMES, peak_rating=rating)


# --- the answer ----------------------------------------------------------------------------


def _json_number(value: float | None) -> float | int | None:
    if value is None:
        return None
    value = round(float(value), 10)
    return int(value) if value.is_integer() else value


def _text(item: Note | None) -> str:
    return str(item) if item else ""


def _answer(key: str, result: Any, opponents: list[float | None]) -> dict[str, Any]:
    before, after = result.rating_before, result.rating_after
    change = None if before is None or after is None else after - before
    return {
        "system": key,
        "rating_before": _json_number(before),
        "rating_after": _json_number(after),
        "rating_exact": _json_number(result.rating_exact) if after is not None else None,
        "change": _json_number(change),
        "status": str(result.after.status),
        "k": _json_number(result.k),
        "score": _json_number(result.score),
        "expected": _json_number(result.expected),
        "performance": {
            "classical": _json_number(result.performance_classical),
            "exact": _json_number(result.performance_exact),
        },
        "games": [
            {
                "opponent": _json_number(opponent),
                "score": _json_number(line.score),
                "expected": _json_number(line.expected),
                "change": _json_number(line.change),
                "counted": line.counted,
                "note": _text(line.note),
            }
            for opponent, line in zip(opponents, result.games, strict=True)
        ],
        "notes": [str(item) for item in result.notes],
    }


# --- the answer's shape, for the API's clients ---------------------------------------------

# a JSON number; an integer stays one in the answer (1489, not 1489.0)
Number = Annotated[float | int, WithJsonSchema({"type": "number"})]
Standing = Literal["rated", "provisional", "unrated"]


class Performance(Strict):
    classical: Number | None = Field(
        description="average of the counted opponents + D(p), as the system defines it"
    )
    exact: Number | None = Field(
        description="the rating at which the counted games' expected total equals the score"
    )


class AnsweredGame(Strict):
    opponent: Number | None = Field(description="the opponent's rating; null: unrated")
    score: Number
    expected: Number | None = Field(description="the expected score; null where not used")
    change: Number | None = Field(description="the game's part of the change, not rounded")
    counted: bool = Field(description="whether the game counts for the rating")
    note: str = Field(description="why it does not count, or how it counts")


class Answer(Strict):
    """The calculation: the rating before and after, the change, and each game's part."""

    system: SystemKey
    rating_before: Number | None
    rating_after: Number | None = Field(
        description="as the system publishes it (its own rounding); null: still unrated"
    )
    rating_exact: Number | None = Field(description="before the system's rounding")
    change: Number | None = Field(description="rating_after - rating_before")
    status: Standing = Field(description="the player's standing after, in the system's terms")
    k: Number | None = Field(description="the development coefficient; null: none")
    score: Number | None
    expected: Number | None = Field(description="the counted games' expected scores")
    performance: Performance
    games: list[AnsweredGame] = Field(description="one a game of the request, in order")
    notes: list[str] = Field(description="the rules applied, in English")
