"""A believable demo club: members, outside players, two seasons of events with results.

The people are the same every time (a fixed seed); the events are placed around the day
given, so the calendar always has past results and upcoming meetings. The same day gives
the same club, object for object. A bigger club (the load test's 2,000 members over ten
seasons) plays the same seasons with fields scaled to its size: more championship groups,
bigger evenings and open.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import transaction

from chesslib.berger import round_robin
from club.models import (
    EntryTerms,
    Event,
    EventCategory,
    Game,
    Member,
    Participant,
    Player,
    Prize,
    PrizeRules,
    Result,
    Round,
    Sex,
)
from demo import interclub as interclub_demo

PEOPLE_SEED = 1903  # Árpád Élő's year of birth: the cast never changes
MEMBERS = 40
OUTSIDERS = 40
VENUE = "Salle du Cercle, rue de Nivelles 12, Wavre"

MALE = (
    "Luc", "Marc", "Pierre", "Jean", "Philippe", "Thomas", "Nicolas", "Julien", "Olivier",
    "Vincent", "Michel", "Alain", "Benoît", "Christophe", "Didier", "Maxime", "Antoine",
    "Hugo", "Louis", "Arthur", "Simon", "Mathis", "Noah", "Victor", "François", "Patrick",
    "Eric", "Laurent", "Bart", "Pieter", "Koen", "Wim", "Jonas", "Lucas", "Adrien",
    "Cédric",
)  # fmt: skip
FEMALE = (
    "Marie", "Anne", "Sophie", "Julie", "Claire", "Isabelle", "Nathalie", "Camille", "Emma",
    "Léa", "Chloé", "Louise", "Charlotte", "Manon", "Sarah", "Laura", "Elise", "Lotte",
    "Fien", "Hélène", "Catherine", "Véronique",
)  # fmt: skip
SURNAMES = (
    "Dubois", "Lambert", "Peeters", "Janssens", "Maes", "Jacobs", "Mertens", "Willems",
    "Claes", "Goossens", "Wouters", "Dupont", "Leclercq", "Lejeune", "Renard", "Lemaire",
    "Hermans", "Michel", "Simon", "Laurent", "Martin", "Lefèvre", "Denis", "Fontaine",
    "Mathieu", "Henry", "Dumont", "Gilles", "Collard", "Delvaux", "Masson", "François",
    "Piette", "Rousseau", "Bertrand", "Moreau", "Marchal", "Gérard", "Noël", "Devos",
    "Lambotte", "Verhoeven", "Charlier", "Dewulf", "Hubert", "Gobert", "Warnier",
    "Baudouin", "Thiry", "Lhoist", "Culot", "Degrève", "Pirard", "Jadot",
)  # fmt: skip
OTHER_CLUBS = ("CREC Namur", "Cercle d'Échecs de Louvain-la-Neuve", "Brussels Chess Club")
STREETS = ("rue de Namur", "avenue des Combattants", "chaussée de Bruxelles", "rue du Moulin")


@dataclass(frozen=True)
class Cast:
    members: list[Player]
    outsiders: list[Player]


MAX_MEMBERS = 3000  # the first names and surnames above make about 3,100 people


def build_demo_club(today: date, members: int = MEMBERS, seasons: int = 2) -> Cast:
    """Create the demo club for ``today`` in one transaction: ``members`` members (a
    multiple of 40 scales the events evenly) and ``seasons`` seasons up to this one."""
    if not MEMBERS <= members <= MAX_MEMBERS:
        raise ValueError(f"The demo club has {MEMBERS} to {MAX_MEMBERS} members, not {members}.")
    if seasons < 1:
        raise ValueError(f"The demo club plays at least one season, not {seasons}.")
    rng = random.Random(PEOPLE_SEED)
    with transaction.atomic():
        cast = _create_people(rng, members)
        _create_seasons(rng, cast, today, seasons)
    return cast


def _create_people(rng: random.Random, count: int) -> Cast:
    names = _unique_names(rng, count + OUTSIDERS)
    players: list[Player] = []
    for index, (first, last, sex) in enumerate(names):
        member = index < count
        junior = rng.random() < 0.25
        born = date(
            rng.randint(2009, 2016) if junior else rng.randint(1950, 2004),
            rng.randint(1, 12),
            rng.randint(1, 28),
        )
        rating = max(900, min(2380, round(rng.gauss(1700 if not member else 1550, 280))))
        fide = rating >= 1400 and rng.random() < 0.8
        players.append(
            Player(
                first_name=first,
                last_name=last,
                sex=sex,
                birth_date=born,
                federation="BEL" if member or rng.random() < 0.8 else "FRA",
                national_id=f"{10000 + index * 137 % 90000:05d}",
                national_id_federation="BEL",  # a Belgian matricule, the French players' too
                fide_id=(200_000 + index * 7919) if fide else None,
                fide_rating=(rating + rng.randint(-60, 60)) if fide else None,
                national_rating=rating,
                club_name="" if member else OTHER_CLUBS[index % len(OTHER_CLUBS)],
            )
        )
    Player.objects.bulk_create(players)
    members, outsiders = players[:count], players[count:]
    Member.objects.bulk_create(
        Member(
            player=player,
            since=date(rng.randint(1995, 2025), 9, 1),
            status=Member.Status.HONORARY if index == 0 else Member.Status.ACTIVE,
            email=f"{_ascii(player.first_name)}.{_ascii(player.last_name)}@example.be",
            phone=f"+32 47{rng.randint(0, 9)} {rng.randint(10, 99)} {rng.randint(10, 99)} "
            f"{rng.randint(10, 99)}",
            address=f"{rng.choice(STREETS)} {rng.randint(1, 180)}, 1300 Wavre",
        )
        for index, player in enumerate(members)
    )
    return Cast(members=members, outsiders=outsiders)


def _unique_names(rng: random.Random, count: int) -> list[tuple[str, str, str]]:
    seen: set[tuple[str, str]] = set()
    names: list[tuple[str, str, str]] = []
    while len(names) < count:
        sex = Sex.FEMALE if rng.random() < 0.2 else Sex.MALE
        first = rng.choice(FEMALE if sex == Sex.FEMALE else MALE)
        last = rng.choice(SURNAMES)
        if (first, last) not in seen:
            seen.add((first, last))
            names.append((first, last, sex))
    return names


def _ascii(text: str) -> str:
    table = str.maketrans("éèêëàâäîïôöûüç", "eeeeaaaiioouuc")
    return text.lower().translate(table).replace(" ", "")


# --- events -------------------------------------------------------------------------------


def _create_seasons(rng: random.Random, cast: Cast, today: date, seasons: int) -> None:
    this_season = today.year if today.month >= 9 else today.year - 1
    for year in range(this_season - seasons + 1, this_season + 1):
        _create_season(rng, cast, today, date(year, 9, 1))


def _at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute), tzinfo=ZoneInfo(settings.TIME_ZONE))


def _fridays(start: date, end: date) -> Iterator[date]:
    day = start + timedelta(days=(4 - start.weekday()) % 7)
    while day <= end:
        yield day
        day += timedelta(days=7)


def _create_season(rng: random.Random, cast: Cast, today: date, start: date) -> None:
    season = f"{start.year}-{start.year + 1}"
    scale = max(1, len(cast.members) // MEMBERS)
    fridays = list(_fridays(start, date(start.year + 1, 6, 30)))
    # Club championship: round robins of ten members, a round every other Friday.
    players = rng.sample(cast.members[: 30 * scale], 10 * scale)
    dates = fridays[4::2][:9]
    for group in range(scale):
        title = f"Championnat du club {season}" + (f" – groupe {group + 1}" if scale > 1 else "")
        _tournament(
            rng, today, title, Event.Kind.CHAMPIONSHIP, Event.System.ROUND_ROBIN,
            Event.TimeControl.STANDARD, dates, round_robin(players[10 * group :][:10]),
        )  # fmt: skip
    # Rapid and blitz evenings: one of each a month, on the Fridays in between.
    for month_index, friday in enumerate(fridays[5::4][:9]):
        kind = Event.Kind.RAPID if month_index % 2 == 0 else Event.Kind.BLITZ
        field = rng.sample(cast.members, 10 * scale)
        rounds = 5 if kind == Event.Kind.RAPID else 7
        title = ("Soirée rapide" if kind == Event.Kind.RAPID else "Blitz du mois") + (
            f" – {friday:%d/%m/%Y}"
        )
        control = Event.TimeControl.RAPID if kind == Event.Kind.RAPID else Event.TimeControl.BLITZ
        _tournament(
            rng, today, title, kind, Event.System.SWISS, control, [friday] * rounds,
            _random_rounds(rng, field, rounds),
        )  # fmt: skip
    # Interclub matches: four boards against another club, on Sundays.
    for index, opponent_club in enumerate(OTHER_CLUBS * 2):
        sunday = start + timedelta(days=(6 - start.weekday()) % 7 + 35 + index * 28)
        ours = sorted(cast.members, key=lambda p: -(p.national_rating or 0))[index % 3 :][:4]
        theirs = [p for p in cast.outsiders if p.club_name == opponent_club][:4]
        home = index % 2 == 0
        boards = [(o, t) if (b % 2 == 0) == home else (t, o) for b, (o, t) in enumerate(
            zip(ours, theirs, strict=True))]  # fmt: skip
        event = _tournament(
            rng, today, f"Interclubs\xa0: Wavre – {opponent_club}", Event.Kind.INTERCLUB,
            Event.System.MATCH, Event.TimeControl.STANDARD, [sunday], [boards],
        )  # fmt: skip
        interclub_demo.record_match(event, season, opponent_club, home, ours, theirs)
    # The open: a Swiss weekend in spring with members and visitors.
    saturday = date(start.year + 1, 4, 11)
    field = rng.sample(cast.members, 12 * scale) + rng.sample(cast.outsiders, 12)
    open_ = _tournament(
        rng, today, f"Open de Wavre {start.year + 1}", Event.Kind.OPEN, Event.System.SWISS,
        Event.TimeControl.STANDARD, [saturday] * 3 + [saturday + timedelta(days=1)] * 2,
        _random_rounds(rng, field, 5),
    )  # fmt: skip
    if open_.status == Event.Status.ANNOUNCED:  # to come: it takes entries online
        EntryTerms.objects.create(
            event=open_, open=True, places=120, fee="15 € (10 € pour les jeunes)",
            translated_fees={"nl": "15 € (10 € voor jongeren)", "de": "15 € (10 € für Jugendliche)",
                             "en": "€15 (€10 for juniors)"},
        )  # fmt: skip
    _prizes(open_)
    # Courses, the general meeting, the end-of-season party: no games.
    for week, tuesday in enumerate(
        start + timedelta(days=(1 - start.weekday()) % 7 + 7 * n) for n in range(2, 30, 3)
    ):
        _event(today, f"Cours pour débutants ({week + 1})", Event.Kind.COURSE, tuesday, 19, 2)
    _event(today, "Assemblée générale", Event.Kind.MEETING, fridays[2], 20, 2)
    _event(today, "Barbecue de fin de saison", Event.Kind.SOCIAL, fridays[-1], 18, 5)


def _prizes(event: Event) -> None:
    """The open's categories and prizes, as an open's prize list has them: money for
    the first three shared by Hort's system, a cup for the winner and the best youth,
    prizes for the best woman, the players under 1600 and the club's members."""
    PrizeRules.objects.create(event=event, ties=PrizeRules.TieRule.HORT)
    kinds = EventCategory.Kind
    youth, women, band, club = EventCategory.objects.bulk_create(
        [
            EventCategory(event=event, name="-16", kind=kinds.UNDER, age=16, position=1),
            EventCategory(event=event, name="Dames", kind=kinds.WOMEN, position=2),
            EventCategory(
                event=event, name="-1600", kind=kinds.RATING, position=3,
                rating_source=EventCategory.Source.EVENT, rating_max=1599,
            ),
            EventCategory(event=event, name="Wavre", kind=kinds.CLUB, position=4),
        ]
    )  # fmt: skip
    Prize.objects.bulk_create(
        Prize(event=event, category=category, place=place, amount=Decimal(amount),
              description=description)
        for category, place, amount, description in (
            (None, 1, "150", "Coupe"), (None, 2, "100", ""), (None, 3, "60", ""),
            (youth, 1, "40", "Coupe"), (women, 1, "40", ""), (band, 1, "30", ""),
            (band, 2, "20", ""), (club, 1, "25", ""),
        )
    )  # fmt: skip


