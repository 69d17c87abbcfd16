"""An event's own rules: its scoring (3-1-0 and others) carried into the standings, the
direct encounter and the TRF export (XXS and bbpPairings' BB* records); the rating the
rating-based tie-breaks read; the limits on requested byes."""

import re
import subprocess
from datetime import UTC, date, datetime
from decimal import Decimal
from pathlib import Path

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from club.exceptions import DeskError
from club.models import Bye, Event, Game, Participant, Player, Result
from desk.files.trf_export import export_event
from desk.services import checkin as checkin_services
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from desk.standings import event_standings
from ratings.models import RatingBatch, RatingChange, RatingSystem
from tests.club.factories import EventFactory, PlayerFactory
from tests.desk.bbp_checks import BBP
from tests.desk.test_one_standings import swiss  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures/scoring"


def _three_one_zero(event: Event) -> None:
    Event.objects.filter(pk=event.pk).update(
        points_win=3, points_draw=1, points_loss=0, points_forfeit_win=3
    )
    event.refresh_from_db()


def test_it_scores_three_one_zero_in_the_standings(swiss: Event) -> None:  # noqa: F811
    """The five-player Swiss of test_one_standings scored 3-1-0, by hand: Alice win, win,
    draw = 7; David draw, allocated bye (a win), win = 7; Bruno loss, forfeit win, half-
    point bye (a draw) = 4; Emma allocated bye = 3; Chloé draw, forfeit loss, draw = 2.
    Emma (3) now passes Chloé (2), level on 1 point under 1-1/2-0. (No tie-break: Alice
    and David share first place, in pairing order.)"""
    _three_one_zero(swiss)
    Event.objects.filter(pk=swiss.pk).update(tiebreaks="")
    swiss.refresh_from_db()
    lines = event_standings(swiss).lines
    assert [(line.player.first_name, line.points, line.rank) for line in lines] == [
        ("Alice", 7, 1),
        ("David", 7, 1),
        ("Bruno", 4, 3),
        ("Emma", 3, 4),
        ("Chloé", 2, 5),
    ]


