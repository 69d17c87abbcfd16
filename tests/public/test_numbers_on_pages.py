"""The figures of the rating pages, written as each language writes them with the places
the domain gives them (issue #28: "350.0", "K = 20.0", "1221,0" and an FRBE change
"−18,0" were on the pages): ratings whole, an FRBE change whole, a club rating's change
with the decimal the club keeps, expected scores to two places, a game's half point "½".

The figures are an FRBE period's calculation done by hand, with the FIDE expectation
table the FRBE uses (differences 84-91: 0.62, 138-145: 0.69, 62-68: 0.59):
Anne, 1239, scores 1 from 3 against 1151 (0, We 0.62), 1100 (½, We 0.69) and 1174
(½, We 0.59): K = 20, 20 × (1 − 1.90) = −18, so 1221; game by game −12.4, −3.8, −1.8.
Her club rating (logistic, K = 20, one decimal kept): 1523.4, a loss to 1600.0,
We = 1 / (1 + 10^(76.6 / 400)) = 0.3915, 20 × −0.3915 = −7.83, so 1515.6 (−7.8).
"""

import re
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import Any, NamedTuple

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Event, Game, Member, Player, Result, Round
from ratings.models import Rating, RatingBatch, RatingChange, RatingSystem
from ratings.services.summary import summarize
from tests.club.factories import MemberFactory, PlayerFactory

pytestmark = pytest.mark.django_db

DAY = date(2026, 10, 2)  # in the FRBE period 1 October - 31 December 2026
MINUS = "\N{MINUS SIGN}"


def _game(opponent: Player, rating: float, score: float, expected: float, k: float) -> dict:
    return {
        "opponent": opponent.pk,
        "opponent_rating": rating,
        "score": score,
        "expected": expected,
        "change": k * (score - expected),
        "counted": True,
        "note": None,
    }


def _event(kind: str, control: str, title: str, day: date, anne: Player, others: list) -> Event:
    start = datetime(day.year, day.month, day.day, 18, tzinfo=UTC)
    event = Event.objects.create(
        kind=kind,
        title=title,
        start=start,
        end=start + timedelta(hours=4),
        time_control=control,
        status=Event.Status.CLOSED,
    )
    results = {0: Result.BLACK_WINS, 0.5: Result.DRAW}
    for number, (opponent, score) in enumerate(others, 1):
        round_ = Round.objects.create(event=event, number=number)
        Game.objects.create(
            round=round_, board=1, white=anne, black=opponent, result=results[score]
        )
    return event


def _change(batch: RatingBatch, player: Player, **values: Any) -> RatingChange:
    return RatingChange.objects.create(batch=batch, player=player, status="rated", **values)


