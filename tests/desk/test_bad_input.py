"""The desk's forms and files given bad input: a clear message naming the field or line,
never a server error, nothing saved; and files it writes for spreadsheets."""

import csv
import io
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation

from club.models import Event, Game, Member, Participant, Player
from desk.services import registration
from tests.club.factories import MemberFactory, PlayerFactory
from tests.desk.conftest import pending

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("prefix", ["=", "+", "-", "@", "\t", "\r"])
def test_the_standings_csv_writes_no_formula(
    secretary_client: Client, round_robin_event: Event, secretary: User, prefix: str
) -> None:
    name = f'{prefix}HYPERLINK("http://evil.example","x")'
    player = PlayerFactory(first_name=name, last_name="Z")
    registration.register(round_robin_event.pk, player.pk, secretary)
    response = secretary_client.get(reverse("desk:standings_csv", args=[round_robin_event.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig")), delimiter=";"))
    names = [row[1] for row in rows[1:]]
    assert names == [f"'{name} Z"]
    assert Participant.objects.filter(event=round_robin_event).count() == 1


def _state(event: Event) -> tuple[list[Any], list[Any], list[Any], int]:
    return (
        list(Participant.objects.filter(event=event).values_list("pk", "joined_round")),
        list(Participant.objects.filter(event=event).values_list("withdrawn_after_round")),
        list(Game.objects.filter(round__event=event).values_list("pk", "white", "black")),
        Player.objects.count(),
    )


@pytest.mark.parametrize("query", ["²²", "٣٣", "99999999999", "9" * 40])
def test_a_member_search_for_odd_digits_finds_nothing_without_failing(
    secretary_client: Client, paired_event: Event, query: str
) -> None:
    url = reverse("desk:member_search", args=[paired_event.pk])
    response = secretary_client.get(url, {"q": query, "joined_round": "²"})
    assert response.status_code == 200
    assert response.context["found"] == []


@pytest.mark.parametrize("member", ["²", "٣", "abc", "9" * 40])
def test_registering_an_odd_member_number_says_to_choose_a_member(
    secretary_client: Client, round_robin_event: Event, member: str
) -> None:
    before = _state(round_robin_event)
    url = reverse("desk:register", args=[round_robin_event.pk])
    response = secretary_client.post(url, {"member": member}, follow=True)
    assert "Choisissez un membre parmi ceux trouvés." in response.content.decode()
    assert _state(round_robin_event) == before


def test_registering_in_round_99999_names_the_limit(
    secretary_client: Client, round_robin_event: Event
) -> None:
    member = MemberFactory()
    url = reverse("desk:register", args=[round_robin_event.pk])
    response = secretary_client.post(
        url, {"member": member.pk, "joined_round": "99999"}, follow=True
    )
    assert "Un événement a au plus 30 rondes." in response.content.decode()
    assert not Participant.objects.filter(event=round_robin_event).exists()


def test_an_edited_round_with_a_player_abc_names_the_board(
    secretary_client: Client, paired_event: Event
) -> None:
    round_ = paired_event.rounds.get(number=1)
    before = _state(paired_event)
    response = secretary_client.post(
        reverse("desk:edit_round", args=[round_.pk]),
        {"white-0": "abc", "black-0": "1", "bye-0": "²", "bye-kind-0": "half"},
        follow=True,
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "Échiquier 1\xa0: choisissez les deux joueurs dans la liste." in html
    assert "Bye 1\xa0: choisissez le joueur dans la liste." in html
    assert _state(paired_event) == before


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("fide_id", "99999999999", "inférieure ou égale à 2147483647"),
        ("joined_round", "99999", "inférieure ou égale à 30"),
        ("joined_round", "²", "Saisissez un nombre entier."),
    ],
)
def test_an_outsider_with_numbers_out_of_range_names_the_field(
    secretary_client: Client, round_robin_event: Event, field: str, value: str, message: str
) -> None:
    before = _state(round_robin_event)
    data = {"first_name": "Zoé", "last_name": "Dehors", field: value}
    response = secretary_client.post(reverse("desk:outsider", args=[round_robin_event.pk]), data)
    assert response.status_code == 400
    assert message in response.context["outsider"].errors[field][0]
    assert _state(round_robin_event) == before


@pytest.mark.parametrize(
    ("after", "message"),
    [
        ("99999", "Un événement a au plus 30 rondes."),
        ("²", "Indiquez après quelle ronde le joueur se retire."),
    ],
)
def test_withdrawing_after_round_99999_names_the_limit(
    secretary_client: Client, paired_event: Event, after: str, message: str
) -> None:
    participant = cast(Participant, Participant.objects.filter(event=paired_event).first())
    before = _state(paired_event)
    url = reverse("desk:withdraw", args=[paired_event.pk, participant.pk])
    response = secretary_client.post(url, {"after_round": after}, follow=True)
    assert message in response.content.decode()
    assert _state(paired_event) == before


# TRF files

BBP = (Path(__file__).resolve().parents[1] / "fixtures" / "trf" / "bbp_issue_7.trf").read_text()
# The preview's name fields as a browser posts them: the file's names have no comma, so the
# preview asks for them (a bare confirmation is refused)
NAMES = {f"last-{n}": f"Test{n:04}" for n in range(1, 61)} | {
    f"first-{n}": f"Player{n:04}" for n in range(1, 61)
}


def _columns(text: str, line: int, start: int, value: str) -> str:
    """``text`` with ``value`` written from column ``start`` (1-based) of line ``line``."""
    lines = text.split("\n")
    row = lines[line - 1].ljust(start - 1)
    lines[line - 1] = row[: start - 1] + value + row[start - 1 + len(value) :]
    return "\n".join(lines)


def _trf_refusal(client: Client, text: str) -> str:
    response = client.post(
        reverse("desk:trf_import"),
        {"file": SimpleUploadedFile("t.trf", text.encode(), content_type="text/plain")},
    )
    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert not Event.objects.exists() and Player.objects.count() == 0
    return errors[0]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # the start rank (columns 5-8) and the rating (49-52) in superscript digits
        (
            lambda t: _columns(t, 2, 5, "   ²"),
            "ligne 2\xa0: rang de départ (colonnes 5-8)\xa0: ² n'est pas écrit avec les "
            "chiffres 0 à 9.",
        ),
        (
            lambda t: _columns(t, 3, 49, "²²²²"),
            "ligne 3\xa0: classement (colonnes 49-52)\xa0: ²²²² n'est pas écrit avec les "
            "chiffres 0 à 9.",
        ),
        (lambda t: _columns(t, 4, 58, "99999999999"), "ligne 4\xa0: le matricule FIDE 99999999999"),
        (
            lambda t: _columns(_columns(t, 2, 58, "  4600000"), 5, 58, "  4600000"),
            "ligne 5\xa0: le matricule FIDE 4600000 figure déjà à la ligne 2.",
        ),
        (
            lambda t: t.replace("AutoTest Tournament 1110065304", "T" * 201),
            "ligne 1\xa0: le nom a 201 caractères\xa0; au plus 200.",
        ),
        (
            lambda t: t.replace("XXR 15", "XXR 40000"),
            "ligne 62\xa0: 40000 rondes\xa0; un événement en a au plus 30.",
        ),
        (
            lambda t: t.replace("XXR 15", "XXR 30000"),
            "ligne 62\xa0: 30000 rondes\xa0; un événement en a au plus 30.",
        ),
    ],
)
def test_a_trf_the_club_cannot_hold_is_refused_naming_its_line(
    secretary_client: Client, change: Callable[[str], str], message: str
) -> None:
    assert _trf_refusal(secretary_client, change(BBP)).startswith(message)


