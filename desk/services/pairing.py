"""Swiss rounds, manual pairings and byes: the checks a tournament director expects."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from chesslib import dutch, swiss
from chesslib.berger import double_round_robin, round_robin
from chesslib.scheveningen import scheveningen
from chesslib.trf_scoring import scoring_lines
from club import event_state, pages
from club.exceptions import DeskError, RoundChanged
from club.models import Bye, Event, Game, Participant, Player, Result, Round
from desk.services import registration
from desk.services.events import log_change


@dataclass(frozen=True)
class History:
    """Every player's past rounds, one entry a round (rounds without a game or a bye:
    no points, no colour, no opponent, not played)."""

    scores: dict[int, list[Decimal]]
    colours: dict[int, list[str]]
    opponents: dict[int, list[int | None]]
    played: dict[int, list[bool]]
    byes: dict[int, int]  # byes that scored a full point: no second pairing-allocated bye
    met: set[frozenset[int]]


def history(event: Event, before_round: int) -> History:
    """Every player's rounds before ``before_round``, from games and byes (two queries),
    in game points (1, 1/2, 0), as the TRF codes the engine reads say them; the event's
    own scoring (3-1-0...) reaches the engine as its XXS record (``dutch.pair``)."""
    rounds = before_round - 1
    scores: dict[int, list[Decimal]] = defaultdict(lambda: [Decimal(0)] * rounds)
    colours: dict[int, list[str]] = defaultdict(lambda: ["none"] * rounds)
    opponents: dict[int, list[int | None]] = defaultdict(lambda: [None] * rounds)
    played: dict[int, list[bool]] = defaultdict(lambda: [False] * rounds)
    byes: dict[int, int] = defaultdict(int)
    met: set[frozenset[int]] = set()
    games = Game.objects.filter(round__event=event, round__number__lt=before_round).values_list(
        "round__number", "white_id", "black_id", "result"
    )
    for number, white, black, result in games:
        n = number - 1
        white_points, black_points = Result(result).points or (Decimal(0), Decimal(0))
        over_the_board = Result(result).is_played
        for player, colour, points, opponent in (
            (white, "white", white_points, black),
            (black, "black", black_points, white),
        ):
            scores[player][n] = points
            colours[player][n] = colour
            opponents[player][n] = opponent
            played[player][n] = over_the_board
        met.add(frozenset((white, black)))
    bye_rows = Bye.objects.filter(round__event=event, round__number__lt=before_round)
    for number, player, kind in bye_rows.values_list("round__number", "player_id", "kind"):
        points = Bye.Kind(kind).points
        scores[player][number - 1] = points
        if points >= 1:
            byes[player] += 1
    return History(scores, colours, opponents, played, byes, met)


def initial_colour(event: Event) -> str:
    """The initial colour (C.04.3 E.5), read back from round 1: the 2026 text gives it to
    the higher-ranked player of the first board, and the first board is the one of the
    best-ranked player paired (the order of publication; an imported file's boards are not
    known, so this is read from the pairing numbers). White before round 1 is paired."""
    numbers: dict[int, int | None] = dict(event.participants.values_list("player_id", "number"))
    boards: list[tuple[int, int]] = []
    for white, black in Game.objects.filter(round__event=event, round__number=1).values_list(
        "white_id", "black_id"
    ):
        white_number, black_number = numbers.get(white), numbers.get(black)
        if white_number and black_number:
            boards.append((white_number, black_number))
    if not boards:
        return "white"
    white_number, black_number = min(boards, key=min)
    return "white" if white_number < black_number else "black"


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


def accelerated_points(event: Event, number: int, total: int) -> dict[int, Decimal]:
    """An accelerated event's virtual points in round ``number`` (FIDE C.04.5.1); none
    for an event that is not accelerated."""
    if not event.accelerated:
        return {}
    entrants = event.participants.filter(joined_round=1).exclude(withdrawn_after_round=0)
    numbers = {p.player_id: p.number or 0 for p in event.participants.all()}
    return swiss.baku_virtual_points(numbers, entrants.count(), number, total)


def accelerations(event: Event, number: int, total: int) -> dict[int, list[Decimal]]:
    """Each player's virtual points in rounds 1 to ``number``: the engine makes the
    brackets and the past rounds' floats of the scores with them, as bbpPairings does."""
    by_round = [accelerated_points(event, n, total) for n in range(1, number + 1)]
    players = {player for virtual in by_round for player in virtual}
    return {p: [virtual.get(p, Decimal(0)) for virtual in by_round] for p in players}


