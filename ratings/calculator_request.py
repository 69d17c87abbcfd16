"""A rating calculator request read and checked: the JSON text (:func:`parse`), then each
part of the request (:func:`read`): the system, its parameters on the day, the player,
the games, the rounds, whether it is a match.

Every number is checked against the system's bounds (its parameters' ``min``/``max`` and
its ``BOUNDS``), and an error names its field: ``params.k``, ``games[0].opponent``.
Anything else is refused the same way, as a :class:`CalculationError`.
"""

from __future__ import annotations

import dataclasses
import json
import math
from datetime import date
from typing import Any

from django.utils import timezone

from lib.inputs import year_problem
from ratings import rules
from ratings.config import ParameterError, apply
from ratings.rules.base import Archive, PlayerState, Status
from ratings.rules.parameters import Bounds, RangeError, check_range, shown, version_on

MAX_GAMES = 500
MAX_DEPTH = 10  # a request nests 4 deep (request, player, archive, value): 10 is plenty
VALID_SCORES = (0, 0.5, 1)


class CalculationError(ValueError):
    """A request that is not valid: ``message`` says what is wrong, ``field`` where."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field

    def as_json(self) -> dict[str, str]:
        return {"error": self.message, "field": self.field}


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
    games: list[RequestedGame]
    rounds: int
    is_match: bool


def read(request: Any, today: date | None = None) -> Request:
    """The request (a dict decoded from JSON) read and checked, part after part; the day
    is the request's ``date``, else ``today``, else the local date."""
    if not isinstance(request, dict):
        raise CalculationError("the request must be a JSON object", "")
    if _depth(request) > MAX_DEPTH:
        raise CalculationError(_too_deep(), "")
    _no_unknown(request, {"system", "params", "date", "rounds", "match", "player", "games"}, "")
    key = request.get("system")
    if not isinstance(key, str) or key not in rules.SYSTEMS:
        known = ", ".join(rules.SYSTEMS)
        raise CalculationError(
            f"unknown rating system {shown(key)}: choose one of {known}", "system"
        )
    module = rules.system(key)
    bounds: Bounds = module.BOUNDS
    day = _date(request.get("date"), "date") if request.get("date") is not None else None
    day = day or today or timezone.localdate()
    params = _params(module, day, request.get("params"))
    games = _games(request.get("games"), bounds)
    rounds = request.get("rounds", len(games))
    if not _is_int(rounds):
        raise CalculationError(f"rounds must be a whole number, not {shown(rounds)}", "rounds")
    _within(rounds, bounds.rounds, "rounds")
    is_match = request.get("match", False)
    if not isinstance(is_match, bool):
        raise CalculationError("match is true or false", "match")
    me = _player(request.get("player", {}), bounds, day)
    _ratings_before(games, me, module)
    return Request(key, module, day, params, me, games, rounds, is_match)


def _ratings_before(games: list[RequestedGame], me: PlayerState, module: Any) -> None:
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


def _no_unknown(data: dict[str, Any], known: set[str], where: str) -> None:
    for name in data:
        if name not in known:
            path = f"{where}.{name}" if where else name
            raise CalculationError(f"unknown field {shown(name)}", path)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value: float, bounds: tuple[float, float], field: str) -> None:
    try:
        check_range(field.rsplit(".", 1)[-1], value, *bounds)
    except RangeError as error:
        raise CalculationError(str(error), field) from None


def _number(
    value: Any, field: str, bounds: tuple[float, float], *, optional: bool = False
) -> float | None:
    if value is None and optional:
        return None
    if not _is_number(value):
        name = field.rsplit(".", 1)[-1]
        raise CalculationError(f"{name} must be a number, not {shown(value)}", field)
    _within(value, bounds, field)
    return float(value)


def _date(value: Any, field: str) -> date:
    try:
        day = date.fromisoformat(value)
    except (TypeError, ValueError):
        raise CalculationError(f"{shown(value)} is not a date (YYYY-MM-DD)", field) from None
    if problem := year_problem(day):
        raise CalculationError(problem, field)
    return day


def _params(module: Any, day: date, overrides: Any) -> Any:
    base = version_on(module.VERSIONS, day).params
    if overrides is None:
        return base
    if not isinstance(overrides, dict):
        raise CalculationError("params must be an object of parameter names", "params")
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


@dataclasses.dataclass(frozen=True)
class RequestedGame:
    """One game of the request: the opponent's rating, the score, the opponent's status,
    the game's event (None: the request's one event), and the player's rating this game
    is computed from where it is not ``player.rating`` (None)."""

    rating: float | None
    score: float
    status: Status
    event: str | float | None = None
    rating_before: float | None = None  # the player's rating for this game's event


