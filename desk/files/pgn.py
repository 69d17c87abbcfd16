"""PGN files attached to an event's games, in two steps: a plan (each game of the file
with the board it goes to, or why it goes nowhere), shown to the secretary, who chooses a
round and a board where the file cannot say and confirms; then the attachment. Nothing is
written before the confirmation, and every game of the file is attached or named."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from chesslib.pgn_read import ReadGame, read_games
from club import event_state
from club.exceptions import DeskError
from club.models import Event, Game
from desk.files.common import FileError, fide_id, lock_event, plain, write
from desk.services.events import log_change
from lib.limits import MAX_PGN_GAMES, whole_number


@dataclass
class PlannedGame:
    """One game of the file: the board the file names (``match``), the board chosen, and
    what stands in the way of attaching it."""

    read: ReadGame
    match: Game | None = None
    chosen: Game | None = None
    same_as: int | None = None  # another game of the file names the same board
    problem: str = ""  # a chosen round and board that do not exist

    @property
    def number(self) -> int:
        return self.read.number

    @property
    def title(self) -> str:
        headers = self.read.headers
        return _("game %(n)s (%(white)s – %(black)s, round %(round)s)") % {
            "n": self.number,
            "white": headers.get("White", "?"),
            "black": headers.get("Black", "?"),
            "round": headers.get("Round", "?"),
        }

    @property
    def attachable(self) -> bool:
        return not self.read.error and self.read.has_moves

    @property
    def occupied(self) -> bool:
        """The chosen board already has other moves."""
        return bool(self.chosen and self.chosen.pgn and self.chosen.pgn != self.read.pgn)

    @property
    def unchanged(self) -> bool:
        return bool(self.chosen and self.chosen.pgn and self.chosen.pgn == self.read.pgn)


@dataclass
class PgnPlan:
    games: list[PlannedGame]
    rounds: list[int]  # the event's round numbers, to choose from

    @property
    def errors(self) -> list[str]:
        return [f"{game.title}: {game.problem}" for game in self.games if game.problem]


@dataclass
class PgnReport:
    attached: int = 0
    unchanged: int = 0
    not_attached: list[str] = field(default_factory=list)  # each game named, and why


def _round_number(value: str) -> int | None:
    return whole_number(value.split(".")[0]) if value else None


def plan_pgn(event: Event, text: str) -> PgnPlan:
    """Each game of the file with the board its round and players (names or FideId tags)
    name: a board is named once (a second game of the same pairing is left to choose).
    An event whose state refuses files is refused before the file is read."""
    try:
        event_state.check(event, event_state.Write.FILE)
    except DeskError as error:
        raise FileError(str(error)) from None
    _check_game_count(text)
    read = read_games(text)
    if not read:
        raise FileError(_("no game in this PGN file"))
    if len(read) > MAX_PGN_GAMES:
        _check_game_count(text, counted=len(read))
    games = list(Game.objects.filter(round__event=event).select_related("round", "white", "black"))
    index: dict[tuple[int, str | int, str | int], Game] = {}
    for game in games:
        for white in (plain(game.white.name), game.white.fide_id):
            for black in (plain(game.black.name), game.black.fide_id):
                if white and black:
                    index.setdefault((game.round.number, white, black), game)
    planned = []
    claimed: dict[int, int] = {}  # board's pk -> the file's game naming it first
    for item in read:
        entry = PlannedGame(item)
        headers = item.headers
        round_number = _round_number(headers.get("Round", ""))
        white_keys = [plain(headers.get("White", "")), fide_id(headers.get("WhiteFideId"))]
        black_keys = [plain(headers.get("Black", "")), fide_id(headers.get("BlackFideId"))]
        entry.match = next(
            (
                index[(round_number, w, b)]
                for w in white_keys
                for b in black_keys
                if round_number is not None and w and b and (round_number, w, b) in index
            ),
            None,
        )
        if entry.match is not None and entry.attachable:
            if entry.match.pk in claimed:
                entry.same_as = claimed[entry.match.pk]
            else:
                claimed[entry.match.pk] = item.number
                entry.chosen = entry.match
        planned.append(entry)
    rounds = sorted({game.round.number for game in games})
    return PgnPlan(planned, rounds)


def choose(event: Event, plan: PgnPlan, answers: dict[str, str]) -> None:
    """The secretary's choices (``round-N`` and ``board-N`` for the file's game N; both
    empty: not attached) in place of the plan's; a round and board that do not exist, or
    one board chosen twice, is the game's ``problem``."""
    boards = {
        (game.round.number, game.board): game
        for game in Game.objects.filter(round__event=event).select_related(
            "round", "white", "black"
        )
    }
    taken: dict[int, PlannedGame] = {}
    for entry in plan.games:
        if not entry.attachable:
            continue
        round_text = answers.get(f"round-{entry.number}", "").strip()
        board_text = answers.get(f"board-{entry.number}", "").strip()
        entry.chosen = None
        if not round_text and not board_text:
            continue
        round_number, board = whole_number(round_text), whole_number(board_text)
        if round_number is None or board is None:
            entry.problem = _("give both a round and a board, or neither")
            continue
        chosen = boards.get((round_number, board))
        if chosen is None:
            entry.problem = _("round %(round)s has no board %(board)s") % {
                "round": round_number,
                "board": board,
            }
            continue
        if chosen.pk in taken:
            entry.problem = _("board %(board)s of round %(round)s is chosen for game %(n)s too") % {
                "board": board,
                "round": round_number,
                "n": taken[chosen.pk].number,
            }
            continue
        taken[chosen.pk] = entry
        entry.chosen = chosen


