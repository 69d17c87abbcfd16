"""Players entered in an event: members and outside players (found once by their IDs or
name, never created twice; a player of a loaded official list made from its line),
pairing numbers, withdrawals."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from club import event_state, pages, players
from club.exceptions import DeskError
from club.models import TEAM_LENGTH, Event, Game, Participant, Player
from desk.services.events import log_change
from lib.inputs import control_problem
from lib.limits import MAX_ROUNDS
from ratings.models import ListedPlayer
from ratings.services.listed import player_from_list


def has_games(event: Event) -> bool:
    return Game.objects.filter(round__event=event).exists()


@transaction.atomic
def register(
    event_id: int, player_id: int, user: User | None, joined_round: int = 1
) -> Participant:
    """Enter the player ``player_id`` in the event ``event_id``; once the event is paired,
    a late entry gets the next pairing number (the others keep theirs)."""
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    player = Player.objects.get(pk=player_id)
    if joined_round < 1:
        raise DeskError(_("A player joins in round 1 or later."))
    if joined_round > MAX_ROUNDS:
        raise DeskError(_("An event has at most %(n)s rounds.") % {"n": MAX_ROUNDS})
    if event.participants.filter(player=player).exists():
        raise DeskError(_("%(name)s is already registered.") % {"name": player.name})
    number = None
    if has_games(event):
        number = (event.participants.aggregate(last=Max("number"))["last"] or 0) + 1
    participant = Participant.objects.create(
        event=event,
        player=player,
        rating=player.national_rating or player.fide_rating,
        joined_round=joined_round,
        number=number,
    )
    log_change(
        user, event, "register", player=player.pk, name=player.name, joined_round=joined_round
    )
    return participant


@dataclass(frozen=True)
class Outsider:
    """A player from outside the club, as the secretary types them."""

    first_name: str
    last_name: str
    fide_id: int | None = None
    national_id: str = ""
    federation: str = ""  # the one they play for at FIDE
    national_id_federation: str = ""  # the one that issued ``national_id``
    rating: int | None = None
    team: str = ""


def _same_name(player: Player, outsider: Outsider) -> bool:
    return player.last_name.casefold().strip() == outsider.last_name.casefold().strip()


def _known_player(outsider: Outsider) -> Player | None:
    """The player already known by this FIDE ID or national ID (refused when that ID
    belongs to someone of another name); else the one outside player of that name whose
    IDs do not contradict the ones typed (``club.players``)."""
    found = _known_by_id(outsider)
    if found is not None:
        return found
    same = [
        player
        for player in players.by_name(outsider.first_name, outsider.last_name)
        if (outsider.fide_id is None or player.fide_id in (None, outsider.fide_id))
        and (not outsider.national_id or not player.national_id)
    ]
    return same[0] if len(same) == 1 else None


def _known_by_id(outsider: Outsider) -> Player | None:
    """The player already known by this FIDE ID or national ID; refused when that ID
    belongs to someone of another name."""
    found: list[tuple[str, Player]] = []
    if outsider.fide_id is not None:
        player = Player.objects.filter(fide_id=outsider.fide_id).first()
        if player:
            found.append((_("FIDE ID %(id)s") % {"id": outsider.fide_id}, player))
    if outsider.national_id:
        player = Player.objects.filter(
            national_id_federation=outsider.national_id_federation,
            national_id=outsider.national_id,
        ).first()
        if player:
            found.append((_("National ID %(id)s") % {"id": outsider.national_id}, player))
    for what, player in found:
        if not _same_name(player, outsider):
            raise DeskError(
                _("%(what)s belongs to %(name)s: check the number.")
                % {"what": what, "name": player.name}
            )
    if len({player.pk for _what, player in found}) > 1:
        raise DeskError(_("The FIDE ID and the national ID belong to two different players."))
    return found[0][1] if found else None


def _complete(player: Player, outsider: Outsider) -> None:
    """The IDs typed that the known player's record lacks, written into it."""
    changed = []
    if outsider.fide_id is not None and player.fide_id is None:
        player.fide_id = outsider.fide_id
        changed.append("fide_id")
    if outsider.national_id.strip() and not player.national_id:
        player.national_id = outsider.national_id.strip()
        player.national_id_federation = outsider.national_id_federation.strip().upper()
        player.federation = player.federation or outsider.federation.strip().upper()
        changed += ["national_id", "national_id_federation", "federation"]
    if changed:
        player.save(update_fields=changed)


@transaction.atomic
def register_listed(
    event_id: int, listed_id: int, user: User | None, joined_round: int = 1
) -> Participant:
    """Enter the player the line ``listed_id`` of an official list names: the club's
    record of them, found by the list's IDs or made once from the list
    (``ratings.services.listed``)."""
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    player, created = player_from_list(ListedPlayer.objects.get(pk=listed_id))
    if created:
        log_change(user, event, "create_player", player=player.pk, name=player.name)
    return register(event_id, player.pk, user, joined_round)