def _event(today: date, title: str, kind: str, day: date, hour: int, hours: int) -> Event:
    start = _at(day, hour)
    return Event.objects.create(
        kind=kind, title=title, venue=VENUE, start=start, end=start + timedelta(hours=hours),
        status=Event.Status.CLOSED if day < today else Event.Status.ANNOUNCED,
        description="",
    )  # fmt: skip


def _tournament(
    rng: random.Random,
    today: date,
    title: str,
    kind: str,
    system: str,
    time_control: str,
    dates: Sequence[date],
    pairings: Sequence[Sequence[tuple[Player, Player]]],
) -> Event:
    hour = 14 if kind in (Event.Kind.INTERCLUB, Event.Kind.OPEN) else 20
    start, end = _at(dates[0], hour), _at(dates[-1], hour) + timedelta(hours=4)
    status = (
        Event.Status.CLOSED if dates[-1] < today
        else Event.Status.ONGOING if dates[0] < today
        else Event.Status.ANNOUNCED
    )  # fmt: skip
    event = Event.objects.create(
        kind=kind, title=title, venue=VENUE, start=start, end=end, time_control=time_control,
        system=system, status=status, description=_describe(kind), planned_rounds=len(dates),
        tiebreaks="buchholz_cut1,buchholz,sonneborn_berger",
    )  # fmt: skip
    field = list(dict.fromkeys(player for pairs in pairings for pair in pairs for player in pair))
    field.sort(key=lambda player: -(player.national_rating or 0))
    Participant.objects.bulk_create(
        Participant(
            event=event,
            player=player,
            number=number,
            rating=player.national_rating,
            team=(player.club_name or "Wavre") if kind == Event.Kind.INTERCLUB else "",
        )
        for number, player in enumerate(field, 1)
    )
    rounds = Round.objects.bulk_create(
        Round(event=event, number=n, starts_at=_at(day, hour)) for n, day in enumerate(dates, 1)
    )
    games = []
    for round_, day, pairs in zip(rounds, dates, pairings, strict=False):
        if status == Event.Status.ANNOUNCED:
            break  # pairings are not known before the event starts
        for board, (white, black) in enumerate(pairs, 1):
            result = _play(rng, white, black) if day < today else Result.PENDING
            moves = _SAMPLE_MOVES.get(result, "") if kind == Event.Kind.CHAMPIONSHIP else ""
            record = _pgn(title, round_.number, white, black, result, moves) if moves else ""
            games.append(
                Game(round=round_, board=board, white=white, black=black, result=result,
                     pgn=record)
            )  # fmt: skip
    Game.objects.bulk_create(games)
    return event


