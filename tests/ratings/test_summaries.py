"""The members' rating summaries (``RatingSummary``) say what the history says: after the
demo club's replays, after a correction to an old event, an official list, an adjustment,
an event deleted and a system deleted; each compared, player by player, with a summary
worked out here from the history rows and the current ratings."""

from datetime import date
from typing import Any, cast

import pytest

from club.models import Event, Game, Result
from ratings.models import (
    OfficialRating,
    Rating,
    RatingAdjustment,
    RatingChange,
    RatingSummary,
    RatingSystem,
)
from ratings.services import event_day, event_results_changed, recalculate
from tests.club.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def _from_history(system: RatingSystem) -> dict[int, dict[str, Any]]:
    """Each player's summary in ``system`` as the history and the current ratings say."""
    rows = (
        RatingChange.objects.filter(batch__system=system)
        .order_by("batch__day", "batch__order", "pk")
        .values_list(
            "player_id",
            "batch__day",
            "batch__kind",
            "batch__label",
            "rating_before",
            "rating_after",
            "batch_id",
            "batch__order",
            "batch__event_id",
            "batch__period_end",
            "games",
            "score",
            "performance",
            "performance_exact",
        )
    )
    summed: dict[int, dict[str, Any]] = {}
    for player, day, kind, label, before, after, *rest in rows:
        batch, order, event, end, games, score, performance, exact = cast(list[Any], rest)
        mine = summed.setdefault(player, {"points": [], "changes": 0, "newest": []})
        change = None if before is None or after is None else round(after - before, 1)
        mine.update(changes=mine["changes"] + 1, last_change=change, last_day=day)
        if after is not None:
            mine["points"].append([day.isoformat(), round(after, 1), change, kind, label])
        # the newest ten, newest first
        shown = [batch, day.isoformat(), order, kind, label, event, end and end.isoformat()]
        shown += [before, after, games, float(score), performance, exact]
        mine["newest"] = [shown, *mine["newest"]][:10]
    current = Rating.objects.filter(system=system).values_list(
        "player_id", "rating", "status", "games", "last_batch_id"
    )
    for player, rating, status, games, last_batch in current:
        summed[player].update(rating=rating, status=status, games=games, last_batch=last_batch)
    # each player's rating on the newest list that rates them; a summary for it alone
    listed = OfficialRating.objects.filter(system=system).order_by("list_date")
    newest = {player: (rating, day) for player, rating, day in listed.values_list(
        "player_id", "rating", "list_date"
    )}  # fmt: skip
    for player in summed.keys() | newest.keys():
        mine = summed.setdefault(player, dict(LISTED_ONLY))
        mine["listed_rating"], mine["listed_day"] = newest.get(player, (None, None))
    return summed


# A summary of a player a list rates who has no history
LISTED_ONLY = {
    "points": [],
    "newest": [],
    "changes": 0,
    "last_change": None,
    "last_day": None,
    "rating": None,
    "status": "",
    "games": 0,
    "last_batch": None,
}


def _summaries(system: RatingSystem) -> dict[int, dict[str, Any]]:
    return {
        s.player_id: {
            "points": s.points,
            "newest": s.newest,
            "changes": s.changes,
            "last_change": s.last_change,
            "last_day": s.last_day,
            "rating": s.rating,
            "status": s.status,
            "games": s.games,
            "last_batch": s.last_batch_id,
            "listed_rating": s.listed_rating,
            "listed_day": s.listed_day,
        }
        for s in RatingSummary.objects.filter(system=system)
    }


def _check(system: RatingSystem) -> dict[int, dict[str, Any]]:
    expected = _from_history(system)
    summaries = _summaries(system)
    assert summaries.keys() == expected.keys()
    for player, summary in summaries.items():
        assert summary == expected[player], player
    return summaries


def _without_batches(summaries: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The summaries without their batches' ids and orders, which a replay makes anew."""
    return {
        player: {
            **s,
            "last_batch": None,
            "newest": [[None, r[1], None, *r[3:]] for r in s["newest"]],
        }
        for player, s in summaries.items()
    }


def test_the_summaries_follow_the_history_through_a_correction(demo_club: None) -> None:
    systems = list(RatingSystem.objects.enabled())
    assert len(systems) == 2
    for system in systems:
        summaries = _check(system)
        assert sum(len(s["points"]) for s in summaries.values()) > 50
    # a result corrected in an old event: its systems replay from its day
    game = (
        Game.objects.filter(round__event__rating_batches__system=systems[0])
        .exclude(result=Result.DRAW)
        .order_by("round__event__start", "pk")
        .first()
    )
    assert game is not None
    game.result = Result.DRAW
    game.save()
    event = game.round.event
    old = _summaries(systems[0])
    event_results_changed(event)
    corrected = {system.pk: _check(system) for system in systems}
    changed = [p for p, s in corrected[systems[0].pk].items() if s != old.get(p)]
    assert {game.white_id, game.black_id} <= set(changed)
    # the same as a replay from scratch
    for system in systems:
        recalculate(system)
        assert _without_batches(_check(system)) == _without_batches(corrected[system.pk])


def test_the_summaries_follow_lists_adjustments_and_deletions(demo_club: None) -> None:
    frbe = RatingSystem.objects.get(engine="frbe", enabled=True)
    summed = RatingSummary.objects.filter(system=frbe).order_by("player_id")
    player = summed[0].player_id
    first_day = date.fromisoformat(summed[0].points[0][0])
    # an official list after the player's first change, and a one-off adjustment
    listed = date(first_day.year + 1, 1, 1)
    OfficialRating.objects.create(
        system=frbe, player_id=player, list_date=listed, rating=1234, source="FRBE test"
    )
    # and a list rating a player with no history in the system (listed a year later)
    newcomer = PlayerFactory().pk
    OfficialRating.objects.create(
        system=frbe, player_id=newcomer, list_date=listed, rating=1450, source="FRBE test"
    )
    recalculate(frbe, since=listed)
    summaries = _check(frbe)
    points = summaries[player]["points"]
    assert [p for p in points if p[3] == "official"][-1][1] == 1234
    assert summaries[player]["listed_rating"] == 1234
    assert summaries[newcomer]["listed_rating"] == 1450
    RatingAdjustment.objects.create(
        system=frbe, day=listed, threshold=3000, factor=0.5, label="Everyone up"
    )
    recalculate(frbe, since=listed)
    assert any(p[4] == "Everyone up" for p in _check(frbe)[player]["points"])
    # an event deleted with its batches, then replayed from its day
    club = RatingSystem.objects.get(engine="club")
    last = Event.objects.filter(rating_batches__system=club).order_by("-start").first()
    assert last is not None
    day = event_day(last)
    players = set(
        RatingChange.objects.filter(batch__event=last).values_list("player_id", flat=True)
    )
    before = _summaries(club)
    last.delete()
    recalculate(club, since=day)
    summaries = _check(club)
    for gone in players:  # one change fewer: the event's
        assert summaries.get(gone, {"changes": 0})["changes"] == before[gone]["changes"] - 1
    # a system deleted takes its summaries with it
    frbe.delete()
    assert not RatingSummary.objects.filter(system_id=frbe.pk).exists()
