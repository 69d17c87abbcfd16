"""PGN files attached to an event's games."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Event, Game
from desk.files.common import FileError, fide_id, lock_event, plain, write
from desk.services.events import log_change
from lib.limits import (
    MAX_PGN_GAMES,
    whole_number,
)


@dataclass
class PgnReport:
    attached: int = 0
    unmatched: list[str] = field(default_factory=list)


@transaction.atomic
def attach_pgn(event: Event, text: str, user: Any) -> PgnReport:
    """Games of one PGN file matched to the event's boards by round and players (names or
    FideId tags). A game that does not parse names its number; nothing is saved then."""
    import io

    import chess.pgn

    lock_event(event)
    games = list(Game.objects.filter(round__event=event).select_related("round", "white", "black"))
    index = {}
    for game in games:
        for white in (plain(game.white.name), game.white.fide_id):
            for black in (plain(game.black.name), game.black.fide_id):
                if white and black:
                    index[(game.round.number, white, black)] = game
    _check_game_count(text)
    report = PgnReport()
    stream = io.StringIO(text)
    number = 0
    while True:
        parsed = chess.pgn.read_game(stream)
        if parsed is None:
            break
        number += 1
        if number > MAX_PGN_GAMES:
            _check_game_count(text, counted=number)
        if parsed.errors:
            raise FileError(f"game {number}: the PGN does not parse: {parsed.errors[0]}")
        headers = parsed.headers
        round_number = whole_number(headers.get("Round", "").split(".")[0])
        white_keys = [plain(headers.get("White", "")), fide_id(headers.get("WhiteFideId"))]
        black_keys = [plain(headers.get("Black", "")), fide_id(headers.get("BlackFideId"))]
        match = next(
            (
                index[(round_number, w, b)]
                for w in white_keys
                for b in black_keys
                if round_number is not None and w and b and (round_number, w, b) in index
            ),
            None,
        )
        if match is None:
            report.unmatched.append(
                f"{number}: {headers.get('White')} – {headers.get('Black')} "
                f"({headers.get('Round')})"
            )
            continue
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        write(match.pk, user, f"game {number}", pgn=parsed.accept(exporter), source="pgn")
        report.attached += 1
    if number == 0:
        raise FileError("no game in this PGN file")
    log_change(user, event, "attach_pgn", attached=report.attached, unmatched=len(report.unmatched))
    return report


_WHITE_TAG = re.compile(r'^\s*\[White\s+"', re.MULTILINE)


def _check_game_count(text: str, counted: int = 0) -> None:
    """Refuse, before reading them, more games than one file may hold (each game has its
    White tag); ``counted``: games read so far, for a file whose games lack the tag."""
    if max(counted, len(_WHITE_TAG.findall(text))) > MAX_PGN_GAMES:
        raise FileError(
            _("at most %(max)s games in one PGN file: split it.") % {"max": MAX_PGN_GAMES}
        )
