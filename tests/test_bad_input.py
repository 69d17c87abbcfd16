"""Random and mutated files and requests: never a server error, always a clear message,
never a partial write."""

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chesslib import trf, trf_write
from club.models import Event, Game, Player
from desk.files.common import FileError
from desk.files.pgn import attach_pgn, plan_pgn
from desk.files.results_csv import import_results_csv
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from ratings.calculator import calculate
from ratings.calculator_request import CalculationError
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
        assert trf.read(trf_write.write(tournament)).players


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
        import_results_csv(event.pk, "round;board;white;black;result\n" + text, None)
    except FileError as error:
        assert str(error).startswith("ligne ")  # the site's language, French by default
        assert not Game.objects.filter(round__event=event).exists()


@pytest.mark.django_db
@FAST
@given(st.text(max_size=300))
def test_a_random_pgn_never_breaks_the_attachment(text: str) -> None:
    event = EventFactory()
    try:
        report = attach_pgn(event.pk, plan_pgn(event, text), None, set())
    except FileError as error:
        assert str(error)
    else:
        assert report.attached == 0 and len(report.not_attached) >= 1


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


# --- the probes of issue #27, each once by hand ----------------------------------------


@pytest.mark.parametrize("value", ["9999-12-31T20:00", "0001-01-01T20:00", "1899-12-31T20:00"])
def test_a_round_outside_the_years_is_refused_by_its_field(value: str) -> None:
    from desk.forms.events import RoundForm

    form = RoundForm(data={"starts_at": value})
    assert not form.is_valid()
    assert "L’année doit être comprise entre 1900 et 2100" in form.errors["starts_at"][0]


@pytest.mark.django_db
def test_paging_parameters_are_clamped(client: Any) -> None:
    from django.test import RequestFactory
    from django.urls import reverse

    from club.models import Member
    from lib.paging import MAX_PER_PAGE, configure_table
    from public.tables import MemberTable
    from tests.club.factories import MemberFactory

    member = MemberFactory(listed=True)
    for per_page in ("-1", "0", str(10**20), "²"):
        assert client.get(reverse("members"), {"per_page": per_page}).status_code == 200
    table = MemberTable(Member.objects.order_by("pk"), systems=[])
    configure_table(RequestFactory().get("/", {"per_page": "1000000"}), table, per_page=25)
    assert table.paginator.per_page == MAX_PER_PAGE
    for name in ("member_games", "member_changes"):
        url = reverse(name, args=[member.pk])
        # past 18 digits not a page number: the first page; past the last page: none
        assert client.get(url, {"page": str(10**20)}).status_code == 200
        assert client.get(url, {"page": str(10**17)}).status_code == 404
        assert client.get(url, {"page": "-1"}).status_code == 200


@pytest.mark.django_db
def test_odd_digits_and_a_5000_digit_fide_id_in_a_pgn_are_left_unmatched() -> None:
    event = EventFactory()
    text = (
        '[Event "x"]\n[Round "²"]\n[White "A"]\n[Black "B"]\n'
        f'[WhiteFideId "{"9" * 5000}"]\n[BlackFideId "²"]\n[Result "1-0"]\n\n1. e4 1-0\n'
    )
    plan = plan_pgn(event, text)
    assert [entry.chosen for entry in plan.games] == [None]
    report = attach_pgn(event.pk, plan, None, set())
    assert report.attached == 0 and len(report.not_attached) == 1


@pytest.mark.django_db
def test_a_superscript_digit_in_a_csv_names_the_line() -> None:
    event = EventFactory()
    with pytest.raises(FileError, match="ligne 2"):
        import_results_csv(event.pk, "round;board;white;black;result\n1;1;²;³;1-0\n", None)
    assert not Game.objects.filter(round__event=event).exists()


def test_a_superscript_digit_in_a_line_up_asks_to_choose_a_player() -> None:
    from django.http import QueryDict

    from club.exceptions import DeskError
    from interclub.forms import read_lineup
    from interclub.models import Team

    with pytest.raises(DeskError, match="Échiquier 1"):
        read_lineup(Team(ours=True), 4, QueryDict("player-1=%C2%B2"))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "overrides", ['{"k_to_100": null}', "[]", '"x"', "5", "null", '{"k_to_100": "x"}']
)
def test_overrides_of_the_wrong_type_are_refused_and_nothing_is_stored(
    client: Any, overrides: str
) -> None:
    from django.contrib.auth.models import User
    from django.urls import reverse

    from ratings.models import ConfigChange, RatingSystem, ReplayJob

    client.force_login(User.objects.create_superuser("admin", password="x"))
    system = RatingSystem.objects.get(engine="frbe")
    before = system.params
    url = reverse("ratings:apply", args=[system.pk])
    response = client.post(url, {"overrides": overrides}, follow=True)
    assert response.status_code == 200
    assert "Ces paramètres ne peuvent pas être appliqués" in response.content.decode()
    system.refresh_from_db()
    assert system.params == before
    assert not ConfigChange.objects.exists() and not ReplayJob.objects.exists()
