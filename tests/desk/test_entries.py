"""Online entries' services: an entry taken (a player found in the lists, a known player,
one typed), each refusal with its error and nothing written (closed, past the closing
date, begun, rating outside the bounds, the same player twice), the waiting list once the
places are taken; the address confirmed and the entry withdrawn by the entrant's link;
the secretary's decisions (accept makes the registration with one record a person,
refuse, waiting list, accept all confirmed), each logged and mailed in the entrant's
language."""

from datetime import date, datetime
from typing import Any

import pytest
from django.core import mail

from club.exceptions import DeskError
from club.models import ChangeLog, Entry, EntryTerms, Event, Participant, Player
from desk.services import entry_decisions
from desk.services.entries import (
    AlreadyEntered,
    EntriesClosed,
    EntryRequest,
    RatingOutOfBounds,
    Terms,
    UnknownPlayer,
    confirm_address,
    set_terms,
    take_entry,
    withdraw_entry,
)
from desk.services.entry_mails import entry_id_from_token
from ratings.services.listed import listed
from tests.club.entry_open import (
    BRUSSELS,
    NOW,
    entry_clock,  # noqa: F401 (autouse: the clock stopped)
    entry_open,
    link,
)
from tests.club.factories import EventFactory, MemberFactory, PlayerFactory
from tests.ratings.listed import SWISS_MANAGER, load
from tests.task_worker import mailed

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_event() -> Event:
    """An announced open on 2 October 2026, its entries open, three places."""
    return entry_open(3)


def typed(**given: Any) -> EntryRequest:
    values: dict[str, Any] = {
        "email": "anne@example.be",
        "language": "fr",
        "first_name": "Anne",
        "last_name": "Roux",
        "sex": "F",
        "birth_year": 1990,
        "federation": "BEL",
        "club_name": "Cercle de Namur",
    }
    return EntryRequest(**{**values, **given})


def chosen(line_fide_id: int, **given: Any) -> EntryRequest:
    row = listed().get(fide_id=line_fide_id, kind="fide")
    values: dict[str, Any] = {"email": "luc@example.be", "language": "fr", "listed_id": row.pk}
    return EntryRequest(**{**values, **given})


def nothing_written(event: Event) -> bool:
    return not Entry.objects.filter(event=event).exists() and not ChangeLog.objects.exists()


# Taking an entry -----------------------------------------------------------------------------


def test_it_takes_a_typed_entry_and_mails_the_link_in_the_entrants_language(
    open_event: Event,
) -> None:
    with mailed():
        entry = take_entry(open_event.pk, typed(language="nl"), link)
    assert (entry.status, entry.name, entry.federation, entry.club_name) == (
        "received", "Anne Roux", "BEL", "Cercle de Namur",
    )  # fmt: skip
    assert (entry.birth_year, entry.fide_rating, entry.player) == (1990, None, None)
    assert ChangeLog.objects.get().action == "entry_received"
    (sent,) = mail.outbox
    assert sent.to == ["anne@example.be"]
    assert "Uw inschrijving voor Open de Wavre" in sent.subject
    token = sent.body.split("https://club.example/nl/inscription/")[1].split("/")[0]
    assert entry_id_from_token(token) == entry.pk


def test_a_listed_player_enters_with_the_lists_name_ids_and_rating(
    open_event: Event, official_lists: None
) -> None:
    entry = take_entry(open_event.pk, chosen(200000), link)
    assert (entry.first_name, entry.last_name, entry.federation, entry.sex) == (
        "Luc", "Dubois", "BEL", "M",
    )  # fmt: skip
    assert (entry.fide_id, entry.fide_rating, entry.birth_year) == (200000, 1712, 1968)


def test_a_rapid_event_reads_the_lists_rapid_rating(
    open_event: Event, official_lists: None
) -> None:
    Event.objects.filter(pk=open_event.pk).update(time_control=Event.TimeControl.RAPID)
    assert take_entry(open_event.pk, chosen(703303), link).fide_rating == 2700  # Leko's rapid