def already_paired(event: Event, number: int) -> RoundChanged:
    """Round ``number`` was paired by someone else since the secretary's page."""
    round_id = event.rounds.filter(number=number).values_list("pk", flat=True).first()
    return RoundChanged(
        _("Someone else just paired round %(n)s: here it is now.") % {"n": number},
        event.pk,
        round_id,
    )


@transaction.atomic
def pair_next_round(event_id: int, user: User | None, expected: int | None = None) -> Round:
    """The next Swiss round of the event ``event_id``, by the FIDE Dutch system; the odd
    player gets the pairing-allocated bye. ``expected``: the round the secretary means to
    pair; if it is paired already (by someone else meanwhile), ``RoundChanged``."""
    event = event_state.lock_row(event_id, event_state.Write.NEW_ROUND)
    paired = Game.objects.filter(round__event=event).values_list("round__number", flat=True)
    number = max(paired, default=0) + 1
    if expected is not None and number > expected:
        raise already_paired(event, expected)
    if expected is not None and number < expected:
        raise DeskError(_("Round %(n)s is not the next round to pair.") % {"n": expected})
    if Game.objects.filter(round__event=event, round__number=number - 1, result="").exists():
        raise DeskError(_("Enter every result of round %(n)s first.") % {"n": number - 1})
    round_, _created = Round.objects.get_or_create(event=event, number=number)
    past = history(event, number)
    players = playing(event, number)
    if len(players) < 2:
        raise DeskError(_("Fewer than two players to pair."))
    if any(p.number is None for p in players):
        registration.renumber(event.pk, user)
        players = playing(event, number)
    to_pair = {p.player_id for p in players}
    entrants = [
        swiss.Entrant(
            id=p.player_id,
            rating=p.rating or 0,
            number=p.number or 0,
            scores=past.scores[p.player_id],
            colours=past.colours[p.player_id],
            opponents=past.opponents[p.player_id],
            played=past.played[p.player_id],
            absent=p.player_id not in to_pair,
        )
        for p in event.participants.all()
    ]
    total = max(event.planned_rounds or 0, number)
    try:
        pairs = dutch.pair(
            entrants,
            number,
            total,
            initial_colour(event),
            accelerations(event, number, total),
            scoring_lines(event.scoring),
        )
    except swiss.Unpairable:
        pairs = []
    if not pairs or sum(pairing.black is None for pairing in pairs) > len(players) % 2:
        # No pairing of the Dutch system without a repeat (C.04.3's absolute criteria).
        raise DeskError(
            _("Round %(n)s cannot be paired by the Dutch system without a repeat: pair it by hand.")
            % {"n": number}
        )
    byes = Bye.objects.bulk_create(
        Bye(
            round=round_,
            player_id=pairing.white,
            kind=Bye.Kind.PAIRING_ALLOCATED,
            points=Bye.Kind.PAIRING_ALLOCATED.points,
        )
        for pairing in pairs
        if pairing.black is None
    )
    games = Game.objects.bulk_create(
        Game(
            round=round_,
            board=pairing.board,
            white_id=pairing.white,
            black_id=pairing.black,
            updated_by=user,
        )
        for pairing in pairs
        if pairing.black is not None
    )
    pages.written(*byes, *games)
    event_state.check_transition(event, event_state.Transition.START)
    event.status = Event.Status.ONGOING
    event.save(update_fields=["status", "updated_at"])
    log_change(user, event, "pair_swiss", round=number)
    return round_


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


