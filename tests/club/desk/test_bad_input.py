"""The desk's forms and files given bad input: a clear message naming the field or line,
never a server error, nothing saved; and files it writes for spreadsheets."""

import csv
import io

import pytest
from django.urls import reverse

from club.desk import services
from club.models import Participant
from tests.club.factories import PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("prefix", ["=", "+", "-", "@", "\t", "\r"])
def test_the_standings_csv_writes_no_formula(
    secretary_client, round_robin_event, secretary, prefix
):
    name = f'{prefix}HYPERLINK("http://evil.example","x")'
    player = PlayerFactory(first_name=name, last_name="Z")
    services.register(round_robin_event, player, secretary)
    response = secretary_client.get(reverse("desk:standings_csv", args=[round_robin_event.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    names = [row[1] for row in rows[1:]]
    assert names == [f"'{name} Z"]
    assert Participant.objects.filter(event=round_robin_event).count() == 1