@pytest.fixture
def anne() -> dict[str, Any]:
    """Anne's FRBE period and club evening, as the replay stores them."""
    frbe = RatingSystem.objects.get(engine="frbe")
    club = RatingSystem.objects.get(engine="club")
    member = MemberFactory(player=PlayerFactory(first_name="Anne", last_name="Lambotte"))
    player = member.player
    o1151, o1100, o1174, o1600 = (
        PlayerFactory(first_name=f"Opp{n}", last_name=f"Onent{n}") for n in range(4)
    )
    event = _event(
        Event.Kind.OPEN,
        Event.TimeControl.STANDARD,
        "Open d'automne",
        DAY,
        player,
        [(o1151, 0), (o1100, 0.5), (o1174, 0.5)],
    )
    period = RatingBatch.objects.create(
        system=frbe,
        kind=RatingBatch.Kind.PERIOD,
        day=date(2026, 12, 31),
        period_start=date(2026, 10, 1),
        period_end=date(2026, 12, 31),
        label="Elo FRBE-KBSB 2026-10-01 – 2026-12-31",
    )
    games = [
        _game(o1151, 1151, 0.0, 0.62, 20.0),
        _game(o1100, 1100, 0.5, 0.69, 20.0),
        _game(o1174, 1174, 0.5, 0.59, 20.0),
    ]
    frbe_change = _change(
        period,
        player,
        rating_before=1239.0,
        rating_after=1221.0,
        rating_exact=1221.0,
        games=3,
        score=Decimal("1.0"),
        expected=1.9,
        k=20.0,
        breakdown={
            "games": games,
            "notes": [{"template": "K = {k}: fixed", "params": {"k": 20.0}}],
        },
    )
    club_batch = RatingBatch.objects.create(
        system=club, kind=RatingBatch.Kind.EVENT, day=DAY, event=event, label=event.title
    )
    _change(
        club_batch,
        player,
        rating_before=1523.4,
        rating_after=1515.6,
        rating_exact=1515.57,
        games=1,
        score=Decimal("0.0"),
        expected=0.3915,
        k=20.0,
        breakdown={
            "games": [_game(o1600, 1600.0, 0.0, 0.3915, 20.0)],
            "notes": [{"template": "difference capped at {cap}", "params": {"cap": 350.0}}],
        },
    )
    for system, rating, batch in ((frbe, 1221.0, period), (club, 1515.6, club_batch)):
        Rating.objects.create(
            system=system, player=player, rating=rating, games=3, status="rated", last_batch=batch
        )
        summarize(system, [player.pk])  # the member's summary, as the replay writes it
    return {"member": member, "event": event, "frbe": frbe_change, "club": club, "o1600": o1600}


