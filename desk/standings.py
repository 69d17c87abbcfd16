"""An event's standings, read once: the one place every view asks (the desk's standings,
its CSV and crosstable, the public event page, the TRF export's rank column).

Three queries whatever the size of the event: the games, the byes, the participants.
What each result and each bye scores comes from the model's choices
(``Result.points``, ``Bye.Kind.points``); the ranking and the tie-breaks from
``chesslib.standings`` (FIDE C.07).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from chesslib.standings import (
    ABBREVIATION,
    RATED,
    Kind,
    Round,
    Row,
    Tiebreak,
    parse_tiebreaks,
    standings,
)
from club.models import Bye, Event, Game, Participant, Player, Result

TIEBREAK_LABELS: dict[Tiebreak, Promise] = {
    Tiebreak.DIRECT_ENCOUNTER: _("Direct encounter"),
    Tiebreak.WIN: _("Number of wins, byes and forfeits included"),
    Tiebreak.WINS: _("Number of games won"),
    Tiebreak.GAMES_BLACK: _("Games played with Black"),
    Tiebreak.WINS_BLACK: _("Games won with Black"),
    Tiebreak.PROGRESSIVE: _("Progressive score"),
    Tiebreak.PROGRESSIVE_CUT1: _("Progressive score cut 1"),
    Tiebreak.ELECTED: _("Games elected to play"),
    Tiebreak.BUCHHOLZ: _("Buchholz"),
    Tiebreak.BUCHHOLZ_CUT1: _("Buchholz cut 1"),
    Tiebreak.BUCHHOLZ_CUT2: _("Buchholz cut 2"),
    Tiebreak.MEDIAN: _("Median Buchholz"),
    Tiebreak.MEDIAN2: _("Median Buchholz 2"),
    Tiebreak.AOB: _("Average of opponents' Buchholz"),
    Tiebreak.FORE_BUCHHOLZ: _("Fore Buchholz"),
    Tiebreak.SONNEBORN_BERGER: _("Sonneborn-Berger"),
    Tiebreak.SONNEBORN_BERGER_CUT1: _("Sonneborn-Berger cut 1"),
    Tiebreak.KOYA: _("Koya"),
    Tiebreak.ARO: _("Average rating of opponents"),
    Tiebreak.ARO_CUT1: _("Average rating of opponents cut 1"),
    Tiebreak.TPR: _("Tournament performance rating"),
    Tiebreak.PTP: _("Perfect tournament performance"),
    Tiebreak.APRO: _("Average performance rating of opponents"),
    Tiebreak.APPO: _("Average perfect performance of opponents"),
}


@dataclass(frozen=True)
class Line:
    """One player's line: rank, points and the tiebreaks in the event's order."""

    rank: int
    player: Player
    points: Decimal
    values: list[Decimal]
    number: int | None = None


@dataclass
class EventStandings:
    event: Event
    until: int | None
    order: list[Tiebreak]
    lines: list[Line]
    games: list[Game]
    byes: list[Bye]
    records: dict[int, list[Round]] = field(default_factory=dict)
    participants: list[Participant] = field(default_factory=list)
    # the last round of the read whose games (and every earlier round's) all have a
    # result: the figures stand "after round ``played``" (0: none yet)
    played: int = 0

    @property
    def columns(self) -> list[tuple[Tiebreak, Promise]]:
        """The tiebreak columns in words, in the order the event chose."""
        return [(t, TIEBREAK_LABELS[t]) for t in self.order]

    @property
    def headings(self) -> list[tuple[str, Promise]]:
        """The tiebreak columns as a narrow table heads them: C.07's abbreviation and the
        words, in the order the event chose."""
        return [(ABBREVIATION[t], TIEBREAK_LABELS[t]) for t in self.order]

    @property
    def column_heads(self) -> list[tuple[Tiebreak, str, Promise]]:
        """The tiebreak columns with both headings: the key, C.07's abbreviation (a phone's
        narrow table) and the words, in the order the event chose."""
        return [(t, ABBREVIATION[t], TIEBREAK_LABELS[t]) for t in self.order]

    @property
    def last_paired(self) -> int:
        """The last round of the read with a game or a bye (0: none)."""
        rounds = [g.round.number for g in self.games] + [b.round.number for b in self.byes]
        return max(rounds, default=0)

    def shown(self, until: int | None = None) -> EventStandings:
        """The standings a page or sheet shows: after round ``until`` when asked,
        otherwise after the last round played; a round under way counts neither its
        finished games nor its byes until every board has a result. Their ``played``
        names the round they stand after."""
        number = self.played if until is None else min(until, self.played)
        return self.after(number) if number < self.last_paired else self

    def after(self, number: int) -> EventStandings:
        """The standings after round ``number``, from the games and byes read (no query
        unless a tie-break needs the ratings)."""
        return _standings(
            self.event,
            number,
            [g for g in self.games if g.round.number <= number],
            [b for b in self.byes if b.round.number <= number],
            self.participants,
        )

    def by_player(self) -> dict[int, Line]:
        return {line.player.pk: line for line in self.lines}


def _game_kinds(result: Result) -> tuple[Kind, Kind]:
    if result.is_played:
        return Kind.PLAYED, Kind.PLAYED
    white, black = result.points or (Decimal(0), Decimal(0))
    return (
        Kind.FORFEIT_WIN if white else Kind.FORFEIT_LOSS,
        Kind.FORFEIT_WIN if black else Kind.FORFEIT_LOSS,
    )


def event_standings(event: Event, until: int | None = None) -> EventStandings:
    """The standings of ``event`` after round ``until`` (all rounds when None), from its
    games and byes. A game without a result does not count yet; a round a player has
    neither game nor bye in counts as a zero-point bye (C.07 16.1)."""
    games_query = Game.objects.filter(round__event=event).select_related("round", "white", "black")
    byes_query = Bye.objects.filter(round__event=event).select_related("round", "player")
    if until is not None:
        games_query = games_query.filter(round__number__lte=until)
        byes_query = byes_query.filter(round__number__lte=until)
    games = list(games_query.order_by("round__number", "board"))
    byes = list(
        byes_query.order_by("round__number", "player__last_name", "player__first_name", "pk")
    )
    participants = list(event.participants.select_related("player").order_by("number", "pk"))
    return _standings(event, until, games, byes, participants)


def _standings(
    event: Event,
    until: int | None,
    games: list[Game],
    byes: list[Bye],
    participants: list[Participant],
) -> EventStandings:
    """The standings of ``event`` from its games and byes (in round order) as read."""
    players: dict[int, Player] = {p.player_id: p.player for p in participants}
    numbers = {p.player_id: p.number for p in participants}
    for game in games:
        players.setdefault(game.white_id, game.white)
        players.setdefault(game.black_id, game.black)
    for bye in byes:
        players.setdefault(bye.player_id, bye.player)
    rounds: dict[int, dict[int, Round]] = {pk: {} for pk in players}
    pending: set[tuple[int, int]] = set()
    for game in games:
        result = Result(game.result)
        if result.points is None:
            pending |= {(game.white_id, game.round.number), (game.black_id, game.round.number)}
            continue
        number = game.round.number
        white_kind, black_kind = _game_kinds(result)
        rounds[game.white_id][number] = Round(game.black_id, result.points[0], white_kind, number)
        rounds[game.black_id][number] = Round(
            game.white_id, result.points[1], black_kind, number, black=True
        )
    for bye in byes:
        kind = Bye.Kind(bye.kind)
        virtual = Kind.PAIRING_BYE if kind.points == 1 else Kind.REQUESTED_BYE  # U, F
        rounds[bye.player_id][bye.round.number] = Round(
            None, kind.points, virtual, bye.round.number
        )
    complete = sorted({n for record in rounds.values() for n in record} | {n for _p, n in pending})
    records: dict[int, list[Round]] = {}
    for pk, record in rounds.items():
        records[pk] = [
            record.get(n) or Round(None, Decimal(0), Kind.REQUESTED_BYE, n)
            for n in complete
            if (pk, n) not in pending
        ]
    order = _order(event.tiebreaks)
    ratings = ratings_at_start(event, players) if RATED.intersection(order) else {}
    rows: list[Row] = (
        standings(
            records,
            order,
            max(complete, default=0),
            ratings=ratings,
            scoring=event.scoring,
            round_robin=event.system in Event.System.paired_at_once(),
        )
        if records
        else []
    )
    lines = [
        Line(
            rank=row.rank,
            player=players[row.player],  # type: ignore[index]
            points=row.points,
            values=[row.tiebreaks.get(t, Decimal(0)) for t in order],
            number=numbers.get(row.player),  # type: ignore[call-overload]
        )
        for row in rows
    ]
    return EventStandings(
        event, until, order, lines, games, byes, records, participants, played_rounds(games, byes)
    )


def standings_shown(event: Event, until: int | None = None) -> EventStandings:
    """The standings of ``event`` a page or sheet shows (``EventStandings.shown``)."""
    return event_standings(event).shown(until)


def played_rounds(games: list[Game], byes: list[Bye]) -> int:
    """The last round of ``games`` and ``byes`` (one event's) that is over with every round
    before it: each of its games has a result. A round under way (a game without a result)
    and the rounds after it are not over, whatever their byes."""
    rounds = {g.round.number for g in games} | {b.round.number for b in byes}
    unplayed = {g.round.number for g in games if Result(g.result).points is None}
    played = 0
    for number in sorted(rounds):
        if number in unplayed:
            break
        played = number
    return played


def _order(text: str) -> list[Tiebreak]:
    """The event's tiebreaks; a key the desk's form would refuse (typed in the admin
    site) is left out rather than fail a public page."""
    try:
        return parse_tiebreaks(text)
    except ValueError:
        known = {t.value for t in Tiebreak}
        return [Tiebreak(k.strip()) for k in text.split(",") if k.strip() in known]


def ratings_at_start(
    event: Event, players: Mapping[int, Player], fide: bool | None = None
) -> dict[int, int]:
    """Each player's rating at the event's start in the event's choice of system for its
    tie-breaks (C.07 Article 10 reads "the rating at the start of the tournament"), or
    the FIDE (``fide``) or national one (not ``fide``): the player's line on the last
    official list (FIDE or national) a rating system of that role holds from before the
    event's first day; a player on no such list, the last known official rating of their
    record (0: none). Two queries."""
    from ratings.models import RatingBatch, RatingChange, RatingSystem

    if fide is None:
        fide = event.tiebreak_rating == Event.TiebreakRating.FIDE
    role = RatingSystem.Role.FIDE if fide else RatingSystem.Role.NATIONAL
    listed = (
        RatingChange.objects.filter(
            player__in=list(players),
            batch__kind=RatingBatch.Kind.OFFICIAL,
            batch__system__role=role,
            batch__system__enabled=True,
            batch__day__lte=timezone.localdate(event.start),
            rating_after__isnull=False,
        )
        .order_by("player", "batch__day", "batch__order", "batch__pk")
        .values_list("player", "rating_after")
    )
    found = {pk: round(value or 0) for pk, value in listed}  # the latest list wins
    return {
        pk: found.get(pk) or (player.fide_rating if fide else player.national_rating) or 0
        for pk, player in players.items()
    }
