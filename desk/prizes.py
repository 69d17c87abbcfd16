"""An event's standings by category and its prize list, read once from its categories,
its prizes and its one standings (``desk.standings``): the desk's pages, the printed
documents and the public event page all ask here. Who is in a category and who wins
which prize is computed by ``chesslib.categories`` and ``chesslib.prizes`` (pure Python;
the rules in ``docs/prizes.md``); this module turns the models into their plain facts
and the answers back into rows a template lists.

Queries: the rules, the categories and the prizes (three), the members of the club on
the event's day when a category asks for them (one), and the official ratings at the
event's start when a category reads the FIDE or the national rating (two each)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone

from chesslib import prizes as rules
from chesslib.categories import Facts, Kind, Rule, Source, default_reference, ranked_within
from club.models import Event, EventCategory, Member, Prize, PrizeRules, Sex
from desk.standings import EventStandings, Line, ratings_at_start


@dataclass(frozen=True)
class CategoryLine:
    """A player's line in a category: their rank there and their overall line."""

    rank: int
    line: Line


@dataclass(frozen=True)
class CategoryTable:
    category: EventCategory
    lines: list[CategoryLine]


@dataclass(frozen=True)
class PrizeRow:
    """A row of the prize list: the place, its prize (None: a player level with the
    winners, paid a share beyond the list's prizes), the winner's overall line and their
    rank in the list (None: nobody to win it), the money paid and the places pooled."""

    place: int
    prize: Prize | None
    line: Line | None
    rank: int | None
    amount: Decimal | None
    shared: tuple[int, int] | None


@dataclass(frozen=True)
class PrizeSection:
    """The prizes of the overall standings (``category`` None) or of a category."""

    category: EventCategory | None
    rows: list[PrizeRow]


@dataclass
class EventPrizes:
    rules: PrizeRules
    reference: date
    categories: list[EventCategory]
    tables: list[CategoryTable]
    sections: list[PrizeSection]
    standings: EventStandings

    @property
    def has_prizes(self) -> bool:
        return any(section.rows for section in self.sections)

    @property
    def total(self) -> Decimal:
        """The money of every prize of the list."""
        return sum(
            (
                row.prize.amount or Decimal(0)
                for section in self.sections
                for row in section.rows
                if row.prize is not None
            ),
            Decimal(0),
        )


def prize_rules(event: Event) -> PrizeRules:
    """The event's rules, or the defaults (not saved) when it has none yet."""
    return PrizeRules.objects.filter(event=event).first() or PrizeRules(event=event)


def reference_date(event: Event, found: PrizeRules) -> date:
    """The day ages are counted on: the event's choice, else 1 January of its year."""
    return found.reference_date or default_reference(timezone.localdate(event.start).year)


def _rule(category: EventCategory) -> Rule:
    return Rule(
        kind=Kind(category.kind),
        age=category.age,
        source=Source(category.rating_source),
        minimum=category.rating_min,
        maximum=category.rating_max,
        club=category.club_name,
    )


def player_facts(event: Event, standings: EventStandings, wanted: list[Rule]) -> dict[int, Facts]:
    """What the categories ``wanted`` ask of each player of the standings: the
    members on the event's day and the official ratings only when a category reads
    them."""
    players = {line.player.pk: line.player for line in standings.lines}
    day = timezone.localdate(event.start)
    members: set[int] = set()
    if any(r.kind == Kind.CLUB and not r.club.strip() for r in wanted):
        members = set(
            Member.objects.filter(player__in=list(players), since__lte=day)
            .filter(Q(until__isnull=True) | Q(until__gte=day))
            .values_list("player_id", flat=True)
        )
    sources = {r.source for r in wanted if r.kind in (Kind.RATING, Kind.UNRATED)}
    ratings: dict[Source, dict[int, int | None]] = {}
    if Source.FIDE in sources:
        ratings[Source.FIDE] = dict(ratings_at_start(event, players, fide=True))
    if Source.NATIONAL in sources:
        ratings[Source.NATIONAL] = dict(ratings_at_start(event, players, fide=False))
    if Source.EVENT in sources:
        seeded = {p.player_id: p.rating for p in standings.participants}
        ratings[Source.EVENT] = {pk: seeded.get(pk) for pk in players}
    return {
        pk: Facts(
            birth_date=player.birth_date,
            birth_year=player.birth_year,
            female=player.sex == Sex.FEMALE,
            ratings={source: found.get(pk) for source, found in ratings.items()},
            member=pk in members,
            club=player.club_name,
        )
        for pk, player in players.items()
    }


def event_prizes(event: Event, standings: EventStandings) -> EventPrizes:
    """The event's categories with their standings and its prize list, from
    ``standings`` (those a page shows: ``standings_shown``)."""
    found = prize_rules(event)
    reference = reference_date(event, found)
    categories = list(EventCategory.objects.filter(event=event).order_by("position", "pk"))
    prizes = list(Prize.objects.filter(event=event).order_by("category", "place", "pk"))
    by_category = {c.pk: _rule(c) for c in categories}
    facts = player_facts(event, standings, list(by_category.values()))
    held = {
        key: {pk for pk, known in facts.items() if rule.admits(known, reference)}
        for key, rule in by_category.items()
    }
    ranks = [(line.player.pk, line.rank) for line in standings.lines]
    lines = {line.player.pk: line for line in standings.lines}
    tables = [
        CategoryTable(
            category,
            [CategoryLine(rank, lines[pk]) for pk, rank in ranked_within(ranks, held[category.pk])],
        )
        for category in categories
    ]
    awards = rules.award(
        [rules.Standing(line.player.pk, line.rank, line.points) for line in standings.lines],
        held,
        [
            rules.Prize(p.pk, p.category_id, p.place, p.amount, p.description)
            for p in prizes
            if p.category_id is None or p.category_id in held
        ],
        rules.Ties(found.ties),
        found.share_categories,
    )
    list_ranks: dict[int | None, dict[int, int]] = {
        None: {line.player.pk: line.rank for line in standings.lines},
        **{t.category.pk: {c.line.player.pk: c.rank for c in t.lines} for t in tables},
    }
    sections = [
        _section(category, prizes, awards, lines, list_ranks) for category in [None, *categories]
    ]
    return EventPrizes(found, reference, categories, tables, sections, standings)


def _section(
    category: EventCategory | None,
    prizes: list[Prize],
    awards: list[rules.Award],
    lines: dict[int, Line],
    list_ranks: dict[int | None, dict[int, int]],
) -> PrizeSection:
    """A list's rows: each prize with its winner (or nobody), then the players paid a
    share beyond its prizes."""
    key = category.pk if category is not None else None
    ours = [a for a in awards if a.category == key]
    won = {a.prize.key: a for a in ours if a.prize is not None}
    ranks = list_ranks.get(key, {})
    rows = []
    for prize in (p for p in prizes if p.category_id == key):
        found = won.get(prize.pk)
        rows.append(_row(prize.place, prize, found, lines, ranks))
    rows += [_row(a.place, None, a, lines, ranks) for a in ours if a.prize is None]
    return PrizeSection(category, rows)


def _row(
    place: int,
    prize: Prize | None,
    found: rules.Award | None,
    lines: dict[int, Line],
    ranks: dict[int, int],
) -> PrizeRow:
    if found is None:
        return PrizeRow(place, prize, None, None, None, None)
    return PrizeRow(
        place,
        prize,
        lines[found.player],
        ranks.get(found.player),
        found.amount,
        found.shared,
    )
