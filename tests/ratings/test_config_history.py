"""The administrators read a rating system's configuration history, its choices and its
help texts in words: parameter labels and values, never Python literals or the names of
the seed files."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from ratings.models import ConfigChange, RatingSystem

pytestmark = pytest.mark.django_db


def test_a_configuration_change_is_told_in_words(
    administrator_client: Client, club_system: RatingSystem
) -> None:
    ConfigChange.objects.create(
        system=club_system,
        old={"decimals": 2},
        new={
            "k": 32.0,
            "expected_method": "normal",
            "k_schedule": [{"k": 40.0, "until_games": 30}, {"k": 20.0, "below_rating": 2400.0}],
        },
    )
    english = administrator_client.get("/en" + reverse("ratings:system", args=[club_system.pk]))
    html = english.content.decode()
    history = html[html.index('id="config-history"') :]
    assert "Fixed K: none → 32" in history and "32.0" not in history
    assert "K 40 under 30 games; K 20 below 2400" in history
    assert "Decimals kept: 2 → 1" in history  # back to the regulation's value
    assert "Expected score: Elo&#x27;s logistic formula → normal distribution" in history
    assert "{" not in history and "&#x27;k&#x27;" not in history
    # the K schedule's boxes are named in words, not by the rules' code names
    assert ">Fewer games than, row 1</label>" in html and "until_games (" not in html
    with translation.override("fr"):
        address = reverse("ratings:system", args=[club_system.pk])
    french = administrator_client.get(address).content.decode()
    assert "K 20 sous 2400" in french or "K 20 sous 2 400" in french
    assert "2400,0" not in french and "20,0" not in french


def test_the_parameters_form_offers_choices_in_words_without_seed_notes(
    administrator_client: Client, club_system: RatingSystem
) -> None:
    html = administrator_client.get(
        "/en" + reverse("ratings:system", args=[club_system.pk])
    ).content
    text = html.decode()
    assert ">Elo&#x27;s logistic formula</option>" in text
    assert ">logistic</option>" not in text
    assert "(seed 0" not in text and "seeds 0" not in text


def test_the_history_speaks_french_on_the_french_page(
    administrator_client: Client, club_system: RatingSystem
) -> None:
    ConfigChange.objects.create(system=club_system, old={}, new={"k": 32.0})
    html = administrator_client.get(
        reverse("ratings:system", args=[club_system.pk])
    ).content.decode()
    assert "K imposé\xa0: aucun → 32" in html


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        # French writes a plain space before a semicolon, English none
        ("fr", "K 40 moins de 30 parties\xa0; K 20 sous 2400"),
        ("en", "K 40 under 30 games; K 20 below 2400"),
    ],
    ids=["fr", "en"],
)
def test_a_lists_values_are_joined_as_the_language_punctuates(
    administrator_client: Client, club_system: RatingSystem, language: str, sentence: str
) -> None:
    ConfigChange.objects.create(
        system=club_system,
        old={},
        new={"k_schedule": [{"k": 40.0, "until_games": 30}, {"k": 20.0, "below_rating": 2400.0}]},
    )
    with translation.override(language):
        address = reverse("ratings:system", args=[club_system.pk])
    html = administrator_client.get(address).content.decode()
    history = html[html.index('id="config-history"') :]
    assert sentence in history