# Short games for the board viewer: the championship's games come with their moves.
_SAMPLE_MOVES = {
    Result.WHITE_WINS: "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7#",
    Result.BLACK_WINS: "1. f3 e5 2. g4 Qh4#",
    Result.DRAW: "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6",
}


def _pgn(title: str, number: int, white: Player, black: Player, result: str, moves: str) -> str:
    tags = {
        "Event": title, "Round": str(number), "White": f"{white.last_name}, {white.first_name}",
        "Black": f"{black.last_name}, {black.first_name}", "Result": result,
    }  # fmt: skip
    header = "\n".join(f'[{key} "{value}"]' for key, value in tags.items())
    return f"{header}\n\n{moves} {result}\n"


def _describe(kind: str) -> str:
    descriptions: dict[str, str] = {
        Event.Kind.CHAMPIONSHIP: "Toutes rondes, 90 minutes + 30 secondes par coup.",
        Event.Kind.RAPID: "Cinq rondes de 15 minutes + 10 secondes par coup.",
        Event.Kind.BLITZ: "Sept rondes de 3 minutes + 2 secondes par coup.",
        Event.Kind.INTERCLUB: "Match par équipes de quatre joueurs.",
        Event.Kind.OPEN: "Cinq rondes au système suisse, ouvert à tous.",
    }
    return descriptions.get(kind, "")


