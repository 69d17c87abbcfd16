"""FIDE's first rating: an unrated player's games against rated players accumulated across
periods, the events that count, and the rules before March 2024 (seed 001's Ru, per
tournament or pooled) and since (two hypothetical draws against 1800).
"""

from __future__ import annotations

from collections.abc import Hashable

from .. import elo
from ..base import (
    N_,
    Archive,
    Batch,
    GameLine,
    Note,
    PlayerResult,
    PlayerState,
    Status,
    note,
)
from ..common import unique_notes
from ..performance import classical_performance, exact_performance
from .params import Params


def rate_unrated(  # type: ignore[no-untyped-def]
    batch: Batch, params: Params, player, state: PlayerState, lines
) -> PlayerResult:
    """An unrated player's games against rated players, accumulated across periods.

    The rules that read the player's events (``Game.event``) judge each event apart: the
    conditions an event meets to count (three rated opponents and a point before July
    2014, half a point since: the first event's zero is disregarded), and before July
    2014 the Ru of each tournament (seed 001: « la moyenne pondérée des Ru de chaque
    tournoi »); from July 2014 all the counted games are one calculation (7.14: « as if
    they were played in one tournament »). The performances shown are those of the
    counted games only (the contract: « average of the counted opponents + D(p) »)."""
    events = [game.event for _opponent, _score, game in batch.games_of(player)]
    played = [
        (line, event)
        for (line, _c), event in zip(lines, events, strict=True)
        if line.opponent_rating is not None and _was_played(line)
    ]
    archive = state.archive or Archive()
    notes: list[Note] = []
    dropped = _events_not_counted(played, archive, params, notes)
    kept = [line for line, event in played if event not in dropped]
    all_lines = tuple(
        _newcomer_line(line, event in dropped)
        for (line, _c), event in zip(lines, events, strict=True)
    )
    score = elo.total(line.score for line in kept)
    opponents = [line.opponent_rating for line in kept]
    classical = exact = None
    if kept:
        classical = elo.round_half_up(classical_performance(opponents, score))
        exact = exact_performance(opponents, score, elo.ExpectedMethod.TABLE)
    n = archive.games + len(kept)
    if params.first_rating_rule == "2024":
        archive = archive.with_games(opponents, score)
        rating = _first_2024(archive, params) if n >= params.first_rating_games else None
    else:
        counted = [(line, e) for line, e in played if e not in dropped]
        performance = _ru_so_far(archive, counted, params) if n else None
        archive = archive.with_games(opponents, score, performance=performance)
        rating = None
        if n >= params.first_rating_games and archive.performance is not None:
            candidate = elo.round_half_up(archive.performance)
            if candidate >= params.first_rating_min:
                rating = candidate
    if n < params.first_rating_games:
        notes.append(
            note(
                N_("unrated: {games} of the {needed} games needed for a first rating"),
                games=n,
                needed=params.first_rating_games,
            )
        )
    if rating is None:
        if n >= params.first_rating_games:
            notes.append(note(N_("performance too low for a first rating")))
        after = state.replace(archive=archive, games=n)
        return PlayerResult(
            player=player,
            before=state,
            after=after,
            rating_exact=None,
            score=score,
            performance_classical=classical,
            performance_exact=exact,
            games=all_lines,
            notes=unique_notes(notes),
        )
    notes.append(note(N_("first rating {rating} after {games} games"), rating=rating, games=n))
    after = state.replace(
        rating=rating, games=n, status=Status.RATED, archive=None, peak_rating=rating
    )
    return PlayerResult(
        player=player,
        before=state,
        after=after,
        rating_exact=rating,
        score=score,
        performance_classical=classical,
        performance_exact=exact,
        games=all_lines,
        notes=unique_notes(notes),
    )