def test_a_known_player_enters_as_the_clubs_record(open_event: Event) -> None:
    member = MemberFactory(player__first_name="Paul", player__last_name="Lenoir")
    entry = take_entry(open_event.pk, EntryRequest("p@example.be", "fr", member.player.pk), link)
    assert entry.player == member.player
    assert entry.club_name == "Cercle d'Échecs de Wavre"  # a member plays for the club
    assert entry.national_rating == 1500


def test_a_typed_fide_id_of_someone_else_is_refused(
    open_event: Event, official_lists: None
) -> None:
    with pytest.raises(UnknownPlayer, match="Leko"):
        take_entry(open_event.pk, typed(fide_id=703303), link)
    assert nothing_written(open_event)


def test_a_typed_fide_id_of_ones_own_takes_the_lists_rating(
    open_event: Event, official_lists: None
) -> None:
    request = typed(first_name="Luc", last_name="Dubois", fide_id=200000)
    entry = take_entry(open_event.pk, request, link)
    assert (entry.fide_id, entry.fide_rating) == (200000, 1712)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"open": False}, "sont fermées"),
        ({"closes_at": datetime(2026, 9, 1, 11, tzinfo=BRUSSELS)}, "fermées le 1 septembre 2026"),
    ],
)
def test_it_refuses_an_entry_when_entries_are_closed(
    open_event: Event, change: dict, said: str
) -> None:
    EntryTerms.objects.filter(event=open_event).update(**change)
    with pytest.raises(EntriesClosed, match=said), mailed():
        take_entry(open_event.pk, typed(), link)
    assert nothing_written(open_event) and mail.outbox == []


def test_it_refuses_an_entry_once_the_event_has_begun(open_event: Event) -> None:
    Event.objects.filter(pk=open_event.pk).update(status=Event.Status.ONGOING)
    with pytest.raises(EntriesClosed, match="a commencé"):
        take_entry(open_event.pk, typed(), link)
    assert nothing_written(open_event)


def test_an_event_without_terms_takes_no_entry() -> None:
    event = EventFactory(start=datetime(2026, 10, 2, 10, tzinfo=BRUSSELS))
    with pytest.raises(EntriesClosed):
        take_entry(event.pk, typed(), link)
    assert nothing_written(event)


def test_entries_beyond_the_places_go_on_the_waiting_list(open_event: Event) -> None:
    open_event.participants.create(player=PlayerFactory())
    take_entry(open_event.pk, typed(first_name="A"), link)
    take_entry(open_event.pk, typed(first_name="B"), link)  # the third place
    with mailed():
        waiting = take_entry(open_event.pk, typed(first_name="C"), link)
    assert waiting.status == Entry.Status.WAITING
    assert "liste d'attente" in mail.outbox[0].subject
    # a withdrawal before the first round frees its place
    Participant.objects.filter(event=open_event).update(withdrawn_after_round=0)
    assert take_entry(open_event.pk, typed(first_name="D"), link).status == "received"


@pytest.mark.parametrize(
    ("bounds", "fide_id", "said"),
    [
        ({"rating_min": 1800}, 200000, "1800 ou plus.*Luc Dubois.*1712"),
        ({"rating_max": 1600}, 200000, "1600 ou moins.*1712"),
        ({"rating_min": 1000}, None, "1000 ou plus.*aucun"),
    ],
)
def test_it_refuses_a_rating_outside_the_bounds(
    open_event: Event, official_lists: None, bounds: dict, fide_id: int | None, said: str
) -> None:
    EntryTerms.objects.filter(event=open_event).update(**bounds)
    request = chosen(fide_id) if fide_id else typed()
    with pytest.raises(RatingOutOfBounds, match=said):
        take_entry(open_event.pk, request, link)
    assert nothing_written(open_event)


def test_the_bounds_read_the_rating_the_terms_name(open_event: Event, official_lists: None) -> None:
    EntryTerms.objects.filter(event=open_event).update(
        rating=EntryTerms.Rating.NATIONAL, rating_max=1600
    )
    assert take_entry(open_event.pk, chosen(200000), link).status == "received"  # unrated: 0
    assert take_entry(open_event.pk, typed(), link).status == "received"


