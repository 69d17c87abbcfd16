"""E-mail leaves through the task worker (lib/mail_tasks.py), never inside the
request: queued when the request's transaction commits, sent by `manage.py db_worker`,
tried again later while the mail server does not answer."""

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.core.mail import BadHeaderError, EmailMessage, EmailMultiAlternatives
from django.db import transaction
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings

from lib.mail_tasks import (
    message_fields,
    message_from,
    queue_email,
    send_mail_later,
    send_queued_email,
)
from tests.task_worker import work_queued_tasks


@pytest.mark.django_db(transaction=True)
def test_the_contact_form_queues_its_mail_and_the_worker_sends_it(
    client: Client, settings: Settings
) -> None:
    settings.CLUB_EMAIL = "secretaire@example.be"
    form = {"name": "Anne", "email": "anne@example.be", "message": "Un cours le mardi ?"}
    response = client.post(reverse("contact"), form)
    assert response.status_code == 302
    assert mail.outbox == []  # nothing sent by the request
    assert DBTaskResult.objects.ready().count() == 1
    work_queued_tasks()
    [message] = mail.outbox
    assert message.to == ["secretaire@example.be"]
    assert message.subject == "Message de Anne"
    assert message.body == "Un cours le mardi ?\n\n-- \nAnne <anne@example.be>"
    assert DBTaskResult.objects.successful().count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_write_rolled_back_sends_no_mail() -> None:
    with pytest.raises(RuntimeError), transaction.atomic():
        send_mail_later("Sujet", "Corps", "club@example.be", ["anne@example.be"])
        raise RuntimeError("the write fails after the mail was asked for")
    assert not DBTaskResult.objects.exists()
    send_mail_later("Sujet", "Corps", "club@example.be", ["anne@example.be"])
    assert DBTaskResult.objects.count() == 1


def test_a_message_comes_back_from_the_queue_as_it_was_given() -> None:
    message = EmailMultiAlternatives(
        subject="Résultats du 22/11",
        body="Texte ✓",
        from_email="Club <club@example.be>",
        to=["anne@example.be"],
        cc=["bob@example.be"],
        bcc=["carl@example.be"],
        reply_to=["secretariat@example.be"],
        headers={"X-Club": "Wavre"},
    )
    message.attach_alternative("<p>Texte ✓</p>", "text/html")
    fields = message_fields(message)
    again = message_from(fields)
    for name in ("subject", "body", "from_email", "to", "cc", "bcc", "reply_to"):
        assert getattr(again, name) == getattr(message, name), name
    assert again.extra_headers == {"X-Club": "Wavre"}
    assert [tuple(part) for part in again.alternatives] == [("<p>Texte ✓</p>", "text/html")]
    assert again.message()["Subject"] == message.message()["Subject"]


@pytest.mark.django_db
def test_a_bad_header_is_refused_in_the_request_and_nothing_is_queued(
    django_capture_on_commit_callbacks: Any,
) -> None:
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(BadHeaderError):
        send_mail_later("Bonjour\nBcc: x@example.com", "Corps", None, ["anne@example.be"])
    message = EmailMessage("Sujet", "Corps", None, ["anne@example.be"])
    message.attach("liste.csv", "a,b\n", "text/csv")
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(ValueError):
        queue_email(message)
    assert not DBTaskResult.objects.exists()


@pytest.mark.django_db
def test_a_mail_server_that_does_not_answer_is_tried_again_later(settings: Settings) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT, settings.EMAIL_TIMEOUT = "127.0.0.1", 9, 2
    settings.MAIL_ATTEMPTS, settings.MAIL_RETRY_SECONDS = 3, 60
    fields = message_fields(EmailMessage("Sujet", "Corps", None, ["anne@example.be"]))
    started = timezone.now()
    send_queued_email.call(fields)  # the first try, as the worker runs it
    [retry] = DBTaskResult.objects.all()
    assert retry.args_kwargs == {"args": [fields, 2], "kwargs": {}}
    later = timedelta(seconds=60)
    assert started + later <= retry.run_after <= timezone.now() + later
    assert not DBTaskResult.objects.ready().exists()  # not before its time
    send_queued_email.call(fields, 2)
    [_, third] = DBTaskResult.objects.order_by("run_after")
    assert third.args_kwargs["args"][1] == 3
    assert third.run_after >= started + timedelta(seconds=120)
    with pytest.raises(ConnectionRefusedError):  # the last try: the task fails (logged)
        send_queued_email.call(fields, 3)
    assert DBTaskResult.objects.count() == 2 and mail.outbox == []
