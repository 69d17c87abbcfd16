"""A small open of 2026 with two rounds played, for the tests of categories and prizes
(desk, public pages, browser): six players, whose births, sexes and ratings put them in
the categories the tests define.

By hand, Buchholz as the tie-break:

- round 1: Albert–Bernard 1-0, Chevalier–Dumont ½-½, Evrard–Fontaine 0-1;
- round 2: Fontaine–Albert ½-½, Bernard–Chevalier 1-0, Dumont–Evrard 1-0;
- points: Albert 1½, Fontaine 1½, Dumont 1½, Bernard 1, Chevalier ½, Evrard 0;
- Buchholz: Albert 1 + 1½ = 2½, Fontaine 0 + 1½ = 1½, Dumont ½ + 0 = ½: ranks Albert 1,
  Fontaine 2, Dumont 3, Bernard 4, Chevalier 5, Evrard 6.

At 1 January 2026: Bernard (born 1 May 2012) is 13, Chevalier (3 March 2014) 11, Evrard
(2015) 10, Fontaine (born in 2013, no date) 12 by the year: under 12 are Chevalier and
Evrard. The women: Bernard and Dumont (born 1 January 1961: 65 that day)."""

from datetime import UTC, date, datetime

from club.models import Event, Game, Participant, Player, Result, Sex
from tests.club.factories import EventFactory, PlayerFactory

PLAYERS = {
    # last name: (first name, sex, birth date, birth year, rating)
    "Albert": ("Marc", Sex.MALE, date(1980, 6, 1), None, 2000),
    "Bernard": ("Julie", Sex.FEMALE, date(2012, 5, 1), None, 1900),
    "Chevalier": ("Léo", Sex.MALE, date(2014, 3, 3), None, 1800),
    "Dumont": ("Anne", Sex.FEMALE, date(1961, 1, 1), None, 1700),
    "Evrard": ("Tom", Sex.MALE, date(2015, 9, 9), None, 1600),
    "Fontaine": ("Paul", Sex.MALE, None, 2013, 1500),
}
GAMES = [
    (1, "Albert", "Bernard", Result.WHITE_WINS),
    (1, "Chevalier", "Dumont", Result.DRAW),
    (1, "Evrard", "Fontaine", Result.BLACK_WINS),
    (2, "Fontaine", "Albert", Result.DRAW),
    (2, "Bernard", "Chevalier", Result.WHITE_WINS),
    (2, "Dumont", "Evrard", Result.WHITE_WINS),
]


def prize_open(**fields: object) -> Event:
    """The open, ongoing, its two rounds played (a third planned)."""
    given: dict[str, object] = {
        "kind": Event.Kind.OPEN,
        "system": Event.System.SWISS,
        "title": "Open de printemps",
        "status": Event.Status.ONGOING,
        "tiebreaks": "buchholz",
        "start": datetime(2026, 4, 11, 12, 0, tzinfo=UTC),
        "end": datetime(2026, 4, 12, 18, 0, tzinfo=UTC),
        "planned_rounds": 3,
    }
    event: Event = EventFactory(**{**given, **fields})
    players: dict[str, Player] = {}
    for number, (last, (first, sex, born, year, rating)) in enumerate(PLAYERS.items(), 1):
        players[last] = PlayerFactory(
            first_name=first,
            last_name=last,
            sex=sex,
            birth_date=born,
            birth_year=year,
            fide_rating=rating,
            national_rating=rating,
        )
        Participant.objects.create(event=event, player=players[last], number=number, rating=rating)
    rounds = {n: event.rounds.create(number=n) for n in (1, 2, 3)}
    for index, (number, white, black, result) in enumerate(GAMES):
        Game.objects.create(
            round=rounds[number],
            board=index % 3 + 1,
            white=players[white],
            black=players[black],
            result=result,
        )
    return event
