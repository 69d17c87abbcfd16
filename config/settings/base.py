"""Settings of the club site, read from environment variables: every setting, and the
development's defaults (``manage.py`` runs with these while ``DEBUG`` is on).

Development needs none of them: SQLite in the project folder, DEBUG on. Production sets
``DEBUG=0``, ``SECRET_KEY``, ``ALLOWED_HOSTS``, ``DATABASE_URL`` (PostgreSQL) and the
mail server (``EMAIL_URL``, lib/email_config.py), and runs ``config.settings.production``,
which adds what only a deployment sets (HTTPS, errors mailed). A club may choose its
languages (``SITE_LANGUAGES``, e.g. "fr,nl"; ``LANGUAGE_CODE``, the default one:
docs/languages.md).
"""

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.contrib.messages import constants as message_constants
from django.core.exceptions import ImproperlyConfigured
from psycopg import IsolationLevel

from config.env import (
    KNOWN_LANGUAGES,
    envaddresses,
    envbool,
    envfederation,
    envint,
    envlist,
    site_languages,
)
from lib.email_config import email_settings

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = envbool("DEBUG", "1")

_DEV_SECRET_KEY = "dev-only-secret-key-never-use-in-production-0123456789abcdef"
SECRET_KEY = os.getenv("SECRET_KEY", _DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "crispy_forms",
    "crispy_bootstrap5",
    "django_tasks",
    "django_tasks_db",
    "django_rq",
    "axes",
    "club",
    "ratings",
    "desk",
    "interclub",
    "public",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "lib.page_cache.PublicPageCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "club.account_language.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "lib.inputs.RequestInputMiddleware",
    "lib.private_pages.PrivatePagesMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",
]

# Sessions in the database, read through the "sessions" cache every worker shares
# (cached_db: a signed-in request reads a file, not the database; never the default cache,
# each process's own memory, where a session ended in one worker would live on in others)
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
SESSION_CACHE_ALIAS = "sessions"

# Content-Security-Policy: scripts only from this site, never inline (data for scripts
# travels in json_script blocks); styles may be set inline by Bootstrap, Chart.js, htmx.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, "'unsafe-inline'"],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "public.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        os.getenv("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=envint("DB_CONN_MAX_AGE", "0"),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and envbool(
    "DB_PREPARED_STATEMENTS", "1"
):
    # The parameters travel apart from the statement, and a statement a connection runs a
    # second time is prepared: PostgreSQL then parses and plans it once, not at each run
    # (a member's page: its four queries' database time 6.2 → 2.4 ms). It pays with
    # persistent connections (DB_CONN_MAX_AGE). Off (0) behind a pool in transaction mode
    # that cannot keep prepared statements (PgBouncer before 1.21).
    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "server_side_binding": True,
        "prepare_threshold": 1,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Every transaction takes the write lock when it begins, and a second writer waits
    # for it (up to ``timeout`` seconds) instead of failing with "database is locked"
    # when a read lock turns into a write.
    DATABASES["default"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "transaction_mode": "IMMEDIATE",
        "timeout": envint("SQLITE_TIMEOUT", "20"),
    }

