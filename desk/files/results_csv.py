"""Results typed in a spreadsheet and read as CSV: round, board, white, black, result."""

from __future__ import annotations

from collections import defaultdict

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from club import pages
from club.models import Bye, Event, Game, Player, Result, Round
from desk.files.common import FileError, lock_event, plain, write
from desk.services.events import log_change
from lib.limits import (
    MAX_BOARDS,
    MAX_CSV_RESULTS,
    MAX_ROUNDS,
    whole_number,
)

# The header's words, in English here and translated in the site's other languages.
CSV_COLUMNS = (
    gettext_noop("round"), gettext_noop("board"), gettext_noop("white"), gettext_noop("black"),
    gettext_noop("result"),
)  # fmt: skip


def csv_header() -> str:
    """The header line of a results CSV in the active language (``ronde;échiquier;blancs;
    noirs;résultat`` in French); the reader takes it in any of the site's languages."""
    return ";".join(_(column) for column in CSV_COLUMNS)


def _csv_columns(header: list[str]) -> dict[str, int]:
    """Where each column is, the header written in any of the site's languages (the
    event's files page names them in the reader's: ``ronde;échiquier;blancs;noirs;résultat``
    in French, ``round;board;white;black;result`` in English)."""
    names: dict[str, str] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            names |= {plain(_(column)): column for column in CSV_COLUMNS}
    index: dict[str, int] = {}
    for position, title in enumerate(header):
        column = names.get(plain(title))
        if column is not None:
            index.setdefault(column, position)
    missing = [_(c) for c in CSV_COLUMNS if c not in index]
    if missing:
        raise FileError(
            _("line 1: missing column(s): %(columns)s") % {"columns": ", ".join(missing)}
        )
    return index


def _check_result_line(
    number: int,
    round_number: int,
    board: int,
    white: Player,
    black: Player,
    taken: dict[int, dict[int, int]],
) -> None:
    """A CSV line's game must fit its round: two different players, a round and a board in
    range, neither player on another board of that round (``taken``: per round, who plays
    on which board, the event's games and the file's lines so far; updated)."""
    if white.pk == black.pk:
        raise FileError(
            _("line %(line)s: %(name)s cannot play against themself.")
            % {"line": number, "name": white.name}
        )
    for column, value, most in (("round", round_number, MAX_ROUNDS), ("board", board, MAX_BOARDS)):
        if not 1 <= value <= most:
            raise FileError(
                _("line %(line)s: column %(column)s: %(value)s is not between 1 and %(max)s.")
                % {"line": number, "column": _(column), "value": value, "max": most}
            )
    boards = taken[round_number]
    for player in (white, black):
        elsewhere = boards.get(player.pk)
        if elsewhere is not None and elsewhere != board:
            raise FileError(
                _("line %(line)s: %(name)s already plays on board %(board)s of round %(round)s.")
                % {"line": number, "name": player.name, "board": elsewhere, "round": round_number}
            )
    for player_id, on in list(boards.items()):
        if on == board:  # the line replaces the game on its board
            del boards[player_id]
    boards[white.pk] = boards[black.pk] = board


def _boards_by_round(event: Event) -> dict[int, dict[int, int]]:
    """Per round of ``event``, which board each player plays on."""
    taken: dict[int, dict[int, int]] = {n: {} for n in range(1, MAX_ROUNDS + 1)}
    for number, board, white, black in Game.objects.filter(round__event=event).values_list(
        "round__number", "board", "white_id", "black_id"
    ):
        boards = taken.setdefault(number, {})
        boards[white] = boards[black] = board
    return taken


SIDES = ("white", "black")


def _find_player(
    line: int, side: str, text: str, names: dict[str, dict[int, Player]], by_fide: dict[int, Player]
) -> Player:
    """The participant a CSV cell names, by FIDE ID or by name ("first last" or "last
    first"); a name no participant has, or two have, is refused with its line."""
    text = text.strip()
    if (player := by_fide.get(whole_number(text) or 0)) is not None:
        return player
    found = list(names.get(plain(text), {}).values())
    if len(found) == 1:
        return found[0]
    where = {"line": line, "column": _(side), "name": text}
    if not found:
        raise FileError(
            _("line %(line)s: column %(column)s: no participant is called “%(name)s”") % where
        )
    raise FileError(
        _(
            "line %(line)s: column %(column)s: %(count)s participants are called “%(name)s”:"
            " write their FIDE ID instead"
        )
        % {**where, "count": len(found)}
    )


