"""Before a Swiss round: who is present, who asked for a bye, who withdrew; pairing the
next round from the results page; undoing a round's pairing while no result is in."""

from decimal import Decimal
from typing import cast

import pytest
from django.http import HttpResponseRedirect
from django.test import Client
from django.urls import reverse

from club.exceptions import DeskError
from club.models import Bye, ChangeLog, Event, Game, Participant
from desk.services import checkin
from desk.services import pairing as pairing_services
from desk.services.results import save_result
from desk.standings import event_standings
from tests.club.factories import EventFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss_event() -> Event:
    event = EventFactory(system=Event.System.SWISS, planned_rounds=5)
    for n in range(7):
        player = PlayerFactory(national_rating=2100 - 50 * n)
        Participant.objects.create(event=event, player=player, number=n + 1, rating=2100 - 50 * n)
    return event


def _entries(event: Event) -> list[Participant]:
    return list(event.participants.order_by("number"))


def _all_present(event: Event, changes: dict[int, str] | None = None) -> dict[int, str]:
    statuses = {p.pk: checkin.PRESENT for p in _entries(event)}
    statuses.update(changes or {})
    return statuses


def test_it_pairs_only_the_players_present_and_records_the_byes_asked_for(
    swiss_event: Event,
) -> None:
    entries = _entries(swiss_event)
    statuses = _all_present(
        swiss_event,
        {
            entries[1].pk: Bye.Kind.HALF_POINT,  # asked for a half-point bye
            entries[2].pk: Bye.Kind.ZERO_POINT,  # absent
            entries[3].pk: checkin.WITHDRAWN,
        },
    )
    checkin.record(swiss_event.pk, 1, statuses, None)
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    players = {g.white_id for g in round_.games.all()} | {g.black_id for g in round_.games.all()}
    present = {entries[n].player_id for n in (0, 4, 5, 6)}
    # four present players: two boards, no pairing-allocated bye
    assert players == present and round_.games.count() == 2
    byes = dict(round_.byes.values_list("player_id", "kind"))
    assert byes == {entries[1].player_id: "half", entries[2].player_id: "zero"}
    entries[3].refresh_from_db()
    assert entries[3].withdrawn_after_round == 0
    for game in round_.games.all():
        save_result(game.pk, "1", game.version, None)
    points = {line.player.pk: line.points for line in event_standings(swiss_event).lines}
    # FIDE C.07 art. 16: the half-point bye scores ½, the absent player's round 0
    assert points[entries[1].player_id] == Decimal("0.5")
    assert points[entries[2].player_id] == Decimal(0)
    assert entries[3].player_id not in {g.white_id for g in round_.games.all()} | {
        g.black_id for g in round_.games.all()
    }


def test_the_check_in_page_shows_what_is_recorded_and_is_refused_once_paired(
    swiss_event: Event,
) -> None:
    entries = _entries(swiss_event)
    checkin.record(swiss_event.pk, 1, _all_present(swiss_event, {entries[0].pk: "half"}), None)
    statuses = {line.participant.pk: line.status for line in checkin.lines(swiss_event, 1)}
    assert statuses[entries[0].pk] == "half" and statuses[entries[1].pk] == "present"
    pairing_services.pair_next_round(swiss_event.pk, None)
    with pytest.raises(DeskError, match="déjà appariée"):
        checkin.record(swiss_event.pk, 1, _all_present(swiss_event), None)


def test_a_player_marked_present_again_is_reinstated_and_loses_his_bye(swiss_event: Event) -> None:
    entries = _entries(swiss_event)
    checkin.record(
        swiss_event.pk,
        1,
        _all_present(swiss_event, {entries[0].pk: "withdrawn", entries[1].pk: "zero"}),
        None,
    )
    checkin.record(swiss_event.pk, 1, _all_present(swiss_event), None)
    entries[0].refresh_from_db()
    assert entries[0].withdrawn_after_round is None
    assert not Bye.objects.filter(round__event=swiss_event).exists()


def test_an_unknown_status_is_refused_and_nothing_is_written(swiss_event: Event) -> None:
    entries = _entries(swiss_event)
    with pytest.raises(DeskError, match="inconnu"):
        checkin.record(swiss_event.pk, 1, {entries[0].pk: "half", entries[1].pk: "late"}, None)
    assert not Bye.objects.exists()


def test_a_pairing_is_undone_while_no_result_is_in_and_refused_after(swiss_event: Event) -> None:
    entries = _entries(swiss_event)
    checkin.record(swiss_event.pk, 1, _all_present(swiss_event, {entries[6].pk: "half"}), None)
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    checkin.undo_pairing(round_.pk, None)
    assert not round_.games.exists()
    # the bye asked for stays
    assert list(round_.byes.values_list("kind", flat=True)) == ["half"]
    assert ChangeLog.objects.filter(action="undo_pairing").count() == 1
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    game = cast(Game, round_.games.first())
    save_result(game.pk, "=", game.version, None)
    with pytest.raises(DeskError, match="résultat"):
        checkin.undo_pairing(round_.pk, None)
    assert round_.games.count() == 3


