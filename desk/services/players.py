"""Finding a player to register: the club's members and the outside players already
known (entered for an earlier event, or imported from a tournament file), by the start
of their names or by their FIDE or national ID, with both ratings shown; then the players
of the loaded official lists the club does not know yet (``ratings.services.listed``),
made the club's players when chosen."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from club.models import Event, Member, Player
from lib.limits import MAX_FIDE_ID, whole_number
from ratings.models import ListedPlayer
from ratings.services.listed import by_id_query, search_listed

SEARCH_RESULTS = 10


@dataclass(frozen=True)
class Found:
    """A player offered in the registration search: a known ``player``, or a ``listed``
    one (a line of an official list, not yet the club's)."""

    player: Player | None
    is_member: bool
    by_id: bool  # the query was this player's FIDE or national ID
    listed: ListedPlayer | None = None


def search_players(event: Event, query: str, limit: int = SEARCH_RESULTS) -> list[Found]:
    """Active members and outside players (never members) not yet registered in
    ``event``, whose names start with each word typed, or whose FIDE ID or national ID
    is the query; then, up to ``limit``, the listed players the club does not know. Lapsed
    members are left out: they are no longer the club's, and registered as outsiders
    they would be entered twice."""
    query = query.strip()
    words = query.split()
    if not words or len(query) < 2:
        return []
    by_name = Q()
    for word in words:
        by_name &= Q(last_name__istartswith=word) | Q(first_name__istartswith=word)
    by_id = Q(national_id__iexact=query) if len(words) == 1 else Q(pk__in=[])
    number = whole_number(query)
    if number is not None and number <= MAX_FIDE_ID:
        by_id |= Q(fide_id=number)
    active = Member.objects.active().values("player")
    players = list(
        Player.objects.filter(by_name | by_id)
        .filter(Q(membership__isnull=True) | Q(pk__in=active))
        .exclude(pk__in=event.participants.values("player"))
        .select_related("membership")
        .order_by("last_name", "first_name", "pk")[:limit]
    )
    found = [
        Found(
            player,
            is_member=hasattr(player, "membership"),
            by_id=str(player.fide_id) == query or player.national_id.casefold() == query.casefold(),
        )
        for player in players
    ]
    if len(found) < limit:
        found += [
            Found(None, is_member=False, by_id=by_id_query(query) is not None, listed=row)
            for row in search_listed(query, limit - len(found))
        ]
    return found
