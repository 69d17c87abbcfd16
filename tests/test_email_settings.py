"""E-mail settings from the environment: EMAIL_URL or Django's usual variables; the
console backend only with DEBUG on. Each case is checked against the URL's parts as
``urllib.parse`` reads them and against Django's SMTP backend built from the settings."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.mail.backends.smtp import EmailBackend

from config.env import envbool
from lib.email_config import CONSOLE, SMTP, EmailSettings, email_settings


def _settings(debug: bool = False, **env: str) -> EmailSettings:
    return email_settings(env, debug, envbool)


def _backend(found: EmailSettings) -> EmailBackend:
    return EmailBackend(
        host=found["EMAIL_HOST"], port=found["EMAIL_PORT"], username=found["EMAIL_HOST_USER"],
        password=found["EMAIL_HOST_PASSWORD"], use_tls=found["EMAIL_USE_TLS"],
        use_ssl=found["EMAIL_USE_SSL"], timeout=found["EMAIL_TIMEOUT"],
    )  # fmt: skip


def test_it_reads_an_smtp_url_with_starttls_and_an_encoded_password() -> None:
    found = _settings(EMAIL_URL="smtp+tls://club%40wavre.be:p%40ss%3Aword@mail.example.be:587")
    backend = _backend(found)
    assert found["EMAIL_BACKEND"] == SMTP
    assert (backend.host, backend.port, backend.username, backend.password) == (
        "mail.example.be", 587, "club@wavre.be", "p@ss:word",
    )  # fmt: skip
    assert backend.use_tls and not backend.use_ssl


def test_smtps_means_tls_from_the_start_on_port_465() -> None:
    backend = _backend(_settings(EMAIL_URL="smtps://u:p@mail.example.be"))
    assert (backend.port, backend.use_ssl, backend.use_tls) == (465, True, False)


def test_it_reads_djangos_usual_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EMAIL_USE_TLS", "1")  # booleans are read by the settings' envbool
    found = _settings(
        EMAIL_HOST="smtp.example.be", EMAIL_PORT="2525", EMAIL_HOST_USER="club",
        EMAIL_HOST_PASSWORD="secret", EMAIL_USE_TLS="1",
    )  # fmt: skip
    assert found["EMAIL_BACKEND"] == SMTP
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == (
        "smtp.example.be", 2525, True,
    )  # fmt: skip


def test_the_console_is_the_default_in_development_only() -> None:
    assert _settings(debug=True)["EMAIL_BACKEND"] == CONSOLE
    assert _settings(debug=False)["EMAIL_BACKEND"] == SMTP


def test_the_console_url_gives_every_setting_at_djangos_defaults() -> None:
    """Each EMAIL_* setting is assigned by name in the settings: none may be missing."""
    found = _settings(debug=True, EMAIL_URL="console://", EMAIL_TIMEOUT="5")
    assert found == {
        "EMAIL_BACKEND": CONSOLE, "EMAIL_HOST": "localhost", "EMAIL_PORT": 25,
        "EMAIL_HOST_USER": "", "EMAIL_HOST_PASSWORD": "", "EMAIL_USE_TLS": False,
        "EMAIL_USE_SSL": False, "EMAIL_TIMEOUT": 5,
    }  # fmt: skip


def test_production_refuses_the_console_with_a_clear_message() -> None:
    with pytest.raises(ImproperlyConfigured, match="set EMAIL_URL"):
        _settings(EMAIL_BACKEND=CONSOLE)
    with pytest.raises(ImproperlyConfigured, match="set EMAIL_URL"):
        _settings(EMAIL_URL="console://")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://mail.example.be", "EMAIL_URL must look like"),
        ("smtp://", "EMAIL_URL must look like"),
        ("smtp://mail.example.be:port", "port that is not a number"),
    ],
)
def test_a_bad_email_url_is_named(url: str, message: str) -> None:
    with pytest.raises(ImproperlyConfigured, match=message):
        _settings(EMAIL_URL=url)