def test_the_results_page_offers_the_next_round_once_every_result_is_in(
    swiss_event: Event, secretary_client: Client
) -> None:
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    page = secretary_client.get(reverse("desk:results", args=[round_.pk])).content.decode()
    assert 'id="next-round-actions" hidden' in page and 'id="undo-actions">' in page
    for game in round_.games.all():
        save_result(game.pk, "1", game.version, None)
    page = secretary_client.get(reverse("desk:results", args=[round_.pk])).content.decode()
    assert 'id="next-round-actions">' in page and 'id="undo-actions" hidden' in page
    answer = secretary_client.post(reverse("desk:pair_after", args=[round_.pk]))
    second = swiss_event.rounds.get(number=2)
    assert cast(HttpResponseRedirect, answer).url == reverse("desk:results", args=[second.pk])
    # the button of a page left open, once the next round is paired: that round is shown
    answer = secretary_client.post(reverse("desk:pair_after", args=[round_.pk]), follow=True)
    assert "Quelqu&#x27;un d&#x27;autre vient d&#x27;apparier la ronde 2" in answer.content.decode()
    assert answer.redirect_chain[-1][0] == reverse("desk:results", args=[second.pk])
    assert swiss_event.rounds.count() == 2


def test_the_check_in_page_saves_and_pairs_in_one_post(
    swiss_event: Event, secretary_client: Client
) -> None:
    entries = _entries(swiss_event)
    url = reverse("desk:check_in", args=[swiss_event.pk, 1])
    page = secretary_client.get(url)
    assert page.status_code == 200
    data = {f"status-{p.pk}": "present" for p in entries}
    data[f"status-{entries[0].pk}"] = "zero"
    answer = secretary_client.post(url, {**data, "pair": "1"})
    round_ = swiss_event.rounds.get(number=1)
    assert cast(HttpResponseRedirect, answer).url == reverse("desk:results", args=[round_.pk])
    assert round_.games.count() == 3 and round_.byes.get().player_id == entries[0].player_id


def test_undoing_a_round_with_a_result_says_why_on_the_results_page(
    swiss_event: Event, secretary_client: Client
) -> None:
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    game = cast(Game, round_.games.first())
    save_result(game.pk, "1", game.version, None)
    answer = secretary_client.post(reverse("desk:undo_pairing", args=[round_.pk]), follow=True)
    assert "ne peut plus être annulé" in answer.content.decode()
    assert round_.games.count() == 3


def test_a_wrong_status_is_named_and_a_missing_one_keeps_what_is_recorded(
    swiss_event: Event, secretary_client: Client
) -> None:
    entries = _entries(swiss_event)
    url = reverse("desk:check_in", args=[swiss_event.pk, 1])
    answer = secretary_client.post(url, {f"status-{entries[0].pk}": "late"}, follow=True)
    assert "Statut inconnu\xa0: late." in answer.content.decode()
    assert not Bye.objects.exists()
    secretary_client.post(url, {f"status-{entries[0].pk}": "half"})
    assert Bye.objects.get().player_id == entries[0].player_id
    assert (
        secretary_client.get(reverse("desk:check_in", args=[swiss_event.pk, 0])).status_code == 404
    )


def test_the_check_in_page_speaks_english_at_en(
    swiss_event: Event, secretary_client: Client, english: None
) -> None:
    page = secretary_client.get(reverse("desk:check_in", args=[swiss_event.pk, 1]))
    assert page.status_code == 200
    assert "half-point bye" in page.content.decode().lower()


def test_undoing_a_pairing_asks_first_in_a_dialog(
    swiss_event: Event, secretary_client: Client
) -> None:
    round_ = pairing_services.pair_next_round(swiss_event.pk, None)
    html = secretary_client.get(reverse("desk:results", args=[round_.pk])).content.decode()
    undo = reverse("desk:undo_pairing", args=[round_.pk])
    # the page's button only opens the dialog (Bootstrap's modal, no inline script);
    # the form that undoes is in the dialog, which names what is lost
    button = html[html.index('id="undo-pairing"') - 120 : html.index('id="undo-pairing"') + 200]
    assert 'type="button"' in button and 'data-bs-target="#undo-pairing-dialog"' in button
    dialog = html[html.index('id="undo-pairing-dialog"') :]
    assert f'action="{undo}"' in dialog and html.count(f'action="{undo}"') == 1
    assert "Annuler l’appariement de la ronde 1\xa0?" in dialog or "ronde 1\xa0?" in dialog
    assert "3 échiquiers" in dialog
    assert "onclick" not in html and "<script>" not in html
    assert round_.games.count() == 3


def test_the_check_in_heading_puts_a_french_space_before_its_colon(
    swiss_event: Event, secretary_client: Client
) -> None:
    html = secretary_client.get(reverse("desk:check_in", args=[swiss_event.pk, 1])).content.decode()
    heading = html[html.index("<h1") : html.index("</h1>")]
    assert heading.rstrip().endswith("Ronde 1\xa0: qui joue")


def test_a_player_entered_since_the_numbering_comes_after_the_numbered_ones(
    swiss_event: Event,
) -> None:
    """An online entry accepted after round 1 has no pairing number until the next
    pairing: the check-in lists it after the numbered players, on both databases."""
    late = PlayerFactory(last_name="Aaron", national_rating=2300)
    Participant.objects.create(event=swiss_event, player=late, number=None, rating=2300)
    numbers = [line.participant.number for line in checkin.lines(swiss_event, 1)]
    assert numbers == [1, 2, 3, 4, 5, 6, 7, None]
