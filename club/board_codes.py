"""A board's code: six characters printed beside the board on the secretary's pairing
sheet, with which the two players report their game's result from a phone.

The alphabet leaves out the letters and digits read one for another (0 O, 1 I L, 5 S,
8 B, 2 Z, U V): 23 characters, 23**6 = 148,035,889 codes, drawn by ``secrets``. With
50 boards open and ten wrong codes a quarter of an hour from one address
(``club.result_reports``), a guesser has about one chance in twenty thousand an evening.

Codes are drawn when the board is written (pairing by the engine, by hand, a round robin,
an interclub match, a file): ``BoardCodeField.pre_save`` fills an empty one, which Django
calls for ``create`` as for ``bulk_create``. They need not be unique for ever: a code is
looked up among the boards that can still be reported, and an old board with the same
code is never taken for an open one."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import models

ALPHABET = "ACDEFGHJKMNPQRTWXY34679"
LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def cleaned(typed: str) -> str:
    """A code as a player types it: case, spaces and dashes do not matter."""
    return "".join(typed.split()).replace("-", "").upper()


class BoardCodeField(models.CharField):
    """A ``CharField`` that draws a new code for a row written without one. Its migrations
    see a plain ``CharField`` (``deconstruct``), so that they import nothing from here."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", LENGTH)
        kwargs.setdefault("blank", True)
        # null (no code) rather than "": SQLite then adds the column in place instead of
        # rebuilding ``club_game``, whose rebuild would drop its triggers
        kwargs.setdefault("null", True)
        kwargs.setdefault("editable", False)
        super().__init__(*args, **kwargs)

    def pre_save(self, model_instance: models.Model, add: bool) -> Any:
        value = getattr(model_instance, self.attname)
        if add and not value:
            value = new_code()
            setattr(model_instance, self.attname, value)
        return value

    def deconstruct(self) -> Any:
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs
