"""Two records of one player made one: the page that finds them, what the merge moves and
refuses, and the ratings replayed as one player's history.

The reference is the same history entered on one record from the start: after the merge,
the kept record's rating changes are those of a club where the duplicate never existed."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.exceptions import DeskError
from club.models import ChangeLog, Event, Game, Member, Participant, Player, Result
from desk.services import lifecycle, pairing, registration
from desk.services.merge import likely_duplicates, merge_players, plan_merge
from ratings.models import OfficialRating, RatingChange, RatingSummary, RatingSystem
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory
from tests.task_worker import replayed

pytestmark = pytest.mark.django_db

OCTOBER = datetime(2026, 10, 2, 18, 0, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 6, 18, 0, tzinfo=UTC)


def _round_robin(players: list[Player], secretary: User, start: datetime) -> Event:
    """A closed round robin of ``players``, every game won by White."""
    event = cast(
        Event,
        EventFactory(system=Event.System.ROUND_ROBIN, kind=Event.Kind.CHAMPIONSHIP, start=start),
    )
    for player in players:
        registration.register(event.pk, player.pk, secretary)
    pairing.pair_round_robin(event.pk, secretary)
    Game.objects.filter(round__event=event).update(result=Result.WHITE_WINS)
    with replayed():
        lifecycle.close_event(event.pk, secretary)
    return event


def _history(player: Player) -> list[tuple[str, date, int, float | None]]:
    """(system, day, games, rating after) of each of the player's rating changes."""
    return sorted(
        (c.batch.system.name, c.batch.day, c.games, c.rating_after)
        for c in RatingChange.objects.filter(player=player).select_related("batch__system")
    )


@pytest.fixture
def didier(db: None) -> Member:
    """The member, known by his FIDE ID."""
    return cast(
        Member,
        MemberFactory(
            player__first_name="Didier", player__last_name="Marchal",
            player__fide_id=208_712, player__national_rating=1902,
        ),
    )  # fmt: skip


@pytest.fixture
def others(db: None) -> list[Player]:
    return [cast(Player, PlayerFactory(national_rating=1800 - 50 * n)) for n in range(3)]


def test_the_merged_history_is_the_history_of_one_record(
    didier: Member, others: list[Player], secretary: User
) -> None:
    """October on the member's record; November on a second record typed by a line-up
    ("Marchal / Didier / 1902", with a national ID). Merged, his ratings are those of the
    same two events played on one record from the start."""
    typed = Player.objects.create(
        first_name="DIDIER", last_name="Marchal", national_id="12345", federation="BEL",
        national_id_federation="BEL", national_rating=1902, club_name="Wavre",
    )  # fmt: skip
    _round_robin([didier.player, *others], secretary, OCTOBER)
    november = _round_robin([typed, *others], secretary, NOVEMBER)
    with replayed():
        plan = merge_players(didier.player.pk, typed.pk, secretary)
    assert plan.moves == {"participant": 1, "game": 3}
    assert plan.completed == ["national_id", "national_id_federation", "federation", "club_name"]
    assert not Player.objects.filter(pk=typed.pk).exists()
    kept = Player.objects.get(pk=didier.player.pk)
    assert (kept.fide_id, kept.national_id, kept.national_id_federation, kept.federation) == (
        208_712, "12345", "BEL", "BEL",
    )  # fmt: skip
    assert Participant.objects.filter(player=kept).count() == 2
    assert (
        Game.objects.filter(round__event=november, white=kept).count()
        + Game.objects.filter(round__event=november, black=kept).count()
        == 3
    )
    merged = _history(kept)
    log = ChangeLog.objects.get(action="merge_players")
    assert log.details["merged"] == "DIDIER Marchal"
    assert log.details["moved"] == {"participant": 1, "game": 3}

    # the reference: the same two events played on one record from the start
    for model in (Game, Participant):
        model.objects.all().delete()
    Event.objects.all().delete()
    RatingChange.objects.all().delete()
    _round_robin([kept, *others], secretary, OCTOBER)
    _round_robin([kept, *others], secretary, NOVEMBER)
    assert merged == _history(kept)
    # both events' six games count, in every system that rates them
    systems = {name for name, _day, _games, _rating in merged}
    assert systems and all(
        sum(games for name, _day, games, _rating in merged if name == system) == 6
        for system in systems
    )


