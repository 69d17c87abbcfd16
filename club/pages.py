"""What the public pages show, and what each write changes of it, in one place: the scopes
the page cache (``lib.page_cache``) keeps pages by, and the one mapping from a row written
to the scopes forgotten.

A scope names something a page shows: one event (its page, its games' pages, its PGN,
and the lists that show it: the home page, the calendar, the tournaments), one player
(their member page and its history, games and PGN), or a list whose content a write may
change as a whole (the lists of events, the latest games, the members, the current
ratings, the articles, the interclub pages, the notice of a replay under way). A view
says which scopes its page shows (``lib.page_cache.shows``).

A write says nothing: ``post_save`` and ``pre_delete`` receivers, connected here for
every model a public page shows (``connect``, from ``ClubConfig.ready``), map the row
written to its scopes (``SCOPES``), forgotten when the transaction commits (a write
rolled back forgets nothing). So a write through a form, a service, the admin site or
the shell forgets the same pages. One scope is more than pages: a player's latest games
(``first_games``), the first page of their games, which their member page reads as kept
(``club.latest_games``), is made again at once, in the write's transaction (a game
deleted leaves it out of date), and their page forgotten:

- a game: its event (and the pages showing it); with a result, or its result changed,
  also its two players' latest games, the latest games' list, and the interclub pages
  for a match's board. A round paired, whose games have no result yet, keeps the
  players' pages;
- a round, a bye, a registration: the event (a round also the lists of events; its date
  or number, the latest games of its games' players);
- an event's categories, prizes and prize rules: the event;
- an event created, or a round of it paired: the event and the lists; any other change
  of status (closed, reopened, cancelled, restored): also its players' pages, the latest
  games and the interclub pages; its form saved whole (title, dates: any page may show
  them): every page, and where its title, start or publicity changed, the latest games
  of its games' players;
- a player: their page; their name, title, federation, IDs or ratings changed (the
  fields other pages show), also the events they played, the lists of members, ratings
  and games, and the interclub pages; their name changed, the latest games of everyone
  they played;
- an event's online entry terms: the event and the lists (their cards say whether it
  takes entries); an online entry: its event (the list of entries on its page);
- a member: their page and the lists of members and ratings; an article: the articles;
  the interclub models: the interclub pages; a replay queued, started or finished
  (``ratings.ReplayJob``): the notice on the rating pages and the ratings.

Writes Django sends no signal for declare themselves, once, where they are made:
``written(*rows, fields=...)`` after a ``bulk_create``, ``bulk_update`` or
``QuerySet.update`` (the rows mapped as a save would map them), ``players_rated`` after
a replay's bulk writer (the players whose history it rewrote), ``ratings_listed`` after
an official rating list, ``players_merged`` after two records merged (every page, the
latest games of the record kept and of everyone it played), ``all_changed`` after the
rare bulk writes that may change any page and any player's games (a club restored or a
demo club loaded: every player's latest games made again). The ratings' and the interclub's models
are named by their labels: this module is below those apps.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from django.apps import apps
from django.db import models, transaction
from django.db.models import Q
from django.db.models.signals import post_save, pre_delete, pre_save

from club import latest_games
from club.models import Bye, Event, Game, Member, Participant, Player, Round
from lib import page_cache
from lib.page_cache import EVERYTHING

EVENTS = "events"  # which events the lists show: home page, calendar, tournaments, feed
GAMES = "games"  # the latest games
MEMBERS = "members"  # the list of members (names, whether listed)
RATINGS = "ratings"  # the current ratings: rankings, the members list, rating changes
ARTICLES = "articles"  # articles, and the latest on the home page
INTERCLUB = "interclub"  # divisions, their standings and matches
REPLAYS = "replays"  # whether a replay is under way: the notice on rating pages
SITE = "site"  # pages that show nothing of the data (links): the templates only
FIRST_GAMES = "first-games:"  # before a player's id: ``first_games``

# A player's fields that pages other than their own show (events' tables, games, other
# members' pages, rankings): a change of one forgets those pages too.
PLAYER_SHOWN = (
    "first_name",
    "last_name",
    "title",
    "fide_id",
    "federation",
    "fide_rating",
    "national_rating",
    "club_name",
)
# An event's fields and a player's that their games' lines show (``club.latest_games``)
EVENT_IN_GAMES = ("title", "translated_titles", "start", "public")
NAME = ("first_name", "last_name")
# Beyond this many players' pages, a replay forgets every page: one write to the cache
# instead of one a player (a full replay rewrites thousands of histories).
PLAYERS_FORGOTTEN_ONE_BY_ONE = 200


def event(pk: int) -> str:
    return f"event:{pk}"


def player(pk: int) -> str:
    return f"player:{pk}"


def first_games(pk: int) -> str:
    """A player's latest games (their page's first games, ``club.latest_games``): their
    page, and the games kept for it, made again in the write's transaction."""
    return f"{FIRST_GAMES}{pk}"


