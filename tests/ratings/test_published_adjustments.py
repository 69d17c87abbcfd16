"""The federations' published one-off adjustments (FIDE 1 March 2024, FRBE-KBSB 1 April
2024) are part of the default history, listed on the system's page, and an administrator
can switch them off (through the same preview as any parameter)."""

import json
from datetime import date

import pytest
from django.test import Client
from django.urls import reverse

from club.models import Player
from ratings.models import Rating, RatingBatch, RatingSystem
from ratings.services import recalculate
from tests.ratings.conftest import D, MakeEvent

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("engine", "day"), [("fide", date(2024, 3, 1)), ("frbe", date(2024, 4, 1))]
)
def test_the_default_systems_apply_their_federations_adjustment(engine: str, day: date) -> None:
    system = RatingSystem.objects.get(engine=engine)
    [adjustment] = system.published_adjustments()
    assert (adjustment.day, adjustment.threshold, adjustment.factor) == (day, 2000, 0.4)


def test_the_club_elo_has_no_published_adjustment() -> None:
    assert RatingSystem.objects.get(engine="club").federation_adjustments() == []


def test_the_systems_page_lists_the_published_adjustment(administrator_client: Client) -> None:
    system = RatingSystem.objects.get(engine="fide")
    html = administrator_client.get(reverse("ratings:system", args=[system.pk])).content.decode()
    assert "1 mars 2024" in html
    assert "dans l'historique" in html


def test_an_administrator_switches_it_off_after_a_preview(
    administrator_client: Client, make_event: MakeEvent
) -> None:
    system = RatingSystem.objects.get(engine="fide")
    a = Player.objects.create(first_name="A", last_name="T", fide_rating=1500)
    b = Player.objects.create(first_name="B", last_name="T", fide_rating=1600)
    make_event(date(2024, 2, 10), [[(a, b, D)]])
    recalculate(system)
    assert Rating.objects.get(system=system, player=a).rating == 1702  # 1503 + 0.4 × 497

    response = administrator_client.post(reverse("ratings:switch_published", args=[system.pk]))
    assert response.status_code == 200
    assert json.loads(response.context["overrides"]) == {"adjustment_applied": False}
    assert Rating.objects.get(system=system, player=a).rating == 1702  # a preview writes nothing
    administrator_client.post(
        reverse("ratings:apply", args=[system.pk]), {"overrides": response.context["overrides"]}
    )
    system.refresh_from_db()
    recalculate(system)
    assert Rating.objects.get(system=system, player=a).rating == 1503
    assert not RatingBatch.objects.filter(system=system, kind="adjustment").exists()
    html = administrator_client.get(reverse("ratings:system", args=[system.pk])).content.decode()
    assert "non appliqué" in html

    response = administrator_client.post(reverse("ratings:switch_published", args=[system.pk]))
    assert json.loads(response.context["overrides"]) == {}


def test_the_date_parameters_show_their_value_to_the_browsers_date_input(
    administrator_client: Client,
) -> None:
    """A date input only reads ISO dates: the day of the adjustment must be shown."""
    system = RatingSystem.objects.get(engine="fide")
    html = administrator_client.get(reverse("ratings:system", args=[system.pk])).content.decode()
    assert 'name="p-adjustment_day" value="2024-03-01"' in html


def test_an_adjustment_rounds_half_up_like_the_federations_formula() -> None:
    """adjustment_2024 rounds half up: 1501 + 0.5 × (2000 − 1501) = 1750.5 → 1751,
    whichever door applies it (a published or a hand-added adjustment)."""
    from ratings.models import RatingAdjustment
    from ratings.rules import fide
    from ratings.rules.fide.versions import adjustment_2024

    params = fide.Params(adjustment_factor=0.5)
    assert adjustment_2024(1501, params) == 1751
    assert RatingAdjustment(threshold=2000, factor=0.5).adjusted(1501) == 1751
