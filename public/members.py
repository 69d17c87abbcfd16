"""A member as their public page shows them, read at every first visit of the page."""

from __future__ import annotations

from typing import NamedTuple

from club.latest_games import Line
from club.models import Member, Player

# What the page shows of a member: the year they joined, their player's name, FIDE ID and
# FIDE federation, and the first page of their games as kept (``club.latest_games``)
SHOWN = (
    "pk",
    "since",
    "player_id",
    "player__first_name",
    "player__last_name",
    "player__fide_id",
    "player__federation",
    "player__latest_games__lines",
)


class PublicMember(NamedTuple):
    """A member with what their page shows, and their player's latest games as kept
    (``LatestGames.lines``: None where the player has no row, or it is out of date)."""

    member: Member
    games: list[Line] | None


def public_member(pk: int) -> PublicMember | None:
    """The member ``pk`` if the public may see them (``Member.objects.public()``), with
    what their page shows and nothing else (no personal data is read): one query of
    ``SHOWN``; None otherwise."""
    found = Member.objects.public().filter(pk=pk).values_list(*SHOWN)
    for pk, since, player, first_name, last_name, fide_id, federation, games in found:
        shown = Player(
            pk=player,
            first_name=first_name,
            last_name=last_name,
            fide_id=fide_id,
            federation=federation,
        )
        return PublicMember(Member(pk=pk, since=since, player=shown), games)
    return None