def test_a_trf_with_more_round_columns_than_an_event_has_is_refused(
    secretary_client: Client,
) -> None:
    text = _columns(BBP, 2, 92 + 10 * 14, "0000 - Z  " * 20)
    assert "ligne 2\xa0: 34 rondes\xa0; un événement en a au plus 30." in _trf_refusal(
        secretary_client, text
    )


def test_the_trf_refusals_are_in_english_at_en(secretary_client: Client) -> None:
    with translation.override("en"):
        text = BBP.replace("XXR 15", "XXR 40000")
        assert _trf_refusal(secretary_client, text) == (
            "line 62: 40000 rounds; an event has at most 30."
        )
        assert _trf_refusal(secretary_client, _columns(BBP, 2, 5, "   ²")) == (
            "line 2: start rank (columns 5-8): ² is not written with the digits 0 to 9."
        )


def test_the_reader_refuses_digits_other_than_0_to_9_too() -> None:
    from chesslib import trf

    with pytest.raises(trf.TrfError, match="line 2: the start rank “²” is not a whole number"):
        trf.read(_columns(BBP, 2, 5, "   ²"))


# CSV results and PGN games


def _send(client: Client, event: Event, kind: str, text: str) -> "_MonkeyPatchedWSGIResponse":
    return client.post(
        reverse("desk:event_files", args=[event.pk]),
        {"kind": kind, "file": SimpleUploadedFile(f"f.{kind}", text.encode())},
    )


