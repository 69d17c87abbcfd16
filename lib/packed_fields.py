"""Forms of one row a game or a player (the desk's PGN and TRF previews) read back. Django
refuses a request of more than ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` (1,000) fields before a
view sees it; a preview of 1,000 games or players has two or three fields a row. The
page's script (``static/desk/packed_form.js``) sends the rows' fields in one field,
``rows``, as a query string; without the script they come one by one, as any form's.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from django.http import QueryDict

PACKED_FIELD = "rows"
# 1,000 rows (MAX_PGN_GAMES, or 500 boards' players) of three fields, with room
MAX_PACKED_FIELDS = 10_000


class PackedError(ValueError):
    """The packed field holds more than ``MAX_PACKED_FIELDS`` fields."""


def unpacked(post: QueryDict) -> dict[str, str]:
    """The form's fields, each with its last value: those sent one by one and those
    packed in ``rows`` (which win). Raises :class:`PackedError` past the bound."""
    fields: dict[str, str] = {key: str(post.get(key, "")) for key in post if key != PACKED_FIELD}
    packed = post.get(PACKED_FIELD)
    if packed:
        try:
            pairs = parse_qsl(packed, keep_blank_values=True, max_num_fields=MAX_PACKED_FIELDS)
        except ValueError:
            raise PackedError(MAX_PACKED_FIELDS) from None
        fields.update(pairs)
    return fields