def _text(client: Client, language: str, name: str, *args: int) -> str:
    with translation.override(language):
        address = reverse(name, args=args)
    response = client.get(address)
    assert response.status_code == 200, address
    # what the page writes, not the chart's data (JSON numbers, for the script)
    html = re.sub(r"<script.*?</script>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _cells(client: Client, language: str, name: str, *args: int) -> list[list[str]]:
    with translation.override(language):
        address = reverse(name, args=args)
    html = client.get(address).content.decode()
    return [
        [
            re.sub(r"<[^>]+>|\s+", " ", cell).strip()
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
    ]


class Written(NamedTuple):
    """A page's figures as its language writes them."""

    language: str
    frbe: str  # the FRBE change
    club: str  # the club Elo's change
    expected: str  # an expected score
    total: str  # a total with a half point


@pytest.fixture(
    params=[
        Written("fr", f"{MINUS}18", f"{MINUS}7,8", "0,62", "1,90"),
        Written("en", f"{MINUS}18", f"{MINUS}7.8", "0.62", "1.90"),
    ],
    ids=["fr", "en"],
)
def written(request: pytest.FixtureRequest) -> Written:
    return request.param


def test_the_member_page_writes_ratings_whole_and_each_systems_change(
    client: Client,
    anne: dict[str, Any],
    written: Written,
) -> None:
    language, frbe, club = written.language, written.frbe, written.club
    member: Member = anne["member"]
    rows = _cells(client, language, "member", member.pk)
    # the history: day, system, event, before, after, change, score, performance, button
    frbe_row = next(row for row in rows if len(row) > 6 and row[1] == "Elo FRBE-KBSB")
    club_row = next(row for row in rows if len(row) > 6 and row[1] == "Elo du club")
    assert frbe_row[3:7] == ["1239", "1221", frbe, "1/3"]
    assert club_row[3:7] == ["1523", "1516", club, "0/1"]
    text = _text(client, language, "member", member.pk)
    assert "1221,0" not in text and "1221.0" not in text and f"{frbe},0" not in text


def test_the_calculation_writes_k_whole_expected_scores_to_two_places_and_a_half_point(
    client: Client,
    anne: dict[str, Any],
    written: Written,
) -> None:
    language, frbe, expected, total = (
        written.language,
        written.frbe,
        written.expected,
        written.total,
    )
    member: Member = anne["member"]
    rows = _cells(client, language, "member_calculation", member.pk, anne["frbe"].batch_id)
    decimal = "," if language == "fr" else "."
    # opponent, their rating, result, expected, change, note
    assert [row[1:5] for row in rows[1:4]] == [
        ["1151", "0", expected, f"{MINUS}12{decimal}4"],
        ["1100", "½", f"0{decimal}69", f"{MINUS}3{decimal}8"],
        ["1174", "½", f"0{decimal}59", f"{MINUS}1{decimal}8"],
    ]
    assert rows[4][2:6] == ["1", total, frbe, "K = 20"]
    text = _text(client, language, "member_calculation", member.pk, anne["frbe"].batch_id)
    assert "K = 20" in text and "20,0" not in text and "20.0" not in text


@pytest.mark.parametrize(
    ("language", "cap"),
    [("fr", "différence ramenée à 350"), ("en", "difference capped at 350")],
    ids=["fr", "en"],
)
def test_a_notes_whole_number_is_written_without_decimals(
    client: Client, anne: dict[str, Any], language: str, cap: str
) -> None:
    member: Member = anne["member"]
    change = RatingChange.objects.get(batch__system=anne["club"], player=member.player)
    text = _text(client, language, "member_calculation", member.pk, change.batch_id)
    assert cap in text and "350,0" not in text and "350.0" not in text


def test_the_event_page_writes_each_systems_ratings_and_change(
    client: Client,
    anne: dict[str, Any],
    written: Written,
) -> None:
    language, frbe, club = written.language, written.frbe, written.club
    event: Event = anne["event"]
    rows = _cells(client, language, "event", event.pk)
    changes = [row for row in rows if row and row[0] == "Anne Lambotte" and len(row) == 4]
    assert sorted(changes) == sorted(
        [["Anne Lambotte", "1523", "1516", club], ["Anne Lambotte", "1239", "1221", frbe]]
    )


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_ranking_writes_a_club_rating_whole(
    client: Client, anne: dict[str, Any], language: str
) -> None:
    rows = _cells(client, language, "ranking", anne["club"].pk)
    assert any("Anne" in " ".join(row) and "1516" in row for row in rows), rows
    assert "1515,6" not in str(rows) and "1515.6" not in str(rows)


def test_a_club_elo_only_evening_shows_no_frbe_block(client: Client, anne: dict[str, Any]) -> None:
    """A blitz evening in the FRBE period: the FRBE (standard games only) does not rate
    it, so its page shows the club Elo's change alone, not the FRBE period's change from
    the open, which read as if the evening had changed Anne's FRBE rating."""
    member: Member = anne["member"]
    blitz = _event(
        Event.Kind.BLITZ,
        Event.TimeControl.BLITZ,
        "Blitz du mois",
        date(2026, 11, 6),
        member.player,
        [(anne["o1600"], 0.5)],
    )
    frbe = RatingSystem.objects.get(engine="frbe")
    assert not frbe.rates(blitz) and anne["club"].rates(blitz)
    batch = RatingBatch.objects.create(
        system=anne["club"],
        kind=RatingBatch.Kind.EVENT,
        day=date(2026, 11, 6),
        event=blitz,
        label=blitz.title,
    )
    # a draw with 1600.0 from 1515.6: We = 1 / (1 + 10^(84.4 / 400)) = 0.3808, +2.4
    _change(
        batch,
        member.player,
        rating_before=1515.6,
        rating_after=1518.0,
        games=1,
        score=Decimal("0.5"),
        expected=0.3808,
        k=20.0,
        breakdown={},
    )
    page = _text(client, "fr", "event", blitz.pk)
    section = page[page.index("Variations") :]
    assert "Elo du club" in section and "+2,4" in section
    assert "Elo FRBE-KBSB" not in section and f"{MINUS}18" not in section
    # the open, a standard event, is rated by both
    open_page = _text(client, "fr", "event", anne["event"].pk)
    assert "Elo FRBE-KBSB" in open_page and "Elo du club" in open_page
