"""The error reports mailed to ADMINS (with ``DEBUG`` off, config/settings/production.py),
made for a volunteer's mailbox:

- one report per error and ``ERROR_REPORT_INTERVAL`` (an hour): an error is its logger,
  its level and, with an exception, the exception's class and the line that raised it,
  else the message before its arguments ("Service Unavailable: %s"); the later ones in the
  interval are in the journal only. The interval is counted in the ``limits`` cache, which
  every process shares; a cache out of order lets every report through.
- sent by the task worker (``lib.mail_tasks``), not inside the request; when the queue
  cannot take it (the database may be what failed) or the error arises inside a
  transaction (which may be rolled back, and the queued mail with it), by SMTP at once.
- the subject begins with the club's name (``EMAIL_SUBJECT_PREFIX``, "[CLUB_NAME] ").
- without secrets nor the visitor's traces (``ErrorReporter`` and ``ErrorReportFilter``,
  Django's exception reporter and its filter, subclassed as documented): on top of
  Django's own filter (settings named like a key or a password), the password of every
  address in a setting, a header or a variable (``redis://:password@host``,
  ``postgres://club:password@host``), the visitor's IP addresses, cookies, and the values
  of the query string and of the form posted, as the error tracker leaves them out
  (lib/error_tracker.py).
"""

from __future__ import annotations

import hashlib
import logging
import re
import traceback
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.cache import caches
from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.http import HttpRequest
from django.utils.log import AdminEmailHandler
from django.views.debug import ExceptionReporter, SafeExceptionReporterFilter

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

logger = logging.getLogger(__name__)

# user:password@ (or :password@) in an address of any scheme
URL_PASSWORD = re.compile(r"(?P<start>[a-z][a-z0-9+.-]*://[^/\s:@]*:)[^@\s/]+@", re.IGNORECASE)
# the request's headers that carry the visitor's address
ADDRESS_HEADERS = re.compile(r"^(REMOTE_ADDR|REMOTE_HOST|HTTP_X_FORWARDED_FOR|HTTP_X_REAL_IP)$")


def without_passwords(text: str) -> str:
    """``text`` with the password of every address in it replaced by asterisks."""
    return URL_PASSWORD.sub(lambda found: f"{found['start']}********@", text)


class ErrorReportFilter(SafeExceptionReporterFilter):
    """Django's filter of error reports, which also leaves out addresses' passwords, the
    visitor's IP addresses and cookies, and the values of the query and the form."""

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        cleansed = super().cleanse_setting(key, value)
        return without_passwords(cleansed) if type(cleansed) is str else cleansed

    def get_safe_request_meta(self, request: HttpRequest) -> dict[str, Any]:
        meta = super().get_safe_request_meta(request)
        for name, value in meta.items():
            if ADDRESS_HEADERS.match(name) or name == "QUERY_STRING":
                meta[name] = self.cleansed_substitute
            elif name in ("RAW_URI", "REQUEST_URI") and type(value) is str:
                meta[name] = value.split("?")[0]  # gunicorn's and uWSGI's, with the query
        return meta

    def get_safe_cookies(self, request: HttpRequest | None) -> dict[str, Any]:
        cookies = getattr(request, "COOKIES", {})
        return {name: self.cleansed_substitute for name in cookies}

    def get_post_parameters(self, request: HttpRequest | None) -> Any:
        if request is None:
            return {}
        cleansed = request.POST.copy()
        for name in cleansed:
            cleansed[name] = self.cleansed_substitute
        return cleansed

    def get_traceback_frame_variables(self, request: Any, tb_frame: Any) -> Any:
        return [
            (name, without_passwords(value) if type(value) is str else value)
            for name, value in super().get_traceback_frame_variables(request, tb_frame)
        ]


class ErrorReporter(ExceptionReporter):
    """Django's report of an exception through ``ErrorReportFilter``, the values of the
    query string left out as well (Django's filter leaves them to the report)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.filter = ErrorReportFilter()

    def get_traceback_data(self) -> dict[str, Any]:
        data = super().get_traceback_data()
        if self.request is not None:
            hidden = self.filter.cleansed_substitute
            data["request_GET_items"] = [(name, hidden) for name in self.request.GET]
            if "request_insecure_uri" in data:
                data["request_insecure_uri"] = str(data["request_insecure_uri"]).split("?")[0]
        return data


def error_key(record: logging.LogRecord) -> str:
    """What makes two log records the same error, as a cache key."""
    parts = [record.name, record.levelname]
    if record.exc_info and record.exc_info[0] is not None:
        error_type, _error, trace = record.exc_info
        parts.append(f"{error_type.__module__}.{error_type.__qualname__}")
        frames = traceback.extract_tb(trace)
        if frames:
            parts.append(f"{frames[-1].filename}:{frames[-1].lineno}")
    else:
        parts.append(str(record.msg))
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return f"error-report:{digest}"


def first_in_interval(record: logging.LogRecord) -> bool:
    """Whether ``record`` is the first of its error in this interval (and now counted)."""
    try:
        return bool(caches["limits"].add(error_key(record), 1, settings.ERROR_REPORT_INTERVAL))
    except Exception:
        return True  # a cache out of order: reported every time rather than never


class ErrorReportHandler(AdminEmailHandler):
    """Django's ``AdminEmailHandler``, throttled, reporting through ``ErrorReporter`` and
    sent through the task worker."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("reporter_class", "lib.error_reports.ErrorReporter")
        super().__init__(*args, **kwargs)

    def emit(self, record: logging.LogRecord) -> None:
        if first_in_interval(record):
            super().emit(record)

    def send_mail(
        self, subject: StrOrPromise, message: StrOrPromise, *args: Any, **kwargs: Any
    ) -> None:
        if not settings.ADMINS:
            return
        if not connection.in_atomic_block:
            from lib.mail_tasks import message_fields, send_queued_email

            email = EmailMultiAlternatives(
                f"{settings.EMAIL_SUBJECT_PREFIX}{subject}",
                str(message),
                settings.SERVER_EMAIL,
                [address for _name, address in settings.ADMINS],
            )
            if kwargs.get("html_message"):
                email.attach_alternative(kwargs["html_message"], "text/html")
            try:
                send_queued_email.enqueue(message_fields(email))
                return
            except Exception:
                logger.warning("Error report not queued: sent at once", exc_info=True)
        super().send_mail(subject, message, *args, **kwargs)
