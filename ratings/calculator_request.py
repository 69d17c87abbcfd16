"""A rating calculator request read and checked.

Its shape is a pydantic model, :class:`CalculationRequest` (with :class:`Player`,
:class:`PlayerArchive` and :class:`RequestedGame`): the fields and their types, the
choices, the lists' lengths, a score's three values, dates, and the bounds every system
shares. The API validates its body with it and describes it in its OpenAPI document
(``ratings.views.calculator_api``, django-ninja); the function, the command and the page
through :func:`validated`. :func:`read` then checks what depends on the system chosen:
its own bounds (``BOUNDS``), its parameters on the day (their names and values), a birth
date against the day, an opponent's status against its rating, the player's ratings
before each event.

Every refusal is a :class:`CalculationError` naming its field (``params.k``,
``games[0].opponent``); :func:`refused` writes pydantic's errors so.
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import Annotated, Any, Literal

from django.utils import timezone
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

from lib.inputs import year_problem
from ratings import rules
from ratings.config import ParameterError, apply
from ratings.rules.base import Archive, PlayerState, Status
from ratings.rules.parameters import Bounds, RangeError, check_range, shown, version_on

MAX_GAMES = 500
MAX_DEPTH = 10  # a request nests 4 deep (request, player, archive, value): 10 is plenty
MAX_EVENT_NAME = 200
VALID_SCORES = (0, 0.5, 1)
OPPONENT_STATUSES = tuple(str(s) for s in (Status.RATED, Status.PROVISIONAL, Status.UNRATED))
SystemKey = Literal["fide", "frbe", "ffe", "fqe", "fse", "club"]  # rules.SYSTEMS (tested)


class CalculationError(ValueError):
    """A request that is not valid: ``message`` says what is wrong, ``field`` where."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def as_json(self) -> dict[str, str]:
        return {"error": self.message, "field": self.field}


# --- the JSON text ---------------------------------------------------------------------


def parse(text: str | bytes) -> Any:
    """The request in a JSON text, for the command and the endpoint: anything that is not
    JSON, or nests deeper than any request does, is a :class:`CalculationError`."""
    try:
        request = json.loads(text, parse_int=_integer)
    except RecursionError:
        raise CalculationError(_too_deep(), "") from None
    except UnicodeDecodeError:
        raise CalculationError("the request is not JSON: it is not UTF-8 text", "") from None
    except ValueError as error:  # not JSON, or an integer of more than 4,300 digits
        raise CalculationError(f"the request is not JSON: {error}", "") from None
    if _depth(request) > MAX_DEPTH:
        raise CalculationError(_too_deep(), "")
    return request


def _integer(digits: str) -> float:
    """A JSON integer; one too long for Python's int (4,300 digits) becomes a float,
    infinite when it has to, that the field's own check then refuses by name."""
    return int(digits) if len(digits) <= 100 else float(digits)


