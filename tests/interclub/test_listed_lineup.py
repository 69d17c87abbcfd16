"""The other club's line-up typed with a listed player: a FIDE ID (or national ID) typed
in the name's box, or the name of the one listed player so named, is the list's player,
made once from the loaded list, not a bare new record."""

import pytest
from django.contrib.auth.models import User

from club import exceptions
from club.models import Player
from interclub import services
from interclub.models import LineupEntry, TeamMatch
from interclub.services import Typed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def test_a_fide_id_typed_is_the_lists_player(
    match: TeamMatch, secretary: User, official_lists: None
) -> None:
    services.set_lineup(match.pk, match.away.pk, [Typed(last_name="703303")], secretary)
    leko = Player.objects.get(fide_id=703303)
    assert (leko.last_name, leko.first_name, leko.fide_rating, leko.title) == (
        "Leko", "Peter", 2676, "GM",
    )  # fmt: skip
    assert leko.club_name == "Namur"  # the team's club
    assert LineupEntry.objects.get(match=match, team=match.away).rating == 2676
    # typed again: the same record
    services.set_lineup(match.pk, match.away.pk, [Typed(last_name="703303")], secretary)
    assert Player.objects.filter(last_name="Leko").count() == 1


def test_a_national_id_or_a_listed_name_is_the_lists_player(
    match: TeamMatch, secretary: User, official_lists: None
) -> None:
    boards = [Typed(last_name="12394"), Typed(first_name="Benjamin", last_name="DECROP")]
    services.set_lineup(match.pk, match.away.pk, boards, secretary)
    ronald = Player.objects.get(national_id="12394")
    assert (ronald.first_name, ronald.fide_id, ronald.national_rating) == ("Ronald", 215163, 1598)
    benjamin = Player.objects.get(first_name="Benjamin")
    assert (benjamin.national_id, benjamin.national_rating, benjamin.federation) == (
        "28436", 2178, "BEL",
    )  # fmt: skip


def test_an_id_nobody_has_is_refused_naming_the_board(
    match: TeamMatch, secretary: User, official_lists: None
) -> None:
    with pytest.raises(exceptions.DeskError, match="Board 2: no player has the ID 123456789"):
        services.set_lineup(
            match.pk,
            match.away.pk,
            [Typed(last_name="703303"), Typed(last_name="123456789")],
            secretary,
        )
    assert not Player.objects.filter(fide_id=703303).exists()  # nothing kept
