"""The numbers inside a breakdown's notes are written in the page's language: a decimal
comma in French, Dutch and German, a point in English (Django's formats for each; issue
#29), whatever format the note's template gives them."""

import pytest
from django.utils import translation

from ratings.templatetags.ratings_tags import note_text

NOTE = {
    "template": "expected {e:.2f}, K {k:g}, after {games} games",
    "params": {"e": 0.64, "k": 20.0, "games": 7},
}


@pytest.mark.parametrize(
    ("language", "written"),
    [
        ("fr", "expected 0,64, K 20, after 7 games"),
        ("nl", "expected 0,64, K 20, after 7 games"),
        ("de", "expected 0,64, K 20, after 7 games"),
        ("en", "expected 0.64, K 20, after 7 games"),
    ],
)
def test_a_notes_numbers_follow_the_pages_language(language: str, written: str) -> None:
    with translation.override(language):
        assert note_text(NOTE) == written


def test_a_half_point_is_written_with_a_comma_in_french() -> None:
    note = {"template": "score {s:g}", "params": {"s": 2.5}}
    with translation.override("fr"):
        assert note_text(note) == "score 2,5"
