"""What the desk's file readers share: names compared without accents or order, the
event locked before a file writes into it, one write path for a file's results, and the
error a file's line is refused with."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from chesslib.trf import TrfError
from club import event_state
from club.exceptions import DeskError
from club.models import Event
from desk.services.results import write_result
from lib.limits import whole_number


class FileError(ValueError):
    """A file refused, with the line or game that is wrong."""


class TrfRefusal(TrfError):
    """A TRF refused by the desk (what the reader accepts but the club does not hold): its
    message is translated already and names its line."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(None, "%(message)s", message=message)
        self.line = line


def trf_error_text(error: TrfError) -> str:
    """The TRF reader's refusal in the page's language (the reader, pure Python, writes
    it in English and marks its templates for the catalogues)."""
    if isinstance(error, TrfRefusal):
        return str(error)
    text = _(error.template) % error.values if error.values else _(error.template)
    if error.line:
        return _("line %(line)s: %(message)s") % {"line": error.line, "message": text}
    return text


def plain(name: str) -> str:
    """A name compared without case, accents, punctuation or word order."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return " ".join(sorted(re.findall(r"[a-z0-9]+", text)))


def fide_id(value: str | None) -> int | None:
    return whole_number(value)


def lock_event(event_id: int) -> Event:
    """The event ``event_id`` under its row lock before a file writes into it, if its state
    allows it (a closed event is reopened first): the refusal as a file's error."""
    try:
        return event_state.lock_row(event_id, event_state.Write.FILE)
    except DeskError as error:
        raise FileError(str(error)) from None


def write(game_id: int, user: User | None, where: str, **changes: Any) -> None:
    """A file's result or moves through the desk's one write path (closed event refused,
    version raised, audit line); its refusal names the file's line or game."""
    try:
        write_result(game_id, user=user, **changes)
    except DeskError as error:
        raise FileError(f"{where}: {error}") from None
