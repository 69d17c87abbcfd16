import io
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any, cast

import pytest
from django.core.management import call_command

from chesslib import trf, trf_write
from club.models import Bye, Event, Game, Participant, Player, Result
from desk.files.trf_export import export_event
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from tests.club.factories import PlayerFactory

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
BBP = (FIXTURES / "bbp_issue_7.trf").read_text()


def test_it_reads_a_file_written_for_bbppairings() -> None:
    tournament = trf.read(BBP)
    assert (tournament.name, tournament.rounds, len(tournament.players)) == (
        "AutoTest Tournament 1110065304",
        15,
        60,
    )
    first = tournament.players[0]
    assert (first.name, first.rating, first.points) == (
        "Test0001 Player0001",
        2720,
        Decimal("10.5"),
    )
    assert first.rounds[0] == trf.RoundEntry(31, "b", "1")
    assert tournament.played_rounds == 14


def test_writing_and_reading_again_gives_the_same_tournament() -> None:
    tournament = trf.read(BBP)
    again = trf.read(trf_write.write(tournament))
    assert [(p.rank, p.name, p.rating, p.points, p.rounds) for p in again.players] == [
        (p.rank, p.name, p.rating, p.points, p.rounds) for p in tournament.players
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace("    31 b 1", "    31 b X", 1),
            "line 2: round 1: result “X” is not a TRF result code",
        ),
        (
            lambda t: t.replace("    31 b 1", "    31 q 1", 1),
            "line 2: round 1: colour “q” is not w or b",
        ),
        (lambda t: t.replace("    31 b 1", "    32 b 1", 1), "line 2: round 1: this line and line"),
        (
            lambda t: t.replace("001    1", "001    x", 1),
            "line 2: the start rank “x” is not a whole number",
        ),
        (lambda t: t.replace("001    2", "001    1", 1), "line 3: start rank 1 is used twice"),
        (lambda t: "012 empty\r\n", "no player line (001)"),
    ],
)
def test_a_broken_line_is_named_with_what_is_wrong(
    change: Callable[[str], str], message: str
) -> None:
    with pytest.raises(trf.TrfError) as raised:
        trf.read(change(BBP))
    assert str(raised.value).startswith(message)


@pytest.mark.django_db
def test_importing_creates_the_event_its_games_and_players() -> None:
    known = PlayerFactory(first_name="Player0001", last_name="Test0001")
    plan = plan_import(BBP)
    assert plan.matched == {1: known}
    event = import_plan(plan, user=None)
    assert event.system == Event.System.SWISS
    assert event.participants.count() == 60 and Player.objects.count() == 60
    assert Game.objects.filter(round__event=event).count() == 60 * 14 // 2
    first = Game.objects.get(round__event=event, round__number=1, black=known)
    assert first.result == Result.BLACK_WINS  # player 1 (black) scored 1 against 31