def test_it_refuses_what_cannot_be_one_persons_and_changes_nothing(
    didier: Member, others: list[Player], secretary: User, english: None
) -> None:
    other_member = cast(
        Member,
        MemberFactory(
            player__first_name="Didier", player__last_name="Marchal", player__fide_id=208_713
        ),
    )
    event = _round_robin([didier.player, other_member.player, *others], secretary, OCTOBER)
    plan = plan_merge(didier.player, other_member.player)
    text = " ".join(plan.refusals)
    assert "Two different values for the FIDE ID: 208712 and 208713." in text
    assert "The two records played each other" in text
    assert "Both records are in the same participants (1)" in text  # one event, twice
    assert "Both records are in the same games (" in text  # rounds both play in
    assert "Both records are in the same members (1)" in text  # two memberships
    games = Game.objects.filter(round__event=event).count()
    with pytest.raises(DeskError) as refused:
        merge_players(didier.player.pk, other_member.player.pk, secretary)
    assert "Two different values for the FIDE ID" in str(refused.value)
    assert Player.objects.filter(pk=other_member.player.pk).exists()
    assert Game.objects.filter(round__event=event).count() == games
    assert Game.objects.filter(white=other_member.player).exists()
    assert not ChangeLog.objects.filter(action="merge_players").exists()


def test_a_list_rating_of_both_records_keeps_the_kept_records(
    didier: Member, secretary: User
) -> None:
    typed = Player.objects.create(first_name="Didier", last_name="MARCHAL")
    system = RatingSystem.objects.get(engine="fide")
    day = datetime(2026, 11, 1, tzinfo=UTC).date()
    OfficialRating.objects.create(system=system, player=didier.player, list_date=day, rating=1848)
    OfficialRating.objects.create(system=system, player=typed, list_date=day, rating=1700)
    older = day.replace(month=10)
    OfficialRating.objects.create(system=system, player=typed, list_date=older, rating=1840)
    with replayed():
        merge_players(didier.player.pk, typed.pk, secretary)
    kept = OfficialRating.objects.filter(player=didier.player).order_by("list_date")
    assert [(r.list_date, r.rating) for r in kept] == [(older, 1840), (day, 1848)]
    # the kept record's summary shows the newest at once (the system is not replayed)
    summary = RatingSummary.objects.filter(system=system).values_list(
        "player_id", "listed_rating", "listed_day"
    )
    assert list(summary) == [(didier.player.pk, 1848, day)]


def test_the_desk_lists_namesakes_and_merges_after_showing_what_moves(
    secretary_client: Client, didier: Member, secretary: User, english: None
) -> None:
    typed = Player.objects.create(first_name="Didier", last_name="Marchal ", club_name="Wavre")
    PlayerFactory(first_name="Anne", last_name="Marchal")  # a namesake of another name
    assert [[p.pk for p in g.players] for g in likely_duplicates()] == [
        [didier.player.pk, typed.pk]
    ]
    page = secretary_client.get(reverse("desk:duplicates")).content.decode()
    url = reverse("desk:merge_players", args=[didier.player.pk, typed.pk])
    assert url in page and "Anne" not in page
    shown = secretary_client.get(url).content.decode()
    assert "Merge the two records" in shown and "what its own record lacks: club" in shown
    assert reverse("desk:merge_players", args=[typed.pk, didier.player.pk]) in shown
    with replayed():
        response = secretary_client.post(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("desk:duplicates")
    assert "is now one record" in response.content.decode()
    assert Player.objects.get(pk=didier.player.pk).club_name == "Wavre"
    # a refusal is said on the page it came from, nothing merged
    other = cast(Member, MemberFactory(player__first_name="Didier", player__last_name="Marchal"))
    refused = secretary_client.post(
        reverse("desk:merge_players", args=[didier.player.pk, other.player.pk]), follow=True
    )
    assert "Both records are in the same members (1)" in refused.content.decode()
    assert Player.objects.filter(pk=other.player.pk).exists()


def test_only_secretaries_merge(client: Client, member_user: User, didier: Member) -> None:
    typed = Player.objects.create(first_name="Didier", last_name="Marchal")
    client.force_login(member_user)
    url = reverse("desk:merge_players", args=[didier.player.pk, typed.pk])
    assert client.post(url).status_code == 403
    assert Player.objects.filter(pk=typed.pk).exists()


def test_the_same_number_from_two_federations_is_two_national_ids(english: None) -> None:
    """28436 is Benjamin Decrop's Belgian matricule; a French licence of the same number
    is another ID: the two records are not merged."""
    kept = PlayerFactory(first_name="Jean", last_name="Autre", national_id="28436",
                         national_id_federation="BEL")  # fmt: skip
    other = PlayerFactory(first_name="Jean", last_name="Autre", national_id="28436",
                          national_id_federation="FRA")  # fmt: skip
    assert plan_merge(kept, other).refusals == [
        "Two different values for the national ID: BEL 28436 and FRA 28436."
    ]
