"""The calculator API described for its clients: an OpenAPI 3.1 document of
``POST /api/ratings/calculate`` (served at ``GET /api/ratings/openapi.json``), its request,
answer and refusal written as pydantic models from which the JSON schemas are made.

The models say the shape (fields, types, the choices, the lists' lengths); the bounds of
each number are the rating system's and are checked by ``ratings.calculator_request``
(whose refusal names the field), as the schema's descriptions say. The tests hold the
answers the API gives to the answer's model, field by field.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic.json_schema import models_json_schema

from ratings.calculator_request import MAX_DEPTH, MAX_GAMES, VALID_SCORES

MAX_BODY_KB = 64
System = Literal["fide", "frbe", "ffe", "fqe", "fse", "club"]
Number = float | int


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def absent(description: str, **bounds: Any) -> Any:
    """A field that may be left out but is never null (the API refuses null there)."""
    return Field(None, description=description, json_schema_extra=_no_default, **bounds)


class Strict(BaseModel):
    """No field but those described, no value converted (true is no 1, "8" no 8)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class PlayerArchive(Strict):
    """What a player not yet rated has accumulated in earlier events."""

    performance: Number = Field(description="their performance over those games")
    games: int = Field(ge=1, description="how many games")


class Player(Strict):
    """The player rated; every field may be left out."""

    rating: Number | None = Field(
        None, description="their rating before the games; null or absent: unrated"
    )
    games: int = Field(0, ge=0, description="the rated games they have played before")
    birth_date: date | None = Field(None, description="for the age rules (FIDE's K 40)")
    junior: bool | None = Field(None, description="a junior, when the birth date is unknown")
    peak_rating: Number | None = Field(None, description="the highest rating they had")
    archive: PlayerArchive | None = None


class RequestedGame(Strict):
    """One game of the player."""

    opponent: Number | None = Field(description="the opponent's rating; null: unrated")
    score: Number = Field(
        description="the player's score: 0, 0.5 or 1", json_schema_extra={"enum": [0, 0.5, 1]}
    )
    status: Literal["rated", "provisional", "unrated"] | None = Field(
        None, description="the opponent's status: rated (unrated when the rating is null)"
    )
    event: str | Number | None = Field(
        None, description="games with the same event are rated as one event"
    )
    rating_before: Number | None = Field(
        None,
        description="the player's rating this game's event is rated from, where it is not "
        "player.rating (FIDE: the list in force when the event started); the same for every "
        "game of one event",
    )

    @field_validator("score")
    @classmethod
    def a_score_of_a_game(cls, score: Number) -> Number:
        if score not in VALID_SCORES:
            raise ValueError("a score is 0, 0.5 or 1")
        return score


class CalculationRequest(Strict):
    """A calculation: a player, their games, under one rating system on one day."""

    system: System = Field(description="the rating system")
    params: dict[str, Number] | None = Field(
        None,
        description="the system's parameters to change (k, ...), each within the system's "
        "range; absent: those in force on the day",
    )
    date: str | None = Field(
        None, description="the day (YYYY-MM-DD) whose rules apply; absent: today"
    )
    rounds: int = absent("the event's rounds; absent: the games", ge=1)
    match: bool = Field(False, description="the games are a match (FIDE's and FRBE's rules)")
    player: Player = absent("absent: unrated, no game before")
    games: list[RequestedGame] = Field(max_length=MAX_GAMES)


class Performance(Strict):
    classical: Number | None
    exact: Number | None


class AnsweredGame(Strict):
    opponent: Number | None
    score: Number
    expected: Number | None
    change: Number | None
    counted: bool = Field(description="whether the game counts for the rating")
    note: str = Field(description="why it does not count, or how it counts")


class Answer(Strict):
    """The calculation: the rating before and after, the change, and each game's part."""

    system: System
    rating_before: Number | None
    rating_after: Number | None
    rating_exact: Number | None = Field(description="before the system's rounding")
    change: Number | None
    status: Literal["rated", "provisional", "unrated"]
    k: Number | None
    score: Number | None
    expected: Number | None
    performance: Performance
    games: list[AnsweredGame]
    notes: list[str] = Field(description="the rules applied, in English")


class Refusal(Strict):
    """A request refused: what is wrong, and where (``games[0].opponent``; empty: the
    request as a whole)."""

    error: str
    field: str


def openapi() -> dict[str, Any]:
    """The OpenAPI 3.1 document of the calculator API."""
    _keys, schemas = models_json_schema(
        [(model, "validation") for model in (CalculationRequest, Answer, Refusal)],
        ref_template="#/components/schemas/{model}",
    )

    def content(model: type[BaseModel]) -> dict[str, Any]:
        return {"application/json": {"schema": {"$ref": f"#/components/schemas/{model.__name__}"}}}

    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Rating calculator",
            "version": "1",
            "description": (
                "The rating calculator of the club's site: a player's new rating under "
                "FIDE's, a federation's or the club's rules. Public, stateless, no cookie. "
                f"A body of {MAX_BODY_KB} KB at most, nested {MAX_DEPTH} deep at most, "
                f"{MAX_GAMES} games; a limited number of calculations a minute from one "
                "client (CALCULATOR_API_PER_MINUTE, 60 by default), then 429."
            ),
        },
        "paths": {
            "/api/ratings/calculate": {
                "post": {
                    "operationId": "calculate",
                    "summary": "Rate a player's games",
                    "requestBody": {"required": True, "content": content(CalculationRequest)},
                    "responses": {
                        "200": {"description": "The calculation", "content": content(Answer)},
                        "400": {
                            "description": "The request refused, naming the field",
                            "content": content(Refusal),
                        },
                        "429": {
                            "description": "Too many calculations from this client",
                            "headers": {
                                "Retry-After": {
                                    "description": "seconds to wait",
                                    "schema": {"type": "integer"},
                                }
                            },
                            "content": content(Refusal),
                        },
                    },
                }
            }
        },
        "components": {"schemas": schemas["$defs"]},
    }