def events(items: Iterable[Event]) -> list[str]:
    return [event(e.pk) for e in items]


Fields = Collection[str] | None


# The mapping: rows written to scopes ----------------------------------------------------------


def _games(games: Sequence[Game], fields: Fields, deleted: bool) -> set[str]:
    """A game's event; with a result (or its result changed), also its players, the
    latest games and the interclub pages of a match. (The game's round, and its event
    when it has a result, are read unless the game holds them: the writes that make
    games give them their round, a result's save its event.)"""
    scopes: set[str] = set()
    for game in games:
        scopes.add(event(game.round.event_id))
        if game.result or (fields is not None and "result" in fields):
            if _result_alone(fields, deleted):  # its line moved: ``_lines_moved``
                scopes.update((player(game.white_id), player(game.black_id), GAMES))
            else:
                scopes.update((first_games(game.white_id), first_games(game.black_id), GAMES))
            if game.round.event.kind == Event.Kind.INTERCLUB:
                scopes.add(INTERCLUB)
    return scopes


def _result_alone(fields: Fields, deleted: bool) -> bool:
    """A game's result or moves alone written (the desk, a report, a file)."""
    return not deleted and fields is not None and set(fields) <= {"result", "pgn"}


def _lines_moved(rows: Sequence[Any], fields: Fields, using: str | None) -> None:
    """Games whose result or moves alone were written: their lines moved in their
    players' latest games (``latest_games.results_written``), in the write's transaction,
    rather than the pages made again from all their games."""
    games = [row for row in rows if isinstance(row, Game)]
    if games and _result_alone(fields, False):
        latest_games.results_written(games, using)


def _byes(byes: Sequence[Bye], fields: Fields, deleted: bool) -> set[str]:
    """A bye: its event's pages (players' pages show games only)."""
    return {event(b.round.event_id) for b in byes}


def _rounds(rounds: Sequence[Round], fields: Fields, deleted: bool) -> set[str]:
    """A round (its date, its pairing): the event, and the lists (a first round makes
    the event ongoing); its date or number, also the latest games of its games' players
    (their games' days and order; a round deleted deletes its games, which say so)."""
    scopes = {EVENTS, *(event(r.event_id) for r in rounds)}
    if not deleted and (fields is None or {"starts_at", "number"} & set(fields)):
        played = Game.objects.filter(round__in=[r.pk for r in rounds if r.pk]).exclude(result="")
        for white, black in played.values_list("white_id", "black_id"):
            scopes.update((first_games(white), first_games(black)))
    return scopes


def _participants(items: Sequence[Participant], fields: Fields, deleted: bool) -> set[str]:
    """A registration, a number, a check-in, a withdrawal: the event's pages; a
    registration removed also the player's."""
    scopes = {event(p.event_id) for p in items}
    if deleted:
        scopes.update(player(p.player_id) for p in items)
    return scopes


def event_players(pk: int) -> set[int]:
    """The players an event's pages and games show: its participants and its games'."""
    ids = set(Participant.objects.filter(event=pk).values_list("player_id", flat=True))
    for white, black in Game.objects.filter(round__event=pk).values_list("white_id", "black_id"):
        ids.update((white, black))
    return ids


def _event_saved(item: Event, fields: Fields, using: str | None) -> None:
    """Before an event is saved: what it will change, forgotten when it commits."""
    if item.pk is None:  # a new event: on the lists (a match: on the interclub pages)
        forget(EVENTS, *([INTERCLUB] if item.kind == Event.Kind.INTERCLUB else []))
        return
    if fields is None:  # its form: the title and dates show on its players' pages, ...
        forget(EVERYTHING)
        stored = Event.objects.filter(pk=item.pk).values_list(*EVENT_IN_GAMES).first()
        if stored is not None and stored != tuple(getattr(item, f) for f in EVENT_IN_GAMES):
            _after_save(Event, item.pk, using, event_players(item.pk))
        return
    if "status" not in fields:  # the number of rounds, a file's kept records
        forget(event(item.pk))
        return
    before = Event.objects.filter(pk=item.pk).values_list("status", flat=True).first()
    running = (Event.Status.ANNOUNCED, Event.Status.ONGOING)
    if before in running and item.status == Event.Status.ONGOING:  # a round paired
        forget(event(item.pk), EVENTS)
        return
    # closed, reopened, cancelled, restored: the players' pages show its games or not
    pk = item.pk
    forget(event(pk), EVENTS, GAMES, INTERCLUB)
    transaction.on_commit(lambda: forget(*[player(p) for p in event_players(pk)]))


