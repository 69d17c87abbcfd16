"""The replay rates each FIDE event from the list in force when it started (FIDE's
calculation F-P03 of December 2025: an event from 31 October to 2 November, rated in
December's period, used October's list; docs/ratings/fide.md), and a replay from a day
on rates it as a replay from scratch does."""

from datetime import UTC, date, datetime

import pytest

from club.models import Event, Game, Player, Round
from ratings.models import RatingChange, RatingSystem
from ratings.services import recalculate

pytestmark = pytest.mark.django_db


def _event(title: str, start: date, end: date, games: list[tuple[Player, Player, str]]) -> Event:
    event = Event.objects.create(
        kind=Event.Kind.RAPID,
        title=title,
        start=datetime(start.year, start.month, start.day, 18, tzinfo=UTC),
        end=datetime(end.year, end.month, end.day, 22, tzinfo=UTC),
        time_control=Event.TimeControl.STANDARD,
        status=Event.Status.CLOSED,
    )
    round_ = Round.objects.create(event=event, number=1)
    for board, (white, black, result) in enumerate(games, 1):
        Game.objects.create(round=round_, board=board, white=white, black=black, result=result)
    return event


def _change(player: Player, period_end: date) -> RatingChange:
    return RatingChange.objects.get(
        batch__system__engine="fide", batch__period_end=period_end, player=player
    )


def test_an_event_that_started_under_the_previous_list_is_rated_from_it() -> None:
    """2023 (K 20, no 700 limit reached). Anne (1800) beats Bruno (1800) in an event ending
    on 10 October: +10 on the November list (1810). The event from 31 October to
    2 November (December's period: it ends after November's closing date) rates Anne from
    October's list, 1800: against Carl (1900), difference −100, We 0.36, a draw:
    20 × 0.14 = +2.8; the event of 10 November, from the November list, 1810: against
    Carl, −90, We 0.38 (84-91: 0.62 for the higher), a draw: +2.4. December's list:
    1810 + 5.2 = 1815. From November's list both would be 0.38 (+4.8, the same 1815 but not
    FIDE's calculation)."""
    fide = RatingSystem.objects.get(engine="fide")
    RatingSystem.objects.filter(pk=fide.pk).update(enabled=True)
    anne, bruno, carl = (
        Player.objects.create(first_name=name, last_name="Test", fide_rating=rating)
        for name, rating in (("Anne", 1800), ("Bruno", 1800), ("Carl", 1900))
    )
    _event("October", date(2023, 10, 9), date(2023, 10, 10), [(anne, bruno, "1-0")])
    _event("Across", date(2023, 10, 31), date(2023, 11, 2), [(anne, carl, "1/2-1/2")])
    _event("November", date(2023, 11, 10), date(2023, 11, 10), [(carl, anne, "1/2-1/2")])
    fide.refresh_from_db()
    recalculate(fide)
    assert _change(anne, date(2023, 10, 31)).rating_after == 1810
    december = _change(anne, date(2023, 11, 30))
    games = december.breakdown["games"]
    assert [(g["expected"], round(g["change"], 1)) for g in games] == [(0.36, 2.8), (0.38, 2.4)]
    assert (december.rating_before, december.rating_after) == (1810, 1815)
    notes = [n["template"] for n in december.breakdown["notes"]]
    assert "an event rated from {rating}: the list in force when it started" in notes

    history = RatingChange.objects.filter(player=anne).order_by("batch__day", "batch__order")
    rows = list(history.values_list("rating_after", flat=True))
    recalculate(fide, since=date(2023, 11, 15))  # December's period only
    again = _change(anne, date(2023, 11, 30))
    assert [(g["expected"], round(g["change"], 1)) for g in again.breakdown["games"]] == [
        (0.36, 2.8),
        (0.38, 2.4),
    ]
    assert list(history.values_list("rating_after", flat=True)) == rows
