"""The secretary's writes for interclubs, each in one transaction and logged: a division
with its teams, a match (an event of the club with one round), a team's line-up (which
makes the boards' games once both line-ups are in). Results are typed on the desk's
result page, through ``desk.services.results.write_result``."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from club import event_state, pages
from club.exceptions import DeskError
from club.models import Event, Game, Participant, Player, Result, Round
from desk.services.events import log_change
from interclub import scoring
from interclub.models import Division, LineupEntry, Team, TeamMatch
from interclub.outsiders import Typed, outsider

MATCH_HOURS = timedelta(hours=5)


@transaction.atomic
def create_division(
    season: str,
    name: str,
    boards: int,
    ours: Iterable[str],
    others: Iterable[str],
    user: User | None,
    *,
    home_white_on_odd: bool = True,
    order_tolerance: int | None = 100,
) -> Division:
    """A division and its teams (our club's and the other clubs')."""
    our_names = [n.strip() for n in ours if n.strip()]
    other_names = [n.strip() for n in others if n.strip()]
    names = our_names + other_names
    if len(names) < 2:
        raise DeskError(_("Teams: a division has at least two teams."))
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise DeskError(_("Teams: %(names)s listed twice.") % {"names": ", ".join(twice)})
    if Division.objects.filter(season=season, name=name).exists():
        raise DeskError(_("Division: %(name)s already exists for this season.") % {"name": name})
    division = Division.objects.create(
        season=season,
        name=name,
        boards=boards,
        home_white_on_odd=home_white_on_odd,
        order_tolerance=order_tolerance,
    )
    teams = Team.objects.bulk_create(
        [Team(division=division, name=n, ours=True) for n in our_names]
        + [Team(division=division, name=n, ours=False) for n in other_names]
    )
    pages.written(*teams)
    log_change(user, None, "interclub_division", division=division.pk, name=str(division))
    return division


@transaction.atomic
def create_match(
    division_id: int, home_id: int, away_id: int, start: datetime, venue: str, user: User | None
) -> TeamMatch:
    """A match between the teams ``home_id`` and ``away_id`` of the division
    ``division_id``: an interclub event, one round."""
    division = Division.objects.get(pk=division_id)
    home, away = Team.objects.get(pk=home_id), Team.objects.get(pk=away_id)
    if home.division_id != division.pk or away.division_id != division.pk:
        raise DeskError(_("Teams: both teams must play in the division."))
    if home.pk == away.pk:
        raise DeskError(_("Teams: a team cannot play itself."))
    event = Event.objects.create(
        kind=Event.Kind.INTERCLUB,
        system=Event.System.MATCH,
        title=_("Interclubs: %(home)s – %(away)s") % {"home": home.name, "away": away.name},
        venue=venue,
        start=start,
        end=start + MATCH_HOURS,
        planned_rounds=1,
        description=str(division),
        updated_by=user,
    )
    Round.objects.create(event=event, number=1, starts_at=start)
    match = TeamMatch.objects.create(division=division, event=event, home=home, away=away)
    log_change(user, event, "interclub_match", match=match.pk, home=home.name, away=away.name)
    return match


def _check_no_results(match: TeamMatch) -> None:
    if match.event.status == Event.Status.CLOSED:
        raise DeskError(_("The event is closed: reopen it to change a line-up."))
    played = Game.objects.filter(round__event=match.event).exclude(result=Result.PENDING)
    if played.exists():
        raise DeskError(_("Results are entered: a line-up changes only before the first one."))


@transaction.atomic
def set_lineup(
    match_id: int, team_id: int, boards: Sequence[Typed], user: User | None
) -> list[str]:
    """The team ``team_id``'s line-up for the match ``match_id``, board 1 first (an empty
    board is a board the team leaves empty). Refused when a player is on two boards (of
    either team), when there are more boards than the division plays, or once a result is
    entered. Once both teams' line-ups are in, the games are made, colours by board as the
    division says. Returns the warnings about the order against the ratings."""
    match = TeamMatch.objects.select_related("division").get(pk=match_id)
    # the desk's lock and state
    match.event = event_state.lock_row(match.event_id, event_state.Write.PAIR)
    team = Team.objects.get(pk=team_id)
    _check_no_results(match)
    if team.pk not in (match.home_id, match.away_id):
        raise DeskError(_("Teams: %(team)s does not play this match.") % {"team": team})
    division = match.division
    if len(boards) > division.boards:
        raise DeskError(_("Line-up: this division plays on %(n)s boards.") % {"n": division.boards})
    players: dict[int, Player] = {}
    for board, typed in enumerate(boards, 1):
        if typed.empty:
            continue
        if typed.player_id is not None:
            player = Player.objects.filter(pk=typed.player_id).first()
            if player is None:
                raise DeskError(_("Board %(board)s: no such player.") % {"board": board})
        else:
            player = outsider(team, typed, board, user, match.event)
        players[board] = player
    seen: dict[int, int] = {}
    others = dict(
        LineupEntry.objects.filter(match=match).exclude(team=team).values_list("player_id", "board")
    )
    for board, player in players.items():
        if player.pk in seen:
            raise DeskError(
                _("Board %(board)s: %(name)s is already on board %(other)s.")
                % {"board": board, "name": player.name, "other": seen[player.pk]}
            )
        if player.pk in others:
            raise DeskError(
                _("Board %(board)s: %(name)s plays for the other team.")
                % {"board": board, "name": player.name}
            )
        seen[player.pk] = board
    LineupEntry.objects.filter(match=match, team=team).delete()
    entries = LineupEntry.objects.bulk_create(
        LineupEntry(
            match=match,
            team=team,
            board=board,
            player=player,
            rating=next(
                (b.rating for n, b in enumerate(boards, 1) if n == board and b.rating), None
            )
            or player.national_rating
            or player.fide_rating,
        )
        for board, player in sorted(players.items())
    )
    pages.written(*entries)
    _make_games(match, user)
    log_change(
        user,
        match.event,
        "interclub_lineup",
        team=team.name,
        players=[[e.board, e.player_id] for e in entries],
    )
    return lineup_warnings(division, entries)


def lineup_warnings(division: Division, entries: Sequence[LineupEntry]) -> list[str]:
    """The line-up's order against the ratings, beyond the division's tolerance."""
    by_board = {entry.board: entry for entry in entries}
    ratings = [by_board[b].rating if b in by_board else None for b in range(1, division.boards + 1)]
    return [
        _(
            "Board %(lower)s (%(below)s) is rated more than %(tolerance)s above board "
            "%(upper)s (%(above)s)."
        )
        % {
            "lower": lower,
            "below": ratings[lower - 1],
            "upper": upper,
            "above": ratings[upper - 1],
            "tolerance": division.order_tolerance,
        }
        for upper, lower in scoring.order_warnings(ratings, division.order_tolerance)
    ]


def _make_games(match: TeamMatch, user: User | None) -> None:
    """The boards' games from the two line-ups, made again from scratch (no result is
    entered yet): a board with a player on each side is a game, colours as the division
    says; the players are the event's participants, with their team."""
    event = match.event
    round_ = event.rounds.get(number=1)
    Game.objects.filter(round=round_).delete()
    Participant.objects.filter(event=event).delete()
    entries = list(LineupEntry.objects.filter(match=match).select_related("team"))
    sides: dict[int, dict[int, LineupEntry]] = defaultdict(dict)
    for entry in entries:
        sides[entry.team_id][entry.board] = entry
    home, away = sides[match.home_id], sides[match.away_id]
    registered = Participant.objects.bulk_create(
        Participant(
            event=event,
            player_id=entry.player_id,
            number=2 * entry.board - (1 if entry.team_id == match.home_id else 0),
            rating=entry.rating,
            team=entry.team.name,
        )
        for entry in entries
    )
    pages.written(*registered)
    if not home or not away:
        return
    games = []
    for board in range(1, match.division.boards + 1):
        if board not in home or board not in away:
            continue
        ours, theirs = home[board].player_id, away[board].player_id
        white_home = scoring.home_has_white(board, match.division.home_white_on_odd)
        white, black = (ours, theirs) if white_home else (theirs, ours)
        games.append(
            Game(round=round_, board=board, white_id=white, black_id=black, updated_by=user)
        )
    pages.written(*Game.objects.bulk_create(games))