def _random_rounds(
    rng: random.Random, field: list[Player], rounds: int
) -> list[list[tuple[Player, Player]]]:
    """Pairings with no repeated encounter, good enough for demo evenings."""
    met: set[frozenset[int]] = set()
    schedule = []
    for _ in range(rounds):
        for _attempt in range(50):
            order = rng.sample(field, len(field))
            pairs = list(zip(order[::2], order[1::2], strict=False))
            if not any(frozenset((id(a), id(b))) in met for a, b in pairs):
                break
        met.update(frozenset((id(a), id(b))) for a, b in pairs)
        schedule.append(pairs)
    return schedule


def _play(rng: random.Random, white: Player, black: Player) -> Result:
    """A result drawn from the players' ratings (Elo's logistic expectation)."""
    diff = (white.national_rating or 1500) - (black.national_rating or 1500) + 30
    expected = 1 / (1 + 10 ** (-diff / 400))
    draw = 0.3 * (1 - abs(expected - 0.5) * 2)
    roll = rng.random()
    if roll < expected - draw / 2:
        return Result.WHITE_WINS
    if roll < expected + draw / 2:
        return Result.DRAW
    return Result.BLACK_WINS


# --- accounts -----------------------------------------------------------------------------

DEMO_ACCOUNTS = ("administrateur", "secretaire", "membre")


def create_demo_accounts(cast: Cast) -> dict[str, str]:
    """The demo's three accounts (an administrator, a secretary and a member), each with a
    fresh random password, returned once (username → password) for ``run.sh`` to print.
    The secretary and the member are the club's first two members; only the demo creates
    them."""
    from django.contrib.auth.models import Group, User

    User.objects.filter(username__in=DEMO_ACCOUNTS).delete()
    passwords = {username: secrets.token_urlsafe(9) for username in DEMO_ACCOUNTS}
    admin_name, secretary_name, member_name = DEMO_ACCOUNTS
    User.objects.create_superuser(admin_name, "", passwords[admin_name])
    secretary = User.objects.create_user(secretary_name, "", passwords[secretary_name])
    secretary.groups.add(Group.objects.get_or_create(name="secretaries")[0])
    member = User.objects.create_user(member_name, "", passwords[member_name])
    for user, player in ((secretary, cast.members[1]), (member, cast.members[2])):
        Member.objects.filter(player=player).update(user=user)
        user.first_name, user.last_name = player.first_name, player.last_name
        user.email = Member.objects.get(player=player).email
        user.save(update_fields=["first_name", "last_name", "email"])
    return passwords