def test_the_same_listed_player_cannot_enter_twice(open_event: Event, official_lists: None) -> None:
    take_entry(open_event.pk, chosen(200000), link)
    with pytest.raises(
        AlreadyEntered,
        match="Luc Dubois est déjà inscrit à cet événement\xa0: une inscription par joueur",
    ):
        take_entry(open_event.pk, chosen(200000, email="other@example.be"), link)
    assert Entry.objects.count() == 1


def test_the_same_typed_player_cannot_enter_twice_but_a_namesake_can(open_event: Event) -> None:
    take_entry(open_event.pk, typed(), link)
    with pytest.raises(AlreadyEntered):
        take_entry(open_event.pk, typed(first_name="anne", last_name="ROUX"), link)
    assert take_entry(open_event.pk, typed(birth_year=1961), link).status == "received"
    assert Entry.objects.count() == 2


def test_a_registered_player_cannot_enter(open_event: Event) -> None:
    player = PlayerFactory(first_name="Anne", last_name="Roux", birth_year=1990)
    open_event.participants.create(player=player)
    for request in (EntryRequest("a@example.be", "fr", player.pk), typed()):
        with pytest.raises(AlreadyEntered, match=r"^Anne Roux est déjà inscrit à cet événement\.$"):
            take_entry(open_event.pk, request, link)
    assert nothing_written(open_event)


def test_a_withdrawn_entry_does_not_keep_the_player_from_entering_again(
    open_event: Event,
) -> None:
    first = take_entry(open_event.pk, typed(), link)
    withdraw_entry(first.pk, link)
    assert take_entry(open_event.pk, typed(), link).status == "received"


# The entrant's link ---------------------------------------------------------------------------


