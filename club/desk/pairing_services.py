"""Swiss rounds, manual pairings and byes: the checks a tournament director expects."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from club import swiss
from club.desk.services import DeskError, log_change
from club.models import Bye, Event, Game, Participant, Player, Round


@dataclass(frozen=True)
class History:
    scores: dict[int, list[Decimal]]
    colours: dict[int, list[str]]
    opponents: dict[int, list[int | None]]
    byes: dict[int, int]
    met: set[frozenset[int]]


def history(event: Event, before_round: int) -> History:
    """Every player's rounds before ``before_round``, from games and byes."""
    scores: dict[int, list[Decimal]] = defaultdict(list)
    colours: dict[int, list[str]] = defaultdict(list)
    opponents: dict[int, list[int | None]] = defaultdict(list)
    byes: dict[int, int] = defaultdict(int)
    met: set[frozenset[int]] = set()
    games = Game.objects.filter(round__event=event, round__number__lt=before_round)
    by_round: dict[int, list[Any]] = defaultdict(list)
    for game in games.select_related("round"):
        by_round[game.round.number].append(game)
    bye_rows: dict[int, list[Bye]] = defaultdict(list)
    for bye in Bye.objects.filter(
        round__event=event, round__number__lt=before_round
    ).select_related("round"):
        bye_rows[bye.round.number].append(bye)
    for number in sorted(set(by_round) | set(bye_rows)):
        for game in by_round[number]:
            white_points, black_points = game.points or (Decimal(0), Decimal(0))
            for player, colour, points, opponent in (
                (game.white_id, "white", white_points, game.black_id),
                (game.black_id, "black", black_points, game.white_id),
            ):
                scores[player].append(points)
                colours[player].append(colour)
                opponents[player].append(opponent)
            met.add(frozenset((game.white_id, game.black_id)))
        for bye in bye_rows[number]:
            scores[bye.player_id].append(Bye.Kind(bye.kind).points)
            colours[bye.player_id].append("none")
            opponents[bye.player_id].append(None)
            byes[bye.player_id] += 1
    return History(scores, colours, opponents, byes, met)


def playing(event: Event, number: int) -> list[Participant]:
    """The participants to pair in round ``number``: entered, not withdrawn, no bye asked."""
    asked = set(
        Bye.objects.filter(round__event=event, round__number=number).values_list(
            "player", flat=True
        )
    )
    return [
        p
        for p in event.participants.select_related("player").order_by("number")
        if p.joined_round <= number
        and (p.withdrawn_after_round is None or p.withdrawn_after_round >= number)
        and p.player_id not in asked
    ]


@transaction.atomic
def pair_next_round(event: Event, user: Any) -> Round:
    """The next Swiss round, by the FIDE Dutch system; the odd player gets the
    pairing-allocated bye."""
    paired = Game.objects.filter(round__event=event).values_list("round__number", flat=True)
    number = max(paired, default=0) + 1
    if Game.objects.filter(round__event=event, round__number=number - 1, result="").exists():
        raise DeskError(_("Enter every result of round %(n)s first.") % {"n": number - 1})
    round_, _created = Round.objects.get_or_create(event=event, number=number)
    past = history(event, number)
    players = playing(event, number)
    if len(players) < 2:
        raise DeskError(_("Fewer than two players to pair."))
    if any(p.number is None for p in players):
        from club.desk.services import renumber

        renumber(event, user)
        players = playing(event, number)
    entrants = [
        swiss.Entrant(
            id=p.player_id,
            rating=p.rating or 0,
            number=p.number or 0,
            scores=_aligned(past.scores[p.player_id], number, Decimal(0)),
            colours=_aligned(past.colours[p.player_id], number, "none"),
            opponents=_aligned(past.opponents[p.player_id], number, None),
            byes=past.byes[p.player_id],
        )
        for p in players
    ]
    total = max(event.planned_rounds or 0, number)
    for pairing in swiss.pair(entrants, number, total):
        if pairing.black is None:
            Bye.objects.create(
                round=round_,
                player_id=pairing.white,
                kind=Bye.Kind.PAIRING_ALLOCATED,
                points=Bye.Kind.PAIRING_ALLOCATED.points,
            )
        else:
            Game.objects.create(
                round=round_,
                board=pairing.board,
                white_id=pairing.white,
                black_id=pairing.black,
                updated_by=user,
            )
    event.status = Event.Status.ONGOING
    event.save(update_fields=["status", "updated_at"])
    log_change(user, event, "pair_swiss", round=number)
    return round_


