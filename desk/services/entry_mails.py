"""The mails an entrant gets, in the language they entered in, through the task worker
(``lib.mail_tasks``: sent once the transaction commits), and the signed token of the link
in them, which lets the entrant confirm their address or withdraw (``django.core.signing``:
the entry's id, signed with the site's secret key and this module's salt)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from club.models import Entry
from lib.mail_tasks import send_mail_later

Link = Callable[[str], str]  # a path made a full address (``request.build_absolute_uri``)

SALT = "club.entries.link"
# A link works until a year after it was sent: the event is long over by then.
LINK_SECONDS = 366 * 24 * 3600


def entry_token(entry: Entry) -> str:
    return signing.dumps({"entry": entry.pk}, salt=SALT)


def entry_id_from_token(token: str) -> int | None:
    """The entry the token names, None when it is not one this site signed (or too old)."""
    try:
        value = signing.loads(token, salt=SALT, max_age=LINK_SECONDS)
    except signing.BadSignature:
        return None
    entry = value.get("entry") if isinstance(value, dict) else None
    return entry if isinstance(entry, int) else None


def _texts(entry: Entry, kind: str) -> tuple[str, str]:
    """The subject and the first paragraph of the mail ``kind``, in the active language."""
    said = {
        "name": entry.name,
        "event": entry.event.title,
        "start": formats.date_format(timezone.localtime(entry.event.start), "DATETIME_FORMAT"),
    }
    if kind == "received":
        return _("Your entry for %(event)s") % said, _(
            "We have received the entry of %(name)s for %(event)s (%(start)s). The organisers "
            "will confirm it. Please confirm your e-mail address with the link below."
        ) % said
    if kind == "waiting":
        return _("Your entry for %(event)s: waiting list") % said, _(
            "The places of %(event)s (%(start)s) are taken: the entry of %(name)s is on the "
            "waiting list. We will write to you if a place frees up. Please confirm your "
            "e-mail address with the link below."
        ) % said
    if kind == "accepted":
        return _("Your entry for %(event)s is accepted") % said, _(
            "The entry of %(name)s for %(event)s (%(start)s) is accepted: see you there."
        ) % said
    if kind == "moved_up":
        return _("A place for you at %(event)s: your entry is accepted") % said, _(
            "A place of %(event)s (%(start)s) has freed up: the entry of %(name)s, first on "
            "the waiting list, is accepted. See you there."
        ) % said
    if kind == "refused":
        return _("Your entry for %(event)s could not be accepted") % said, _(
            "We are sorry: the entry of %(name)s for %(event)s could not be accepted. "
            "Answer this mail if you have a question."
        ) % said
    if kind == "withdrawn":
        return _("Your entry for %(event)s is withdrawn") % said, _(
            "The entry of %(name)s for %(event)s is withdrawn, as you asked."
        ) % said
    raise ValueError(kind)


def send_entry_mail(entry: Entry, kind: str, link: Link) -> None:
    """The mail ``kind`` (received, waiting, accepted, moved_up, refused, withdrawn) to the
    entrant,
    in their language, with their link (``link`` makes the path a full address)."""
    with translation.override(entry.language or settings.LANGUAGE_CODE):
        subject, paragraph = _texts(entry, kind)
        address = link(reverse("entry_link", args=[entry_token(entry)]))
        if kind in ("withdrawn", "refused"):
            body = paragraph + "\n"  # nothing left to do with the entry
        elif kind in ("accepted", "moved_up"):
            said = _("Your entry, to withdraw it if you cannot come:")
            body = paragraph + "\n\n" + said + f"\n{address}\n"
        else:
            said = _("Your entry, to confirm your address or to withdraw:")
            body = paragraph + "\n\n" + said + f"\n{address}\n"
        body += "\n-- \n" + settings.CLUB_NAME + "\n"
    send_mail_later(
        subject,
        body,
        settings.DEFAULT_FROM_EMAIL,
        [entry.email],
        reply_to=[settings.CLUB_EMAIL],
    )
