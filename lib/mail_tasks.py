"""E-mail sent by the background-task worker, not inside the request.

A request that sends mail itself waits for the mail server (seconds, or the timeout when
it is down) and shows it in its answer time. Here the request builds the message, checks
it (a line break in a header is refused at once, in the request, as Django's ``send()``
would), and hands it to the task queue when its transaction commits (no mail for a write
that was rolled back); the worker (``manage.py db_worker``, or RQ's) sends it with
settings.EMAIL_BACKEND. A mail server that does not answer is tried again later, up to
MAIL_ATTEMPTS times, waiting MAIL_RETRY_SECONDS, then twice as long at each try; after the
last the task fails (logged, and so mailed to ADMINS: the error mails themselves go out
directly, see settings.LOGGING).

    queue_email(EmailMessage(subject, body, from_email, [to]))
    send_mail_later(subject, body, from_email, [to])    # the shape of Django's send_mail

The message travels as JSON (subject, body, addresses, headers, HTML alternatives):
attachments are refused. Finished tasks keep their arguments (hence the messages) in the
task table until ``manage.py prune_db_task_results`` removes them (deploy/, daily).
"""

from __future__ import annotations

import logging
import smtplib
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import transaction
from django.utils import timezone
from django_tasks import DEFAULT_TASK_BACKEND_ALIAS, task, task_backends

logger = logging.getLogger(__name__)

ADDRESS_FIELDS = ("to", "cc", "bcc", "reply_to")


def message_fields(message: EmailMessage) -> dict[str, Any]:
    """What the worker needs to make ``message`` again, as JSON."""
    if message.attachments:
        raise ValueError("a queued e-mail cannot carry attachments")
    message.message()  # refuses line breaks in headers (BadHeaderError), as send() would
    fields: dict[str, Any] = {
        "subject": str(message.subject),
        "body": str(message.body),
        "from_email": str(message.from_email),
        **{name: [str(address) for address in getattr(message, name)] for name in ADDRESS_FIELDS},
        "headers": {str(k): str(v) for k, v in message.extra_headers.items()},
        "alternatives": [
            [str(content), str(mimetype)]
            for content, mimetype in getattr(message, "alternatives", [])
        ],
    }
    return fields


def message_from(fields: dict[str, Any]) -> EmailMultiAlternatives:
    message = EmailMultiAlternatives(
        subject=fields["subject"],
        body=fields["body"],
        from_email=fields["from_email"],
        headers=fields["headers"],
        **{name: fields[name] for name in ADDRESS_FIELDS},
    )
    for content, mimetype in fields["alternatives"]:
        message.attach_alternative(content, mimetype)
    return message


def queue_email(message: EmailMessage) -> None:
    """Send ``message`` from the task worker once the current transaction commits."""
    fields = message_fields(message)
    transaction.on_commit(partial(send_queued_email.enqueue, fields), robust=True)


def send_mail_later(
    subject: str,
    message: str,
    from_email: str | None,
    recipient_list: list[str],
    html_message: str | None = None,
    reply_to: list[str] | None = None,
) -> None:
    """Django's ``send_mail``, through the task worker; ``reply_to``, the addresses an
    answer goes to."""
    email = EmailMultiAlternatives(
        subject, message, from_email, recipient_list, reply_to=reply_to or None
    )
    if html_message:
        email.attach_alternative(html_message, "text/html")
    queue_email(email)


@task()
def send_queued_email(fields: dict[str, Any], attempt: int = 1) -> None:
    message = message_from(fields)
    try:
        message.send()
    except (OSError, smtplib.SMTPException) as error:
        backend = task_backends[DEFAULT_TASK_BACKEND_ALIAS]
        if attempt >= settings.MAIL_ATTEMPTS or not backend.supports_defer:
            raise
        wait = settings.MAIL_RETRY_SECONDS * 2 ** (attempt - 1)
        logger.warning(
            "E-mail not sent (try %d of %d: %s): tried again in %d s",
            attempt,
            settings.MAIL_ATTEMPTS,
            type(error).__name__,
            wait,
        )
        later = send_queued_email.using(run_after=timezone.now() + timedelta(seconds=wait))
        later.enqueue(fields, attempt + 1)
