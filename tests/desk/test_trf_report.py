"""The TRF as FIDE's rating report asks for it (FIDE handbook C.04 Annex 2, TRF-16,
"Tournament Section", R column: what a rating report must have): 012 name, 022 city, 032
federation, 102 chief arbiter; and 042/052 dates, 062/072 counts, 092 type, 112 deputy
arbiters (one line each), 122 time control, 132 round dates (YY/MM/DD in columns 92-99,
102-109, ...). The secretary gives the federation, the deputy arbiters and the allotted
time in the event's form."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from chesslib import trf
from club.models import Event, Participant
from desk.files.trf_export import export_event
from tests.club.factories import PlayerFactory

pytestmark = pytest.mark.django_db

REPORT_EVENT = {
    "title": "Open de Namur 2027",
    "kind": "open",
    "venue": "Namur",
    "start": "2027-07-03T10:00",
    "end": "2027-07-04T19:00",
    "time_control": "standard",
    "system": "swiss",
    "public": "on",
    "rounds": "3",
    "interval_days": "0",
    "interval_minutes": "240",
    "chief_arbiter": "Dupont, Jean 200000",
    "deputy_arbiters": "Martin, Anne 200001\r\n\r\n  Leroy, Paul 200002  ",
    "federation": "bel",
    "time_control_detail": "90 min/40 moves + 30 min + 30 s",
}


def test_the_report_has_what_fide_asks_for(secretary_client: Client) -> None:
    response = secretary_client.post(reverse("desk:event_new"), REPORT_EVENT)
    assert response.status_code == 302
    event = Event.objects.get(title="Open de Namur 2027")
    assert (event.federation, event.deputy_arbiters) == (
        "BEL",
        "Martin, Anne 200001\nLeroy, Paul 200002",
    )
    for n in range(4):
        Participant.objects.create(
            event=event, player=PlayerFactory(fide_rating=2100 - n), number=n + 1, rating=2100 - n
        )
    text = export_event(event)
    lines = text.split("\r\n")
    assert lines[:12] == [
        "012 Open de Namur 2027",
        "022 Namur",
        "032 BEL",
        "042 2027/07/03",
        "052 2027/07/04",
        "062 4",
        "072 4",
        "092 Swiss System - Open Tournament",
        "102 Dupont, Jean 200000",
        "112 Martin, Anne 200001",
        "112 Leroy, Paul 200002",
        "122 Standard: 90 min/40 moves + 30 min + 30 s",
    ]
    dates = next(line for line in lines if line.startswith("132"))
    # rounds at 10:00, 14:00 and 18:00 on 3 July
    assert (dates[91:99], dates[101:109], dates[111:119]) == ("27/07/03",) * 3
    read = trf.read(text)
    assert read.deputy_arbiters == ["Martin, Anne 200001", "Leroy, Paul 200002"]
    assert read.round_dates == ["27/07/03"] * 3


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("federation", "BE1", "Three letters, e.g. BEL."),
        ("federation", "DEU", "DEU is not a FIDE federation code: Germany is GER."),
        ("deputy_arbiters", "x" * 121, "At most 20 arbiters, one a line of at most 120"),
    ],
)
def test_a_wrong_report_field_is_refused_by_name(
    secretary_client: Client, english: None, field: str, value: str, message: str
) -> None:
    response = secretary_client.post(reverse("desk:event_new"), {**REPORT_EVENT, field: value})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Event.objects.exists()


def test_the_tie_breaks_of_202_are_read_back() -> None:
    """202 (TRF-2026: the tie-breaks in their FIDE codes, C.07): written from the event's
    order and read back into it by the import."""
    from desk.files.trf_import import import_plan
    from desk.files.trf_plan import plan_import
    from tests.club.factories import EventFactory

    event = EventFactory(system=Event.System.SWISS, tiebreaks="buchholz_cut1,sonneborn_berger")
    for n in range(4):
        Participant.objects.create(event=event, player=PlayerFactory(), number=n + 1)
    text = export_event(event)
    assert "202 BH/C1,SB" in text.split("\r\n")
    imported = import_plan(plan_import(text), user=None)
    assert imported.tiebreaks == "buchholz_cut1,sonneborn_berger"