@transaction.atomic
def import_results_csv(event_id: int, text: str, user: User | None) -> int:
    """Results of the event ``event_id`` from a CSV with the columns round, board, white,
    black, result (players by name or FIDE ID). A missing column, an unknown player or
    result names the line; an error anywhere saves nothing. Returns the number of games
    written."""
    import csv
    import io

    event = lock_event(event_id)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    sample = text[:2048]
    reader = csv.reader(
        io.StringIO(text), delimiter=";" if sample.count(";") > sample.count(",") else ","
    )
    try:
        header = [h.strip().lower() for h in next(reader, [])]
    except csv.Error as error:
        raise FileError(_("line 1: not readable as CSV: %(error)s") % {"error": error}) from None
    index = _csv_columns(header)
    people = list(event.participants.select_related("player"))
    names: dict[str, dict[int, Player]] = defaultdict(dict)  # a name two may share
    for person in people:
        player = person.player
        for name in (player.name, f"{player.last_name} {player.first_name}"):
            names[plain(name)][player.pk] = player
    by_fide = {p.player.fide_id: p.player for p in people if p.player.fide_id}
    rounds = {r.number: r for r in event.rounds.all()}
    written = 0
    try:
        rows = list(reader)
    except csv.Error as error:
        raise FileError(
            _("line %(line)s: not readable as CSV: %(error)s")
            % {"line": reader.line_num, "error": error}
        ) from None
    if len(rows) > MAX_CSV_RESULTS:
        raise FileError(
            _("line %(line)s: at most %(max)s results in one file: split it.")
            % {"line": MAX_CSV_RESULTS + 2, "max": MAX_CSV_RESULTS}
        )
    taken = _boards_by_round(event)
    for number, row in enumerate(rows, 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            raise FileError(
                _("line %(line)s: %(found)s columns where the header has %(expected)s")
                % {"line": number, "found": len(row), "expected": len(header)}
            )
        cells = {c: row[i].strip() for c, i in index.items()}
        if whole_number(cells["round"]) is None or whole_number(cells["board"]) is None:
            raise FileError(
                _("line %(line)s: the round and the board must be whole numbers") % {"line": number}
            )
        white, black = (_find_player(number, side, cells[side], names, by_fide) for side in SIDES)
        result = Result.typed(cells["result"])
        if result is None or result == Result.PENDING:
            raise FileError(
                _("line %(line)s: column %(column)s: “%(text)s” is not a result (1-0, 0-1, ½-½)")
                % {"line": number, "column": _("result"), "text": cells["result"]}
            )
        _check_result_line(number, int(cells["round"]), int(cells["board"]), white, black, taken)
        bye = (
            Bye.objects.filter(
                round__event=event, round__number=int(cells["round"]), player__in=[white, black]
            )
            .select_related("player")
            .first()
        )
        if bye is not None:  # a game and a bye in one round: the database refuses it too
            raise FileError(
                _("line %(line)s: %(name)s has a bye in round %(round)s.")
                % {"line": number, "name": bye.player.name, "round": cells["round"]}
            )
        round_ = rounds.get(int(cells["round"])) or Round.objects.create(
            event=event, number=int(cells["round"])
        )
        rounds[round_.number] = round_
        game, _new = Game.objects.get_or_create(
            round=round_,
            board=int(cells["board"]),
            defaults={"white": white, "black": black, "updated_by": user},
        )
        if (game.white_id, game.black_id) != (white.pk, black.pk):
            Game.objects.filter(pk=game.pk).update(white=white, black=black)
            moved = Game(pk=game.pk, round=round_, white=white, black=black, result=game.result)
            pages.written(game, moved, fields=["white", "black"])  # both pairs' pages
        write(game.pk, user, f"line {number}", result=result, source="csv")
        written += 1
    log_change(user, event, "import_csv", games=written)
    return written