def _events(items: Sequence[Event], fields: Fields, deleted: bool) -> set[str]:
    """An event deleted (its games and registrations, deleted with it, forget their
    players' pages)."""
    return {EVENTS, GAMES, INTERCLUB, *events(items)}


def _player_saved(item: Player, fields: Fields, using: str | None) -> None:
    """Before a player is saved: their page; the pages showing them elsewhere when a
    field they show changed (read from the row as stored); their name changed, also the
    latest games of everyone they played, made again once it is saved."""
    if item.pk is None:
        return  # no page shows a player before they are registered or a member
    shown = [f for f in PLAYER_SHOWN if fields is None or f in fields]
    stored = Player.objects.filter(pk=item.pk).values_list(*shown).first() if shown else None
    old = dict(zip(shown, stored or (), strict=False))
    changed = {f for f, value in old.items() if value != getattr(item, f)}
    if changed:
        forget(*_players_everywhere([item]))
        if changed & set(NAME):
            _after_save(Player, item.pk, using, {item.pk, *_opponents(item.pk)})
    else:
        forget(player(item.pk))


def _opponents(pk: int) -> set[int]:
    """The players ``pk`` played a game with a result against."""
    played = Game.objects.filter(Q(white=pk) | Q(black=pk)).exclude(result="")
    return {p for pair in played.values_list("white_id", "black_id") for p in pair} - {pk}


def _players_everywhere(players: Sequence[Player]) -> set[str]:
    """Every page that shows these players: theirs, their events', the lists."""
    ids = {p.pk for p in players}
    played = Game.objects.filter(Q(white__in=ids) | Q(black__in=ids)).values_list(
        "round__event_id", flat=True
    )
    registered = Participant.objects.filter(player__in=ids).values_list("event_id", flat=True)
    return {
        MEMBERS,
        RATINGS,
        GAMES,
        INTERCLUB,
        *(player(pk) for pk in ids),
        *(event(pk) for pk in {*played, *registered}),
    }


def _players(items: Sequence[Player], fields: Fields, deleted: bool) -> set[str]:
    if deleted or fields is None or set(fields) & set(PLAYER_SHOWN):
        return _players_everywhere(items)
    return {player(p.pk) for p in items}


def _members(items: Sequence[Member], fields: Fields, deleted: bool) -> set[str]:
    """A member's listing, status, dates: their page and the lists of members."""
    return {MEMBERS, RATINGS, *(player(m.player_id) for m in items)}


def _entry_terms(items: Sequence[Any], fields: Fields, deleted: bool) -> set[str]:
    """An event's online entry terms: its page, and the lists whose cards say whether it
    takes entries."""
    return {EVENTS, *(event(t.event_id) for t in items)}


def _entries(items: Sequence[Any], fields: Fields, deleted: bool) -> set[str]:
    """An online entry received, confirmed, decided or withdrawn: its event's list of
    entries."""
    return {event(e.event_id) for e in items}


def _event_rows(items: Sequence[Any], fields: Fields, deleted: bool) -> set[str]:
    """An event's categories, prizes and prize rules: the event's pages (its standings by
    category and its prize list)."""
    return {event(item.event_id) for item in items}


def _articles(items: Sequence[Any], fields: Fields, deleted: bool) -> set[str]:
    return {ARTICLES}


def _interclub(items: Sequence[Any], fields: Fields, deleted: bool) -> set[str]:
    return {INTERCLUB}


def _replays(items: Sequence[Any], fields: Fields, deleted: bool) -> set[str]:
    """A replay queued, started or finished: the rating pages' notice, the ratings."""
    return {REPLAYS, RATINGS}


Mapping = Callable[[Sequence[Any], Fields, bool], set[str]]
# Each model a public page shows, by label, and the scopes its rows written change.
SCOPES: dict[str, Mapping] = {
    "club.Game": _games,
    "club.Bye": _byes,
    "club.Round": _rounds,
    "club.Participant": _participants,
    "club.Event": _events,
    "club.Player": _players,
    "club.Member": _members,
    "club.EventCategory": _event_rows,
    "club.Prize": _event_rows,
    "club.PrizeRules": _event_rows,
    "club.Article": _articles,
    "club.EntryTerms": _entry_terms,
    "club.Entry": _entries,
    "interclub.Division": _interclub,
    "interclub.Team": _interclub,
    "interclub.TeamMatch": _interclub,
    "interclub.LineupEntry": _interclub,
    "ratings.ReplayJob": _replays,
}
# The models whose saves are mapped before the save, from the row as stored
_BEFORE_SAVE: dict[type[models.Model], Callable[[Any, Fields, str | None], None]] = {
    Event: _event_saved,
    Player: _player_saved,
}
# SCOPES by model class, filled by ``connect``
_models: dict[type[models.Model], Mapping] = {}