def _games(event: Event) -> list[tuple[Any, ...]]:
    return sorted(
        Game.objects.filter(round__event=event).values_list(
            "round__number", "board", "white", "black", "result", "pgn"
        )
    )


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["1;1;{a};{a};1-0"], "ligne 2\xa0: {a} ne peut pas jouer contre lui-même."),
        (
            ["1;1;{a};{b};1-0", "1;2;{c};{a};0-1"],
            "ligne 3\xa0: {a} joue déjà à l&#x27;échiquier 1 de la ronde 1.",
        ),
        (["0;1;{a};{b};1-0"], "ligne 2\xa0: colonne ronde\xa0: 0 n&#x27;est pas entre 1 et 30."),
        (
            ["99999;1;{a};{b};1-0"],
            "ligne 2\xa0: colonne ronde\xa0: 99999 n&#x27;est pas entre 1 et 30.",
        ),
        (
            ["1;99999;{a};{b};1-0"],
            "ligne 2\xa0: colonne échiquier\xa0: 99999 n&#x27;est pas entre 1 et 500.",
        ),
        (
            ["²;1;{a};{b};1-0"],
            "ligne 2\xa0: la ronde et l&#x27;échiquier doivent être des nombres entiers",
        ),
    ],
)
def test_a_csv_line_that_cannot_be_a_game_names_its_line_and_saves_nothing(
    secretary_client: Client,
    round_robin_event: Event,
    six_members: list[Member],
    lines: list[str],
    message: str,
) -> None:
    names = {k: m.player.name for k, m in zip("abc", six_members, strict=False)}
    for member in six_members:
        registration.register(round_robin_event.pk, member.player.pk, None)
    text = "round;board;white;black;result\n" + "\n".join(lines).format(**names) + "\n"
    response = _send(secretary_client, round_robin_event, "csv", text)
    assert response.status_code == 200
    assert message.format(**names) in response.content.decode()
    assert _games(round_robin_event) == []


def test_a_csv_player_already_on_another_board_of_the_event_is_named(
    secretary_client: Client, paired_event: Event
) -> None:
    game = Game.objects.filter(round__event=paired_event, round__number=1, board=1).get()
    other = Game.objects.filter(round__event=paired_event, round__number=1, board=2).get()
    before = _games(paired_event)
    text = f"round;board;white;black;result\n1;2;{game.white.name};{other.black.name};1-0\n"
    html = _send(secretary_client, paired_event, "csv", text).content.decode()
    assert f"ligne 2\xa0: {game.white.name} joue déjà à l&#x27;échiquier 1 de la ronde 1." in html
    assert _games(paired_event) == before


