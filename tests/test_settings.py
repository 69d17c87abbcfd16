import importlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.exceptions import ImproperlyConfigured
from psycopg import IsolationLevel

from config.env import envbool, envfederation, envint, settings_module

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-key-that-is-long-and-random-enough-0123456789",
    "ALLOWED_HOSTS": "club.example.be",
    "DATABASE_URL": "sqlite:////tmp/club-check-deploy.sqlite3",
}
SETTINGS_MODULES = ("base", "production", "test")


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    # DJANGO_ALLOW_ASYNC_UNSAFE is set by conftest for browser tests, DJANGO_SETTINGS_MODULE
    # by pytest-django: manage.py chooses its settings itself
    hidden = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE"}
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
    """The settings manage.py runs with in an environment of these variables (production's
    with DEBUG=0, base's otherwise), read afresh in this process."""
    return settings_of(None, **env)


def settings_of(module: str | None, **env: str) -> dict[str, Any]:
    """The settings of ``config.settings.<module>`` (None: the one manage.py would choose)
    in an environment of these variables, read afresh in this process: the modules of
    config/settings/ are run again, not taken from earlier imports, and forgotten after."""
    hidden = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE", "DJANGO_SETTINGS_MODULE"}
    environment = {k: v for k, v in os.environ.items() if k not in hidden} | env
    package = importlib.import_module("config.settings")
    imported = {name: vars(package)[name] for name in SETTINGS_MODULES if name in vars(package)}
    with mock.patch.dict(os.environ, environment, clear=True), mock.patch.dict(sys.modules):
        for name in SETTINGS_MODULES:
            sys.modules.pop(f"config.settings.{name}", None)
        try:
            name = f"config.settings.{module}" if module else settings_module()
            return dict(vars(importlib.import_module(name)))
        finally:
            for name in SETTINGS_MODULES:
                if name in imported:
                    setattr(package, name, imported[name])
                elif hasattr(package, name):
                    delattr(package, name)


def test_check_deploy_passes_with_production_settings() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        settings_under(**(PRODUCTION | {"SECRET_KEY": ""}))


def test_debug_off_means_a_deployments_settings_and_on_the_developments() -> None:
    production = settings_under(**PRODUCTION)
    assert production["SECURE_HSTS_SECONDS"] == 31536000 and production["SECURE_SSL_REDIRECT"]
    assert production["SESSION_COOKIE_SECURE"] and production["CSRF_COOKIE_SECURE"]
    assert production["LOGGING"]["root"]["handlers"] == ["console", "mail_admins"]
    development = settings_under()
    assert development["DEBUG"] is True
    assert "SECURE_HSTS_SECONDS" not in development and "SESSION_COOKIE_SECURE" not in development
    with mock.patch.dict(os.environ, {"DEBUG": "0"}):
        assert settings_module() == "config.settings.production"
    with mock.patch.dict(os.environ, {"DEBUG": "1"}):
        assert settings_module() == "config.settings.base"


def test_the_settings_package_itself_is_refused_as_settings_module() -> None:
    result = _manage("check", DJANGO_SETTINGS_MODULE="config.settings")
    assert result.returncode == 1
    assert "choose config.settings.production (a deployment)" in result.stderr


def test_production_settings_refuse_debug_on() -> None:
    with pytest.raises(ImproperlyConfigured, match="production needs DEBUG=0"):
        settings_of("production", **(PRODUCTION | {"DEBUG": "1"}))
    assert settings_of("production", **PRODUCTION)["SECURE_REFERRER_POLICY"] == "same-origin"


def test_the_tests_keep_their_sqlite_database_in_a_file_of_their_own() -> None:
    url = {"DATABASE_URL": "sqlite:////tmp/club.sqlite3"}
    test = settings_of("test", **url)["DATABASES"]["default"]
    folder = "/dev/shm" if Path("/dev/shm").is_dir() else tempfile.gettempdir()
    assert test["TEST"]["NAME"] == f"{folder}/club-tests-{os.getpid()}.sqlite3"
    assert test["NAME"] == "/tmp/club.sqlite3"
    assert "TEST" not in settings_of("base", **url)["DATABASES"]["default"]