def _too_deep() -> str:
    return f"the request nests objects or lists more than {MAX_DEPTH} deep"


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value``, counted without recursion."""
    deepest = 0
    pending = [(value, 1)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                children = item.values() if isinstance(item, dict) else item
                pending.extend((child, depth + 1) for child in children)
    return deepest


# --- the request's shape ---------------------------------------------------------------


def _widest(part: str) -> tuple[Any, Any]:
    """The range of an input (``rating``, ``games``, ``rounds``) that holds every system's
    (each system's ``BOUNDS``, which :func:`read` then applies)."""
    ranges = [getattr(rules.system(key).BOUNDS, part) for key in rules.SYSTEMS]
    return min(low for low, _high in ranges), max(high for _low, high in ranges)


RATINGS, GAMES, ROUNDS = _widest("rating"), _widest("games"), _widest("rounds")


def _refusal(problem: str) -> PydanticCustomError:
    """A validator's refusal, whose message is ``problem`` word for word."""
    return PydanticCustomError("calculator", "{problem}", {"problem": problem})


# The dates a request takes, as the OpenAPI document states them: YYYY-MM-DD in the years
# lib.inputs allows (MIN_YEAR 1900 to MAX_YEAR 2100)
DATE_PATTERN = r"^(19[0-9]{2}|20[0-9]{2}|2100)-[0-9]{2}-[0-9]{2}$"


def _iso_date(value: Any) -> date:
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        raise _refusal(f"{shown(value)} is not a date (YYYY-MM-DD)")
    try:
        day = date.fromisoformat(value)
    except ValueError:
        raise _refusal(f"{shown(value)} is not a date (YYYY-MM-DD)") from None
    if problem := year_problem(day):
        raise _refusal(problem)
    return day


def _integral(value: Any) -> Any:
    """A number without a fraction is an integer, as JSON Schema has it: 30.0 is 30."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _score(score: float) -> float:
    if score not in VALID_SCORES:
        raise _refusal(f"a score is 1, 0.5 or 0, not {shown(score)}")
    return score


def _event(value: Any) -> str | float | None:
    if value is None or (isinstance(value, str) and len(value) <= MAX_EVENT_NAME):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    raise _refusal(
        f"an event is a string of at most {MAX_EVENT_NAME} characters or a number, "
        f"not {shown(value)}"
    )


def _finite(value: Any) -> Any:
    """A parameter's value (a number, a list of rows...) holds no NaN and no infinity:
    refused here, by the parameter's name, before the other fields are read."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, float) and not math.isfinite(item):
            raise _refusal(f"a parameter's numbers are finite, not {item}")
        if isinstance(item, dict | list):
            pending.extend(item.values() if isinstance(item, dict) else item)
    return value


def _no_default(schema: dict[str, Any]) -> None:
    schema.pop("default", None)


def _absent(**bounds: Any) -> Any:
    """A field that may be left out but is never null: its default (None, absent) is
    neither validated nor shown in the schema (``model_fields_set`` tells it apart)."""
    return Field(default=None, json_schema_extra=_no_default, **bounds)


IsoDate = Annotated[
    date,
    BeforeValidator(_iso_date),
    WithJsonSchema({"type": "string", "format": "date", "pattern": DATE_PATTERN}),
]
Whole = Annotated[int, BeforeValidator(_integral)]
Score = Annotated[
    float, AfterValidator(_score), Field(json_schema_extra={"enum": list(VALID_SCORES)})
]
EventName = Annotated[
    str | float | None,
    PlainValidator(_event),
    WithJsonSchema(
        {
            "anyOf": [
                {"type": "string", "maxLength": MAX_EVENT_NAME},
                {"type": "number"},
                {"type": "null"},
            ]
        }
    ),
]


def _rating(description: str) -> Any:
    return Field(default=None, ge=RATINGS[0], le=RATINGS[1], description=description)


class Strict(BaseModel):
    """No field but those described, no value converted (true is no 1, "8" no 8), no NaN
    or infinity; read, never changed."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)


class PlayerArchive(Strict):
    """An unrated player's archived performance and its number of games (FFE)."""

    performance: float = Field(
        ge=RATINGS[0], le=RATINGS[1], description="their performance over those games"
    )
    games: Whole = Field(ge=1, le=GAMES[1], description="how many games")


class Player(Strict):
    """The player rated; every field may be left out."""

    rating: float | None = _rating("their rating before the games; null or absent: unrated")
    games: Whole = Field(
        default=0, ge=GAMES[0], le=GAMES[1], description="the rated games they have played before"
    )
    birth_date: IsoDate | None = Field(
        default=None, description="for the age rules; on or before the day of the calculation"
    )
    junior: bool | None = Field(
        default=None, description="a junior: the age rules without a birth date (wins over it)"
    )
    peak_rating: float | None = _rating(
        "the highest rating they ever had (FIDE's K 10 from 2400); absent: the rating"
    )
    archive: PlayerArchive | None = None


class RequestedGame(Strict):
    """One game of the player."""

    opponent: float | None = Field(
        ge=RATINGS[0], le=RATINGS[1], description="the opponent's rating; null: unrated"
    )
    score: Score = Field(description="the player's score: 1, 0.5 or 0")
    status: Literal["rated", "provisional", "unrated"] | None = Field(
        default=None,
        description="the opponent's standing: rated (the default; unrated when the rating "
        "is null), provisional (rated on fewer games than the system's threshold), unrated "
        "(a rating only shown)",
    )
    event: EventName = Field(
        default=None, description="games with the same event are rated as one event"
    )
    rating_before: float | None = _rating(
        "the player's rating this game's event is rated from, where it is not "
        "player.rating (FIDE: the list in force when the event started); the same for "
        "every game of one event"
    )


class CalculationRequest(Strict):
    """A calculation: a player and their games, under one rating system on one day."""

    system: SystemKey = Field(description="the rating system")
    params: dict[str, Annotated[Any, AfterValidator(_finite)]] | None = Field(
        default=None,
        description="the system's parameters to change, by their names (k, ...), each "
        "within its range; absent: those in force on the day. An unknown name is refused.",
    )
    date: IsoDate | None = Field(
        default=None, description="the day (YYYY-MM-DD) whose rules apply; absent: today"
    )
    rounds: Whole = _absent(
        ge=ROUNDS[0],
        le=ROUNDS[1],
        description="the event's rounds, where a rule depends on them; absent: the games",
    )
    match: bool = Field(
        default=False, description="the games are a match between two players (FQE's cap)"
    )
    player: Player = Field(default=Player(), description="absent: an unrated player without games")
    games: list[RequestedGame] = Field(min_length=1, max_length=MAX_GAMES)


class Refusal(Strict):
    """A request refused: what is wrong, and where (``games[0].opponent``; empty: the
    request as a whole)."""

    error: str = Field(description="what is wrong, in words")
    field: str = Field(description="the JSON path of the field; empty: the whole request")


def path(location: Sequence[int | str]) -> str:
    """pydantic's location of an error as the calculator names a field: games[0].score."""
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else f".{part}" if text else str(part)
    return text


# pydantic's errors (their documented types) in the calculator's words; ``ctx`` holds the
# figures. Any other type keeps pydantic's message, its subject ("Input") the field's name.
WORDS = {
    "extra_forbidden": "unknown field '{name}'",
    "missing": "{name} is missing",
    "model_type": "{name} must be a JSON object",
    "model_attributes_type": "{name} must be a JSON object",
    "dict_type": "{name} must be a JSON object",
    "list_type": "{name} must be a list",
    "float_type": "{name} must be a number",
    "finite_number": "{name} must be a finite number",
    "int_type": "{name} must be a whole number",
    "bool_type": "{name} is true or false",
    "string_type": "{name} must be a string",
    "literal_error": "{name} is one of {expected}",
    "greater_than_equal": "{name} must be at least {ge}",
    "less_than_equal": "{name} must be at most {le}",
    "too_short": "{name}: at least {min_length} needed, not {actual_length}",
    "too_long": "{name}: at most {max_length}, not {actual_length}",
}
_SUBJECT = re.compile(r"^(Input|List|String|Value|Dictionary|Object)\b")


def refused(errors: Sequence[Mapping[str, Any]]) -> CalculationError:
    """The first of pydantic's errors as the calculator refuses a request: in words
    naming the field (:data:`WORDS`), and its JSON path."""
    error = errors[0]
    location = tuple(error["loc"])
    field = path(location)
    name = location[-1] if location and isinstance(location[-1], str) else field
    name = str(name or "the request")
    figures = {
        key: value if isinstance(value, str) else shown(value)
        for key, value in (error.get("ctx") or {}).items()
    }
    try:
        message = WORDS[error["type"]].format(name=name, **figures)
    except (KeyError, IndexError):  # a type of its own, or a figure it lacks
        message = _SUBJECT.sub(name, str(error["msg"]))
    return CalculationError(message, field)


def validated(request: Any) -> CalculationRequest:
    """The request (a dict decoded from JSON) held to :class:`CalculationRequest`."""
    if isinstance(request, CalculationRequest):
        return request
    if _depth(request) > MAX_DEPTH:
        raise CalculationError(_too_deep(), "")
    try:
        return CalculationRequest.model_validate(request)
    except ValidationError as error:
        raise refused(error.errors(include_url=False)) from None


# --- what depends on the system ----------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ReadGame:
    """One game of the request: the opponent's rating, the score, the opponent's status,
    the game's event (None: the request's one event), and the player's rating this game
    is computed from where it is not ``player.rating`` (None)."""

    rating: float | None
    score: float
    status: Status
    event: str | float | None = None
    rating_before: float | None = None  # the player's rating for this game's event


@dataclasses.dataclass(frozen=True)
class Request:
    """A request read and checked: the system (its key and module), the day, the
    parameters in force then with the request's own, the player, the games, the rounds
    and whether the games are a match."""

    key: str
    module: Any
    day: date
    params: Any
    player: PlayerState
    games: list[ReadGame]
    rounds: int
    is_match: bool


def read(request: Any, today: date | None = None) -> Request:
    """The request (a dict decoded from JSON, or the model already validated) read and
    checked against its system; the day is the request's ``date``, else ``today``, else
    the local date."""
    asked = validated(request)
    module = rules.system(asked.system)
    bounds: Bounds = module.BOUNDS
    day = asked.date or today or timezone.localdate()
    params = _params(module, day, asked.params)
    games = [_game(game, f"games[{n}]", bounds) for n, game in enumerate(asked.games)]
    rounds = asked.rounds if "rounds" in asked.model_fields_set else len(games)
    _within(rounds, bounds.rounds, "rounds")
    me = _player(asked.player, bounds, day)
    _ratings_before(games, me, module)
    return Request(asked.system, module, day, params, me, games, rounds, asked.match)


def _within(value: float | None, bounds: tuple[float, float], field: str) -> None:
    if value is None:
        return
    try:
        check_range(field.rsplit(".", 1)[-1], value, *bounds)
    except RangeError as error:
        raise CalculationError(str(error), field) from None


def _params(module: Any, day: date, overrides: dict[str, Any] | None) -> Any:
    base = version_on(module.VERSIONS, day).params
    if overrides is None:
        return base
    known = {f.name for f in dataclasses.fields(base)}
    for name in overrides:
        if name not in known:
            choices = ", ".join(known)
            raise CalculationError(
                f"unknown parameter {shown(name)} for {module.KEY}: choose among {choices}",
                f"params.{name}",
            )
    try:
        return apply(base, overrides)
    except (ParameterError, RangeError) as error:
        where = f"params.{error.name}" if error.name else "params"
        raise CalculationError(str(error), where) from None


def _game(game: RequestedGame, where: str, bounds: Bounds) -> ReadGame:
    """One game within the system's bounds; the opponent's status ``rated`` by default
    (unrated when the rating is null); ``provisional`` needs the provisional rating."""
    _within(game.opponent, bounds.rating, f"{where}.opponent")
    _within(game.rating_before, bounds.rating, f"{where}.rating_before")
    if game.status is None:
        status = Status.UNRATED if game.opponent is None else Status.RATED
    else:
        status = Status(game.status)
    if game.opponent is None and status is not Status.UNRATED:
        raise CalculationError(
            f"a {status} opponent has a rating: give it, or the status unrated",
            f"{where}.opponent",
        )
    return ReadGame(game.opponent, game.score, status, game.event, game.rating_before)


def _ratings_before(games: list[ReadGame], me: PlayerState, module: Any) -> None:
    """``games[].rating_before``: only for a rated player, in a system that rates each
    event from the list in force when it started (``EVENT_RATINGS``), the same for every
    game of one event (a game without it is at ``player.rating``)."""
    per_event: dict[str | float | None, tuple[float | None, int]] = {}
    for n, game in enumerate(games):
        where = f"games[{n}].rating_before"
        if game.rating_before is None:
            own = me.rating
        elif me.rating is None:
            raise CalculationError("an unrated player has no rating before an event", where)
        elif not getattr(module, "EVENT_RATINGS", False):
            raise CalculationError(
                f"{module.KEY} rates every game from player.rating: leave rating_before out",
                where,
            )
        else:
            own = game.rating_before
        first = per_event.setdefault(game.event, (own, n))
        if first[0] != own:
            raise CalculationError(
                f"the games of one event share their rating before: {shown(first[0])} in "
                f"games[{first[1]}], {shown(own)} here",
                where,
            )


def _player(player: Player, bounds: Bounds, day: date) -> PlayerState:
    _within(player.rating, bounds.rating, "player.rating")
    _within(player.games, bounds.games, "player.games")
    _within(player.peak_rating, bounds.rating, "player.peak_rating")
    if player.birth_date is not None:
        _birth_date(player.birth_date, bounds, day)
    return PlayerState(
        rating=player.rating,
        games=player.games,
        birth_date=player.birth_date,
        junior=player.junior,
        peak_rating=player.peak_rating,
        archive=_archive(player.archive, bounds),
    )


def _birth_date(birth: date, bounds: Bounds, day: date) -> None:
    """A birth date on or before the day of the calculation, at most ``bounds.age`` years
    before it."""
    if birth > day:
        raise CalculationError(
            f"the birth date {birth.isoformat()} is after the day of the calculation "
            f"{day.isoformat()}",
            "player.birth_date",
        )
    age = PlayerState(birth_date=birth).age_on(day)
    assert age is not None
    if age > bounds.age[1]:
        raise CalculationError(
            f"a birth date gives an age of at most {bounds.age[1]} years, not {age}",
            "player.birth_date",
        )


def _archive(archive: PlayerArchive | None, bounds: Bounds) -> Archive | None:
    if archive is None:
        return None
    _within(archive.performance, bounds.rating, "player.archive.performance")
    _within(archive.games, (1, bounds.games[1]), "player.archive.games")
    return Archive(
        performance=archive.performance,
        games=archive.games,
        opponents_sum=archive.performance * archive.games,
        score=archive.games / 2,
    )
