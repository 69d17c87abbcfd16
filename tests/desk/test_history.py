"""The event's history at the desk reads as sentences, in French and in English: field
labels, not field names; results as the site writes them; no Python literal."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import ChangeLog, Event
from desk.history import describe
from tests.desk.test_events import NEW_EVENT, _edit

pytestmark = pytest.mark.django_db


def _history(client: Client, event: Event, prefix: str = "") -> str:
    html = client.get(prefix + reverse("desk:event", args=[event.pk])).content.decode()
    return html[html.index('id="history"') :]


def test_the_history_tells_the_events_creation_and_change_in_words(
    secretary_client: Client,
) -> None:
    secretary_client.post(reverse("desk:event_new"), NEW_EVENT)
    event = Event.objects.get(title="Championnat 2027")
    edited = _edit(event, title="Championnat 2027 bis", venue="Salle du Cercle")
    secretary_client.post(reverse("desk:event_edit", args=[event.pk]), edited)
    french = _history(secretary_client, event)
    assert "Événement créé\xa0; 5 rondes ajoutées." in french
    assert "champs modifiés\xa0: jours entre les rondes, titre, lieu." in french
    assert "fields=" not in french and "rounds_added" not in french and "[" not in french
    english = _history(secretary_client, event, "/en")
    assert "Event created; 5 rounds added." in english
    assert "fields changed: days between rounds, title, venue." in english


def test_a_result_line_names_the_board_and_the_results() -> None:
    line = ChangeLog(
        action="result", details={"board": 3, "round": 2, "before": "", "result": "1/2-1/2"}
    )
    with translation.override("fr"):
        assert describe(line) == "Échiquier 3 de la ronde 2\xa0: pas encore jouée → ½-½."
    with translation.override("en"):
        assert describe(line) == "Board 3 of round 2: not yet played → ½-½."


def test_an_action_the_table_does_not_know_is_still_told_in_words() -> None:
    line = ChangeLog(action="add_bye", details={"round": 4, "players": ["Dupont", "Maes"]})
    with translation.override("en"):
        assert describe(line) == "Add bye (round: 4; players: Dupont, Maes)."


def test_cancelling_restoring_check_in_and_undoing_read_as_sentences() -> None:
    lines = [
        ChangeLog(action="cancel", details={"reason": "salle fermée", "was_closed": False}),
        ChangeLog(action="restore", details={}),
        ChangeLog(action="check_in", details={"round": 2, "present": 6, "half": 1}),
        ChangeLog(action="undo_pairing", details={"round": 2, "boards": 3}),
    ]
    with translation.override("en"):
        assert [describe(line) for line in lines] == [
            "Event cancelled: salle fermée",
            "Event restored.",
            "Who plays round 2 recorded.",
            "Pairing of round 2 undone (3 boards).",
        ]
    with translation.override("fr"):
        assert [describe(line) for line in lines] == [
            "Événement annulé\xa0: salle fermée",
            "Événement rétabli.",
            "Qui joue la ronde 2\xa0: enregistré.",
            "Appariement de la ronde 2 annulé (3 échiquiers).",
        ]