def fingerprint(round_: Round) -> str:
    """A round's pairings and results as they are, in a few characters: the page that
    changes them sends it back, and a round changed meanwhile is not overwritten."""
    games = round_.games.order_by("board").values_list("board", "white_id", "black_id", "result")
    byes = round_.byes.order_by("player_id").values_list("player_id", "kind")
    text = repr((list(games), list(byes)))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@transaction.atomic
def save_round(
    event_id: int,
    number: int,
    boards: list[tuple[int, int]],
    byes: list[tuple[int, str]],
    user: User | None,
    confirmed: bool,
    seen: str | None = None,
) -> Check:
    """Replace the pairings of round ``number`` of the event ``event_id`` (results kept
    for boards that stay the same), the event's row locked first. ``seen``: the round's
    ``fingerprint`` on the secretary's page; if someone else changed the round since,
    ``RoundChanged`` and nothing is written."""
    event = event_state.lock_row(event_id, event_state.Write.PAIR)
    current = event.rounds.filter(number=number).first()
    if seen is not None and current is not None and fingerprint(current) != seen:
        raise RoundChanged(
            _("Someone else just changed round %(n)s: here it is now.") % {"n": number},
            event.pk,
            current.pk,
        )
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
            pages.written(kept[(white, black)], fields=["board"])
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


@transaction.atomic
def pair_round_robin(event_id: int, user: User | None) -> int:
    """Every round of the round robin ``event_id`` by the Berger tables, from the pairing
    numbers (a double round robin: both cycles, C.05 Annex 1); of a Scheveningen event,
    every round of its two teams' table (``chesslib.scheveningen``)."""
    event = event_state.lock_row(event_id, event_state.Write.NEW_ROUND)
    if registration.has_games(event):
        raise DeskError(_("This event already has pairings."))
    participants = list(event.participants.exclude(withdrawn_after_round__isnull=False))
    if len(participants) < 2:
        raise DeskError(_("A round robin needs at least two players."))
    if any(p.number is None for p in participants):
        registration.renumber(event.pk, user)
        participants = list(event.participants.exclude(withdrawn_after_round__isnull=False))
    participants.sort(key=lambda p: p.number or 0)
    if event.system == Event.System.SCHEVENINGEN:
        schedule = scheveningen(*_sides(participants))
    else:
        cycle = double_round_robin if event.cycles == Event.Cycles.DOUBLE else round_robin
        schedule = cycle([p.player_id for p in participants])
    rounds = {r.number: r for r in event.rounds.all()}
    for number in range(1, len(schedule) + 1):
        if number not in rounds:
            rounds[number] = Round.objects.create(event=event, number=number)
    games = Game.objects.bulk_create(
        Game(round=rounds[number], board=board, white_id=white, black_id=black, updated_by=user)
        for number, pairs in enumerate(schedule, 1)
        for board, (white, black) in enumerate(pairs, 1)
    )
    pages.written(*games)
    event_state.check_transition(event, event_state.Transition.START)
    event.status = Event.Status.ONGOING
    event.updated_by = user
    event.save(update_fields=["status", "updated_by", "updated_at"])
    done = "pair_scheveningen" if event.system == Event.System.SCHEVENINGEN else "pair_round_robin"
    log_change(user, event, done, rounds=len(schedule))
    return len(schedule)


def _sides(participants: list[Participant]) -> tuple[list[int], list[int]]:
    """A Scheveningen event's two sides, from the team each player was registered in:
    side A is the team of pairing number 1; each side in pairing-number order."""
    nameless = [p.player.name for p in participants if not p.team.strip()]
    if nameless:
        raise DeskError(
            _("A Scheveningen event pairs two teams: give a team to %(names)s.")
            % {"names": ", ".join(nameless)}
        )
    teams = list(dict.fromkeys(p.team.strip() for p in participants))
    if len(teams) != 2:
        raise DeskError(
            _("A Scheveningen event pairs two teams, not %(n)s: %(teams)s.")
            % {"n": len(teams), "teams": ", ".join(teams)}
        )
    return (
        [p.player_id for p in participants if p.team.strip() == teams[0]],
        [p.player_id for p in participants if p.team.strip() == teams[1]],
    )
