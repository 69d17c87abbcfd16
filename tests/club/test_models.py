from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from club.models import Bye, Event, Game, Player, Result
from tests.club.factories import EventFactory, GameFactory, PlayerFactory, RoundFactory

pytestmark = pytest.mark.django_db


def test_it_rejects_a_player_paired_against_themself() -> None:
    player = PlayerFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Game.objects.create(round=RoundFactory(), board=1, white=player, black=player)
    assert Game.objects.count() == 0


def test_it_rejects_a_player_white_twice_in_a_round() -> None:
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(round=game.round, white=game.white)
    assert Game.objects.count() == 1


def test_it_rejects_a_player_booked_with_both_colours_in_a_round() -> None:
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(round=game.round, black=game.white)
    assert Game.objects.count() == 1


def test_it_rejects_moving_a_game_onto_a_player_already_in_the_round() -> None:
    first = GameFactory()
    second = GameFactory(round=first.round)
    second.black = first.white
    with pytest.raises(IntegrityError), transaction.atomic():
        second.save()
    second.refresh_from_db()
    assert second.black != first.white


def test_it_lets_a_player_play_every_round() -> None:
    game = GameFactory()
    next_round = RoundFactory(event=game.round.event, number=2)
    GameFactory(round=next_round, white=game.black, black=game.white)
    assert Game.objects.filter(round__event=game.round.event).count() == 2


def test_it_lets_a_game_be_saved_again_with_its_own_players() -> None:
    game = GameFactory()
    game.result = Result.DRAW
    game.save()
    game.refresh_from_db()
    assert game.points == (Decimal("0.5"), Decimal("0.5"))


def test_it_rejects_two_games_on_one_board() -> None:
    game = GameFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(round=game.round, board=game.board)


def test_it_rejects_an_unknown_result_code() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(result="2-0")


def test_it_rejects_an_event_ending_before_it_starts() -> None:
    event = EventFactory.build()
    event.end = event.start - timedelta(hours=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        event.save()
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    ("result", "white", "black", "played"),
    [
        (Result.WHITE_WINS, "1", "0", True),
        (Result.DRAW, "0.5", "0.5", True),
        (Result.BLACK_WINS, "0", "1", True),
        (Result.WHITE_WINS_FORFEIT, "1", "0", False),
        (Result.BLACK_WINS_FORFEIT, "0", "1", False),
        (Result.DOUBLE_FORFEIT, "0", "0", False),
        (Result.UNPLAYED, "0", "0", False),
    ],
)
def test_it_scores_each_result_exactly(
    result: Result, white: str, black: str, played: bool
) -> None:
    assert result.points == (Decimal(white), Decimal(black))
    assert result.is_played is played


def test_a_pending_game_has_no_points_yet() -> None:
    assert Result.PENDING.points is None
    assert not Result.PENDING.is_played


def test_result_codes_follow_the_trf_16_specification() -> None:
    """FIDE TRF-16 (the tournament report file), player line, results: "1" win, "0" loss,
    "=" draw, "+" forfeit win, "-" forfeit loss; a pairing-allocated bye "U", a half-point
    bye "H", a zero-point bye "Z"."""
    assert Result.WHITE_WINS.trf_codes == ("1", "0")
    assert Result.DRAW.trf_codes == ("=", "=")
    assert Result.BLACK_WINS_FORFEIT.trf_codes == ("-", "+")
    assert Result.DOUBLE_FORFEIT.trf_codes == ("-", "-")
    # white's code read back; W D L are unrated games' codes, read as the game's result
    read = {code: Result.from_trf(code) for code in ("1", "=", "0", "+", "W", "D", "L", "")}
    assert read == {
        "1": Result.WHITE_WINS,
        "=": Result.DRAW,
        "0": Result.BLACK_WINS,
        "+": Result.WHITE_WINS_FORFEIT,
        "W": Result.WHITE_WINS,
        "D": Result.DRAW,
        "L": Result.BLACK_WINS,
        "": Result.PENDING,
    }
    assert Result.from_trf("-") == Result.BLACK_WINS_FORFEIT  # or double: both lines decide
    assert [Bye.Kind.from_trf(k.trf_code) for k in Bye.Kind] == list(Bye.Kind)
    assert Bye.Kind.from_trf("F") == Bye.Kind.FULL_POINT  # TRF-16: "F" full-point bye
    assert Bye.Kind.from_trf("U") == Bye.Kind.PAIRING_ALLOCATED


def test_what_a_secretary_types_is_read_as_the_result_its_key_shows() -> None:
    for result in Result:
        assert Result.typed(result.key) == result
    assert [Result.typed(t) for t in ("½", "5", "½ - ½", "+-", "--", "2")] == [
        Result.DRAW,
        Result.DRAW,
        Result.DRAW,
        Result.WHITE_WINS_FORFEIT,
        Result.DOUBLE_FORFEIT,
        None,
    ]


def test_the_same_national_id_from_two_federations_is_two_players() -> None:
    """28436 is Benjamin Decrop's Belgian matricule (the federation's p_player202401);
    a French licence of the same number is another player's. The same federation's
    number twice is refused."""
    PlayerFactory(federation="BEL", national_id="28436", national_id_federation="BEL")
    PlayerFactory(federation="FRA", national_id="28436", national_id_federation="FRA")
    assert Player.objects.filter(national_id="28436").count() == 2
    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerFactory(federation="FRA", national_id="28436", national_id_federation="BEL")
