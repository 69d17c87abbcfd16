"""Random and mutated files and requests: never a server error, always a clear message,
never a partial write."""

import json
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chesslib import trf
from club.models import Event, Game, Player
from desk.files.trf import FileError, attach_pgn, import_plan, import_results_csv, plan_import
from ratings.calculator import CalculationError, calculate
from ratings.official_lists import ListError, read_list
from tests.club.factories import EventFactory

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BBP = (FIXTURES / "trf" / "bbp_issue_7.trf").read_text()
FAST = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _mutations(text: str) -> st.SearchStrategy[str]:
    """The text with a slice replaced by random characters."""
    return st.tuples(
        st.integers(0, len(text) - 1),
        st.integers(0, 12),
        st.text(alphabet=" 0123456789wb=+-XHFUZ\r\n,;abc", max_size=12),
    ).map(lambda m: text[: m[0]] + m[2] + text[m[0] + m[1] :])


@FAST
@given(_mutations(BBP))
def test_a_mutated_trf_is_read_or_refused_with_a_message(text: str) -> None:
    try:
        tournament = trf.read(text)
    except trf.TrfError as error:
        assert str(error)
    else:
        assert trf.read(trf.write(tournament)).players


@pytest.mark.django_db
@FAST
@given(_mutations(BBP[:4000] + BBP[-40:]))
def test_a_mutated_trf_import_saves_all_or_nothing(text: str) -> None:
    before = (Event.objects.count(), Player.objects.count(), Game.objects.count())
    try:
        import_plan(plan_import(text), user=None)
    except trf.TrfError:
        assert (Event.objects.count(), Player.objects.count(), Game.objects.count()) == before


@pytest.mark.django_db
@FAST
@given(st.text(max_size=300))
def test_a_random_csv_never_breaks_the_import(text: str) -> None:
    event = EventFactory()
    try:
        import_results_csv(event, "round;board;white;black;result\n" + text, None)
    except FileError as error:
        assert str(error).startswith("ligne ")  # the site's language, French by default
        assert not Game.objects.filter(round__event=event).exists()


@pytest.mark.django_db
@FAST
@given(st.text(max_size=300))
def test_a_random_pgn_never_breaks_the_attachment(text: str) -> None:
    event = EventFactory()
    try:
        attach_pgn(event, text, None)
    except FileError as error:
        assert str(error)


@FAST
@given(st.sampled_from(["fide", "frbe"]), st.text(max_size=400))
def test_a_random_rating_list_is_refused_with_a_message(kind: str, text: str) -> None:
    try:
        read_list(kind, text)
    except ListError as error:
        assert str(error)


requests = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5000, 5000)
    | st.floats(allow_nan=True)
    | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                [
                    "system",
                    "params",
                    "date",
                    "rounds",
                    "player",
                    "games",
                    "rating",
                    "opponent",
                    "score",
                    "k",
                    "archive",
                    "performance",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=25,
)


@FAST
@given(requests)
def test_any_calculator_request_is_answered_or_refused_clearly(request: object) -> None:
    try:
        answer = calculate(request, today=date(2026, 1, 1))
    except CalculationError as error:
        assert error.message and isinstance(error.field, str)
    else:
        json.dumps(answer, allow_nan=False)
