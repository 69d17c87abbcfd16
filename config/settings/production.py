"""The settings of a deployment: every setting from the environment as in
``config.settings.base``, with ``DEBUG=0`` required, HTTPS (redirect, HSTS, secure
cookies) and every error logged mailed to ``ADMINS``.

``config.wsgi`` and ``config.asgi`` run with these unless ``DJANGO_SETTINGS_MODULE`` says
otherwise, and so does ``manage.py`` when ``DEBUG`` is off."""

from django.core.exceptions import ImproperlyConfigured

from config.env import envbool, envint
from config.settings.base import *  # noqa: F403
from config.settings.base import DEBUG, LOGGING

if DEBUG:
    raise ImproperlyConfigured(
        "config.settings.production needs DEBUG=0 (development runs config.settings.base)"
    )

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "1")
# the health check answers a load balancer's plain HTTP request on the local network
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = envint("SECURE_HSTS_SECONDS", "31536000")
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Every error logged, by a request (a 500), a task or a command, is mailed to ADMINS once
# an interval (ERROR_REPORT_INTERVAL) by the task worker, the subject starting with the
# club's name, without passwords nor the visitor's traces (lib/error_reports.py). Django's
# own mail handler on the "django" logger is taken away so that a 500 is not mailed twice,
# and a request for a host not in ALLOWED_HOSTS (robots) is logged only.
_LEVEL = LOGGING["root"]["level"]  # LOG_LEVEL
LOGGING = {
    **LOGGING,
    "handlers": {
        **LOGGING["handlers"],
        "mail_admins": {
            "class": "lib.error_reports.ErrorReportHandler",
            "level": "ERROR",
            "filters": ["require_debug_false"],
        },
    },
    "filters": {"require_debug_false": {"()": "django.utils.log.RequireDebugFalse"}},
    "root": {"handlers": ["console", "mail_admins"], "level": _LEVEL},
    "loggers": {
        "django": {"handlers": [], "level": _LEVEL, "propagate": True},
        "django.security.DisallowedHost": {"handlers": ["console"], "propagate": False},
    },
}