@transaction.atomic
def register_outsider(
    event_id: int, outsider: Outsider, user: User | None, joined_round: int = 1
) -> tuple[Participant, bool]:
    """Create the player (or find them by FIDE or national ID) and enter them in the
    event ``event_id``. Returns the participant and whether the player is new."""
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    player = _known_player(outsider)
    created = player is None
    if player is not None:
        _complete(player, outsider)
    else:
        player = Player.objects.create(
            first_name=outsider.first_name.strip(),
            last_name=outsider.last_name.strip(),
            fide_id=outsider.fide_id,
            national_id=outsider.national_id.strip(),
            national_id_federation=outsider.national_id_federation.strip().upper()
            if outsider.national_id.strip()
            else "",
            federation=outsider.federation.strip().upper(),
            national_rating=outsider.rating,
            club_name=outsider.team.strip(),
        )
        log_change(user, event, "create_player", player=player.pk, name=player.name)
    participant = register(event_id, player.pk, user, joined_round)
    changed = []
    if outsider.rating is not None and participant.rating != outsider.rating:
        participant.rating = outsider.rating
        changed.append("rating")
    if outsider.team.strip():
        participant.team = outsider.team.strip()
        changed.append("team")
    if changed:
        participant.save(update_fields=changed)
    return participant, created


@transaction.atomic
def renumber(event_id: int, user: User | None) -> None:
    """The event ``event_id``'s pairing numbers by rating, highest first (then by name).
    A paired round robin keeps its numbers: they are its draw."""
    event = event_state.lock_row(event_id, event_state.Write.NUMBER)
    if event.system in Event.System.paired_at_once() and has_games(event):
        raise DeskError(_("The round robin is paired: its pairing numbers are its draw."))
    participants = list(event.participants.select_related("player"))
    participants.sort(
        key=lambda p: (-(p.rating or 0), p.player.last_name, p.player.first_name, p.pk)
    )
    Participant.objects.filter(event=event).update(number=None)
    for number, participant in enumerate(participants, 1):
        participant.number = number
    Participant.objects.bulk_update(participants, ["number"])
    pages.written(*participants, fields=["number"])
    log_change(user, event, "renumber")


@transaction.atomic
def set_teams(event_id: int, teams: dict[int, str], user: User | None) -> int:
    """Put each participant of ``teams`` (participant id: team name, empty for none) in
    their team in the event ``event_id``, and say how many changed. A Scheveningen event
    pairs its two teams: once it is paired, its teams are its draw and stay as they are."""
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    entries = {p.pk: p for p in event.participants.select_related("player")}
    if unknown := sorted(set(teams) - set(entries)):
        raise DeskError(
            _("No participant %(ids)s in this event.") % {"ids": ", ".join(map(str, unknown))}
        )
    changed = []
    for pk, typed in teams.items():
        entry, team = entries[pk], typed.strip()
        if problem := control_problem(team, one_line=True):
            raise DeskError(f"{entry.player.name}: {problem}")
        if len(team) > TEAM_LENGTH:
            raise DeskError(
                _("%(name)s: a team's name has at most %(n)s characters.")
                % {"name": entry.player.name, "n": TEAM_LENGTH}
            )
        if team != entry.team:
            entry.team = team
            changed.append(entry)
    if changed and event.system == Event.System.SCHEVENINGEN and has_games(event):
        raise DeskError(_("The Scheveningen event is paired: its teams are its draw."))
    Participant.objects.bulk_update(changed, ["team"])
    pages.written(*changed, fields=["team"])
    if changed:
        log_change(
            user,
            event,
            "set_teams",
            teams=len(changed),
            names=", ".join(f"{e.player.name} ({e.team or '-'})" for e in changed),
        )
    return len(changed)


@transaction.atomic
def withdraw(participant_id: int, after_round: int | None, user: User | None) -> None:
    """Withdraw the participant ``participant_id`` after round ``after_round`` (0: before
    the first round); None takes a withdrawal back. The games already paired after that
    round stay: enter them as forfeits."""
    participant = Participant.objects.select_related("player").get(pk=participant_id)
    participant.event = event_state.lock_row(participant.event_id, event_state.Write.WITHDRAW)
    if after_round is not None and after_round < 0:
        raise DeskError(_("A player withdraws after round 0 (before the first) or later."))
    if after_round is not None and after_round > MAX_ROUNDS:
        raise DeskError(_("An event has at most %(n)s rounds.") % {"n": MAX_ROUNDS})
    participant.withdrawn_after_round = after_round
    participant.save(update_fields=["withdrawn_after_round"])
    log_change(
        user,
        participant.event,
        "withdraw" if after_round is not None else "reinstate",
        player=participant.player_id,
        name=participant.player.name,
        after_round=after_round,
    )
