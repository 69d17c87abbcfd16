"""Registration: members found as you type, outside players in one form, pairing numbers
by rating, late entries and withdrawals, the participant list sorted by rating."""

import re
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from club.models import ChangeLog, Event, Member, Participant, Player
from desk.services import registration
from tests.club.factories import MemberFactory, PlayerFactory

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db

OUTSIDER = {
    "first_name": "Jan",
    "last_name": "Peeters",
    "fide_id": "212345",
    "national_id": "",
    "federation": "bel",
    "rating": "1876",
    "team": "",
}


def _search(
    client: Client, event: Event, q: str, htmx: bool = True
) -> "_MonkeyPatchedWSGIResponse":
    headers = {"HX-Request": "true"} if htmx else {}
    return client.get(reverse("desk:member_search", args=[event.pk]), {"q": q}, headers=headers)


def test_members_are_found_as_you_type(secretary_client: Client, round_robin_event: Event) -> None:
    MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    MemberFactory(player__first_name="Paul", player__last_name="Warnant")
    MemberFactory(
        player__first_name="Lou", player__last_name="Warnotte", status=Member.Status.LAPSED
    )
    response = _search(secretary_client, round_robin_event, "warn")
    html = response.content.decode()
    assert "Zoé Warnier" in html and "Paul Warnant" in html
    assert "Lou Warnotte" not in html  # no longer a member
    assert "<html" not in html  # only the results, for htmx
    assert html.count('type="submit"') == 2  # one button per member


def test_several_words_narrow_the_search(
    secretary_client: Client, round_robin_event: Event
) -> None:
    MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    MemberFactory(player__first_name="Paul", player__last_name="Warnier")
    html = _search(secretary_client, round_robin_event, "warn pa").content.decode()
    assert "Paul Warnier" in html and "Zoé Warnier" not in html


def test_the_search_works_without_javascript(
    secretary_client: Client, round_robin_event: Event
) -> None:
    MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    response = _search(secretary_client, round_robin_event, "warn", htmx=False)
    html = response.content.decode()
    assert "<html" in html and "Zoé Warnier" in html and 'id="member-q"' in html


def test_registered_members_are_not_offered_again(
    secretary_client: Client, round_robin_event: Event, secretary: User
) -> None:
    member = MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    registration.register(round_robin_event.pk, member.player.pk, secretary)
    assert "Warnier" not in _search(secretary_client, round_robin_event, "warn").content.decode()


def test_a_member_is_registered_with_their_rating(
    secretary_client: Client, round_robin_event: Event, secretary: User
) -> None:
    member = MemberFactory(player__national_rating=1733)
    secretary_client.post(
        reverse("desk:register", args=[round_robin_event.pk]), {"member": member.pk}
    )
    entry = round_robin_event.participants.get()
    assert (entry.player, entry.rating, entry.joined_round) == (member.player, 1733, 1)
    log = ChangeLog.objects.get(action="register")
    assert (log.user, log.event, log.details["player"]) == (
        secretary,
        round_robin_event,
        member.player.pk,
    )


def test_registering_twice_says_so(
    secretary_client: Client, round_robin_event: Event, english: None
) -> None:
    member = MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    url = reverse("desk:register", args=[round_robin_event.pk])
    secretary_client.post(url, {"member": member.pk})
    response = secretary_client.post(url, {"member": member.pk}, follow=True)
    assert "Zoé Warnier is already registered." in response.content.decode()
    assert round_robin_event.participants.count() == 1


def test_an_outside_player_is_added_in_one_form(
    secretary_client: Client, round_robin_event: Event, secretary: User
) -> None:
    response = secretary_client.post(
        reverse("desk:outsider", args=[round_robin_event.pk]), {**OUTSIDER, "team": "Namur"}
    )
    assert response.status_code == 302
    entry = round_robin_event.participants.select_related("player").get()
    player = entry.player
    assert (player.name, player.fide_id, player.federation) == ("Jan Peeters", 212345, "BEL")
    assert (entry.rating, entry.team, player.club_name) == (1876, "Namur", "Namur")
    assert not Member.objects.filter(player=player).exists()
    actions = set(ChangeLog.objects.filter(user=secretary).values_list("action", flat=True))
    assert actions == {"create_player", "register"}


def test_an_outside_player_already_known_by_fide_id_is_reused(
    secretary_client: Client, round_robin_event: Event
) -> None:
    known = PlayerFactory(first_name="Jan", last_name="Peeters", fide_id=212345)
    secretary_client.post(reverse("desk:outsider", args=[round_robin_event.pk]), OUTSIDER)
    assert round_robin_event.participants.get().player == known
    assert Player.objects.count() == 1


