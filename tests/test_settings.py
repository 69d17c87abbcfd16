import os
import runpy
import subprocess
import sys
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import envbool, envint

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-enough-0123456789",
    "ALLOWED_HOSTS": "club.example.be",
    "DATABASE_URL": "sqlite:////tmp/club-check-deploy.sqlite3",
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    hidden = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE"}  # set by conftest for browser tests
    environment = {k: v for k, v in os.environ.items() if k not in hidden} | env
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def settings_under(**env: str) -> dict[str, Any]:
    """The settings config/settings.py gives in an environment of these variables (read
    afresh in this process: the module is run again, not imported)."""
    hidden = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environment = {k: v for k, v in os.environ.items() if k not in hidden} | env
    with mock.patch.dict(os.environ, environment, clear=True):
        return runpy.run_path(str(ROOT / "config" / "settings.py"))


def test_check_deploy_passes_with_production_settings() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        settings_under(**(PRODUCTION | {"SECRET_KEY": ""}))


def test_it_reads_postgresql_from_database_url() -> None:
    found = settings_under(DATABASE_URL="postgres://club:secret@db.example:5432/club")
    assert found["DATABASES"]["default"]["ENGINE"] == "django.db.backends.postgresql"


def test_on_postgresql_statements_are_bound_on_the_server_and_prepared_unless_told_not() -> None:
    url = "postgres://club:secret@db.example:5432/club"
    options = settings_under(DATABASE_URL=url)["DATABASES"]["default"]["OPTIONS"]
    assert options["server_side_binding"] is True and options["prepare_threshold"] == 1
    behind_a_pool = settings_under(DATABASE_URL=url, DB_PREPARED_STATEMENTS="0")
    assert "server_side_binding" not in behind_a_pool["DATABASES"]["default"].get("OPTIONS", {})
    sqlite = settings_under(DATABASE_URL="sqlite:////tmp/club.sqlite3")
    assert "prepare_threshold" not in sqlite["DATABASES"]["default"]["OPTIONS"]


def test_envbool_names_the_variable_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be one of"):
        envbool("DEBUG", "1")


def test_envint_names_the_variable_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECURE_HSTS_SECONDS", "a year")
    with pytest.raises(ImproperlyConfigured, match="SECURE_HSTS_SECONDS must be a whole number"):
        envint("SECURE_HSTS_SECONDS", "0")