def test_the_entrant_confirms_their_address_once(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    assert confirm_address(entry.pk).confirmed_at == NOW
    assert confirm_address(entry.pk).confirmed_at == NOW
    assert [c.action for c in ChangeLog.objects.order_by("pk")] == [
        "entry_received",
        "entry_confirmed",
    ]


def test_an_accepted_entry_withdrawn_before_the_event_leaves_no_registration(
    open_event: Event,
) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    entry_decisions.accept(entry.pk, None, link)
    with mailed():
        withdrawn = withdraw_entry(entry.pk, link)
    assert withdrawn.status == Entry.Status.WITHDRAWN
    assert not Participant.objects.filter(event=open_event).exists()
    assert "retirée" in mail.outbox[0].subject
    with pytest.raises(DeskError, match="déjà"):
        withdraw_entry(entry.pk, link)


def test_an_accepted_entry_of_an_event_begun_is_withdrawn_by_the_arbiter(
    open_event: Event,
) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    entry_decisions.accept(entry.pk, None, link)
    Event.objects.filter(pk=open_event.pk).update(status=Event.Status.ONGOING)
    with pytest.raises(DeskError, match="arbitre"):
        withdraw_entry(entry.pk, link)
    assert Entry.objects.get().status == "accepted" and Participant.objects.exists()


# The secretary's decisions ---------------------------------------------------------------------


def test_accepting_a_typed_entry_makes_the_player_and_the_registration(
    open_event: Event, secretary: object
) -> None:
    entry = take_entry(open_event.pk, typed(language="de", birth_date=date(1990, 3, 14)), link)
    with mailed():
        participant = entry_decisions.accept(entry.pk, secretary, link)  # type: ignore[arg-type]
    player = participant.player
    assert (player.first_name, player.last_name, player.sex, player.federation) == (
        "Anne", "Roux", "F", "BEL",
    )  # fmt: skip
    assert (player.birth_date, player.club_name) == (date(1990, 3, 14), "Cercle de Namur")
    entry.refresh_from_db()
    assert (entry.status, entry.participant, entry.player) == ("accepted", participant, player)
    assert [c.action for c in ChangeLog.objects.order_by("pk")][1:] == [
        "create_player",
        "register",
        "entry_accepted",
    ]
    assert ChangeLog.objects.get(action="entry_accepted").user == secretary
    assert mail.outbox[0].subject == "Ihre Anmeldung für Open de Wavre ist angenommen"


def test_accepting_a_listed_entry_makes_the_player_from_the_list_once(
    open_event: Event, official_lists: None
) -> None:
    entry = take_entry(open_event.pk, chosen(703303), link)
    participant = entry_decisions.accept(entry.pk, None, link)
    leko = Player.objects.get(fide_id=703303)  # one record
    assert participant.player == leko
    assert (leko.title, leko.fide_rating, leko.federation) == ("GM", 2676, "HUN")
    other = EventFactory(kind=Event.Kind.OPEN, start=datetime(2026, 11, 2, tzinfo=BRUSSELS))
    EntryTerms.objects.create(event=other, open=True)
    second = take_entry(other.pk, chosen_player(leko), link)
    assert entry_decisions.accept(second.pk, None, link).player == leko
    assert Player.objects.filter(last_name="Leko").count() == 1


def test_an_entry_from_the_belgian_list_holds_a_matricule_the_belgian_federation_issued(
    open_event: Event,
) -> None:
    """Samy Ait Chaouche, FRA, Belgian matricule 14374 and 2099 in the Belgian list of
    April 2020: his entry and the record its acceptance makes play for FRA and hold a
    national ID of BEL, the list's federation."""
    load(SWISS_MANAGER, "frbe", date(2020, 4, 1))
    row = listed().get(national_id="14374")
    entry = take_entry(open_event.pk, EntryRequest("s@example.be", "fr", listed_id=row.pk), link)
    assert (entry.federation, entry.national_id, entry.national_id_federation) == (
        "FRA", "14374", "BEL",
    )  # fmt: skip
    assert entry.national_rating == 2099
    samy = entry_decisions.accept(entry.pk, None, link).player
    assert (samy.federation, samy.national_id_federation, samy.national_rating) == (
        "FRA", "BEL", 2099,
    )  # fmt: skip


def chosen_player(player: Player) -> EntryRequest:
    return EntryRequest("p@example.be", "fr", player.pk)


def test_accepting_a_typed_entry_finds_the_outside_player_known_by_name(
    open_event: Event,
) -> None:
    known = PlayerFactory(first_name="Anne", last_name="Roux", club_name="")
    entry = take_entry(open_event.pk, typed(), link)
    assert entry_decisions.accept(entry.pk, None, link).player == known
    known.refresh_from_db()
    assert known.club_name == "Cercle de Namur"
    assert Player.objects.count() == 1


def test_an_entry_accepted_twice_is_refused(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    entry_decisions.accept(entry.pk, None, link)
    with pytest.raises(DeskError, match="déjà acceptée"):
        entry_decisions.accept(entry.pk, None, link)
    assert Participant.objects.count() == 1


def test_refusing_and_the_waiting_list_tell_the_entrant(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(language="nl"), link)
    with mailed():
        entry_decisions.put_on_waiting_list(entry.pk, None, link)
        entry_decisions.refuse(entry.pk, None, link)
    assert Entry.objects.get().status == Entry.Status.REFUSED
    assert [m.subject for m in mail.outbox] == [
        "Uw inschrijving voor Open de Wavre: wachtlijst",
        "Uw inschrijving voor Open de Wavre kon niet worden aanvaard",
    ]
    assert "niet worden aanvaard" in mail.outbox[1].body
    assert "/inscription/" in mail.outbox[0].body  # still to confirm, or to withdraw
    assert "/inscription/" not in mail.outbox[1].body  # nothing left to do
    assert not Participant.objects.exists()


def test_the_acceptance_mail_offers_only_to_withdraw(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(language="fr"), link)
    with mailed():
        entry_decisions.accept(entry.pk, None, link)
    body = mail.outbox[0].body
    assert "pour la retirer si vous ne pouvez pas venir" in body
    assert "confirmer votre adresse" not in body and "/inscription/" in body


def test_an_accepted_entry_is_not_refused(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    entry_decisions.accept(entry.pk, None, link)
    with pytest.raises(DeskError, match="retirez le joueur"):
        entry_decisions.refuse(entry.pk, None, link)
    assert Entry.objects.get().status == "accepted"


def test_accept_all_confirmed_takes_the_confirmed_entries_only(open_event: Event) -> None:
    EntryTerms.objects.filter(event=open_event).update(places=None)
    first = take_entry(open_event.pk, typed(first_name="A"), link)
    take_entry(open_event.pk, typed(first_name="B"), link)  # not confirmed
    third = take_entry(open_event.pk, typed(first_name="C"), link)
    waiting = take_entry(open_event.pk, typed(first_name="D"), link)
    entry_decisions.put_on_waiting_list(waiting.pk, None, link)
    for entry in (first, third, waiting):
        confirm_address(entry.pk)
    done = entry_decisions.accept_confirmed(open_event.pk, None, link)
    assert done.names == ["A Roux", "C Roux"] and done.skipped == []
    registered = Participant.objects.filter(event=open_event).values_list(
        "player__first_name", flat=True
    )
    assert sorted(registered) == ["A", "C"]


def test_accept_all_confirmed_leaves_a_player_registered_meanwhile(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    confirm_address(entry.pk)
    open_event.participants.create(player=PlayerFactory(first_name="Anne", last_name="Roux"))
    done = entry_decisions.accept_confirmed(open_event.pk, None, link)
    assert done.names == [] and "Anne Roux" in done.skipped[0]
    assert Entry.objects.get().status == "received"


def test_a_cancelled_events_entries_are_not_decided(open_event: Event) -> None:
    entry = take_entry(open_event.pk, typed(), link)
    Event.objects.filter(pk=open_event.pk).update(status=Event.Status.CANCELLED)
    with pytest.raises(DeskError, match="annulé"):
        entry_decisions.accept(entry.pk, None, link)
    assert not Participant.objects.exists()


# The terms --------------------------------------------------------------------------------------


def test_the_terms_are_saved_and_logged(open_event: Event) -> None:
    closes = datetime(2026, 9, 30, 20, tzinfo=BRUSSELS)
    set_terms(open_event.pk, Terms(True, closes, 150, "national", 1000, 2200, "20 €"), None, link)
    terms = EntryTerms.objects.get(event=open_event)
    assert (terms.closes_at, terms.places, terms.rating, terms.rating_min, terms.fee) == (
        closes, 150, "national", 1000, "20 €",
    )  # fmt: skip
    assert ChangeLog.objects.get().action == "entry_terms"


def test_the_places_cannot_be_fewer_than_the_players_registered(open_event: Event) -> None:
    """Two players registered (a third withdrawn before round 1 frees his place): a limit of
    1 is refused, naming why, and the terms stay as they were; 2 is taken."""
    for withdrawn in (None, None, 0):
        open_event.participants.create(player=PlayerFactory(), withdrawn_after_round=withdrawn)
    with pytest.raises(DeskError, match="2 joueurs sont déjà inscrits"):
        set_terms(open_event.pk, Terms(True, places=1), None, link)
    assert EntryTerms.objects.get(event=open_event).places == 3
    assert set_terms(open_event.pk, Terms(True, places=2), None, link).places == 2


@pytest.mark.parametrize(
    ("kind", "terms", "said"),
    [
        (Event.Kind.MEETING, Terms(True), "aucune inscription"),
        (Event.Kind.OPEN, Terms(True, rating_min=2000, rating_max=1500), "au-dessus"),
        (Event.Kind.OPEN, Terms(True, datetime(2026, 12, 1, tzinfo=BRUSSELS)), "avant la fin"),
    ],
)
def test_terms_that_cannot_be_are_refused(kind: str, terms: Terms, said: str) -> None:
    event = EventFactory(kind=kind, start=datetime(2026, 10, 2, tzinfo=BRUSSELS))
    with pytest.raises(DeskError, match=said):
        set_terms(event.pk, terms, None, link)
    assert not EntryTerms.objects.exists() and not ChangeLog.objects.exists()