def _ru_so_far(archive: Archive, counted: list[tuple[GameLine, Hashable]], params: Params) -> float:
    """The first rating before March 2024 over the archived games and this batch's
    ``counted`` games (at least one game in all). From July 2014 (``first_rating_pooled``)
    one calculation on them all, 7.14: « as if they were played in one tournament »; before,
    the average of each tournament's Ru weighted by its games (seed 001)."""
    lines = [line for line, _event in counted]
    ratings = [line.opponent_rating or 0.0 for line in lines]
    n = archive.games + len(lines)
    if params.first_rating_pooled:
        score = archive.score + elo.total(line.score for line in lines)
        return _ru_2009((archive.opponents_sum + sum(ratings)) / n, n, score, params)
    weighted = (archive.performance or 0) * archive.games
    for tournament in _by_event(counted):
        rc = elo.average([line.opponent_rating or 0.0 for line in tournament])
        score = elo.total(line.score for line in tournament)
        weighted += _ru_2009(rc, len(tournament), score, params) * len(tournament)
    return weighted / n


def _by_event(played: list[tuple[GameLine, Hashable]]) -> list[list[GameLine]]:
    """The lines grouped by event, in the order the events are first met."""
    groups: dict[Hashable, list[GameLine]] = {}
    for line, event in played:
        groups.setdefault(event, []).append(line)
    return list(groups.values())


def _events_not_counted(
    played: list[tuple[GameLine, Hashable]], archive: Archive, params: Params, notes: list[Note]
) -> set[Hashable]:
    """The events whose games do not count towards a first rating, each explained in
    ``notes``: an event with fewer rated opponents (``first_rating_event_opponents``) or
    points against them (``first_rating_event_points``) than needed. With
    ``first_rating_event_once`` the conditions apply only until an event has counted
    (earlier periods' counted games, in the archive, or an earlier event of the batch):
    since July 2014, « If an unrated player scores zero in their first event this score is
    disregarded. Otherwise, their rating is calculated using all their results » (8.2.1),
    and an event disregarded leaves the next one the player's first."""
    dropped: set[Hashable] = set()
    groups: dict[Hashable, list[GameLine]] = {}
    for line, event in played:
        groups.setdefault(event, []).append(line)
    needed_games, needed_points = (
        params.first_rating_event_opponents,
        params.first_rating_event_points,
    )
    counted_before = archive.games > 0
    for event, tournament in groups.items():
        if params.first_rating_event_once and counted_before:
            break
        points = elo.total(line.score for line in tournament)
        if len(tournament) >= needed_games and points >= needed_points:
            counted_before = True
            continue
        dropped.add(event)
        if not needed_games and points == 0:
            notes.append(note(N_("a zero score in the first event is disregarded")))
            continue
        notes.append(
            note(
                N_(
                    "an event with {points:g} points against {games} rated opponents "
                    "does not count for a first rating: at least {needed_points:g} "
                    "points against {needed_games} are needed"
                ),
                points=points,
                games=len(tournament),
                needed_points=needed_points,
                needed_games=needed_games,
            )
        )
    return dropped


def _was_played(line: GameLine) -> bool:
    return line.note is None or line.note.template != N_("not played: not rated")


def _newcomer_line(line: GameLine, dropped: bool = False) -> GameLine:
    """A newcomer's game against a rated player counts towards the first rating, unless
    its event does not (``dropped``)."""
    if line.opponent_rating is not None and _was_played(line):
        if dropped:
            why = note(N_("its event does not count for a first rating"))
            return GameLine(
                line.opponent, line.opponent_rating, line.score, counted=False, note=why
            )
        return GameLine(line.opponent, line.opponent_rating, line.score, counted=True)
    return line


def _ru_2009(rc: float, n: int, score: float, params: Params) -> float:
    """Seed 001: Ru = Rc + D(p) below 50 %; Rc + 20 per half point above 50 %, for
    ``score`` points in ``n`` games against opponents averaging ``rc``."""
    p = score / n
    if p > 0.5:
        return rc + params.half_point_bonus * (score - n / 2) / 0.5
    return rc + elo.dp_table(p, params.dp_at_one, -params.dp_at_one)


def _first_2024(archive: Archive, params: Params) -> float | None:
    """2024: with two draws against 1800: Ru = Ra + D(p), published from 1400, at most
    2200."""
    draws = params.hypothetical_draws
    n = archive.games + draws
    ra = (archive.opponents_sum + draws * params.hypothetical_rating) / n
    p = (archive.score + draws / 2) / n
    ru = elo.round_half_up(ra + elo.dp_table(p, params.dp_at_one, -params.dp_at_one))
    if ru < params.first_rating_min:
        return None
    return min(ru, params.first_rating_max)