# Reading: a match's score and a division's standings, in a fixed number of queries


@dataclass(frozen=True)
class Board:
    board: int
    white: str
    black: str
    white_rating: int | None
    black_rating: int | None
    home_white: bool
    result: str
    game_id: int | None


@dataclass(frozen=True)
class Score:
    home_points: Decimal
    away_points: Decimal
    complete: bool

    @property
    def match_points(self) -> tuple[int, int]:
        return scoring.match_points(self.home_points, self.away_points)


def _score(
    match: TeamMatch, entries: Sequence[tuple[int, int, int]], games: Sequence[tuple[int, str]]
) -> Score:
    """The board points of ``match``: ``entries`` its line-ups as (team, board, player),
    ``games`` its games as (white player, result). A board only one team fills is won by
    forfeit by that team."""
    team_of = {player: team for team, _board, player in entries}
    points = {match.home_id: Decimal(0), match.away_id: Decimal(0)}
    complete = bool(games)
    for white, result in games:
        scored = Result(result).points
        if scored is None:
            complete = False
            continue
        white_team = team_of.get(white)
        other = match.away_id if white_team == match.home_id else match.home_id
        if white_team in points:
            points[white_team] += scored[0]
            points[other] += scored[1]
    filled: dict[int, set[int]] = defaultdict(set)
    for team, board, _player in entries:
        filled[board].add(team)
    for teams in filled.values():
        if len(teams) == 1:
            points[next(iter(teams))] += 1
    return Score(points[match.home_id], points[match.away_id], complete)