@pytest.mark.django_db
def test_a_bad_file_saves_nothing(tmp_path: Path) -> None:
    path = tmp_path / "broken.trf"
    path.write_text(BBP.replace("    31 b 1", "    31 b X", 1))
    with pytest.raises(SystemExit) as raised:
        call_command("import_trf", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert raised.value.code == 2
    assert not Event.objects.exists() and not Player.objects.exists()


@pytest.mark.django_db
def test_the_commands_import_then_export_the_same_event(tmp_path: Path) -> None:
    path = tmp_path / "bbp.trf"
    path.write_text(BBP)
    out = io.StringIO()
    call_command("import_trf", str(path), stdout=out, stderr=io.StringIO())
    event_id = int(out.getvalue())
    exported = tmp_path / "out.trf"
    call_command("export_trf", str(event_id), "--output", str(exported))
    back = trf.read(exported.read_text())
    original = trf.read(BBP)
    assert [(p.rank, p.points, p.rounds) for p in back.players] == [
        (p.rank, p.points, p.rounds) for p in original.players
    ]


@pytest.mark.django_db
def test_the_demo_clubs_events_survive_a_round_trip() -> None:
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    for event in (
        Event.objects.filter(status=Event.Status.CLOSED).exclude(rounds__games=None).distinct()[:6]
    ):
        text = export_event(event)
        copy = import_plan(plan_import(text), user=None)
        assert _games(copy) == _games(event), event.title
        assert sorted(copy.participants.values_list("player", flat=True)) == sorted(
            event.participants.values_list("player", flat=True)
        )


def _games(event: Event) -> list[tuple[Any, ...]]:
    return sorted(
        Game.objects.filter(round__event=event).values_list(
            "round__number", "white", "black", "result"
        )
    )


@pytest.mark.django_db
def test_byes_go_out_and_come_back() -> None:
    call_command("load_demo_club", "--day", "2026-11-22", verbosity=0)
    event = cast(
        Event, Event.objects.filter(kind=Event.Kind.OPEN, status=Event.Status.CLOSED).first()
    )
    absent = cast(Participant, event.participants.first())
    round_ = event.rounds.get(number=1)
    Game.objects.filter(round=round_).filter(white=absent.player).delete()
    Game.objects.filter(round=round_).filter(black=absent.player).delete()
    Bye.objects.create(
        round=round_, player=absent.player, kind=Bye.Kind.HALF_POINT, points=Decimal("0.5")
    )
    copy = import_plan(plan_import(export_event(event)), user=None)
    kinds = sorted(Bye.objects.filter(round__event=copy).values_list("kind", flat=True))
    # the absent's opponent, left without a game, is written "0000 - Z" (C.07 16.1: a
    # round with neither game nor bye counts as a zero-point bye) and read back as one
    assert kinds == [Bye.Kind.HALF_POINT, Bye.Kind.ZERO_POINT]


def _line(rank: int, points: str, *blocks: str) -> str:
    head = f"001 {rank:>4}      {'Player, ' + str(rank):<33} 2000".ljust(80)
    return f"{head}{points:>4} {rank:>4}" + "".join(f"  {b}" for b in blocks)


def test_the_reader_keeps_what_trf_16_allows_in_a_round() -> None:
    """TRF-16, round fields: opponent (92-95, "0000" for a bye or not paired), colour (97:
    w, b, or "-" for a bye or not paired, also written for a forfeit), result (99). A block
    left blank is kept apart from "0000 -" (not paired)."""
    text = "\r\n".join(
        [
            "012 Rounds",
            "112 Martin, Anne",
            "112 Leroy, Paul",
            "132" + " " * 88 + "26/01/10  26/01/11  26/01/12",
            "202 BH/C1,SB",
            _line(1, "1.0", "   2 - +", "0000 -  ", "        "),
            _line(2, "0.0", "   1 - -", "        ", "0000 - Z"),
            "",
        ]
    )
    t = trf.read(text)
    assert t.players[0].rounds == [
        trf.RoundEntry(2, "-", "+"),
        trf.RoundEntry(None, "-", ""),
    ]  # the trailing blank block is the round to come
    assert t.players[1].rounds == [
        trf.RoundEntry(1, "-", "-"),
        trf.BLANK,
        trf.RoundEntry(None, "-", "Z"),
    ]
    assert t.deputy_arbiters == ["Martin, Anne", "Leroy, Paul"]
    assert t.round_dates == ["26/01/10", "26/01/11", "26/01/12"]
    assert t.tiebreaks == ["BH/C1", "SB"]
    # written back full width, each block in its 10 columns
    lines = [x for x in trf_write.write(t).split("\r\n") if x.startswith("001")]
    assert lines[1] == _line(2, "0.0", "   1 - -", "        ", "0000 - Z")
    assert lines[0] == _line(1, "1.0", "   2 - +", "0000 -  ")
    assert len(lines[0]) == 89 + 2 * 10 and lines[0].endswith("0000 -  ")


@pytest.mark.parametrize(
    ("blocks", "message"),
    [
        (("   2 - +", "   1 w 1"), "line 2: round 1: this line and line 3 disagree about the game"),
        (("   2 - =", "   1 - ="), "line 2: round 1: colour “-” is not w or b"),
        (("   2 w 1xx", "   1 b 0"), "line 2: round 1: columns 100-101 are blank between"),
    ],
)
def test_a_round_trf_16_does_not_allow_is_named(blocks: tuple[str, ...], message: str) -> None:
    one, two = blocks
    text = "\r\n".join(["012 T", _line(1, "1.0", one), _line(2, "0.0", two), ""])
    with pytest.raises(trf.TrfError) as raised:
        trf.read(text)
    assert str(raised.value).startswith(message)
