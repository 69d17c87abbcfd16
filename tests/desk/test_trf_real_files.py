"""Real TRF files written by other software (FIDE's example, lichess, bbpPairings and Sharly
Chess test data: ``tests/fixtures/trf/SOURCES.md``) imported, exported and imported again:
nothing the file says is lost.

TRF-16 (FIDE handbook C.04 Annex 2) gives every field its columns; the export must give the
file's lines back, each in its place. It may add only header records the desk holds that
the file did not write (the event's dates, counts of players, kind, time control, round
dates, tie-breaks, number of rounds)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from chesslib import trf
from club.models import Bye, Event, Game, Result
from desk.files.trf_export import event_tournament, export_event
from desk.files.trf_import import import_plan
from desk.files.trf_plan import plan_import
from desk.files.trf_preview import plan_notes

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "trf"
FILES = sorted(path.name for path in FIXTURES.glob("*.trf"))
ADDED_BY_THE_DESK = {"012", "042", "052", "062", "072", "092", "122", "132", "202", "XXR"}


def _lines(text: str) -> list[str]:
    lines = text.replace("\r\n", "\n").split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def _imported(text: str) -> Event:
    return import_plan(plan_import(text), user=None)


def _players(t: trf.Tournament) -> list[tuple[object, ...]]:
    fields = [
        "rank",
        "name",
        "sex",
        "title",
        "rating",
        "federation",
        "fide_id",
        "birth",
        "points",
        "place",
        "rounds",
    ]
    return [tuple(getattr(p, f) for f in fields) for p in sorted(t.players, key=lambda p: p.rank)]


def test_it_has_real_files_from_five_sources_or_more() -> None:
    assert len(FILES) >= 5
    sources = (FIXTURES / "SOURCES.md").read_text()
    assert all(f"`{name}`" in sources for name in FILES)


@pytest.mark.parametrize("name", FILES)
def test_it_exports_an_imported_file_line_for_line(name: str) -> None:
    text = (FIXTURES / name).read_text()
    exported = _lines(export_event(_imported(text)))
    original = _lines(text)
    # every player line full width: one block a round, none cut short (a file that stops a
    # line early gets its blank blocks)
    assert len({len(line) for line in exported if line.startswith("001")}) == 1
    # every line of the file, in its order (but for those blank blocks at the end of a
    # short line); between them only the desk's own records
    position = 0
    for line in exported:
        if position < len(original) and line.rstrip() == original[position].rstrip():
            position += 1
        else:
            assert line[:3] in ADDED_BY_THE_DESK, (name, line)
            assert not any(o[:3] == line[:3] for o in original), (name, line)
    assert position == len(original), (name, original[position])


@pytest.mark.parametrize("name", FILES)
def test_import_export_import_keeps_every_field(name: str) -> None:
    text = (FIXTURES / name).read_text()
    read = trf.read(text)
    first = _imported(text)
    exported = export_event(first)
    again = trf.read(exported)
    assert _players(again) == _players(read)
    for field in (
        "name", "city", "federation", "start", "end", "kind", "chief_arbiter",
        "deputy_arbiters", "time_control", "round_dates", "rounds", "first_colour",
        "tiebreaks", "accelerations",
    ):  # fmt: skip
        if getattr(read, field):
            assert getattr(again, field) == getattr(read, field), field
    # the file's other records (XXS, 013, 142, 299, ...) come back as written
    assert [r for r, _after in again.records if r[:3] not in ADDED_BY_THE_DESK] == [
        r for r, _after in read.records if r[:3] not in ADDED_BY_THE_DESK
    ]
    # imported again from the export: the same games, byes and export
    second = _imported(exported)
    assert _results(second) == _results(first)
    assert export_event(second) == exported


def _results(event: Event) -> list[tuple[object, ...]]:
    numbers = dict(event.participants.values_list("player_id", "number"))
    games = [
        (g.round.number, numbers[g.white_id], numbers[g.black_id], g.result, g.rated)
        for g in Game.objects.filter(round__event=event).select_related("round")
    ]
    byes = [
        (b.round.number, numbers[b.player_id], b.kind)
        for b in Bye.objects.filter(round__event=event).select_related("round")
    ]
    return sorted(games) + sorted(byes)


def test_fide_s_example_keeps_its_forfeits_without_colour_and_its_withdrawn_players() -> None:
    """FIDE's example1: player 13 forfeits round 1 against 153 (``153 - -``, line 15) and
    leaves; player 63 wins round 1 by forfeit (``204 - +``); a forfeit has no colour."""
    text = (FIXTURES / "fide_example1.trf").read_text()
    read = trf.read(text)
    thirteen = next(p for p in read.players if p.rank == 13)
    assert thirteen.rounds == [trf.RoundEntry(153, "-", "-")]
    assert thirteen.blocks[1:] == [" " * 8] * 6  # withdrawn: blank rounds, not "0000 -"
    event = _imported(text)
    numbers = dict(event.participants.values_list("number", "player_id"))
    forfeit = Game.objects.get(round__event=event, round__number=1, white=numbers[13])
    assert (forfeit.black_id, forfeit.result) == (numbers[153], Result.BLACK_WINS_FORFEIT)
    line = next(x for x in _lines(export_event(event)) if x.startswith("001   13 "))
    assert line == next(x for x in _lines(text) if x.startswith("001   13 "))
    assert line[91:99] == " 153 - -"


def test_fide_s_example_is_held_by_the_event_s_own_games_and_byes() -> None:
    """FIDE's example1 writes its 10 forfeits without colours (``153 - -``: 20 blocks), its
    pairing-allocated bye as a forfeit won without opponent (player 282, round 5:
    ``0000 - +``) and its dummy opponent "spielfrei" (284) as ``0000 - -``. The games and
    byes hold each as written (``Game.colourless``, ``Bye.written``): the desk's own file,
    written from them alone, gives those blocks back, and none is kept apart as text."""
    text = (FIXTURES / "fide_example1.trf").read_text()
    read = trf.read(text)
    event = _imported(text)
    numbers = dict(event.participants.values_list("number", "player_id"))
    byes = Bye.objects.filter(round__event=event, round__number=5)
    assert (byes.get(player=numbers[282]).kind, byes.get(player=numbers[282]).written) == (
        Bye.Kind.PAIRING_ALLOCATED,
        Bye.Written.FORFEIT_WIN,
    )
    assert (byes.get(player=numbers[284]).kind, byes.get(player=numbers[284]).written) == (
        Bye.Kind.ZERO_POINT,
        Bye.Written.FORFEIT_LOSS,
    )
    colourless = Game.objects.filter(round__event=event, colourless=True)
    assert colourless.count() == 10
    assert all(not Result(g.result).is_played for g in colourless)

    tournament, _ids = event_tournament(event)
    desk = {p.rank: p.rounds for p in tournament.players}
    written = [
        (entry.rank, n)
        for entry in read.players
        for n, played in enumerate(entry.rounds)
        if played.colour == "-" and played.result in ("+", "-")
    ]
    assert len(written) == 20 + 2
    for rank, n in written:
        file_entry = next(p for p in read.players if p.rank == rank).rounds[n]
        assert desk[rank][n] == file_entry, (rank, n + 1)
    kept_blocks = {
        (pk, int(index))
        for pk, kept in event.trf_kept["players"].items()
        for index in kept["blocks"]
    }
    assert not kept_blocks & {(str(numbers[rank]), n) for rank, n in written}


def test_a_date_or_a_name_read_with_a_doubt_is_said_before_the_import(english: None) -> None:
    """lichess writes ``042 May 29, 2020`` and nicknames without a comma: the import reads
    29 May 2020 and the nickname as a last name, and says both are to be checked."""
    plan = plan_import((FIXTURES / "sklangen_2020_06.trf").read_text())
    notes = [(note.text, note.confirm, note.answer) for note in plan_notes(plan)]
    assert (
        "042: “May 29, 2020” is read as 2020-05-29: check the first day.",
        True,
        "event-start",
    ) in notes
    assert any("“mattderkuerschner” has no comma" in text for text, _c, _a in notes)


def test_full_point_bye_unrated_games_and_unpaired_rounds_keep_their_codes() -> None:
    """TRF-16 result codes: F full-point bye, U pairing-allocated bye, W/D/L unrated games,
    Z zero-point bye, ``0000 -`` with a blank result: not paired. Each is imported as what it
    is and written back with its code."""

    def line(rank: int, name: str, points: str, *blocks: str) -> str:
        return (
            f"001 {rank:>4}      {name:<33} 2000"
            + " " * 28
            + f"{points:>4} {rank:>4}  "
            + ("  ".join(blocks))
        )

    text = "\r\n".join(
        [
            "012 Codes",
            line(1, "Un, Joueur", "2.5", "   2 w W", "0000 - F", "   3 b D"),
            line(2, "Deux, Joueur", "1.0", "   1 b L", "0000 - U", "0000 -  "),
            line(3, "Trois, Joueur", "0.5", "0000 - Z", "0000 -  ", "   1 w D"),
            "",
        ]
    )
    event = _imported(text)
    games = Game.objects.filter(round__event=event).order_by("round__number")
    assert [(g.result, g.rated) for g in games] == [
        (Result.WHITE_WINS, False),
        (Result.DRAW, False),
    ]
    byes = Bye.objects.filter(round__event=event).order_by("round__number", "player__last_name")
    assert [(b.round.number, b.kind, b.points, b.written) for b in byes] == [
        (1, Bye.Kind.ZERO_POINT, Decimal(0), ""),
        (2, Bye.Kind.PAIRING_ALLOCATED, Decimal(1), ""),
        (2, Bye.Kind.ZERO_POINT, Decimal(0), Bye.Written.BLANK),  # not paired: no point
        (2, Bye.Kind.FULL_POINT, Decimal(1), ""),
        (3, Bye.Kind.ZERO_POINT, Decimal(0), Bye.Written.BLANK),
    ]
    exported = [x for x in _lines(export_event(event)) if x.startswith("001")]
    assert exported == [x for x in _lines(text) if x.startswith("001")]
    # the event's own rows say it all: no round kept apart as text
    assert [kept["blocks"] for kept in event.trf_kept["players"].values()] == [{}] * 3


def test_every_player_field_and_header_record_is_kept() -> None:
    """TRF-16 player columns: sex (10), title (11-13), name (15-47), FIDE rating (49-52),
    federation (54-56), FIDE number (58-68), birth date (70-79, here a year only, as FIDE's
    lists give it); header records the event has no field for (082, XXS) come back."""
    first = "001    1 wWFM Zed, Anne".ljust(48) + "2201 BEL     1234567 1985/00/00  1.0    1"
    second = "001    2 m FM Alpha, Bob".ljust(48) + "2150 FRA      234567 1990        0.0    2"
    text = "\r\n".join(
        [
            "012 Fields",
            "082 0",
            "XXS WW=1 BW=1 WD=0.5 BD=0.5",
            first + "     2 w 1",
            second + "     1 b 0",
            "",
        ]
    )
    event = _imported(text)
    anne = event.participants.get(number=1).player
    bob = event.participants.get(number=2).player
    assert (anne.sex, anne.title, anne.federation, anne.fide_id, anne.fide_rating) == (
        "F",
        "WFM",
        "BEL",
        1234567,
        2201,
    )
    assert (anne.birth_date, anne.birth_year, bob.birth_year) == (None, 1985, 1990)
    assert (bob.title, bob.national_rating) == ("FM", None)
    exported = _lines(export_event(event))
    for line in _lines(text)[1:]:
        assert line in exported
    # changed since at the desk: what the desk holds is written (the FIDE column is the
    # player's FIDE rating)
    anne.fide_rating = 2250
    anne.save()
    bob.first_name = "Robert"
    bob.save()
    players = [line for line in _lines(export_event(event)) if line.startswith("001")]
    assert players[0][48:52] == "2250"
    assert players[1][14:47].rstrip() == "Alpha, Robert"


def test_the_import_command_says_what_it_reads_with_a_doubt(english: None) -> None:
    """``manage.py import_trf`` has no preview: it writes the preview's notes to stderr."""
    import io

    from django.core.management import call_command

    err = io.StringIO()
    call_command(
        "import_trf", str(FIXTURES / "sklangen_2020_06.trf"), stdout=io.StringIO(), stderr=err
    )
    said = err.getvalue()
    assert "note: 042: “May 29, 2020” is read as 2020-05-29: check the first day." in said
    assert "note: line 16: “mattderkuerschner” has no comma" in said
