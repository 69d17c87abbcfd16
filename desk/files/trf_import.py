"""A planned TRF-16 file written into the club (``trf_plan`` reads and checks it,
``trf_preview`` shows it): a new event, or the results of one imported before, in one
transaction (a file with any error saves nothing)."""

from __future__ import annotations

import dataclasses
import re
from datetime import date, datetime, time

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from chesslib import trf
from club import pages
from club.models import Bye, Event, Game, Participant, Player, Result, Round
from desk.files import trf_keep
from desk.files.common import FileError, lock_event, write
from desk.files.trf_export import STORED_TEXT, event_tournament
from desk.files.trf_plan import Plan, day_of, read_date, refuse, split_name
from desk.files.trf_preview import ImportedEvent, read_event
from desk.services.events import log_change
from ratings.services.listed import listed, player_from_list


def _birth_of(text: str) -> tuple[date | None, int | None]:
    """A birth date as TRF files write it: a whole date, or a year only ("1985",
    "1985/00/00", "1985.00.00")."""
    day, _sure = read_date(text)
    if day is not None:
        return day, day.year
    year = re.fullmatch(r"((?:19|20)\d\d)(?:[/.\-]00[/.\-]00)?", text.strip())
    return None, int(year.group(1)) if year else None


def _new_player(entry: trf.TrfPlayer, names: dict[int, tuple[str, str]]) -> Player:
    """The record of a player the club does not know: made from the loaded FIDE list when
    the line's FIDE ID is in it (``ratings.services.listed``), else from the line."""
    if entry.fide_id:
        row = listed().filter(kind="fide", fide_id=entry.fide_id).first()
        if row is not None:
            return player_from_list(row)[0]
    last, first, _sure = split_name(entry.name)
    last, first = names.get(entry.rank, (last, first))
    birth, year = _birth_of(entry.birth)
    return Player.objects.create(
        first_name=first.strip() or "?",
        last_name=last.strip() or "?",
        fide_id=entry.fide_id,
        federation=entry.federation,
        title=entry.title[:3],
        fide_rating=entry.rating if entry.fide_id else None,
        national_rating=None if entry.fide_id else entry.rating,
        sex={"m": "M", "w": "F", "f": "F"}.get(entry.sex.lower(), ""),
        birth_date=birth,
        birth_year=year,
    )


def _white_result(t: trf.Tournament, played: trf.RoundEntry, index: int) -> Result:
    """The game's result from the white player's round ``index`` (0 for the first)."""
    result = Result.from_trf(played.result)
    if played.result == "-":
        other = next(p for p in t.players if p.rank == played.opponent)
        both = other.rounds[index].result == "-"
        result = Result.DOUBLE_FORFEIT if both else Result.BLACK_WINS_FORFEIT
    return result


@transaction.atomic
def update_results(plan: Plan, event_id: int, user: User | None) -> int:
    """The file's results written into the event ``event_id``, the tournament imported
    from it before:
    each game is found by round and by the players' pairing numbers, and its result goes
    through the desk's one write path (a closed event is refused: reopen it first).
    Returns the number of results changed; a game the event does not have names its line
    and changes nothing."""
    event = lock_event(event_id)
    numbers = dict(event.participants.exclude(number=None).values_list("number", "player_id"))
    games = {
        (g.round.number, g.white_id, g.black_id): g
        for g in Game.objects.filter(round__event=event).select_related("round")
    }
    changed = 0
    for entry in sorted(plan.tournament.players, key=lambda e: e.rank):
        for n, played in enumerate(entry.rounds):
            colourless_white = played.colour == "-" and entry.rank < (played.opponent or 0)
            if played.opponent is None or (played.colour != "w" and not colourless_white):
                continue
            key = (n + 1, numbers.get(entry.rank), numbers.get(played.opponent))
            game = games.get(key)  # type: ignore[arg-type]
            where = f"line {entry.line}"
            if game is None:
                raise FileError(f"{where}: round {n + 1}: this event has no such game")
            result = _white_result(plan.tournament, played, n)
            if result != game.result:
                write(game.pk, user, where, result=result, source="trf")
                changed += 1
    log_change(user, event, "update_from_trf", results=changed, sha256=plan.digest)
    return changed


def _check_one_line_a_player(tournament: trf.Tournament, players: dict[int, Player]) -> None:
    """Two lines of the file cannot be the same player of the club (two namesakes matched
    to one player, or one player chosen twice)."""
    lines: dict[int, int] = {}
    for entry in tournament.players:
        player = players.get(entry.rank)
        if player is None:
            continue
        if player.pk in lines:
            raise refuse(
                entry.line,
                _("line %(line)s: %(name)s is already the player of line %(other)s.")
                % {"line": entry.line, "name": player.name, "other": lines[player.pk]},
            )
        lines[player.pk] = entry.line