def test_the_email_settings_are_each_set() -> None:
    found = settings_under(EMAIL_URL="smtp+tls://club%40wavre.be:secret@mail.example.be")
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_HOST_USER"]) == (
        "mail.example.be",
        587,
        "club@wavre.be",
    )
    assert (found["EMAIL_USE_TLS"], found["EMAIL_USE_SSL"], found["EMAIL_TIMEOUT"]) == (
        True,
        False,
        10,
    )


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


def test_the_previews_snapshot_is_the_same_database_through_a_connection_of_its_own() -> None:
    url = "postgres://club:secret@db.example:5432/club?options=-c%20search_path%3Dclub"
    databases = settings_under(DATABASE_URL=url)["DATABASES"]
    default, snapshot = databases["default"], databases["snapshot"]
    where = ("ENGINE", "NAME", "USER", "PASSWORD", "HOST", "PORT", "CONN_MAX_AGE")
    assert [snapshot[key] for key in where] == [default[key] for key in where]
    assert snapshot["OPTIONS"] == {
        **default["OPTIONS"],
        "isolation_level": IsolationLevel.REPEATABLE_READ,
    }
    assert default["OPTIONS"]["options"] == "-c search_path=club"
    assert snapshot["TEST"] == {"MIRROR": "default"}
    sqlite = settings_under(DATABASE_URL="sqlite:////tmp/club.sqlite3")["DATABASES"]
    assert sqlite["snapshot"]["NAME"] == "/tmp/club.sqlite3"
    assert sqlite["snapshot"]["OPTIONS"]["transaction_mode"] == "DEFERRED"
    assert sqlite["default"]["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_envbool_names_the_variable_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be one of"):
        envbool("DEBUG", "1")


def test_envint_names_the_variable_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SECURE_HSTS_SECONDS", "a year")
    with pytest.raises(ImproperlyConfigured, match="SECURE_HSTS_SECONDS must be a whole number"):
        envint("SECURE_HSTS_SECONDS", "0")


def test_envfederation_refuses_what_is_not_a_fide_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CLUB_FEDERATION", "Belgium")
    with pytest.raises(ImproperlyConfigured, match="CLUB_FEDERATION must be a federation's FIDE"):
        envfederation("CLUB_FEDERATION", "BEL")
    monkeypatch.setenv("CLUB_FEDERATION", "FRA")
    assert envfederation("CLUB_FEDERATION", "BEL") == "FRA"


def test_cache_url_puts_every_shared_cache_in_one_redis_each_under_its_own_prefix() -> None:
    """As deploy/club.env.example on two machines: CACHE_URL set, the file locations of
    each cache left as they are (then not read)."""
    url = "redis://:secret@10.0.0.10:6379/1"
    caches = settings_under(
        **PRODUCTION,
        CACHE_URL=url,
        PAGE_CACHE_LOCATION="/var/cache/club/pages",
        SESSION_CACHE_BACKEND="lib.file_cache.FileCache",
    )["CACHES"]
    shared = {alias: cache for alias, cache in caches.items() if alias != "default"}
    assert {
        alias: (c["BACKEND"], c["LOCATION"], c["KEY_PREFIX"]) for alias, c in shared.items()
    } == {
        alias: ("django.core.cache.backends.redis.RedisCache", url, alias)
        for alias in ["progress", "limits", "sessions", "pages", "page-generation"]
    }
    assert not any("OPTIONS" in cache for cache in shared.values())  # the files' bounds
    assert (shared["pages"]["TIMEOUT"], shared["page-generation"]["TIMEOUT"]) == (600, None)
    # the default cache stays each process's own (a game's viewer data, by its hash)
    assert caches["default"]["BACKEND"] == "django.core.cache.backends.locmem.LocMemCache"
    # without it, files, in the folders given
    caches = settings_under(**PRODUCTION, PAGE_CACHE_LOCATION="/var/cache/club/pages")["CACHES"]
    assert (caches["pages"]["BACKEND"], caches["pages"]["LOCATION"]) == (
        "lib.file_cache.FileCache",
        "/var/cache/club/pages",
    )
    assert "KEY_PREFIX" not in caches["pages"]
