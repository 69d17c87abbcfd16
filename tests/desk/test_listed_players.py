"""Players of the loaded official lists at the desk: offered by the registration search
(by name, FIDE ID or national ID) with the list they come from, made the club's player
once when chosen (a second choice finds that record), and a TRF line whose FIDE ID is in
the FIDE list made from the list's line."""

from datetime import date
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Event, Participant, Player
from desk.files.trf_export import export_event
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from ratings.services.listed import listed
from tests.club.factories import EventFactory
from tests.desk.conftest import search_members
from tests.ratings.listed import FRBE, SWISS_MANAGER, combined_list, fide_line, load

pytestmark = pytest.mark.django_db
TRF = Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "fide_example1.trf"


def _register(client: Client, event: Event, fide_id: int) -> None:
    row = listed().get(fide_id=fide_id, kind="fide")
    response = client.post(reverse("desk:register", args=[event.pk]), {"listed": row.pk})
    assert response.status_code == 302


def test_the_search_offers_listed_players_by_name_and_ids(
    secretary_client: Client, round_robin_event: Event, official_lists: None
) -> None:
    html = search_members(secretary_client, round_robin_event, "leko")
    assert "Leko, Peter" in html and "de la liste FIDE (août 2026)" in html
    assert "FIDE 2676 · matricule FIDE 703303 · né(e) en 1979" in html
    assert "Carlsen" in search_members(secretary_client, round_robin_event, "1503014")
    html = search_members(secretary_client, round_robin_event, "12394")  # a Belgian national ID
    assert "Decrop, Ronald" in html and "de la liste nationale (janvier 2024)" in html
    assert "nationale 1598" in html


def test_a_listed_player_registered_twice_is_one_record_with_the_lists_data(
    secretary_client: Client, official_lists: None
) -> None:
    first, second = EventFactory(), EventFactory()
    _register(secretary_client, first, 703303)
    _register(secretary_client, second, 703303)
    leko = Player.objects.get(fide_id=703303)  # one record: get() would fail on two
    assert (leko.first_name, leko.last_name, leko.federation, leko.title, leko.sex) == (
        "Peter", "Leko", "HUN", "GM", "M",
    )  # fmt: skip
    assert (leko.fide_rating, leko.birth_year) == (2676, 1979)
    assert Participant.objects.filter(player=leko).count() == 2
    assert Participant.objects.get(event=first).rating == 2676
    # known now: the search offers the club's record, not the list's line
    html = search_members(secretary_client, EventFactory(), "leko")
    assert 'name="player"' in html and 'name="listed"' not in html


def test_a_player_in_both_lists_takes_each_lists_rating(
    secretary_client: Client, tmp_path: Path
) -> None:
    # Ronald Decrop's FIDE ID (215163, the federation's row) in a FIDE list too
    fide = combined_list(
        tmp_path / "players_list_foa.txt",
        fide_line(215163, "Decrop, Ronald", "BEL", "M", "", 1702, 1935),
    )
    load(fide, day=date(2026, 8, 1))
    load(FRBE, "frbe", date(2024, 1, 1))
    html = search_members(secretary_client, EventFactory(), "decrop r")
    assert html.count("Decrop, Ronald") == 1  # offered once, from FIDE's list
    _register(secretary_client, EventFactory(), 215163)
    ronald = Player.objects.get(fide_id=215163)
    assert (ronald.fide_rating, ronald.national_rating) == (1702, 1598)
    assert (ronald.national_id, ronald.federation) == ("12394", "BEL")


def test_a_trf_line_with_a_listed_fide_id_is_made_from_the_list(tmp_path: Path) -> None:
    # fide_example1.trf (FIDE's own example): rank 1 is Vasquez, Rodrigo, FIDE ID 3400042,
    # 2558 in 2005; the list (ours) says GM, CHI, 2401 today, born 1969
    fide = combined_list(
        tmp_path / "players_list_foa.txt",
        fide_line(3400042, "Vasquez Schroder, Rodrigo", "CHI", "M", "GM", 2401, 1969),
    )
    load(fide, day=date(2026, 8, 1))
    event = import_plan(plan_import(TRF.read_text(encoding="latin-1")), user=None)
    vasquez = Player.objects.get(fide_id=3400042)
    assert (vasquez.last_name, vasquez.first_name, vasquez.fide_rating, vasquez.title) == (
        "Vasquez Schroder", "Rodrigo", 2401, "GM",
    )  # fmt: skip
    assert Participant.objects.get(event=event, player=vasquez).rating == 2558  # the file's
    milov = Player.objects.get(fide_id=14101068)  # not in the list: made from the TRF line
    assert (milov.last_name, milov.fide_rating) == ("Milov", 2482)


def test_a_french_player_of_the_belgian_list_plays_for_fra_with_his_belgian_matricule(
    secretary_client: Client, tmp_path: Path
) -> None:
    """Swiss-Manager's export of the Belgian list of April 2020: Samy Ait Chaouche, FRA,
    matricule 14374, 2099. Registered from the list, his record plays for FRA (the TRF's
    line, the pairing sheet) and holds a matricule the Belgian federation issued: the
    next Belgian list finds him by it, and the federation's Elo report names him by it."""
    load(SWISS_MANAGER, "frbe", date(2020, 4, 1))
    row = listed().get(national_id="14374")
    event = EventFactory(title="Open de Wavre")
    response = secretary_client.post(reverse("desk:register", args=[event.pk]), {"listed": row.pk})
    assert response.status_code == 302
    samy = Player.objects.get(national_id="14374")
    assert (samy.federation, samy.national_id_federation, samy.fide_id) == ("FRA", "BEL", 638650)
    (line,) = [line for line in export_event(event).splitlines() if line.startswith("001")]
    assert line[14:47].strip() == "Ait Chaouche, Samy" and line[53:56] == "FRA"
    sheet = secretary_client.get(reverse("desk:print_players", args=[event.pk])).content.decode()
    assert "<td>FRA</td>" in sheet
    Player.objects.filter(pk=samy.pk).update(national_rating=None)
    assert load(SWISS_MANAGER, "frbe", date(2020, 4, 1)).counts["imported"] == 1
    assert Player.objects.get(pk=samy.pk).national_rating == 2099


def test_a_matricule_kept_as_another_federations_is_the_lists_player_not_a_new_one(
    secretary_client: Client,
) -> None:
    """Samy Ait Chaouche's record from before the issuer was kept apart: his Belgian
    matricule 14374 recorded as French (club migration 0024). The Belgian list of April
    2020 gives that number with his last name: the search offers the club's record, not
    the list's line, and a registration from the line (a search page opened before) takes
    his record, now with a Belgian matricule, rather than making a second Samy."""
    load(SWISS_MANAGER, "frbe", date(2020, 4, 1))
    samy = Player.objects.create(
        first_name="Samy", last_name="Ait Chaouche", federation="FRA", national_id="14374",
        national_id_federation="FRA",
    )  # fmt: skip
    event = EventFactory(title="Open de Wavre")
    html = search_members(secretary_client, event, "14374")
    assert f'name="player" value="{samy.pk}"' in html and 'name="listed"' not in html
    row = listed().get(national_id="14374")
    response = secretary_client.post(reverse("desk:register", args=[event.pk]), {"listed": row.pk})
    assert response.status_code == 302
    assert list(Player.objects.filter(national_id="14374").values_list("pk", flat=True)) == [
        samy.pk
    ]
    samy.refresh_from_db()
    assert (samy.national_id_federation, samy.federation) == ("BEL", "FRA")
    assert Participant.objects.get(event=event).player_id == samy.pk