def _read(matches: Sequence[TeamMatch]) -> dict[int, Score]:
    """The score of each match, in two queries whatever their number."""
    ids = [m.pk for m in matches]
    entries: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for match_id, team, board, player in LineupEntry.objects.filter(match_id__in=ids).values_list(
        "match_id", "team_id", "board", "player_id"
    ):
        entries[match_id].append((team, board, player))
    games: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for match_id, white, result in Game.objects.filter(
        round__event__team_match__in=ids
    ).values_list("round__event__team_match", "white_id", "result"):
        games[match_id].append((white, result))
    return {m.pk: _score(m, entries[m.pk], games[m.pk]) for m in matches}


def match_score(match: TeamMatch) -> Score:
    return _read([match])[match.pk]


def match_boards(match: TeamMatch) -> list[Board]:
    """The boards of ``match`` in order, with names, ratings and colours."""
    entries = {
        (e.team_id, e.board): e
        for e in LineupEntry.objects.filter(match=match).select_related("player")
    }
    games = {
        g.board: g for g in Game.objects.filter(round__event=match.event_id).only("board", "result")
    }
    boards = []
    for number in range(1, match.division.boards + 1):
        home, away = entries.get((match.home_id, number)), entries.get((match.away_id, number))
        home_white = scoring.home_has_white(number, match.division.home_white_on_odd)
        white, black = (home, away) if home_white else (away, home)
        game = games.get(number)
        boards.append(
            Board(
                number,
                white.player.name if white else "",
                black.player.name if black else "",
                white.rating if white else None,
                black.rating if black else None,
                home_white,
                game.get_result_display() if game and game.result else "",
                game.pk if game else None,
            )
        )
    return boards


@dataclass(frozen=True)
class Played:
    match: TeamMatch
    score: Score


def division_matches(division: Division) -> list[Played]:
    matches = list(
        division.matches.select_related("event", "home", "away").order_by("event__start", "pk")
    )
    scores = _read(matches)
    return [Played(m, scores[m.pk]) for m in matches]


def division_standings(
    division: Division, played: Sequence[Played] | None = None
) -> list[scoring.TeamRow]:
    """The division's standings from its complete matches (every board has a result)."""
    played = division_matches(division) if played is None else played
    teams = list(division.teams.values_list("name", flat=True))
    results = [
        scoring.MatchResult(p.match.home.name, p.match.away.name, *_points(p.score))
        for p in played
        if p.score.complete
    ]
    return scoring.standings(teams, results)


def _points(score: Score) -> tuple[Decimal, Decimal]:
    return score.home_points, score.away_points