def _keep_file(plan: Plan, event: Event, ids: dict[int, int], retyped: set[int]) -> None:
    """What the file writes otherwise than the desk would, kept to be written back
    (``trf_keep``); left-out XXA lines are not kept, nor the names the secretary typed
    otherwise in the preview (``retyped``: start ranks)."""
    t = plan.tournament
    if plan.acceleration_left_out:
        t = dataclasses.replace(t, records=[r for r in t.records if not r[0].startswith("XXA")])
    tournament, desk_ids = event_tournament(event)
    desk = trf_keep.DeskFile.of(tournament, desk_ids)
    kept = trf_keep.kept(t, desk, ids)
    for rank in retyped:
        kept["players"].get(str(ids[rank]), {}).get("columns", {}).pop("name", None)
    event.trf_kept = kept
    event.save(update_fields=["trf_kept"])


def _round_day(text: str, start: date, end: date, corrected: bool) -> date:
    """A round's date from the file (132); the event's first day when the file gives
    none, or, the dates being corrected, one outside them."""
    day = day_of(text)
    if day is None or (corrected and not start <= day <= end):
        return start
    return day


@transaction.atomic
def import_plan(
    plan: Plan,
    user: User | None,
    choices: dict[int, Player | None] | None = None,
    corrected: ImportedEvent | None = None,
    names: dict[int, tuple[str, str]] | None = None,
) -> Event:
    """Create the event of a planned import. ``choices``: the players the secretary chose
    in the preview by start rank (None: a new player), for the lines the import did not
    match and for those whose match they corrected; a line neither matched nor chosen is
    a new player. ``corrected``: the event's title, kind, time control and dates as the
    secretary corrected them in the preview (as read from the file when None)."""
    t = plan.tournament
    choices = choices or {}
    players = {rank: p for rank, p in plan.matched.items() if rank not in choices}
    players |= {rank: p for rank, p in choices.items() if p is not None}
    _check_one_line_a_player(t, players)
    for entry in t.players:
        if entry.rank not in players:
            players[entry.rank] = _new_player(entry, names or {})
    read = read_event(plan)
    fields = corrected or read
    start_day, end_day = fields.start, fields.end
    zone = timezone.get_current_timezone()
    rounds_count = read.rounds
    event = Event.objects.create(
        title=fields.title,
        kind=fields.kind,
        start=datetime.combine(start_day, time(10), tzinfo=zone),
        end=datetime.combine(end_day, time(20), tzinfo=zone),
        system=read.system,
        time_control=fields.time_control,
        status=Event.Status.ONGOING,
        updated_by=user,
        planned_rounds=rounds_count,
        accelerated=bool(t.accelerations)
        and not plan.acceleration_left_out
        and read.system == Event.System.SWISS,
        tiebreaks=read.tiebreaks,
        deputy_arbiters="\n".join(t.deputy_arbiters),
        **{field: getattr(t, record)[:length] for record, field, length in STORED_TEXT},
    )
    rounds = Round.objects.bulk_create(
        Round(
            event=event,
            number=n,
            starts_at=datetime.combine(
                _round_day(d, start_day, end_day, corrected is not None), time(10), tzinfo=zone
            ),
        )
        for n, d in zip(
            range(1, rounds_count + 1), t.round_dates + [""] * rounds_count, strict=False
        )
    )
    registered = Participant.objects.bulk_create(
        Participant(event=event, player=players[e.rank], number=e.rank, rating=e.rating)
        for e in t.players
    )
    games, byes = [], []
    for entry in sorted(t.players, key=lambda e: e.rank):
        for n, played in enumerate(entry.rounds):
            if played.opponent is None:
                # "0000 -" and a code: a bye, kept as written (``Bye.Written``); a blank
                # block (all spaces, ``trf.BLANK``) is a round the player has no entry in
                if played != trf.BLANK:
                    kind = Bye.Kind.from_trf(played.result)
                    byes.append(
                        Bye(
                            round=rounds[n],
                            player=players[entry.rank],
                            kind=kind,
                            points=Bye.Kind(kind).points,
                            written=Bye.Written.from_trf(played.result),
                        )
                    )
            elif played.colour == "w" or (played.colour == "-" and entry.rank < played.opponent):
                # a forfeit whose colour the file does not say: the lower rank as white in
                # the table, written back without colours (``Game.colourless``)
                result = _white_result(t, played, n)
                rated = played.result not in ("W", "D", "L")
                colourless = played.colour == "-"
                games.append((rounds[n], entry.rank, played.opponent, result, rated, colourless))
    boards: dict[int, int] = {}
    made = []
    for round_, white, black, result, rated, colourless in games:
        boards[round_.number] = boards.get(round_.number, 0) + 1
        made.append(
            Game(
                round=round_,
                board=boards[round_.number],
                white=players[white],
                black=players[black],
                result=result,
                rated=rated,
                colourless=colourless,
                updated_by=user,
            )
        )
    Game.objects.bulk_create(made)
    Bye.objects.bulk_create(byes)
    pages.written(*rounds, *registered, *made, *byes)
    retyped = {  # names the secretary typed otherwise than the file's: written as typed
        e.rank
        for e in plan.unmatched
        if e.rank in (names or {}) and names[e.rank] != split_name(e.name)[:2]  # type: ignore[index]
    }
    _keep_file(plan, event, {rank: player.pk for rank, player in players.items()}, retyped)
    log_change(
        user, event, "import_trf", players=len(t.players), rounds=rounds_count, sha256=plan.digest
    )
    return event
