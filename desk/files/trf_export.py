"""An event as a TRF-16 file for a rating report or another arbiter's program."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.utils import timezone

from chesslib import trf
from chesslib.standings import TRF_CODE
from chesslib.trf_scoring import with_scoring
from club.models import Bye, Event, Player, Result
from desk.files import trf_keep
from desk.services.pairing import accelerated_points
from desk.standings import event_standings


def trf_name(player: Player) -> str:
    return f"{player.last_name}, {player.first_name}"


# 092 and 122 in words a federation's reader knows; the import reads them back.
SYSTEM_WORDS = {
    Event.System.SWISS: "Swiss System",
    Event.System.ROUND_ROBIN: "Round Robin",
    Event.System.SCHEVENINGEN: "Scheveningen System",
    Event.System.MATCH: "Match",
    Event.System.FREE: "Individual",
}
KIND_WORDS = {
    Event.Kind.CHAMPIONSHIP: "Club Championship",
    Event.Kind.RAPID: "Rapid Evening",
    Event.Kind.BLITZ: "Blitz Evening",
    Event.Kind.INTERCLUB: "Interclub Match",
    Event.Kind.OPEN: "Open Tournament",
}
TIME_CONTROL_WORDS = {
    Event.TimeControl.STANDARD: "Standard",
    Event.TimeControl.RAPID: "Rapid",
    Event.TimeControl.BLITZ: "Blitz",
}


# The records an event keeps as they are, each in one of its text fields: the TRF's
# attribute (``trf.RECORDS``), the event's field and its length. The export writes the
# field, the import fills it (cut to its length).
STORED_TEXT = (
    ("city", "venue", 200),
    ("federation", "federation", 3),
    ("chief_arbiter", "chief_arbiter", 120),
)


def export_event(event: Event) -> str:
    """The event as a TRF file for a rating report: every player's rounds with the codes
    of forfeits and byes, points and rank from the one standings
    (``desk.standings``), the header lines a federation reads; what an imported
    file wrote and the secretary did not change since, as the file wrote it
    (``trf_keep``)."""
    tournament, ids = event_tournament(event)
    written = trf_keep.write(trf_keep.DeskFile.of(tournament, ids), event.trf_kept or {})
    return with_scoring(written, event.scoring)


def _codes(result: Result, rated: bool) -> tuple[str, str]:
    """(white's, black's) TRF codes; a game played but not rated is W, D or L."""
    white, black = result.trf_codes
    if not rated and result.is_played:
        unrated = {"1": "W", "=": "D", "0": "L"}
        return unrated[white], unrated[black]
    return white, black


def event_tournament(event: Event) -> tuple[trf.Tournament, dict[int, int]]:
    """The event as the desk writes it in a TRF, and each start rank's player (pk). The
    FIDE rating column holds the player's FIDE rating, never another system's."""
    table = event_standings(event)
    games, byes = table.games, table.byes
    participants = table.participants
    players: dict[int, Player] = {line.player.pk: line.player for line in table.lines}
    for participant in participants:
        players.setdefault(participant.player_id, participant.player)
    numbers = {p.player_id: p.number for p in participants if p.number}
    ratings = {p.player_id: p.rating for p in participants}
    free = (n for n in range(1, 10_000) if n not in numbers.values())
    for pid in sorted(
        players, key=lambda p: (-(ratings.get(p) or players[p].national_rating or 0), p)
    ):
        if pid not in numbers:
            numbers[pid] = next(free)
    rounds = max([g.round.number for g in games] + [b.round.number for b in byes] + [0])
    # a paired round without game or bye for a player (absent, withdrawn, not entered
    # yet): "0000 - Z", a zero-point bye, as the standings count it (C.07 16.1) and as
    # JaVaFo writes late entries (py4swiss refuses "0000 -" with a blank result); a round
    # not paired yet (only its byes asked for): a blank block, which pairing programs read
    # as the round to come (bbpPairings takes "0000 -" there as a round already played)
    paired = {game.round.number for game in games}
    entries = {
        pid: [
            trf.RoundEntry(None, "-", "Z") if n in paired else trf.BLANK
            for n in range(1, rounds + 1)
        ]
        for pid in players
    }
    for game in games:
        result = Result(game.result)
        white_code, black_code = _codes(result, game.rated)
        # a forfeit the imported file wrote without colours, written so while not played
        white, black = ("-", "-") if game.colourless and not result.is_played else ("w", "b")
        n = game.round.number - 1
        entries[game.white_id][n] = trf.RoundEntry(numbers[game.black_id], white, white_code)
        entries[game.black_id][n] = trf.RoundEntry(numbers[game.white_id], black, black_code)
    for bye in byes:
        written = Bye.Written(bye.written)
        code = written.trf_code if written else Bye.Kind(bye.kind).trf_code
        entries[bye.player_id][bye.round.number - 1] = trf.RoundEntry(None, "-", code)
    standing = table.by_player()
    total = max(rounds, event.planned_rounds or 0)
    kind_words = KIND_WORDS.get(Event.Kind(event.kind))
    system_words = SYSTEM_WORDS[Event.System(event.system)]
    control = TIME_CONTROL_WORDS[Event.TimeControl(event.time_control)]
    tournament = trf.Tournament(
        name=event.title,
        start=_trf_date(event.start),
        end=_trf_date(event.end),
        kind=f"{system_words} - {kind_words}" if kind_words else system_words,
        deputy_arbiters=[
            line.strip() for line in event.deputy_arbiters.splitlines() if line.strip()
        ],
        time_control=f"{control}: {event.time_control_detail}"
        if event.time_control_detail
        else control,
        tiebreaks=[TRF_CODE[t] for t in table.order],
        rounds=total or None,
        accelerations=_accelerations(event, numbers, total),
        round_dates=[
            timezone.localtime(r.starts_at or event.start).strftime("%y/%m/%d")
            for r in event.rounds.order_by("number")
        ],
        players=[
            trf.TrfPlayer(
                line=0,
                rank=numbers[pid],
                name=trf_name(player),
                sex=_sex(player),
                title=player.title,
                rating=player.fide_rating,
                federation=player.federation,
                fide_id=player.fide_id,
                birth=_birth(player),
                points=(standing[pid].points if pid in standing else Decimal(0)).quantize(
                    Decimal("0.1")
                ),
                place=standing[pid].rank if pid in standing else None,
                rounds=entries[pid],
            )
            for pid, player in players.items()
        ],
        **{record: getattr(event, field) for record, field, _length in STORED_TEXT},
    )
    return tournament, {numbers[pid]: pid for pid in players}


def _birth(player: Player) -> str:
    if player.birth_date:
        return player.birth_date.strftime("%Y/%m/%d")
    return f"{player.birth_year}/00/00" if player.birth_year else ""


def _accelerations(event: Event, numbers: dict[int, int], total: int) -> dict[int, list[Decimal]]:
    """An accelerated event's XXA lines, by start rank: the virtual points the desk pairs
    each round with (Baku acceleration, ``pairing_services.accelerated_points``)."""
    if not event.accelerated:
        return {}
    by_round = [accelerated_points(event, n, total) for n in range(1, total + 1)]
    lines: dict[int, list[Decimal]] = {}
    for player, rank in numbers.items():
        points = [virtual.get(player, Decimal(0)) for virtual in by_round]
        while points and not points[-1]:
            points.pop()
        if points:
            lines[rank] = points
    return lines


def _sex(player: Player) -> str:
    return {"M": "m", "F": "w"}.get(player.sex, "")


def _trf_date(moment: datetime) -> str:
    return timezone.localtime(moment).strftime("%Y/%m/%d")