@transaction.atomic
def attach_pgn(event_id: int, plan: PgnPlan, user: User | None, replace: set[int]) -> PgnReport:
    """The plan's games written on their chosen boards of the event ``event_id``; a board
    that already has other moves is written only when the secretary asked (``replace``:
    the file's game numbers). Every game not attached is named in the report with the
    reason."""
    event = lock_event(event_id)
    if plan.errors:
        raise FileError(plan.errors[0])
    report = PgnReport()
    for entry in plan.games:
        if entry.chosen is not None:  # its moves as they are now, under the event's lock
            entry.chosen.refresh_from_db(fields=["pgn"])
        if entry.read.error:
            report.not_attached.append(
                _("%(game)s: cannot be read: %(error)s")
                % {"game": entry.title, "error": entry.read.error}
            )
        elif not entry.read.has_moves:
            report.not_attached.append(
                _("%(game)s: no moves in the file (tags only)") % {"game": entry.title}
            )
        elif entry.chosen is None:
            report.not_attached.append(_("%(game)s: no board chosen") % {"game": entry.title})
        elif entry.unchanged:
            report.unchanged += 1
        elif entry.occupied and entry.number not in replace:
            report.not_attached.append(
                _("%(game)s: round %(round)s, board %(board)s already has moves: kept")
                % {
                    "game": entry.title,
                    "round": entry.chosen.round.number,
                    "board": entry.chosen.board,
                }
            )
        else:
            write(entry.chosen.pk, user, entry.title, pgn=entry.read.pgn, source="pgn")
            report.attached += 1
    log_change(
        user,
        event,
        "attach_pgn",
        attached=report.attached,
        unchanged=report.unchanged,
        not_attached=len(report.not_attached),
    )
    return report


_WHITE_TAG = re.compile(r'^\s*\[White\s+"', re.MULTILINE)


def _check_game_count(text: str, counted: int = 0) -> None:
    """Refuse, before reading them, more games than one file may hold (each game has its
    White tag); ``counted``: the games read, for a file whose games lack the tag."""
    if max(counted, len(_WHITE_TAG.findall(text))) > MAX_PGN_GAMES:
        raise FileError(
            _("at most %(max)s games in one PGN file: split it.") % {"max": MAX_PGN_GAMES}
        )