def _mapping(model: type[models.Model]) -> Mapping:
    return _models[model]


# The receivers ------------------------------------------------------------------------------


# The players whose latest games a save about to be made changes, found before it from the
# row as stored (``_BEFORE_SAVE``), by database, model and row: made again once it is saved
_changing: dict[tuple[str | None, type[models.Model], int], set[int]] = {}


def _after_save(model: type[models.Model], pk: int, using: str | None, players: set[int]) -> None:
    if players:
        _changing[(using, model, pk)] = players


def _before_save(sender: Any, instance: Any, raw: bool, update_fields: Fields, **kw: Any) -> None:
    if not raw:
        _BEFORE_SAVE[sender](instance, update_fields, kw.get("using"))


def _after_saved(sender: Any, instance: Any, raw: bool, **kw: Any) -> None:
    players = _changing.pop((kw.get("using"), sender, instance.pk), None)
    if players and not raw:
        forget(*[first_games(p) for p in players], using=kw.get("using"))


def _saved(sender: Any, instance: Any, raw: bool, update_fields: Fields, **kw: Any) -> None:
    if not raw:
        forget(*_mapping(sender)([instance], update_fields, False), using=kw.get("using"))
        _lines_moved([instance], update_fields, kw.get("using"))


def _deleted(sender: Any, instance: Any, **kw: Any) -> None:
    forget(*_mapping(sender)([instance], None, True), using=kw.get("using"), deleted=True)


def connect() -> None:
    """Connect the receivers for every model in ``SCOPES`` (``ClubConfig.ready``)."""
    for label, scopes in SCOPES.items():
        model = apps.get_model(label)
        _models[model] = scopes
        uid = f"club.pages:{label}"
        if model in _BEFORE_SAVE:
            pre_save.connect(_before_save, sender=model, dispatch_uid=uid)
            post_save.connect(_after_saved, sender=model, dispatch_uid=uid)
        else:
            post_save.connect(_saved, sender=model, dispatch_uid=uid)
        pre_delete.connect(_deleted, sender=model, dispatch_uid=uid)


# The writes without a signal ----------------------------------------------------------------


def written(*rows: models.Model, fields: Fields = None) -> None:
    """Rows written without a signal (``bulk_create``, ``bulk_update``,
    ``QuerySet.update`` of ``fields``): the pages showing them forgotten when the
    transaction commits, as their saves would forget them."""
    by_model: dict[type[models.Model], list[models.Model]] = {}
    for row in rows:
        by_model.setdefault(type(row), []).append(row)
    for model, items in by_model.items():
        forget(*_mapping(model)(items, fields, False))
    _lines_moved(rows, fields, None)


def players_rated(player_ids: Iterable[int] | None) -> None:
    """A replay rewrote these players' histories (None: every player's) through its bulk
    writer: their pages, and the ratings' lists."""
    ids = None if player_ids is None else set(player_ids)
    if ids is None or len(ids) > PLAYERS_FORGOTTEN_ONE_BY_ONE:
        page_cache.forget(EVERYTHING)
    else:
        page_cache.forget(RATINGS, MEMBERS, *[player(p) for p in ids])


def all_changed() -> None:
    """Every page, when the transaction commits, and every player's latest games made
    again now: for the rare bulk writes that may change any of them (a club restored or
    loaded)."""
    page_cache.forget(EVERYTHING)
    latest_games.rebuild()


def players_merged(kept: int) -> None:
    """Two records merged into ``kept``, their rows moved in bulk: every page, when the
    transaction commits, and now the latest games of ``kept`` and of everyone they played
    (their lines name the record kept)."""
    page_cache.forget(EVERYTHING)
    latest_games.refresh({kept, *_opponents(kept)})


def ratings_listed() -> None:
    """Every page, when the transaction commits: an official rating list's ratings,
    written in bulk, show on every event's and member's page (not in their games)."""
    page_cache.forget(EVERYTHING)


def forget(*scopes: str, using: str | None = None, deleted: bool = False) -> None:
    """The pages showing ``scopes`` forgotten when the transaction commits
    (``lib.page_cache.forget``); the players' latest games among them (``first_games``)
    made again now, in the write's transaction, and their pages forgotten (a row
    ``deleted``, still there: their latest games out of date, read from the games)."""
    players = {int(s.removeprefix(FIRST_GAMES)) for s in scopes if s.startswith(FIRST_GAMES)}
    shown = [s for s in scopes if not s.startswith(FIRST_GAMES)]
    page_cache.forget(*shown, *[player(p) for p in players], using=using)
    if players:
        (latest_games.out_of_date if deleted else latest_games.refresh)(players, using)
