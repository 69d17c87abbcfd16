import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.ratings.calculator_requests import WAVRE

ROOT = Path(__file__).resolve().parents[2]


def test_it_reads_the_request_from_a_file(tmp_path: Path) -> None:
    request = tmp_path / "wavre.json"
    request.write_text(json.dumps(WAVRE))
    out = io.StringIO()
    call_command("calculate_rating", str(request), stdout=out)
    assert json.loads(out.getvalue())["rating_after"] == 1489


def test_it_reads_the_request_from_standard_input() -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "calculate_rating", "-"],
        input=json.dumps(WAVRE),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["rating_exact"] == 1488.8


@pytest.mark.parametrize(
    ("text", "field"),
    [(json.dumps({**WAVRE, "system": "elo"}), "system"), ("{not json", "")],
)
def test_a_bad_request_exits_with_status_2_and_says_why(text: str, field: str) -> None:
    result = subprocess.run(
        [sys.executable, "manage.py", "calculate_rating"],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 2
    error = json.loads(result.stdout)
    assert error["field"] == field and error["error"]