OPPONENT_STATUSES = tuple(str(s) for s in (Status.RATED, Status.PROVISIONAL, Status.UNRATED))


def _games(value: Any, bounds: Bounds) -> list[RequestedGame]:
    if not isinstance(value, list) or not value:
        raise CalculationError("at least one game is needed", "games")
    if len(value) > MAX_GAMES:
        raise CalculationError(f"at most {MAX_GAMES} games in one calculation", "games")
    games = []
    for n, game in enumerate(value):
        where = f"games[{n}]"
        if not isinstance(game, dict):
            raise CalculationError("a game is an object {opponent, score}", where)
        _no_unknown(game, {"opponent", "score", "status", "event", "rating_before"}, where)
        if "opponent" not in game:
            raise CalculationError("the opponent's rating is missing (null if unrated)", where)
        rating = _number(game["opponent"], f"{where}.opponent", bounds.rating, optional=True)
        score = game.get("score")
        if not _is_number(score) or score not in VALID_SCORES:
            shown_score = shown(score)
            raise CalculationError(f"a score is 1, 0.5 or 0, not {shown_score}", f"{where}.score")
        status = _status(game, rating, where)
        before = _number(
            game.get("rating_before"), f"{where}.rating_before", bounds.rating, optional=True
        )
        event = _event(game.get("event"), where)
        games.append(RequestedGame(rating, float(score), status, event, before))
    return games


MAX_EVENT_NAME = 200


def _event(value: Any, where: str) -> str | float | None:
    """The game's event: any string or number; games of equal values are one event."""
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= MAX_EVENT_NAME:
        return value
    if _is_number(value):
        return float(value)
    raise CalculationError(
        f"an event is a string of at most {MAX_EVENT_NAME} characters or a number, "
        f"not {shown(value)}",
        f"{where}.event",
    )


def _status(game: dict[str, Any], rating: float | None, where: str) -> Status:
    """The opponent's status: ``rated`` by default (unrated when the rating is null);
    ``provisional`` needs the provisional rating."""
    value = game.get("status")
    if value is None:
        return Status.UNRATED if rating is None else Status.RATED
    if not isinstance(value, str) or value not in OPPONENT_STATUSES:
        choices = ", ".join(OPPONENT_STATUSES)
        raise CalculationError(
            f"an opponent's status is one of {choices}, not {shown(value)}", f"{where}.status"
        )
    status = Status(value)
    if rating is None and status is not Status.UNRATED:
        raise CalculationError(
            f"a {value} opponent has a rating: give it, or the status unrated",
            f"{where}.opponent",
        )
    return status


def _whole(value: Any, bounds: tuple[int, int], field: str) -> int:
    if not _is_int(value):
        name = field.rsplit(".", 1)[-1]
        raise CalculationError(f"{name} must be a whole number, not {shown(value)}", field)
    _within(value, bounds, field)
    return int(value)


def _player(value: Any, bounds: Bounds, day: date) -> PlayerState:
    if not isinstance(value, dict):
        raise CalculationError("player must be an object", "player")
    known = {"rating", "games", "birth_date", "junior", "peak_rating", "archive"}
    _no_unknown(value, known, "player")
    rating = _number(value.get("rating"), "player.rating", bounds.rating, optional=True)
    games = _whole(value.get("games", 0), bounds.games, "player.games")
    birth = value.get("birth_date")
    birth_date = _birth_date(birth, bounds, day) if birth is not None else None
    junior = value.get("junior")
    if junior is not None and not isinstance(junior, bool):
        raise CalculationError("junior is true or false", "player.junior")
    peak = _number(value.get("peak_rating"), "player.peak_rating", bounds.rating, optional=True)
    return PlayerState(
        rating=rating,
        games=games,
        birth_date=birth_date,
        junior=junior,
        peak_rating=peak,
        archive=_archive(value.get("archive"), bounds),
    )


def _birth_date(value: Any, bounds: Bounds, day: date) -> date:
    """A birth date on or before the day of the calculation, at most ``bounds.age`` years
    before it."""
    birth = _date(value, "player.birth_date")
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
    return birth


def _archive(value: Any, bounds: Bounds) -> Archive | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise CalculationError("archive is an object {performance, games}", "player.archive")
    _no_unknown(value, {"performance", "games"}, "player.archive")
    performance = _number(value.get("performance"), "player.archive.performance", bounds.rating)
    games = _whole(value.get("games"), (1, bounds.games[1]), "player.archive.games")
    assert performance is not None
    return Archive(
        performance=performance,
        games=games,
        opponents_sum=performance * games,
        score=games / 2,
    )
