"""The rows of a preview sent in one field (lib/packed_fields.py): read back with the
fields sent one by one, the packed ones winning, and bounded."""

import pytest
from django.http import QueryDict

from lib.packed_fields import MAX_PACKED_FIELDS, PackedError, unpacked


def test_the_packed_rows_are_read_with_the_other_fields() -> None:
    post = QueryDict("event-title=Open&round-1=9&rows=round-1%3D2%26board-1%3D7%26name-2%3D")
    assert unpacked(post) == {"event-title": "Open", "round-1": "2", "board-1": "7", "name-2": ""}


def test_more_packed_fields_than_any_file_has_are_refused() -> None:
    rows = "&".join(f"board-{n}=1" for n in range(MAX_PACKED_FIELDS + 1))
    post = QueryDict(mutable=True)
    post["rows"] = rows
    with pytest.raises(PackedError):
        unpacked(post)
    post["rows"] = rows.rsplit("&", 1)[0]
    assert len(unpacked(post)) == MAX_PACKED_FIELDS