def test_it_writes_the_scoring_in_the_trf_and_bbppairings_accepts_it(
    swiss: Event,  # noqa: F811
) -> None:
    """The export of the 3-1-0 event carries XXS and bbpPairings' BBW/BBD records and the
    3-1-0 totals. bbpPairings recomputes every player's score from the results and the
    records and refuses a file where they disagree; its checker read the file kept in
    tests/fixtures/scoring/three_one_zero.trf (written by this export) without a score error
    (its verdict, three_one_zero.bbp.txt, reports only the rounds it would have paired
    otherwise: the event was paired by hand)."""
    _three_one_zero(swiss)
    text = export_event(swiss)
    lines = text.split("\r\n")
    assert "XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 FW=3.0 FL=0.0" in text
    assert "BBW  3.0" in lines and "BBD  1.0" in lines and "BBU  3.0" in lines
    points = {line[14:47].strip(): line[80:84].strip() for line in lines if line[:3] == "001"}
    assert points == {
        "Test, Alice": "7.0",
        "Test, David": "7.0",
        "Test, Bruno": "4.0",
        "Test, Emma": "3.0",
        "Test, Chloé": "2.0",
    }
    kept = (FIXTURES / "three_one_zero.trf").read_text(encoding="utf-8")
    assert _without_dates(text) == _without_dates(kept)
    verdict = (FIXTURES / "three_one_zero.bbp.txt").read_text()
    assert "Round #3" in verdict and "score" not in verdict.lower()
    refused = (FIXTURES / "three_one_zero_without_bb.bbp.txt").read_text()
    assert "score for player 1 does not match the game results" in refused
    if BBP.exists():  # the reference tool, where this machine has it
        run = subprocess.run(
            [str(BBP), "--dutch", str(FIXTURES / "three_one_zero.trf"), "-c"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert (run.stdout + run.stderr).strip() == verdict.strip()


def _without_dates(text: str) -> str:
    """The file without the lines that depend on the day and the factory's numbering."""
    return "\n".join(
        line
        for line in text.replace("\r\n", "\n").split("\n")
        if line[:3] not in ("012", "042", "052", "132")
    )


def test_a_standard_event_writes_no_scoring_record(swiss: Event) -> None:  # noqa: F811
    text = export_event(swiss)
    assert "XXS" not in text and "BBW" not in text


def test_the_database_refuses_a_draw_worth_more_than_a_win() -> None:
    event = EventFactory()
    with transaction.atomic(), pytest.raises(IntegrityError):
        Event.objects.filter(pk=event.pk).update(points_win=1, points_draw=2)


def _rated_event(rating: str) -> tuple[Event, dict[str, Player]]:
    """A three-player round robin on 1 March 2026, tie-break ARO: A beats B and C, B
    beats C. FIDE ratings on the players' records (last known): A 2000, B 1800, C 1600."""
    event = EventFactory(
        system=Event.System.ROUND_ROBIN,
        tiebreaks="aro",
        tiebreak_rating=rating,
        start=datetime(2026, 3, 1, 18, tzinfo=UTC),
        end=datetime(2026, 3, 1, 23, tzinfo=UTC),
    )
    people = {
        name: PlayerFactory(first_name=name, fide_rating=fide, national_rating=None)
        for name, fide in (("A", 2000), ("B", 1800), ("C", 1600))
    }
    for number, player in enumerate(people.values(), 1):
        Participant.objects.create(event=event, player=player, number=number)
    for n, (white, black) in enumerate((("A", "B"), ("A", "C"), ("B", "C")), 1):
        Game.objects.create(
            round=event.rounds.create(number=n),
            board=1,
            white=people[white],
            black=people[black],
            result=Result.WHITE_WINS,
        )
    return event, people


def test_it_averages_the_opponents_fide_ratings() -> None:
    """ARO (C.07 10.1): A met B and C, (1800 + 1600) / 2 = 1700; B met A and C, 1800;
    C, 1900. (Before, the opponents' ratings reached the library as 0: ARO 0 for all.)"""
    event, _people = _rated_event(Event.TiebreakRating.FIDE)
    aro = {line.player.first_name: line.values[0] for line in event_standings(event).lines}
    assert aro == {"A": 1700, "B": 1800, "C": 1900}


def test_it_reads_the_national_list_of_before_the_event() -> None:
    """National rating chosen: each player's line on the last official national list
    before 1 March 2026 (A 1950, B 1750 on 1 February; the 1 April list, after the start,
    is not read); C is on no list and has no national rating: unrated, left out of the
    averages (C.07 10). A: B's 1750 alone; B: A's 1950; C: (1950 + 1750) / 2 = 1850."""
    event, people = _rated_event(Event.TiebreakRating.NATIONAL)
    system = RatingSystem.objects.create(name="National", engine="frbe", role="national")
    for day, values in ((date(2026, 2, 1), (1950, 1750)), (date(2026, 4, 1), (2400, 2400))):
        batch = RatingBatch.objects.create(system=system, kind="official", day=day, label="list")
        for name, value in zip("AB", values, strict=True):
            RatingChange.objects.create(
                batch=batch, player=people[name], rating_after=value, status="rated"
            )
    aro = {line.player.first_name: line.values[0] for line in event_standings(event).lines}
    assert aro == {"A": 1750, "B": 1950, "C": 1850}


def _checkin_event(**rules: object) -> tuple[Event, list[Participant]]:
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5, **rules)
    participants = [
        Participant.objects.create(event=event, player=PlayerFactory(), number=n) for n in (1, 2)
    ]
    return event, participants


def test_it_refuses_a_half_point_bye_beyond_the_events_limit(english: None) -> None:
    event, (first, second) = _checkin_event(max_half_byes=1)
    checkin_services.record(event.pk, 1, {first.pk: Bye.Kind.HALF_POINT}, None)
    with pytest.raises(DeskError, match="has had 1 half-point byes: the event allows 1"):
        checkin_services.record(
            event.pk, 2, {first.pk: Bye.Kind.HALF_POINT, second.pk: Bye.Kind.HALF_POINT}, None
        )
    assert not Bye.objects.filter(round__number=2).exists()  # nothing written
    # recording round 1 again does not count its own bye twice; a zero-point bye is free
    checkin_services.record(event.pk, 1, {first.pk: Bye.Kind.HALF_POINT}, None)
    checkin_services.record(event.pk, 2, {first.pk: Bye.Kind.ZERO_POINT}, None)


def test_it_refuses_a_half_point_bye_in_the_last_rounds(english: None) -> None:
    event, (first, _second) = _checkin_event(no_bye_last_rounds=2)
    checkin_services.record(event.pk, 3, {first.pk: Bye.Kind.HALF_POINT}, None)
    with pytest.raises(DeskError, match="in the last 2 rounds \\(from round 4\\)"):
        checkin_services.record(event.pk, 4, {first.pk: Bye.Kind.HALF_POINT}, None)


def test_the_form_sets_the_scoring_and_refuses_a_draw_above_a_win(
    secretary_client: Client, english: None
) -> None:
    from tests.desk.test_events import NEW_EVENT

    response = secretary_client.post(
        reverse("desk:event_new"),
        {**NEW_EVENT, "points_win": "1", "points_draw": "2", "points_loss": "0",
         "points_forfeit_win": "1", "tiebreak_rating": "fide", "no_bye_last_rounds": "0"},
    )  # fmt: skip
    assert response.status_code == 200
    assert "A win scores more than a draw" in response.content.decode()
    assert not Event.objects.exists()
    secretary_client.post(
        reverse("desk:event_new"),
        {**NEW_EVENT, "points_win": "3", "points_draw": "1", "points_loss": "0",
         "points_forfeit_win": "3", "tiebreak_rating": "national", "max_half_byes": "2",
         "no_bye_last_rounds": "1"},
    )  # fmt: skip
    event = Event.objects.get()
    assert (event.points_win, event.points_draw, event.max_half_byes) == (3, 1, 2)
    assert event.scoring.win == Decimal(3) and not event.scoring.standard


def _three_one_zero_swiss() -> Event:
    """Ten players (ratings 2300 down by 50), five Swiss rounds paired at the desk, 3-1-0;
    each round the boards end 1-0, ½-½, 0-1, ½-½, 1-0 in board order, so that two draws
    (2 points) and a win and a loss (3) part, which 1-1/2-0 would have kept together."""
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5, tiebreaks="")
    _three_one_zero(event)
    for n in range(10):
        player = PlayerFactory(
            first_name=f"P{n + 1}",
            last_name="Swiss",
            national_rating=2300 - 50 * n,
            fide_rating=None,
        )
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2300 - 50 * n)
    for _number in range(5):
        round_ = pairing_services.pair_next_round(event.pk, None)
        for game in round_.games.order_by("board"):
            save_result(game.pk, "1=0="[(game.board - 1) % 4], game.version, None)
    return event


