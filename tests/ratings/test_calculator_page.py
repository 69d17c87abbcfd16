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
    # the columns in words, not the formula's W and We (issue #40), as the member's page
    # heads its calculation
    heads = html.split('id="calculation"', 1)[1].split("</thead>", 1)[0]
    assert ">Résultat</th>" in heads and ">Attendu</th>" in heads and ">We<" not in heads


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


def test_the_page_reads_a_provisional_opponent(client: Client) -> None:
    """Issue #26, seed 000: « Les parties contre des joueurs non classés ne sont pas prises
    en compte »; a provisional rating is not yet « la première cote ». A 1600 (30 games)
    losing to a provisional 1500 stays 1600 (a rated 1500: 1600 + 32 × (0 − .64) = 1580)."""
    form = {
        "system": "frbe",
        "rating": "1600",
        "games": "30",
        "date": "2025-03-01",
        "opponent_0": "1500",
        "result_0": "0",
        "status_0": "provisional",
    }
    response = client.post(reverse("ratings:calculator"), form)
    assert response.context["answer"]["rating_after"] == 1600
    assert response.context["answer"]["games"][0]["counted"] is False
    rated = client.post(reverse("ratings:calculator"), {**form, "status_0": "rated"})
    assert rated.context["answer"]["rating_after"] == 1580


def test_the_page_reads_the_peak_the_birth_date_and_the_events(client: Client) -> None:
    """FIDE 8.3.3 (2024): a junior's K 40 « as long as their rating remains under 2300 »:
    2280 born 1 May 2010 with a peak of 2320 beats a 2280 (We .50): K 20, 2290. 8.3.1
    (2022): a 2400 (peak 2400, K 10) beats 1900 and 1950 in one event: .92 + .94, 1.4 →
    2401; in two events, 2402."""
    junior = {
        "system": "fide",
        "rating": "2280",
        "games": "40",
        "peak_rating": "2320",
        "birth_date": "2010-05-01",
        "date": "2025-03-01",
        "opponent_0": "2280",
        "result_0": "1",
    }
    answer = client.post(reverse("ratings:calculator"), junior).context["answer"]
    assert (answer["k"], answer["rating_after"]) == (20, 2290)
    events = {
        "system": "fide",
        "rating": "2400",
        "games": "200",
        "peak_rating": "2400",
        "date": "2022-06-30",
        "opponent_0": "1900",
        "result_0": "1",
        "event_0": "open",
        "opponent_1": "1950",
        "result_1": "1",
        "event_1": "open",
    }
    one = client.post(reverse("ratings:calculator"), events).context["answer"]
    two = client.post(reverse("ratings:calculator"), {**events, "event_1": "rapid"})
    assert (one["rating_after"], two.context["answer"]["rating_after"]) == (2401, 2402)


def test_a_provisional_opponent_without_a_rating_is_refused_next_to_the_row(
    client: Client,
) -> None:
    form = {**WAVRE_FORM, "opponent_0": "", "status_0": "provisional"}
    response = client.post(reverse("ratings:calculator"), form)
    assert response.context.get("answer") is None
    assert response.context["form"].errors["opponent_0"]
