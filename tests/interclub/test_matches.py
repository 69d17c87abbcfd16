"""A team match from line-ups to the team result, through the services the desk calls:
the boards' games made with their colours, results through the one write path, board
and match points, the division's standings, and the ratings after closing."""

from decimal import Decimal

import pytest
from django.contrib.auth.models import User

from club import exceptions
from club.models import ChangeLog, Game, Member, Participant, Player, Result
from desk.services import lifecycle, results
from interclub import services
from interclub.models import Division, Team, TeamMatch
from interclub.services import Typed
from ratings.models import RatingChange
from tests.interclub.conftest import THEIRS
from tests.task_worker import replayed

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("english")]


def _ours(members: list[Member]) -> list[Typed]:
    return [Typed(player_id=m.player_id) for m in members]


def _theirs() -> list[Typed]:
    return [Typed(first_name=f, last_name=last, rating=r) for last, f, r in THEIRS]


def _lineups(match: TeamMatch, members: list[Member], user: User) -> None:
    services.set_lineup(match.pk, match.home.pk, _ours(members), user)
    services.set_lineup(match.pk, match.away.pk, _theirs(), user)


def test_it_makes_the_boards_games_with_the_home_team_white_on_odd_boards(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    games = list(Game.objects.filter(round__event=match.event).order_by("board"))
    home_ids = {m.player_id for m in members}
    assert [g.board for g in games] == list(range(1, 9))
    assert [g.white_id in home_ids for g in games] == [True, False] * 4
    # board 2: Namur's second board (Lemaire) has white against our second (2050)
    assert (games[1].white.last_name, games[1].black.national_rating) == ("Lemaire", 2050)
    teams = dict(Participant.objects.filter(event=match.event).values_list("player_id", "team"))
    assert sorted(set(teams.values())) == ["Namur 2", "Wavre 1"]


def test_it_enters_the_other_clubs_players_by_name_and_rating_as_outside_players(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    dupont = Player.objects.get(last_name="Dupont")
    assert (dupont.club_name, dupont.national_rating) == ("Namur", 2080)
    assert not Member.objects.filter(player=dupont).exists()
    # typed again for the next match, the same player is found, rating updated
    services.set_lineup(match.pk, match.away.pk, [Typed(None, "Marc", "DUPONT", 2095)], secretary)
    assert Player.objects.filter(last_name__iexact="dupont").count() == 1
    assert Player.objects.get(pk=dupont.pk).national_rating == 2095


def test_it_scores_an_eight_board_match_from_the_results_typed_at_the_desk(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    games = list(Game.objects.filter(round__event=match.event).order_by("board"))
    # Keys as typed at the desk, board by board (white's result); home has white on 1,3,5,7.
    #   board 1  1  home wins        home 1    away 0
    #   board 2  1  away (white) wins     0         1
    #   board 3  =  draw                  0.5       0.5
    #   board 4  0  home (black) wins     1         0
    #   board 5  0  away (black) wins     0         1
    #   board 6  =  draw                  0.5       0.5
    #   board 7  1  home wins             1         0
    #   board 8  -  home (black) wins by forfeit 1  0
    #   total                             5         3   -> match points 2 - 0
    for game, key in zip(games, ["1", "1", "=", "0", "0", "=", "1", "-"], strict=True):
        results.save_result(game.pk, key, game.version, secretary)
    score = services.match_score(match)
    assert (score.home_points, score.away_points, score.complete) == (Decimal(5), Decimal(3), True)
    assert score.match_points == (2, 0)
    # every result went through the one write path: one audit line per board
    assert ChangeLog.objects.filter(event=match.event, action="result").count() == 8


def test_the_boards_games_feed_the_ratings_like_any_other_game(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    for game in Game.objects.filter(round__event=match.event):
        results.save_result(game.pk, "=" if game.board != 8 else "+", game.version, secretary)
    with replayed():
        lifecycle.close_event(match.event.pk, secretary)
    rated = RatingChange.objects.filter(batch__event=match.event, player__membership__isnull=False)
    # the members played seven games over the board (board 8 is a forfeit, not rated)
    assert rated.filter(games=1).count() == 7


def test_it_refuses_a_player_on_two_boards(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    lineup = _ours(members)
    lineup[3] = Typed(player_id=members[0].player_id)
    with pytest.raises(exceptions.DeskError, match=r"Board 4: .* is already on board 1"):
        services.set_lineup(match.pk, match.home.pk, lineup, secretary)
    assert not match.lineup.exists()


def test_it_refuses_more_boards_than_the_division_plays(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    extra = [*_ours(members), Typed(first_name="Un", last_name="Deplus")]
    with pytest.raises(exceptions.DeskError, match="8 boards"):
        services.set_lineup(match.pk, match.home.pk, extra, secretary)


def test_it_refuses_to_change_a_line_up_once_a_result_is_entered(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    game = Game.objects.get(round__event=match.event, board=1)
    results.save_result(game.pk, "1", game.version, secretary)
    with pytest.raises(exceptions.DeskError, match="Results are entered"):
        services.set_lineup(match.pk, match.home.pk, list(reversed(_ours(members))), secretary)
    assert Game.objects.get(pk=game.pk).result == Result.WHITE_WINS


def test_it_warns_when_the_order_contradicts_the_ratings_beyond_the_tolerance(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    order = _ours(members)
    order[1], order[4] = order[4], order[1]
    # ratings by board: 2100 1850 1990 1900 2050 1800 1720 1650 (hand check, tolerance 100)
    # board 3 is 140 above board 2, board 5 is 200 above board 2 and 150 above board 4;
    # board 4 is only 50 above board 2 and board 5 only 60 above board 3.
    warnings = services.set_lineup(match.pk, match.home.pk, order, secretary)
    assert warnings == [
        "Board 3 (1990) is rated more than 100 above board 2 (1850).",
        "Board 5 (2050) is rated more than 100 above board 2 (1850).",
        "Board 5 (2050) is rated more than 100 above board 4 (1900).",
    ]


def test_a_board_only_one_team_fills_is_won_by_forfeit_by_that_team(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    services.set_lineup(match.pk, match.home.pk, _ours(members), secretary)
    services.set_lineup(match.pk, match.away.pk, _theirs()[:7], secretary)
    games = list(Game.objects.filter(round__event=match.event))
    assert len(games) == 7
    for game in games:
        results.save_result(game.pk, "=", game.version, secretary)
    score = services.match_score(match)
    assert (score.home_points, score.away_points) == (Decimal("4.5"), Decimal("3.5"))


def _play(match: TeamMatch, home: list[Typed], away: list[Typed], keys: str, user: User) -> None:
    services.set_lineup(match.pk, match.home.pk, home, user)
    services.set_lineup(match.pk, match.away.pk, away, user)
    games = Game.objects.filter(round__event=match.event).order_by("board")
    for game, key in zip(games, keys, strict=True):
        results.save_result(game.pk, key, game.version, user)


def test_the_division_standings_break_a_tie_on_match_points_by_board_points(
    division: Division, members: list[Member], secretary: User
) -> None:
    from datetime import UTC, datetime

    teams = {t.name: t for t in Team.objects.filter(division=division)}
    day = datetime(2026, 10, 11, 13, 0, tzinfo=UTC)

    def club(prefix: str) -> list[Typed]:
        return [Typed(None, f"P{n}", f"{prefix}{n}", 1800) for n in range(1, 9)]

    first = services.create_match(
        division.pk, teams["Wavre 1"].pk, teams["Namur 2"].pk, day, "", secretary
    )
    # home white on odd boards; keys are white's result:
    # 1 0 1 0 1 = = = : home 1+1+1+1+1+.5+.5+.5 = 6.5, Namur 1.5 -> Wavre 2 MP
    _play(first, _ours(members), club("Namur"), "1010 1===".replace(" ", ""), secretary)
    second = services.create_match(
        division.pk, teams["Louvain 1"].pk, teams["Liège 3"].pk, day, "", secretary
    )
    # 1 1 1 0 = = = = : home 1+0+1+1+.5+.5+.5+.5 = 5, Liège 3 -> Louvain 2 MP
    _play(second, club("Louvain"), club("Liege"), "1110====", secretary)
    rows = services.division_standings(division)
    # Wavre and Louvain level on 2 match points: Wavre's 6.5 board points beat Louvain's 5
    assert [(r.rank, r.team, r.match_points, r.board_points) for r in rows] == [
        (1, "Wavre 1", 2, Decimal("6.5")),
        (2, "Louvain 1", 2, Decimal(5)),
        (3, "Liège 3", 0, Decimal(3)),
        (4, "Namur 2", 0, Decimal("1.5")),
    ]


def test_a_division_whose_regulation_gives_home_black_on_odd_boards_turns_the_colours(
    members: list[Member], secretary: User
) -> None:
    division = services.create_division(
        "2026-2027", "Promotion", 4, ["Wavre 2"], ["Namur 3"], secretary, home_white_on_odd=False
    )
    home, away = division.teams.get(name="Wavre 2"), division.teams.get(name="Namur 3")
    from datetime import UTC, datetime

    day = datetime(2026, 10, 11, 13, 0, tzinfo=UTC)
    match = services.create_match(division.pk, home.pk, away.pk, day, "", secretary)
    services.set_lineup(match.pk, home.pk, _ours(members[:4]), secretary)
    services.set_lineup(match.pk, away.pk, _theirs()[:4], secretary)
    home_ids = {m.player_id for m in members}
    games = Game.objects.filter(round__event=match.event).order_by("board")
    assert [g.white_id in home_ids for g in games] == [False, True, False, True]


def test_a_closed_match_keeps_its_line_ups(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    for game in Game.objects.filter(round__event=match.event):
        results.save_result(game.pk, "1", game.version, secretary)
    lifecycle.close_event(match.event.pk, secretary)
    with pytest.raises(exceptions.DeskError, match="closed"):
        services.set_lineup(match.pk, match.home.pk, [], secretary)
    assert match.lineup.count() == 16


def test_an_unfinished_match_does_not_count_in_the_standings(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    _lineups(match, members, secretary)
    game = Game.objects.get(round__event=match.event, board=1)
    results.save_result(game.pk, "1", game.version, secretary)
    rows = services.division_standings(match.division)
    assert {
        (r.team, r.played, r.match_points) for r in rows if r.team in ("Wavre 1", "Namur 2")
    } == {
        ("Wavre 1", 0, 0),
        ("Namur 2", 0, 0),
    }
    assert services.match_score(match).home_points == 1


def test_a_line_up_finds_the_known_player_whatever_his_club_spelling_and_accents(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    """Issue #24: "Marchal / Didier / 1902" typed in a line-up created a second Didier
    Marchal beside the known one (FIDE ID, national ID, club): his games were then rated on
    the new record."""
    known = Player.objects.create(
        first_name="Didier", last_name="Marchal", fide_id=211000, national_id="21430",
        federation="BEL", club_name="Cercle Royal de Namur", national_rating=1890,
    )  # fmt: skip
    typed = [Typed(None, "Didier", "MARCHAL", 1902), *_theirs()[1:]]
    services.set_lineup(match.pk, match.away.pk, typed, secretary)
    assert Player.objects.filter(last_name__iexact="marchal").count() == 1
    known.refresh_from_db()
    assert (known.national_rating, known.club_name) == (1902, "Cercle Royal de Namur")
    # an accented name typed without its accents is the same player too
    known.first_name = "Frédéric"
    known.save()
    services.set_lineup(
        match.pk, match.away.pk, [Typed(None, "Frederic", "Marchal", 1902)], secretary
    )
    assert Player.objects.filter(last_name__iexact="marchal").count() == 1


def test_two_known_players_of_one_name_the_one_of_the_teams_club_is_chosen(
    match: TeamMatch, members: list[Member], secretary: User
) -> None:
    Player.objects.create(first_name="Jean", last_name="Martin", club_name="Liège")
    namur = Player.objects.create(first_name="Jean", last_name="Martin", club_name="Namur")
    services.set_lineup(match.pk, match.away.pk, [Typed(None, "Jean", "Martin", 1700)], secretary)
    entry = match.lineup.get(team=match.away, board=1)
    assert entry.player_id == namur.pk
    assert Player.objects.filter(last_name="Martin").count() == 2
