"""The secretary's decisions on the online entries: accept (the entry becomes the event's
registration, with one club record a person), refuse, put on the waiting list, and accept
every entry whose address is confirmed. Each takes the event's row lock, is logged, and
sends the entrant a short mail.

The waiting list moves up here too (``fill_places``): when a place of an event with a
limit frees (an entry withdrawn or refused, a player withdrawn before the first round, the
limit raised), the first entries on the waiting list, in the order received, whose rating
the terms still take, are accepted as the secretary accepts, in the same transaction as
what freed the place."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club import event_state, players
from club.exceptions import DeskError
from club.models import Entry, EntryTerms, Event, Participant, Player
from desk.services import registration
from desk.services.entry_mails import Link, send_entry_mail
from desk.services.events import log_change
from ratings.models import ListedPlayer
from ratings.services.listed import listed, lists_issued_by, player_from_list


def _entry(entry_id: int) -> Entry:
    """The entry ``entry_id`` read under its event's lock, the event allowing
    registrations."""
    event_id = Entry.objects.filter(pk=entry_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise DeskError(_("This entry no longer exists."))
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    entry = Entry.objects.select_related("player").get(pk=entry_id)
    entry.event = event
    return entry


def _listed_line(entry: Entry) -> ListedPlayer | None:
    """The entrant's line in the loaded lists, by FIDE ID (FIDE's first) or national ID
    (in the lists of the federation that issued it)."""
    rows = listed()
    if entry.fide_id is not None:
        line = rows.filter(fide_id=entry.fide_id).order_by("kind", "pk").first()
        if line is not None:
            return line
    if entry.national_id:
        kinds = lists_issued_by(entry.national_id_federation)
        return rows.filter(national_id=entry.national_id, kind__in=kinds).first()
    return None


def _typed_player(entry: Entry) -> Player | None:
    """The one outside player of the entry's name whose IDs and birth year do not
    contradict it (``club.players``), else None."""
    found = [
        p
        for p in players.by_name(entry.first_name, entry.last_name)
        if entry.fide_id in (None, p.fide_id) or p.fide_id is None
        if not entry.national_id
        or not p.national_id
        or (p.national_id_federation, p.national_id)
        == (entry.national_id_federation, entry.national_id)
        if entry.birth_year is None
        or (p.birth_date.year if p.birth_date else p.birth_year) in (None, entry.birth_year)
    ]
    return found[0] if len(found) == 1 else None


def player_of(entry: Entry) -> tuple[Player, bool]:
    """The club's record of the entrant: the one the entry found, else the one known by
    its IDs, else made from the official list's line (``player_from_list``), else the one
    outside player of that name, else a new one from what was typed. Returns (player,
    created)."""
    if entry.player is not None:
        return entry.player, False
    by_id = Player.objects.none()
    if entry.fide_id is not None:
        by_id = Player.objects.filter(fide_id=entry.fide_id)
    if not by_id.exists() and entry.national_id:
        by_id = Player.objects.filter(
            national_id_federation=entry.national_id_federation, national_id=entry.national_id
        )
    if (known := by_id.first()) is not None:
        return known, False
    line = _listed_line(entry)
    if line is not None:
        player, created = player_from_list(line)
    elif (same := _typed_player(entry)) is not None:
        player, created = same, False
    else:
        player = Player.objects.create(
            first_name=entry.first_name,
            last_name=entry.last_name,
            sex=entry.sex,
            birth_date=entry.birth_date,
            birth_year=entry.birth_year if entry.birth_date is None else None,
            federation=entry.federation,
            fide_id=entry.fide_id,
            national_id=entry.national_id,
            national_id_federation=entry.national_id_federation,
            fide_rating=entry.fide_rating,
            national_rating=entry.national_rating,
            club_name=entry.club_name,
        )
        return player, True
    if entry.club_name and not player.club_name and not hasattr(player, "membership"):
        player.club_name = entry.club_name
        player.save(update_fields=["club_name"])
    return player, created


def _accept(entry: Entry, user: User | None, link: Link, mail: str = "accepted") -> Participant:
    if entry.status == Entry.Status.ACCEPTED:
        raise DeskError(_("%(name)s's entry is accepted already.") % {"name": entry.name})
    if entry.status == Entry.Status.WITHDRAWN:
        raise DeskError(_("%(name)s withdrew their entry.") % {"name": entry.name})
    player, created = player_of(entry)
    if created:
        log_change(user, entry.event, "create_player", player=player.pk, name=player.name)
    participant = registration.register(entry.event_id, player.pk, user)
    entry.player, entry.participant = player, participant
    entry.status, entry.decided_at = Entry.Status.ACCEPTED, timezone.now()
    entry.save(update_fields=["player", "participant", "status", "decided_at"])
    log_change(user, entry.event, "entry_accepted", name=entry.name, player=player.pk)
    send_entry_mail(entry, mail, link)
    return participant


@transaction.atomic
def accept(entry_id: int, user: User | None, link: Link) -> Participant:
    """Accept the entry ``entry_id``: its player (found or made once) registered in the
    event, and the entrant told."""
    return _accept(_entry(entry_id), user, link)


def _decide(entry_id: int, status: str, user: User | None, link: Link) -> Entry:
    """The entry ``entry_id`` refused or put on the waiting list; a received entry
    refused frees its place (``fill_places``)."""
    entry = _entry(entry_id)
    if entry.status == Entry.Status.ACCEPTED:
        raise DeskError(
            _("%(name)s's entry is accepted: withdraw the player from the participants instead.")
            % {"name": entry.name}
        )
    if entry.status == Entry.Status.WITHDRAWN:
        raise DeskError(_("%(name)s withdrew their entry.") % {"name": entry.name})
    if entry.status == status:
        return entry
    entry.status, entry.decided_at = status, timezone.now()
    entry.save(update_fields=["status", "decided_at"])
    log_change(user, entry.event, f"entry_{status}", name=entry.name)
    send_entry_mail(entry, status, link)
    if status == Entry.Status.REFUSED:
        fill_places(entry.event, user, link)
    return entry


@transaction.atomic
def refuse(entry_id: int, user: User | None, link: Link) -> Entry:
    """Refuse the entry ``entry_id`` (not one accepted already), and tell the entrant; the
    place it held goes to the waiting list."""
    return _decide(entry_id, Entry.Status.REFUSED, user, link)


@transaction.atomic
def put_on_waiting_list(entry_id: int, user: User | None, link: Link) -> Entry:
    """Put the entry ``entry_id`` on the waiting list, and tell the entrant."""
    return _decide(entry_id, Entry.Status.WAITING, user, link)


@dataclass
class Accepted:
    """What "accept all confirmed" did: the entries accepted, and those it could not
    accept with the reason."""

    names: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)


@transaction.atomic
def accept_confirmed(event_id: int, user: User | None, link: Link) -> Accepted:
    """Accept every received entry of the event whose address is confirmed, the first
    received first (not those on the waiting list: the secretary takes them one by one).
    An entry refused by the registration (its player registered meanwhile) is left as it
    is and named."""
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    done = Accepted()
    entries = Entry.objects.filter(
        event=event, status=Entry.Status.RECEIVED, confirmed_at__isnull=False
    ).select_related("player")
    for entry in entries.order_by("received_at", "pk"):
        entry.event = event
        try:
            with transaction.atomic():
                _accept(entry, user, link)
        except DeskError as refused:
            done.skipped.append(str(refused))
        else:
            done.names.append(entry.name)
    return done


# The waiting list moving up --------------------------------------------------------------------


def fill_places(event: Event, user: User | None, link: Link) -> list[Entry]:
    """The event's free places (``EntryTerms.places_free``) given to the entries on its
    waiting list, the first received first, as the secretary accepts them (the entry
    becomes the registration), each entrant told by the mail ``moved_up``. An entry whose
    rating the terms no longer take, or that the registration refuses (its player
    registered meanwhile), is left waiting and the next one is taken. Nothing moves when
    the event has no limit, is no longer announced, or is paired. Called under the event's
    lock (``event_state.lock_row``), inside the transaction that freed the place. Returns
    the entries moved up."""
    terms = EntryTerms.objects.filter(event=event).first()
    if terms is None or terms.places is None or event.status != Event.Status.ANNOUNCED:
        return []
    if registration.has_games(event):
        return []
    moved: list[Entry] = []
    waiting = Entry.objects.filter(event=event, status=Entry.Status.WAITING).select_related(
        "player"
    )
    for entry in waiting.order_by("received_at", "pk"):
        if not terms.places_free():
            break
        if not terms.within_bounds(terms.rating_of(entry.fide_rating, entry.national_rating)):
            continue
        entry.event = event
        try:
            with transaction.atomic():
                _accept(entry, user, link, mail="moved_up")
                entry.moved_up_at = entry.decided_at
                entry.save(update_fields=["moved_up_at"])
                log_change(user, event, "entry_moved_up", name=entry.name)
        except DeskError:
            continue
        moved.append(entry)
    return moved


@transaction.atomic
def withdraw_participant(
    participant_id: int, after_round: int | None, user: User | None, link: Link
) -> list[Entry]:
    """Withdraw the participant ``participant_id`` after round ``after_round``
    (``registration.withdraw``); withdrawn before the first round (0), their place goes to
    the waiting list (``fill_places``). Taking back (None) a withdrawal before the first
    round takes a place again: refused when the event's places are all taken (by the
    waiting list moved up meanwhile), naming the limit to raise. Returns the entries moved
    up."""
    if after_round is None:
        _check_place_back(participant_id)
    registration.withdraw(participant_id, after_round, user)
    event_id = Participant.objects.values_list("event_id", flat=True).get(pk=participant_id)
    event = event_state.lock_row(event_id)
    return fill_places(event, user, link) if after_round == 0 else []


def _check_place_back(participant_id: int) -> None:
    """Refuse to take back the withdrawal before the first round of ``participant_id``
    when the event's places are all taken."""
    participant = Participant.objects.select_related("player").get(pk=participant_id)
    if participant.withdrawn_after_round != 0:
        return
    event_state.lock_row(participant.event_id, event_state.Write.WITHDRAW)
    terms = EntryTerms.objects.filter(event=participant.event_id).first()
    if terms is None or terms.places is None or terms.places_free():
        return
    raise DeskError(
        _(
            "The %(places)s places are taken: %(name)s plays again once a place frees or the "
            "limit is raised in the entry terms."
        )
        % {"places": terms.places, "name": participant.player.name}
    )
