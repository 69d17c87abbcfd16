"""Finding a player the club already knows, so that a registration, an interclub line-up
or an import does not create a second record for them.

Names are compared without case, accents, punctuation or the order of their words
("Van den Bossche, Anne-Sophie" is "anne bossche den sophie van"), as the federations'
lists and the TRF import write them differently."""

from __future__ import annotations

import re
import unicodedata

from club.models import Player


def name_key(first_name: str, last_name: str) -> str:
    """The name's words, without accents or case, in a fixed order."""
    text = unicodedata.normalize("NFKD", f"{first_name} {last_name}")
    plain = text.encode("ascii", "ignore").decode("ascii").casefold()
    return " ".join(sorted(re.findall(r"[a-z0-9]+", plain)))


def same_name(player: Player, first_name: str, last_name: str) -> bool:
    return name_key(player.first_name, player.last_name) == name_key(first_name, last_name)


def by_name(first_name: str, last_name: str, *, members: bool = False) -> list[Player]:
    """Every known player of that name, the first entered first; members of the club
    only when ``members``. The names are compared in Python (``name_key``): no database
    folds accents alike, and a club knows a few thousand players at most."""
    key = name_key(first_name, last_name)
    if not key:
        return []
    known = Player.objects.order_by("pk")
    if not members:
        known = known.filter(membership__isnull=True)
    return [p for p in known if name_key(p.first_name, p.last_name) == key]


def outside_player(first_name: str, last_name: str, club_name: str) -> Player | None:
    """The known outside player of that name for a line-up of ``club_name``'s team: the
    one of that club, else the only one of that name, else one whose club is not known."""
    found = by_name(first_name, last_name)
    club = club_name.casefold().strip()
    for player in found:
        if player.club_name.casefold().strip() == club:
            return player
    if len(found) == 1:
        return found[0]
    unknown_club = [p for p in found if not p.club_name.strip()]
    return unknown_club[0] if unknown_club else None
