import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.ratings.calculator_requests import WAVRE


def test_it_reads_the_request_from_a_file(tmp_path: Path) -> None:
    request = tmp_path / "wavre.json"
    request.write_text(json.dumps(WAVRE))
    out = io.StringIO()
    call_command("calculate_rating", str(request), stdout=out)
    assert json.loads(out.getvalue())["rating_after"] == 1489


def test_it_reads_the_request_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(WAVRE)))
    out = io.StringIO()
    call_command("calculate_rating", "-", stdout=out)
    assert json.loads(out.getvalue())["rating_exact"] == 1488.8


@pytest.mark.parametrize(
    ("text", "field"),
    [(json.dumps({**WAVRE, "system": "elo"}), "system"), ("{not json", "")],
)
def test_a_bad_request_exits_with_status_2_and_says_why(
    text: str, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit:
        call_command("calculate_rating", stdout=out)
    assert exit.value.code == 2
    error = json.loads(out.getvalue())
    assert error["field"] == field and error["error"]