def test_it_pairs_by_the_events_points_as_bbppairings_does() -> None:
    """The score groups of a 3-1-0 Swiss are made of the event's points. bbpPairings'
    checker, reading the site's export (its BB* records give the points), re-pairs every
    round from the file's history and reports the rounds whose pairings differ from its
    own: for this event, none (its verdict, kept in three_one_zero_swiss.bbp.txt, lists
    the five rounds and no pairing). Paired on 1-1/2-0 scores, as the desk did before,
    rounds 3, 4 and 5 differ from it (three_one_zero_swiss_by_game_points.bbp.txt)."""
    event = _three_one_zero_swiss()
    text = export_event(event)
    kept = (FIXTURES / "three_one_zero_swiss.trf").read_text(encoding="utf-8")
    assert _without_dates(text) == _without_dates(kept)
    verdict = (FIXTURES / "three_one_zero_swiss.bbp.txt").read_text()
    assert "Round #5" in verdict and "Checker pairings" not in verdict
    before = (FIXTURES / "three_one_zero_swiss_by_game_points.bbp.txt").read_text()
    assert before.count("Checker pairings") == 3


def test_the_form_offers_every_tiebreak_in_words_in_c07_order_with_presets(
    secretary_client: Client, english: None
) -> None:
    """The selects list the 24 tie-breaks of C.07 (2024) tiebreak-core computes, from the
    direct encounter (Article 6) to the average perfect performance of opponents (10.5);
    a new round robin (club championship) starts from the round-robin preset, an
    interclub match from the team one."""
    page = secretary_client.get(reverse("desk:event_new") + "?kind=championship")
    html = page.content.decode()
    first = html.split('name="tiebreaks_0"', 1)[1].split("</select>", 1)[0]
    labels = re.findall(r'<option value="(\w+)"[^>]*>([^<]+)</option>', first)
    assert len(labels) == 24
    assert labels[0] == ("direct_encounter", "Direct encounter")
    assert labels[1:3] == [
        ("win", "Number of wins, byes and forfeits included"),
        ("wins", "Number of games won"),
    ]
    assert labels[-1] == ("appo", "Average perfect performance of opponents")
    assert page.context["form"]["tiebreaks"].value() == "direct_encounter,win,sonneborn_berger,koya"
    form = secretary_client.get(reverse("desk:event_new") + "?kind=interclub").context["form"]
    assert form["tiebreaks"].value() == "direct_encounter,sonneborn_berger"
    # the form says the tie-breaks come pre-filled, and from where (issue #40: applied by
    # default without a word)
    assert "Filled in with the usual ones for this kind of event" in html
    assert "check them against the event&#x27;s regulations" in html
