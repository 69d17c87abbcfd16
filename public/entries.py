"""What the public pages show of an event's online entries: the list of entrants (name,
title, club, federation, rating and where their entry stands, nothing else), the places
taken, and the players the entry form's search offers."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q

from club.models import Entry, EntryTerms, Event, Member, Player
from desk.services.players import Found, search_players

ACCEPTED = "accepted"
RECEIVED = "received"
WAITING = "waiting"


@dataclass(frozen=True)
class EntryLine:
    """One entrant as the public list shows them."""

    name: str
    title: str
    club: str
    federation: str
    rating: int | None
    status: str  # ACCEPTED, RECEIVED or WAITING


@dataclass(frozen=True)
class EntryList:
    terms: EntryTerms
    lines: list[EntryLine]
    waiting: list[EntryLine]
    taken: int

    @property
    def places_left(self) -> int | None:
        if self.terms.places is None:
            return None
        return max(0, self.terms.places - self.taken)


def entry_list(event: Event, terms: EntryTerms) -> EntryList:
    """The event's entrants: its registered players (accepted), then the entries received
    and on the waiting list whose address was confirmed (an entry nobody confirmed may be
    anyone's prank), the ones by rating, the waiting list in the order received."""
    lines = [
        EntryLine(
            name=p.player.name,
            title=p.player.title,
            club=settings.CLUB_NAME if hasattr(p.player, "membership") else p.player.club_name,
            federation=p.player.federation,
            rating=terms.rating_of(p.player.fide_rating, p.player.national_rating),
            status=ACCEPTED,
        )
        for p in event.participants.exclude(withdrawn_after_round=0).select_related(
            "player__membership"
        )
    ]
    confirmed = Entry.objects.filter(event=event, confirmed_at__isnull=False)

    def line(entry: Entry) -> EntryLine:
        return EntryLine(
            name=entry.name,
            title=entry.title,
            club=entry.club_name,
            federation=entry.federation,
            rating=terms.rating_of(entry.fide_rating, entry.national_rating),
            status=entry.status,
        )

    lines += [line(e) for e in confirmed.filter(status=Entry.Status.RECEIVED)]
    lines.sort(key=lambda e: (-(e.rating or 0), e.name))
    waiting = [
        line(e) for e in confirmed.filter(status=Entry.Status.WAITING).order_by("received_at", "pk")
    ]
    return EntryList(terms=terms, lines=lines, waiting=waiting, taken=terms.places_taken())


def public_players() -> Q:
    """The club's players a visitor may pick: outside players and the members listed
    publicly (a member who asked not to be listed is not offered)."""
    return Q(membership__isnull=True) | Q(membership__in=Member.objects.public())


def offered(event: Event, query: str) -> list[Found]:
    """The players the entry form's search offers: the desk's registration search
    (``desk.services.players``) without the members who are not listed publicly."""
    found = search_players(event, query)
    shown = {
        p.pk
        for p in Player.objects.filter(public_players()).filter(
            pk__in=[f.player.pk for f in found if f.player is not None]
        )
    }
    return [f for f in found if f.player is None or f.player.pk in shown]
