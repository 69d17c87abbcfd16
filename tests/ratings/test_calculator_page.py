import pytest
from django.test import Client
from django.urls import reverse

from club.models import Player

pytestmark = pytest.mark.django_db
WAVRE_FORM = {
    "system": "frbe",
    "rating": "1500",
    "games": "30",
    "date": "2020-03-01",
    "opponent_0": "1600",
    "result_0": "1",
    "opponent_1": "1400",
    "result_1": "0",
    "opponent_2": "1350",
    "result_2": "0.5",
    "opponent_3": "1800",
    "result_3": "0",
}


def test_the_page_shows_the_form_in_french(client: Client) -> None:
    html = client.get(reverse("ratings:calculator")).content.decode()
    assert "Calculette Elo" in html
    assert 'name="opponent_9"' in html


def test_the_wavre_example_shows_1489_and_the_calculation_game_by_game(client: Client) -> None:
    response = client.post(reverse("ratings:calculator"), WAVRE_FORM)
    html = response.content.decode()
    assert response.context["answer"]["rating_after"] == 1489
    assert '<strong id="rating-after">1489</strong>' in html
    assert "0,36" in html and "0,64" in html and "1,85" in html
    assert "+20,5" in html


def test_a_bad_input_is_shown_next_to_its_field_and_nothing_is_answered(client: Client) -> None:
    response = client.post(reverse("ratings:calculator"), {**WAVRE_FORM, "rating": "abc"})
    assert response.context["answer"] is None
    assert response.context["form"].errors["rating"]


def test_no_game_is_an_error_for_the_whole_form(client: Client) -> None:
    form = {"system": "frbe", "rating": "1500", "games": "30"}
    response = client.post(reverse("ratings:calculator"), form)
    assert "Indiquez au moins une partie" in response.content.decode()


def test_the_page_writes_nothing(client: Client) -> None:
    client.post(reverse("ratings:calculator"), WAVRE_FORM)
    assert Player.objects.count() == 0