def _aligned(values: list[Any], number: int, filler: Any) -> list[Any]:
    """A late entrant's history padded to the rounds already played."""
    missing = number - 1 - len(values)
    return [filler] * missing + values if missing > 0 else values


@dataclass(frozen=True)
class Check:
    blocking: list[str]
    warnings: list[str]


def check_round(event: Event, number: int, boards: list[tuple[int, int]], byes: list[int]) -> Check:
    """What a director must know before saving a round's pairings: a player twice or both
    paired and bye (blocked); a repeated pairing, three times the same colour or a colour
    difference beyond two (warnings)."""
    blocking, warns = [], []
    names = {
        p.pk: p.name for p in Player.objects.filter(pk__in={*byes, *(x for b in boards for x in b)})
    }
    seen: dict[int, int] = defaultdict(int)
    for white, black in boards:
        seen[white] += 1
        seen[black] += 1
        if white == black:
            blocking.append(_("%(name)s cannot play themself.") % {"name": names[white]})
    for player in byes:
        if seen[player]:
            blocking.append(
                _("%(name)s has a game and a bye in this round.") % {"name": names[player]}
            )
    for player, count in seen.items():
        if count > 1:
            blocking.append(_("%(name)s is paired twice in this round.") % {"name": names[player]})
    past = history(event, number)
    for white, black in boards:
        if frozenset((white, black)) in past.met:
            warns.append(
                _("%(a)s and %(b)s have already met.") % {"a": names[white], "b": names[black]}
            )
        for player, colour in ((white, "white"), (black, "black")):
            played = [c for c in past.colours[player] if c != "none"] + [colour]
            if played[-3:] == [colour] * 3:
                warns.append(
                    _("%(name)s would have the same colour three times in a row.")
                    % {"name": names[player]}
                )
            elif abs(played.count("white") - played.count("black")) > 2:
                warns.append(
                    _("%(name)s would have a colour difference beyond two.")
                    % {"name": names[player]}
                )
    return Check(blocking, warns)


@transaction.atomic
def save_round(
    event: Event,
    number: int,
    boards: list[tuple[int, int]],
    byes: list[tuple[int, str]],
    user: Any,
    confirmed: bool,
) -> Check:
    """Replace a round's pairings (results kept for boards that stay the same)."""
    check = check_round(event, number, boards, [p for p, _kind in byes])
    if check.blocking or (check.warnings and not confirmed):
        return check
    round_, _created = Round.objects.get_or_create(event=event, number=number)
    kept = {(g.white_id, g.black_id): g for g in round_.games.all()}
    round_.games.exclude(pk__in=[kept[b].pk for b in boards if b in kept]).delete()
    round_.byes.all().delete()
    # Boards are renumbered through a range no board uses, so that the unique (round,
    # board) constraint holds at every step.
    parked = 10_000
    for board, (white, black) in enumerate(boards, 1):
        if (white, black) in kept:
            Game.objects.filter(pk=kept[(white, black)].pk).update(board=parked + board)
        else:
            Game.objects.create(
                round=round_, board=parked + board, white_id=white, black_id=black, updated_by=user
            )
    for game in round_.games.all():
        game.board -= parked
        game.save(update_fields=["board"])
    for player, kind in byes:
        Bye.objects.create(round=round_, player_id=player, kind=kind, points=Bye.Kind(kind).points)
    log_change(user, event, "edit_round", round=number, boards=len(boards), byes=len(byes))
    return check
