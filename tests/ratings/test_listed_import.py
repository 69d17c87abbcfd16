"""Every line of the newest official list of each kind is kept for the searches
(``ListedPlayer``), written in batches as the list is read: the newest list replaces the
older one's lines, an older one imported after leaves them, a bad line leaves nothing."""

from datetime import date
from pathlib import Path

import pytest
from django.db import connection

from club.models import Player
from ratings.models import ListedPlayer, OfficialList
from ratings.official_lists import ListError
from ratings.services import listed as listed_service
from ratings.services.listed import (
    by_id_query,
    byte_order,
    listed,
    listed_by_name,
    name_starts,
    player_from_list,
    search_key,
    search_listed,
)
from tests.ratings.listed import COMBINED, FRBE, load

pytestmark = pytest.mark.django_db


def test_every_line_of_the_list_is_kept_with_what_it_says() -> None:
    load(COMBINED)
    rows = {row.fide_id or 0: row for row in listed()}
    # players_list_foa.txt: Leko (FIDE's real line), Dubois, Lambert, Carlsen, Zero; the
    # blank line is not a player
    assert sorted(rows) == [200000, 207919, 703303, 1503014, 99999901]
    leko = rows[703303]
    assert (leko.name, leko.search_name, leko.federation, leko.sex, leko.title) == (
        "Leko, Peter", "leko peter", "HUN", "M", "GM",
    )  # fmt: skip
    assert (leko.standard, leko.rapid, leko.blitz, leko.birth_year) == (2676, 2700, 2738, 1979)
    assert (rows[207919].standard, rows[207919].rapid, rows[207919].inactive) == (None, 1540, False)
    assert rows[99999901].inactive and rows[99999901].standard is None
    assert OfficialList.objects.get().listed  # the command's import is kept as a list too


def test_a_belgian_list_keeps_the_national_ids() -> None:
    load(FRBE, "frbe", date(2024, 1, 1))
    rows = {row.national_id: row for row in listed()}
    # p_player202401.csv: the federation's three Decrop rows
    assert sorted(rows) == ["12394", "22826", "28436"]
    ronald = rows["12394"]
    assert (ronald.name, ronald.fide_id, ronald.standard, ronald.birth_year) == (
        "Decrop, Ronald", 215163, 1598, 1935,
    )  # fmt: skip
    assert rows["22826"].standard is None  # Elo 0: not rated


def test_the_newest_list_replaces_the_older_and_an_older_one_leaves_it(tmp_path: Path) -> None:
    load(COMBINED, day=date(2026, 8, 1))
    newer = tmp_path / "players_list_foa.txt"
    newer.write_text(COMBINED.read_text().replace("2676", "2690"))
    load(newer, day=date(2026, 9, 1))
    assert listed().get(fide_id=703303).standard == 2690
    assert ListedPlayer.objects.count() == 5  # the August lines are gone
    load(COMBINED, day=date(2026, 7, 1))  # an older list loaded late
    assert listed().get(fide_id=703303).standard == 2690
    assert ListedPlayer.objects.count() == 5
    assert [o.list_date for o in OfficialList.objects.filter(listed=True)] == [date(2026, 9, 1)]


def test_a_bad_line_leaves_neither_lines_nor_list(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(listed_service, "LINES_BATCH", 2)  # lines written before the bad one
    load(COMBINED)
    broken = tmp_path / "players_list_foa.txt"
    broken.write_text(COMBINED.read_text() + COMBINED.read_text().splitlines()[1][:113] + "27x6\n")
    with pytest.raises(ListError, match="line 8: the rating “27x6” is not a rating"):
        load(broken, day=date(2026, 9, 1))
    assert ListedPlayer.objects.count() == 5
    assert list(OfficialList.objects.values_list("list_date", flat=True)) == [date(2026, 8, 1)]


def test_the_search_finds_by_name_start_fide_id_and_national_id() -> None:
    load(COMBINED)
    load(FRBE, "frbe", date(2024, 1, 1))
    assert [r.name for r in search_listed("lek", 10)] == ["Leko, Peter"]
    assert [r.name for r in search_listed("Peter Lek", 10)] == ["Leko, Peter"]
    assert [r.name for r in search_listed("decrop b", 10)] == ["Decrop, Benjamin"]
    assert [r.name for r in search_listed("1503014", 10)] == ["Carlsen, Magnus"]
    assert [r.name for r in search_listed("012394", 10)] == ["Decrop, Ronald"]
    assert search_listed("eter", 10) == []  # a word's start, not its middle
    Player.objects.create(first_name="Peter", last_name="Leko", fide_id=703303)
    assert search_listed("leko", 10) == []  # known: the known player is offered instead


def test_the_search_key_folds_case_accents_and_punctuation() -> None:
    assert search_key("Van den Bossche, Anne-Sophie") == "van den bossche anne sophie"
    assert search_key("Ørsted, Zoé") == "orsted zoe"  # Ø has no decomposition: mapped
    assert search_key("Łukasz Straße") == "lukasz strasse"


def test_the_searches_read_the_indexes() -> None:
    load(COMBINED)
    load(FRBE, "frbe", date(2024, 1, 1))
    if connection.vendor == "postgresql":  # a table this small is otherwise read whole
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
    by_name = name_starts("lek").order_by(byte_order()).explain()
    by_id = ListedPlayer.objects.filter(by_id_query("12394")).explain()
    by_whole_name = listed_by_name("Peter", "Leko")
    assert by_whole_name is not None and by_whole_name.fide_id == 703303
    whole = listed().alias(key=byte_order()).filter(key="leko peter").explain()
    # migration 0009's index of the key in byte order, for a prefix and a whole name
    assert "listed_search_key_idx" in by_name and "listed_search_key_idx" in whole
    assert "listed_national_id_idx" in by_id and "listed_fide_id_idx" in by_id


def test_a_listed_player_made_meanwhile_by_another_request_is_taken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    load(COMBINED)
    row = listed().get(fide_id=703303)
    other = Player.objects.create(first_name="Peter", last_name="Leko", fide_id=703303)
    looked = []
    real = listed_service.known_player

    def not_yet_the_first_time(line: ListedPlayer) -> Player | None:
        looked.append(line)  # the other request creates him just after this look
        return None if len(looked) == 1 else real(line)

    monkeypatch.setattr(listed_service, "known_player", not_yet_the_first_time)
    assert player_from_list(row) == (other, False)
    assert Player.objects.filter(fide_id=703303).count() == 1