# The same database through a connection of its own, whose transactions each read one
# snapshot: the ratings preview's (lib/snapshot.py routes its reads here). On PostgreSQL
# its transactions are REPEATABLE READ (psycopg begins each so, which a pool in
# transaction mode lets through; a read-only startup option would not pass PgBouncer,
# and the preview writes nothing). On SQLite a transaction sees one snapshot already (no other
# connection commits while it reads), and this one, which never writes, begins as a reader
# (DEFERRED): it does not wait for a writer's lock. The tests mirror ``default`` in it.
DATABASES["snapshot"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["snapshot"]["OPTIONS"] = {
        **DATABASES["default"].get("OPTIONS", {}),
        "isolation_level": IsolationLevel.REPEATABLE_READ,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["snapshot"]["OPTIONS"] = {
        **DATABASES["default"]["OPTIONS"],
        "transaction_mode": "DEFERRED",
    }
DATABASE_ROUTERS = ["lib.snapshot.SnapshotRouter"]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = os.getenv("LANGUAGE_CODE", "fr").strip()
LANGUAGES = site_languages(envlist("SITE_LANGUAGES", ",".join(KNOWN_LANGUAGES)), LANGUAGE_CODE)
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["club.formats"]  # the dates each language writes its own way
TIME_ZONE = os.getenv("TIME_ZONE", "Europe/Brussels")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Uploads (TRF, CSV, PGN files) are text of at most UPLOAD_MAX_BYTES; a larger body is
# refused by its Content-Length before it is read (lib/uploads.py), and files are kept
# in memory up to that size. DATA_UPLOAD_MAX_MEMORY_SIZE bounds the rest of a body (form
# fields, JSON). The reverse proxy must refuse larger bodies first (README).
UPLOAD_MAX_BYTES = 2 * 1024 * 1024
# An official rating list is larger (FIDE's combined TXT: about 200 MB, 40 MB zipped): its
# page allows this much, kept on disk (TemporaryFileUploadHandler), never in memory.
LIST_UPLOAD_MAX_BYTES = int(os.getenv("LIST_UPLOAD_MAX_BYTES", str(300 * 1024 * 1024)))
FILE_UPLOAD_MAX_MEMORY_SIZE = UPLOAD_MAX_BYTES + 64 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_HANDLERS = [
    "lib.uploads.SizeLimitedUploadHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]

CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"
DJANGO_TABLES2_TEMPLATE = "django_tables2/bootstrap5.html"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Login throttling (django-axes): guessing a password is stopped after a few failures for
# one account from one address, without letting a stranger lock a member out everywhere
# with a few tries (the lock is per account *and* address); wider limits stop guessing
# spread over addresses or over accounts (lib/login_limits.py). A success clears the
# count. An attempt refused during a lock is not counted and does not start the wait
# again: one address knocking on a locked account adds nothing to the account's count,
# so it cannot lock the member out from their own address. The backend must come
# first: it refuses locked credentials before the model backend checks them. The model
# backend is Django's, reading whether the user is a secretary with the user (one query).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "club.roles.RoleBackend",
]
AXES_FAILURE_LIMIT = envint("AXES_FAILURE_LIMIT", "5")
_AXES_COOLOFF_MINUTES = envint("AXES_COOLOFF_MINUTES", "15")
if AXES_FAILURE_LIMIT < 1 or _AXES_COOLOFF_MINUTES < 1:
    raise ImproperlyConfigured("AXES_FAILURE_LIMIT and AXES_COOLOFF_MINUTES must be at least 1")
AXES_COOLOFF_TIME = timedelta(minutes=_AXES_COOLOFF_MINUTES)
# Wider counts (lib/login_limits.py): one account from any address, one address on any
# account (password spraying), each with a higher limit than the pair's.
AXES_ACCOUNT_FAILURE_LIMIT = envint("AXES_ACCOUNT_FAILURE_LIMIT", "20")
AXES_ADDRESS_FAILURE_LIMIT = envint("AXES_ADDRESS_FAILURE_LIMIT", "20")
if min(AXES_ACCOUNT_FAILURE_LIMIT, AXES_ADDRESS_FAILURE_LIMIT) < AXES_FAILURE_LIMIT:
    raise ImproperlyConfigured(
        "AXES_ACCOUNT_FAILURE_LIMIT and AXES_ADDRESS_FAILURE_LIMIT must be at least "
        "AXES_FAILURE_LIMIT"
    )
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username", "ip_address"]
AXES_HANDLER = "lib.login_limits.LoginLimitsHandler"
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Failed attempts are kept for the lockout; successful logins (address, browser) are not
# recorded at all: personal data the club has no use for.
AXES_DISABLE_ACCESS_LOG = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_HTTP_RESPONSE_CODE = 429
# The client's address: axes reads REMOTE_ADDR, which behind the reverse proxy is the
# proxy's own. With DEBUG off the site runs behind one proxy that appends the client's
# address to X-Forwarded-For, so the address is read from the right of that header, the
# part the proxy wrote (the left part is whatever the client sent). TRUSTED_PROXY_COUNT is
# the number of proxies in front of the site; 0 (development) reads REMOTE_ADDR only.
# (axes' AXES_IPWARE_* settings need django-ipware, which is not installed.)
TRUSTED_PROXY_COUNT = envint("TRUSTED_PROXY_COUNT", "0" if DEBUG else "1")
AXES_CLIENT_IP_CALLABLE = "lib.client_ip.client_ip"

# Bootstrap's alert classes for Django's message levels (an error is "danger" there).
MESSAGE_TAGS = {message_constants.ERROR: "danger"}

# Background tasks (long replays): the database backend by default, worked by
# `manage.py db_worker`; "django_tasks.backends.immediate.ImmediateBackend" runs them at
# once in the request, and django-tasks-rq serves deployments that outgrow one machine.
TASKS = {
    "default": {
        "BACKEND": os.getenv("TASKS_BACKEND", "django_tasks_db.backend.DatabaseBackend"),
    }
}
# A running replay whose worker has given no sign of life (ratings/tasks.py writes one with
# each batch's progress) for this many seconds was interrupted (worker killed): restartable.
REPLAY_STALL_SECONDS = envint("REPLAY_STALL_SECONDS", "120")
# The health check (/health/, lib/health.py) fails when a task ready to run has
# waited longer than this for the worker.
HEALTH_TASK_WAIT_SECONDS = envint("HEALTH_TASK_WAIT_SECONDS", "600")
# ... and when the task worker (manage.py worker) has written no heartbeat for this many
# seconds (it writes one every quarter of it); 0: not checked (a site without a worker)
HEALTH_WORKER_SECONDS = envint("HEALTH_WORKER_SECONDS", "45")

# Calculations one client (its address behind the proxies) may ask of the public API in a
# minute: a script rating a club's season asks a few dozen; past it the API answers 429.
CALCULATOR_API_PER_MINUTE = envint("CALCULATOR_API_PER_MINUTE", "60")

# The RQ backend ("django_tasks_rq.RQBackend" in TASKS_BACKEND) for deployments with Redis:
# workers run `manage.py rqworker default` on as many machines as needed.
RQ_QUEUES = {"default": {"URL": os.getenv("REDIS_URL", "redis://127.0.0.1:6379/0")}}

# The pages, their versions and the sessions in files by default, in the site's own file
# backends (lib/file_cache.py): Django's FileBasedCache lists its folder at every write to
# count its files (30-170 ms a saved result with 2,500 versions, benchmarks/README.md).
# Django's RedisCache (django.core.cache.backends.redis.RedisCache) in a deployment with Redis:
# CACHE_URL (redis://host:6379/1) puts every cache the processes share there, each under its
# own key prefix (a site on several machines: docs/operations.md), and the variables of each
# cache (PAGE_CACHE_BACKEND, PAGE_CACHE_LOCATION, …) are then not read; without it, they
# place each cache apart.
CACHE_URL = os.getenv("CACHE_URL", "").strip()
_REDIS = "django.core.cache.backends.redis.RedisCache"
_FILES = "django.core.cache.backends.filebased.FileBasedCache"
_OWN_FILES = ("lib.file_cache.FileCache", "lib.file_cache.RecordFileCache")


def _backend(variable: str, files: str) -> str:
    """The backend of a shared cache: Redis with CACHE_URL, else its variable's, else files."""
    return _REDIS if CACHE_URL else os.getenv(variable, files)


def _location(variable: str, folder: str) -> str:
    """The location of a shared cache: CACHE_URL, else its variable's, else ``folder``."""
    return CACHE_URL or os.getenv(variable, folder)


_PAGE_CACHE_BACKEND = _backend("PAGE_CACHE_BACKEND", "lib.file_cache.FileCache")
# The versions in files are records rewritten in place (a saved result writes five)
_PAGE_GENERATION_BACKEND = _backend(
    "PAGE_GENERATION_BACKEND",
    "lib.file_cache.RecordFileCache"
    if _PAGE_CACHE_BACKEND == "lib.file_cache.FileCache"
    else _PAGE_CACHE_BACKEND,
)
# Official rating lists uploaded by the administrators, kept here until the task worker has
# imported them (then deleted).
OFFICIAL_LISTS_DIR = Path(os.getenv("OFFICIAL_LISTS_DIR", str(BASE_DIR / ".official-lists")))
_PAGE_CACHE_LOCATION = _location("PAGE_CACHE_LOCATION", str(BASE_DIR / ".page-cache"))


def _shared_cache(
    alias: str, backend: str, location: str, files: dict[str, int] | None = None, **more: object
) -> dict[str, object]:
    """A cache every process shares: ``files`` (its bounds) for the site's file backends
    only (Redis' client would take OPTIONS as its connection's); a key prefix, the alias,
    for the others, so that caches sharing one Redis database never meet."""
    if backend in _OWN_FILES:
        where: dict[str, object] = {"OPTIONS": files} if files else {}
    else:
        where = {} if backend == _FILES else {"KEY_PREFIX": alias}
    return {"BACKEND": backend, "LOCATION": location, **where, **more}


# Progress of background work is written outside the work's own transaction, so that the
# page watching it sees it: a cache every process shares (files by default).
CACHES: dict[str, dict[str, object]] = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # A replay reports its progress here while it streams its rows to the database (never
    # the database cache), with the heartbeats by which a task worker tells a dead one.
    "progress": _shared_cache(
        "progress",
        _backend("PROGRESS_CACHE_BACKEND", _FILES),
        _location("PROGRESS_CACHE_LOCATION", str(BASE_DIR / ".progress-cache")),
    ),
    # Limits on anonymous requests (the contact form's messages an hour per address):
    # counted in a cache every worker process shares, files by default, Redis with
    # LIMITS_CACHE_BACKEND/LIMITS_CACHE_LOCATION.
    "limits": _shared_cache(
        "limits",
        _backend("LIMITS_CACHE_BACKEND", _FILES),
        _location("LIMITS_CACHE_LOCATION", str(BASE_DIR / ".limits-cache")),
    ),
    # Signed-in visitors' sessions (SESSION_ENGINE), the database's rows read once: files
    # by default, Redis with SESSION_CACHE_BACKEND/SESSION_CACHE_LOCATION.
    "sessions": _shared_cache(
        "sessions",
        _backend("SESSION_CACHE_BACKEND", "lib.file_cache.FileCache"),
        _location("SESSION_CACHE_LOCATION", str(BASE_DIR / ".session-cache")),
        {"MAX_ENTRIES": 100000},
    ),
    # Public pages as anonymous visitors see them (lib/page_cache.py), and apart, the
    # versions of what they show, changed by the writes (club/pages.py): shared by every
    # worker process, so that a write in one of them forgets the pages in all. With Redis,
    # set both locations (PAGE_CACHE_LOCATION, PAGE_GENERATION_LOCATION), or CACHE_URL.
    "pages": _shared_cache(
        "pages",
        _PAGE_CACHE_BACKEND,
        _PAGE_CACHE_LOCATION,
        {"MAX_ENTRIES": 20000},
        TIMEOUT=envint("PAGE_CACHE_SECONDS", "600"),
    ),
    "page-generation": _shared_cache(
        "page-generation",
        _PAGE_GENERATION_BACKEND,
        _location("PAGE_GENERATION_LOCATION", str(Path(_PAGE_CACHE_LOCATION) / "generation")),
        {"MAX_ENTRIES": 100000},  # a version a member and an event
        TIMEOUT=None,
    ),
}

# Public pages cached for anonymous visitors, forgotten at every committed write
# (lib/page_cache.py); off by default in development, where templates change.
PAGE_CACHE_ENABLED = envbool("PAGE_CACHE", "0" if DEBUG else "1")
# How long a reverse proxy or a browser may keep a public page (Cache-Control: max-age)
PAGE_CACHE_MAX_AGE = envint("PAGE_CACHE_MAX_AGE", "30")

CLUB_NAME = os.getenv("CLUB_NAME", "Cercle d'Échecs de Wavre")
# The club's number at its national federation (FRBE-KBSB: 601 is Wavre), in its Elo reports
CLUB_FEDERATION_NUMBER = os.getenv("CLUB_FEDERATION_NUMBER", "601")
# The club's national federation (its FIDE code): the issuer of the national IDs the desk
# types by default (a member who plays for France may hold a Belgian matricule)
CLUB_FEDERATION = envfederation("CLUB_FEDERATION", "BEL")

# E-mail (lib/email_config.py): EMAIL_URL or Django's EMAIL_* variables; the console
# backend with DEBUG on only.
_EMAIL = email_settings(os.environ, DEBUG, envbool)
EMAIL_BACKEND = _EMAIL["EMAIL_BACKEND"]
EMAIL_HOST = _EMAIL["EMAIL_HOST"]
EMAIL_PORT = _EMAIL["EMAIL_PORT"]
EMAIL_HOST_USER = _EMAIL["EMAIL_HOST_USER"]
EMAIL_HOST_PASSWORD = _EMAIL["EMAIL_HOST_PASSWORD"]
EMAIL_USE_TLS = _EMAIL["EMAIL_USE_TLS"]
EMAIL_USE_SSL = _EMAIL["EMAIL_USE_SSL"]
EMAIL_TIMEOUT = _EMAIL["EMAIL_TIMEOUT"]
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "club@localhost")
CLUB_EMAIL = os.getenv("CLUB_EMAIL", "secretariat@localhost")
SERVER_EMAIL = os.getenv("SERVER_EMAIL", DEFAULT_FROM_EMAIL)


