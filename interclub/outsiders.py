"""The other clubs' players of a line-up, as the secretary types them: by name (the
outside player known by that name, else the only player of that name in the loaded
official lists, else a new record) or by a FIDE or national ID typed in the name's box
(the player known by it, else the listed player it names). A listed player becomes the
club's record through ``ratings.services.listed.player_from_list``, once."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q
from django.utils.translation import gettext as _

from club import players
from club.exceptions import DeskError
from club.models import Event, Player
from desk.services.events import log_change
from interclub.models import Team
from lib.limits import MAX_FIDE_ID, whole_number
from ratings.services.listed import listed_by_id, listed_by_name, player_from_list


@dataclass(frozen=True)
class Typed:
    """A board of a line-up as the secretary gave it: a known player, or an outside
    player by name (or by a FIDE or national ID in ``last_name``) and rating."""

    player_id: int | None = None
    first_name: str = ""
    last_name: str = ""
    rating: int | None = None

    @property
    def empty(self) -> bool:
        return self.player_id is None and not self.last_name.strip()

    @property
    def typed_id(self) -> int | None:
        """The FIDE or national ID typed instead of a name (digits only, no first name)."""
        if self.first_name.strip():
            return None
        return whole_number(self.last_name.strip())


def outsider(team: Team, typed: Typed, board: int, user: User | None, event: Event) -> Player:
    """The other club's player on ``board``: see the module. A record made is logged;
    the rating typed updates a known player's national rating."""
    number = typed.typed_id
    if number is not None:
        return _by_id(team, number, board, user, event)
    last, first = typed.last_name.strip(), typed.first_name.strip()
    if not first:
        raise DeskError(_("Board %(board)s: type the player's first name too.") % {"board": board})
    player = players.outside_player(first, last, team.club_name)
    if player is None:
        row = listed_by_name(first, last)
        if row is not None:
            player, created = player_from_list(row)
            return _for_team(player, team, created, user, event)
        player = Player.objects.create(
            first_name=first,
            last_name=last,
            national_rating=typed.rating,
            club_name=team.club_name,
        )
        log_change(user, event, "create_player", player=player.pk, name=player.name)
        return player
    changed = []
    if not player.club_name.strip():
        player.club_name = team.club_name
        changed.append("club_name")
    if typed.rating is not None and player.national_rating != typed.rating:
        player.national_rating = typed.rating
        changed.append("national_rating")
    if changed:
        player.save(update_fields=changed)
    return player


def _by_id(team: Team, number: int, board: int, user: User | None, event: Event) -> Player:
    by_id = Q(national_id=str(number))
    if number <= MAX_FIDE_ID:
        by_id |= Q(fide_id=number)
    known = list(Player.objects.filter(by_id).order_by("pk")[:2])
    if len(known) == 1:
        return known[0]
    if known:
        raise DeskError(
            _("Board %(board)s: %(id)s is the ID of several players: type the name.")
            % {"board": board, "id": number}
        )
    row = listed_by_id(str(number))
    if row is None:
        raise DeskError(
            _("Board %(board)s: no player has the ID %(id)s, known or in the loaded lists.")
            % {"board": board, "id": number}
        )
    player, created = player_from_list(row)
    return _for_team(player, team, created, user, event)


def _for_team(player: Player, team: Team, created: bool, user: User | None, event: Event) -> Player:
    if created:
        player.club_name = team.club_name
        player.save(update_fields=["club_name"])
        log_change(user, event, "create_player", player=player.pk, name=player.name)
    return player
