"""Bounds of what the club's pages and files accept, in one place: the forms, the TRF, CSV
and PGN imports and the desk's services ask here. Each is named in the message that
refuses a value past it."""

from __future__ import annotations

# Rounds in one event (the event form, a TRF's XXR, a CSV's round column, joining and
# withdrawing).
MAX_ROUNDS = 30
# Boards in one round (a CSV's board column).
MAX_BOARDS = 500
# FIDE IDs: the database's integer (FIDE's own have at most 9 digits today).
MAX_FIDE_ID = 2_147_483_647
# Results in one CSV file and games in one PGN file: an import runs in the request and
# must finish well within the workers' time-out (30 s). Measured on the project's shared
# 2-core machine: 3,000 CSV results in 4 s on SQLite, 12 s on PostgreSQL; 1,000 PGN
# games of 40 moves in 7 to 8 s.
MAX_CSV_RESULTS = 2_000
MAX_PGN_GAMES = 1_000
# An event's title and venue (a TRF's 012 and 022 lines).
MAX_TITLE_LENGTH = 200
# Digits of a whole number read from a request or a file: a 64-bit integer's 18 (both
# databases store at most that).
MAX_DIGITS = 18


def whole_number(text: str | None, signed: bool = False) -> int | None:
    """``text`` as a whole number written in ASCII digits ("²" or "٣" are not), with a
    minus sign if ``signed``, else None; None too past ``MAX_DIGITS`` digits (no number the
    site stores has as many, and Python refuses to read more than 4,300)."""
    text = (text or "").strip()
    negative = signed and text.startswith("-")
    digits = text[1:] if negative else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        return None
    return -int(digits) if negative else int(digits)
