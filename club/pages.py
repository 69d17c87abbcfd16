"""What the public pages show, as the page cache knows it (``lib.page_cache``): the scopes
a page says it shows, and what each write path forgets.

A scope names something a page shows: one event (its page, its games' pages, its PGN,
and the lists that show it: the home page, the calendar, the tournaments), one player
(their member page and its history, games and PGN), or a list whose content a write may
change as a whole (the lists of events, the latest games, the members, the current
ratings, the articles, the interclub pages). Every write that changes what a page shows
forgets the scopes it touched, when its transaction commits:

- a result (``desk.services.results.write_result``): its event, its two players, the
  latest games, and the interclub pages for an interclub match; the home page and the
  calendar go with the event only when they show it;
- a round paired by the engine or its pairing taken back (games without results):
  its event and the lists (``round_paired``);
- any other write into an event under its lock (``club.event_state.lock_row``: registration,
  numbers, check-in, withdrawal, a round's pairing edited, a file's import, an event's
  transition): ``event_written``;
- an event's form (everything: its title shows on its players' pages), a new event, a
  TRF file's event (``desk.services.events.save_event``, ``desk.files.trf_import``);
- the ratings' replay: the players whose history it rewrote, and the ratings
  (``ratings.services.replay``); a replay queued or ended (``ratings.tasks``): the
  notice on the rating pages; an official rating list: everything;
- members (desk and their own space), articles, interclub divisions and matches, and any
  save in the admin site (``club.admin.ForgetsPages``: everything, a rare write); a demo
  club or a backup restored: everything.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from club.models import Event, Game, Participant
from lib.page_cache import forget, forget_everything

EVENTS = "events"  # which events the lists show: home page, calendar, tournaments, feed
GAMES = "games"  # the latest games
MEMBERS = "members"  # the list of members (names, whether listed)
RATINGS = "ratings"  # the current ratings: rankings, the members list
ARTICLES = "articles"  # articles, and the latest on the home page
INTERCLUB = "interclub"  # divisions, their standings and matches
REPLAYS = "replays"  # whether a replay is under way: the notice on rating pages
SITE = "site"  # pages that show nothing of the data (links): the templates only


def event(pk: int) -> str:
    return f"event:{pk}"


def player(pk: int) -> str:
    return f"player:{pk}"


def events(items: Iterable[Event]) -> list[str]:
    return [event(e.pk) for e in items]


def forget_result(game: Game, event_: Event) -> None:
    """A game's result or moves saved: its event (and the pages showing it), its players'
    pages, the latest games; the interclub pages for a match's board."""
    scopes = [event(event_.pk), player(game.white_id), player(game.black_id), GAMES]
    if event_.kind == Event.Kind.INTERCLUB:
        scopes.append(INTERCLUB)
    forget(*scopes)


def event_players(pk: int) -> set[int]:
    """The players an event's pages and games show: its participants and its games'."""
    ids = set(Participant.objects.filter(event=pk).values_list("player_id", flat=True))
    for white, black in Game.objects.filter(round__event=pk).values_list("white_id", "black_id"):
        ids.update((white, black))
    return ids


def event_written(event_: Event, rounds_or_status: bool) -> None:
    """A write into ``event_`` (under its lock). A registration, a number, a check-in or a
    withdrawal shows on the event's pages only; a pairing, a file's import or a change of
    status (``rounds_or_status``) also on its players' pages (their games), on the lists
    (the latest results, the archive of tournaments) and the interclub pages: those
    players are read now (a deleted event's are gone after) and again at the commit (an
    import adds some)."""
    if not rounds_or_status:
        forget(event(event_.pk))
        return
    pk = event_.pk
    before = event_players(pk)
    forget(event(pk), EVENTS, GAMES, INTERCLUB, *[player(p) for p in before])
    # at the commit, after the players above: those the write added
    transaction.on_commit(lambda: forget(*[player(p) for p in event_players(pk) - before]))


def round_paired(event_: Event) -> None:
    """A round paired or its pairing taken back (games without a result, byes): the
    event's pages, and the lists, where a first round makes the event ongoing. Players'
    pages and the latest games show only games with a result."""
    forget(event(event_.pk), EVENTS)


def event_created() -> None:
    """A new event shows on the lists (an event's form changed forgets everything:
    ``club.event_state``)."""
    forget(EVENTS)


def forget_all() -> None:
    """Every page: for the rare writes that may change any of them (an event renamed, a
    player renamed, a save in the admin site)."""
    forget_everything()


def member_changed(player_id: int, renamed: bool = False) -> None:
    """A member's data changed (their listing, status, dates): their page and the lists
    of members and ratings; everything when their name changed (events show it)."""
    if renamed:
        forget_all()
    else:
        forget(player(player_id), MEMBERS, RATINGS)


def replays_changed() -> None:
    """A replay queued or finished: the rating pages say so (and the ratings change)."""
    forget(REPLAYS, RATINGS)


# Beyond this many players' pages, a replay forgets every page: one write to the cache
# instead of one a player (a full replay rewrites thousands of histories).
PLAYERS_FORGOTTEN_ONE_BY_ONE = 200


def players_rated(player_ids: Iterable[int] | None) -> None:
    """A replay rewrote these players' histories (None: every player's): their pages, and
    the ratings' lists."""
    ids = None if player_ids is None else set(player_ids)
    if ids is None or len(ids) > PLAYERS_FORGOTTEN_ONE_BY_ONE:
        forget_all()
    else:
        forget(RATINGS, MEMBERS, *[player(p) for p in ids])