def test_a_csv_line_replacing_a_board_with_its_own_players_is_accepted(
    secretary_client: Client, paired_event: Event
) -> None:
    game = Game.objects.filter(round__event=paired_event, round__number=1, board=1).get()
    white, black = game.white, game.black
    text = f"round;board;white;black;result\n1;1;{black.name};{white.name};1-0\n"
    _send(secretary_client, paired_event, "csv", text)
    game.refresh_from_db()
    assert (game.white, game.black, game.result) == (black, white, "1-0")


def test_a_csv_over_the_limit_is_refused_naming_it(
    secretary_client: Client, paired_event: Event
) -> None:
    before = _games(paired_event)
    text = "round;board;white;black;result\n" + "1;1;x;y;1-0\n" * 80_000
    html = _send(secretary_client, paired_event, "csv", text).content.decode()
    assert "ligne 2002\xa0: au plus 2000 résultats dans un fichier\xa0: divisez-le." in html
    assert _games(paired_event) == before


def test_a_pgn_over_the_limit_is_refused_naming_it(
    secretary_client: Client, paired_event: Event
) -> None:
    game = '[Event "x"]\n[Round "1"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 *\n\n'
    before = _games(paired_event)
    html = _send(secretary_client, paired_event, "pgn", game * 9_000).content.decode()
    assert "au plus 1000 parties dans un fichier PGN\xa0: divisez-le." in html
    assert _games(paired_event) == before


def test_the_upload_form_states_the_limits(secretary_client: Client, paired_event: Event) -> None:
    html = secretary_client.get(reverse("desk:event_files", args=[paired_event.pk])).content
    text = html.decode()
    assert "2 Mo" in text and "2000 résultats" in text and "1000 parties" in text


def test_one_player_chosen_for_two_trf_lines_is_refused_naming_the_lines(
    secretary_client: Client,
) -> None:
    ours = PlayerFactory(first_name="Anne", last_name="Zed")
    secretary_client.post(
        reverse("desk:trf_import"),
        {"file": SimpleUploadedFile("t.trf", BBP.encode(), content_type="text/plain")},
    )
    response = secretary_client.post(
        reverse("desk:trf_confirm"),
        {**pending(secretary_client), "player-2": ours.pk, "player-5": ours.pk, **NAMES},
    )
    assert response.status_code == 200
    assert "ligne 6\xa0: Anne Zed est déjà le joueur de la ligne 3." in response.content.decode()
    assert not Event.objects.exists() and Player.objects.count() == 1


def test_two_trf_lines_matching_one_namesake_are_refused(secretary_client: Client) -> None:
    PlayerFactory(first_name="Player0001", last_name="Test0001")
    text = _columns(BBP, 3, 15, "Test0001 Player0001")  # line 3 takes line 2's name
    secretary_client.post(
        reverse("desk:trf_import"),
        {"file": SimpleUploadedFile("t.trf", text.encode(), content_type="text/plain")},
    )
    response = secretary_client.post(
        reverse("desk:trf_confirm"), {**pending(secretary_client), **NAMES}
    )
    assert "ligne 3\xa0: Player0001 Test0001 est déjà le joueur de la ligne 2." in (
        response.content.decode()
    )
    assert not Event.objects.exists() and Player.objects.count() == 1


@pytest.mark.parametrize("reason", ["a\x00b", "a\x1bb"])
def test_a_control_character_in_a_cancel_reason_is_a_400_naming_the_field(
    secretary_client: Client, round_robin_event: Event, reason: str
) -> None:
    url = reverse("desk:cancel", args=[round_robin_event.pk])
    response = secretary_client.post(url, {"reason": reason})
    assert response.status_code == 400
    assert "Le champ «\xa0reason\xa0»\xa0: Retirez le caractère de contrôle U+00" in (
        response.content.decode()
    )
    round_robin_event.refresh_from_db()
    assert round_robin_event.status != Event.Status.CANCELLED