def test_an_outside_player_known_by_name_only_gets_the_fide_id_typed(
    secretary_client: Client, round_robin_event: Event
) -> None:
    """Issue #24: one record per player. A player entered before without IDs (an
    interclub line-up) is the one registered, not a second Jan Peeters."""
    known = PlayerFactory(first_name="Jan", last_name="PEETERS", fide_id=None)
    secretary_client.post(reverse("desk:outsider", args=[round_robin_event.pk]), OUTSIDER)
    assert round_robin_event.participants.get().player == known
    known.refresh_from_db()
    assert (known.fide_id, Player.objects.count()) == (212345, 1)


def test_a_known_player_of_the_same_name_with_another_fide_id_is_someone_else(
    secretary_client: Client, round_robin_event: Event
) -> None:
    PlayerFactory(first_name="Jan", last_name="Peeters", fide_id=299999)
    secretary_client.post(reverse("desk:outsider", args=[round_robin_event.pk]), OUTSIDER)
    assert round_robin_event.participants.get().player.fide_id == 212345
    assert Player.objects.count() == 2


def test_a_fide_id_of_someone_else_is_refused(
    secretary_client: Client, round_robin_event: Event, english: None
) -> None:
    PlayerFactory(first_name="Anna", last_name="Dewit", fide_id=212345)
    response = secretary_client.post(
        reverse("desk:outsider", args=[round_robin_event.pk]), OUTSIDER
    )
    assert response.status_code == 400
    assert "FIDE ID 212345 belongs to Anna Dewit: check the number." in response.content.decode()
    assert not round_robin_event.participants.exists()
    assert Player.objects.count() == 1


