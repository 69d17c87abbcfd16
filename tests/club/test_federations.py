"""A player's federation typed in a form is one of FIDE's codes: an ISO 3166 code of a
federation whose FIDE code differs is refused with the code meant (DEU: Germany is GER),
any other unknown code with its name; the field suggests FIDE's codes and names. The
same check on the public entry form, the desk's outside player and the member's player,
and the admin site's player; the table is FIDE's (ratings.fide.com) as published."""

from typing import Any

import pytest
from django.contrib.admin import site
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import translation

from chesslib.fide_federations import FEDERATIONS, ISO_CODES
from club.admin import PlayerAdmin
from club.federations import federation_name, federation_problem
from club.models import Entry, Event, Player
from desk.forms.events import OutsiderForm
from desk.forms.members import PlayerForm
from public.forms import EntryForm
from tests.club.entry_open import entry_open, stopped_clock
from tests.public.test_entries import typed

OUTSIDER = {"first_name": "Jan", "last_name": "Peeters", "joined_round": "1"}
PLAYER = {"first_name": "Alice", "last_name": "Dupuis", "sex": "F"}


def test_the_table_is_fides_list() -> None:
    assert len(FEDERATIONS) == 203  # ratings.fide.com's table of federations
    assert [FEDERATIONS[c] for c in ("BEL", "GER", "NED", "SUI", "POR", "ENG", "FID")] == [
        "Belgium", "Germany", "Netherlands", "Switzerland", "Portugal", "England", "FIDE",
    ]  # fmt: skip
    assert all(len(code) == 3 and code.isupper() for code in FEDERATIONS)


def test_every_iso_code_is_no_fide_code_and_leads_to_fide_codes() -> None:
    assert not set(ISO_CODES) & set(FEDERATIONS)  # BRN (ISO's Brunei) stays FIDE's Bahrain
    assert all(meant and set(meant) <= set(FEDERATIONS) for meant in ISO_CODES.values())
    assert {ISO_CODES[c] for c in ("DEU", "NLD", "CHE", "PRT")} == {
        ("GER",),
        ("NED",),
        ("SUI",),
        ("POR",),
    }


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("GER", None),
        ("BRN", None),
        ("DEU", "DEU is not a FIDE federation code: Germany is GER."),
        ("NLD", "NLD is not a FIDE federation code: Netherlands is NED."),
        ("CHE", "CHE is not a FIDE federation code: Switzerland is SUI."),
        ("PRT", "PRT is not a FIDE federation code: Portugal is POR."),
        (
            "GBR",
            "GBR is not a FIDE federation code: England is ENG, Scotland is SCO, Wales is WLS.",
        ),
        (
            "XYZ",
            "XYZ is not a FIDE federation code: choose one from the list (e.g. BEL for "
            "Belgium, FRA for France).",
        ),
        ("B3L", "Three letters, e.g. BEL."),
    ],
)
def test_a_code_is_checked_against_fides(typed: str, said: str | None) -> None:
    with translation.override("en"):
        assert federation_problem(typed) == said


@pytest.mark.parametrize(
    ("form_class", "data"),
    [
        (EntryForm, {"email": "a@example.be"}),
        (OutsiderForm, OUTSIDER),
        (PlayerForm, PLAYER),
    ],
)
def test_each_form_where_a_players_federation_is_typed_checks_it(
    form_class: Any, data: dict[str, str], db: None
) -> None:
    with translation.override("en"):
        refused = form_class({**data, "federation": "deu"})
        assert not refused.is_valid()
        assert refused.errors["federation"] == [
            "DEU is not a FIDE federation code: Germany is GER."
        ]
        taken = form_class({**data, "federation": " ger "})
        taken.is_valid()
        assert "federation" not in taken.errors
        assert taken.cleaned_data["federation"] == "GER"


def test_the_admin_sites_player_form_checks_it(admin_user: User, rf: RequestFactory) -> None:
    request = rf.get("/")
    request.user = admin_user
    form_class = PlayerAdmin(Player, site).get_form(request)
    data = {**PLAYER, "federation": "prt"}
    with translation.override("en"):
        assert form_class(data).errors["federation"] == [
            "PRT is not a FIDE federation code: Portugal is POR."
        ]


def test_the_field_suggests_fides_codes_with_their_names() -> None:
    with translation.override("en"):
        html = str(OutsiderForm()["federation"])
    assert 'list="id_federation-federations"' in html
    assert '<datalist id="id_federation-federations">' in html
    assert '<option value="GER">Germany</option>' in html
    assert html.count("<option ") == 203


@pytest.mark.parametrize(
    ("language", "names"),
    [
        ("fr", ["Allemagne", "Pays-Bas", "Suisse", "Bahreïn", "England", "Chinese Taipei"]),
        ("nl", ["Duitsland", "Nederland", "Zwitserland", "Bahrein", "England", "Chinese Taipei"]),
        ("de", ["Deutschland", "Niederlande", "Schweiz", "Bahrain", "England", "Chinese Taipei"]),
        ("en", ["Germany", "Netherlands", "Switzerland", "Bahrain", "England", "Chinese Taipei"]),
    ],
)
def test_the_names_are_in_the_pages_language(language: str, names: list[str]) -> None:
    """ISO 3166's names as pycountry translates them, FIDE's own where the federation is
    no ISO country (England) or FIDE names it otherwise (Chinese Taipei, ISO's Taiwan);
    BRN is FIDE's Bahrain, not ISO's Brunei."""
    with translation.override(language):
        assert [federation_name(c) for c in ("GER", "NED", "SUI", "BRN", "ENG", "TPE")] == names
        html = str(OutsiderForm()["federation"])
    assert f'<option value="GER">{names[0]}</option>' in html


def test_the_code_meant_is_named_in_the_pages_language() -> None:
    with translation.override("fr"):
        assert federation_problem("DEU") == (
            "DEU n'est pas un code de fédération FIDE\u00a0: Allemagne, c'est GER."
        )


@pytest.mark.django_db
def test_the_entry_form_refuses_an_iso_code_and_writes_nothing(client: Client) -> None:
    with stopped_clock():
        event: Event = entry_open(2)
        response = client.post(reverse("entry_form", args=[event.pk]), typed(federation="deu"))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="error_1_id_federation"' in html and "DEU" in html and "GER" in html
    assert not Entry.objects.exists()