# Who receives the errors of the site (a page that failed, a task that failed, anything
# logged as an error) by e-mail, with DEBUG off: ADMINS="Anne <anne@example.be>,…"
ADMINS = envaddresses("ADMINS")
# One report an error in this many seconds (lib/error_reports.py), the subject starting
# with the club's name
ERROR_REPORT_INTERVAL = envint("ERROR_REPORT_INTERVAL", "3600")
EMAIL_SUBJECT_PREFIX = f"[{CLUB_NAME}] "

# E-mails of the site are sent by the task worker (lib/mail_tasks.py): a mail server
# that does not answer is tried MAIL_ATTEMPTS times, MAIL_RETRY_SECONDS later, then twice as
# long at each try.
MAIL_ATTEMPTS = envint("MAIL_ATTEMPTS", "5")
MAIL_RETRY_SECONDS = envint("MAIL_RETRY_SECONDS", "60")

LOGGING: dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "WARNING")},
}

# The optional error tracker (lib/error_tracker.py): started only when SENTRY_DSN is set.
SENTRY_DSN = os.getenv("SENTRY_DSN", "").strip()
if SENTRY_DSN:
    from lib.error_tracker import start_error_tracker

    start_error_tracker(
        SENTRY_DSN,
        environment=os.getenv("SENTRY_ENVIRONMENT", "production"),
        traces_sample_rate=os.getenv("SENTRY_TRACES_SAMPLE_RATE", "0"),
    )