def test_a_bad_federation_is_named_and_nothing_is_saved(
    secretary_client: Client, round_robin_event: Event, english: None
) -> None:
    response = secretary_client.post(
        reverse("desk:outsider", args=[round_robin_event.pk]), {**OUTSIDER, "federation": "B1"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Three letters, e.g. BEL." in html
    assert 'id="outsider" open' in html  # the form stays open with what was typed
    assert 'value="Peeters"' in html
    assert not Player.objects.exists()


def test_an_outside_players_national_id_is_the_clubs_federations_unless_typed(
    secretary_client: Client, round_robin_event: Event
) -> None:
    """A French player's Belgian matricule: the issuer left empty is the club's federation
    (``CLUB_FEDERATION``, BEL), whatever federation the player plays for."""
    url = reverse("desk:outsider", args=[round_robin_event.pk])
    samy = {**OUTSIDER, "first_name": "Samy", "last_name": "Ait Chaouche", "fide_id": "",
            "federation": "fra", "national_id": "14374", "national_id_federation": ""}  # fmt: skip
    assert secretary_client.post(url, samy).status_code == 302
    player = Player.objects.get(last_name="Ait Chaouche")
    assert (player.federation, player.national_id, player.national_id_federation) == (
        "FRA", "14374", "BEL",
    )  # fmt: skip
    typed = {**samy, "first_name": "Jean", "last_name": "Autre", "national_id_federation": "fra"}
    assert secretary_client.post(url, typed).status_code == 302
    jean = Player.objects.get(last_name="Autre")  # the same number from France: someone else
    assert (jean.national_id, jean.national_id_federation) == ("14374", "FRA")


def test_an_outside_player_known_by_the_national_id_of_its_issuer_is_reused(
    secretary_client: Client, round_robin_event: Event
) -> None:
    known = PlayerFactory(first_name="Samy", last_name="Ait Chaouche", federation="FRA",
                          national_id="14374", national_id_federation="BEL")  # fmt: skip
    typed = {**OUTSIDER, "first_name": "Samy", "last_name": "Ait Chaouche", "fide_id": "",
             "federation": "", "national_id": "14374", "national_id_federation": "BEL"}  # fmt: skip
    secretary_client.post(reverse("desk:outsider", args=[round_robin_event.pk]), typed)
    assert round_robin_event.participants.get().player == known
    assert Player.objects.count() == 1


def test_the_outsider_form_offers_the_clubs_federation_as_the_issuer(
    secretary_client: Client, round_robin_event: Event
) -> None:
    page = secretary_client.get(reverse("desk:event", args=[round_robin_event.pk]))
    assert 'name="national_id_federation" value="BEL"' in page.content.decode()


@pytest.mark.parametrize(
    ("issuer", "message"),
    [
        ("Belgium", "Three letters, e.g. BEL."),
        ("B1", "Three letters, e.g. BEL."),
        ("DEU", "DEU is not a FIDE federation code: Germany is GER."),
    ],
)
def test_a_bad_issuer_is_named_and_nothing_is_saved(
    secretary_client: Client, round_robin_event: Event, english: None, issuer: str, message: str
) -> None:
    response = secretary_client.post(
        reverse("desk:outsider", args=[round_robin_event.pk]),
        {**OUTSIDER, "national_id": "14374", "national_id_federation": issuer},
    )
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Player.objects.exists()


def test_pairing_numbers_follow_the_ratings(
    secretary_client: Client, round_robin_event: Event, secretary: User
) -> None:
    ratings = [1500, None, 2100, 1800]
    for rating in ratings:
        registration.register(
            round_robin_event.pk, PlayerFactory(national_rating=rating).pk, secretary
        )
    secretary_client.post(reverse("desk:renumber", args=[round_robin_event.pk]))
    numbered = round_robin_event.participants.order_by("number")
    assert [p.rating for p in numbered] == [2100, 1800, 1500, None]
    assert ChangeLog.objects.filter(action="renumber", user=secretary).exists()


def test_a_paired_round_robin_keeps_its_numbers(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    before = list(paired_event.participants.order_by("pk").values_list("number", flat=True))
    response = secretary_client.post(reverse("desk:renumber", args=[paired_event.pk]), follow=True)
    assert "pairing numbers are its draw" in response.content.decode()
    after = list(paired_event.participants.order_by("pk").values_list("number", flat=True))
    assert after == before


def test_a_late_entry_joins_in_a_later_round_with_the_next_number(
    secretary_client: Client, paired_event: Event
) -> None:
    late = MemberFactory(player__national_rating=2400)
    secretary_client.post(
        reverse("desk:register", args=[paired_event.pk]), {"member": late.pk, "joined_round": 3}
    )
    entry = paired_event.participants.get(player=late.player)
    assert (entry.joined_round, entry.number) == (3, 7)


def test_a_late_entry_round_is_offered_by_the_search(
    secretary_client: Client, paired_event: Event
) -> None:
    MemberFactory(player__first_name="Zoé", player__last_name="Warnier")
    response = secretary_client.get(
        reverse("desk:member_search", args=[paired_event.pk]),
        {"q": "warn", "joined_round": "4"},
        headers={"HX-Request": "true"},
    )
    assert re.search(r'name="joined_round"\s+value="4"', response.content.decode())


def test_a_withdrawal_after_a_round_and_taking_it_back(
    secretary_client: Client, paired_event: Event, secretary: User, english: None
) -> None:
    entry = paired_event.participants.get(number=6)
    url = reverse("desk:withdraw", args=[paired_event.pk, entry.pk])
    secretary_client.post(url, {"after_round": "2"})
    entry.refresh_from_db()
    assert entry.withdrawn_after_round == 2
    page = secretary_client.get(reverse("desk:event", args=[paired_event.pk]), {"tri": "number"})
    assert "withdrawn after round 2" in page.content.decode()
    secretary_client.post(url, {"reinstate": "1"})
    entry.refresh_from_db()
    assert entry.withdrawn_after_round is None
    actions = list(
        ChangeLog.objects.filter(user=secretary, action__in=["withdraw", "reinstate"])
        .order_by("at", "pk")
        .values_list("action", "details__after_round")
    )
    assert actions == [("withdraw", 2), ("reinstate", None)]


def test_the_withdrawal_control_has_a_heading_and_a_visible_label(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    """The number box said "0" under an empty column heading: the column is headed
    "Withdrawal" and each box is labelled "After round" on the screen (the player's name
    for screen readers), beside a button axe-core finds readable (the outline-warning
    yellow on white is 1.6:1; tests/browser/test_accessibility.py walks the page)."""
    html = secretary_client.get(reverse("desk:event", args=[paired_event.pk])).content.decode()
    table = html.split('id="participants"', 1)[1].split("</table>", 1)[0]
    headings = [
        re.sub(r"<[^>]+>|\s+", " ", cell).strip()
        for cell in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)
    ]
    assert headings[-1] == "Withdrawal"
    entry = paired_event.participants.get(number=6)
    label = re.search(rf'<label class="([^"]*)" for="after-{entry.pk}">(.*?)</label>', table, re.S)
    assert label is not None and "visually-hidden" not in label.group(1)
    assert re.sub(r"<[^>]+>", "", label.group(2)) == f"After round ({entry.player.name})"
    assert "btn-outline-warning" not in table
    assert table.count("btn-outline-danger") == paired_event.participants.count()


def test_a_withdrawal_needs_a_round(
    secretary_client: Client, paired_event: Event, english: None
) -> None:
    entry = paired_event.participants.get(number=6)
    url = reverse("desk:withdraw", args=[paired_event.pk, entry.pk])
    response = secretary_client.post(url, {"after_round": "-1"}, follow=True)
    assert "withdraws after round 0 (before the first) or later" in response.content.decode()
    entry.refresh_from_db()
    assert entry.withdrawn_after_round is None


@pytest.mark.parametrize(
    ("order", "expected"),
    [("-rating", [2000, 1900, 1500, None]), ("rating", [1500, 1900, 2000, None])],
)
def test_the_participant_list_sorts_by_rating(
    secretary_client: Client, round_robin_event: Event, order: str, expected: list[int | None]
) -> None:
    for rating in (1900, None, 2000, 1500):
        Participant.objects.create(event=round_robin_event, player=PlayerFactory(), rating=rating)
    response = secretary_client.get(
        reverse("desk:event", args=[round_robin_event.pk]), {"tri": order}
    )
    table = response.context["table"]
    assert [row.record.rating for row in table.rows] == expected
    assert 'id="participants"' in response.content.decode()
