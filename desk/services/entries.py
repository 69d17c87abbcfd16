"""Online entries from the public site: an event's terms set at the desk, an entry taken
(the player found in the club's players or the loaded official lists, or typed), its
address confirmed and its withdrawal by the entrant. The secretary's decisions are in
``desk.services.entry_decisions``, the mails in ``desk.services.entry_mails``.

Every write takes the event's row lock (``club.event_state.lock_row``), so that two
entries sent at once count the places one after the other, and an entry and the
secretary's decision never interleave. A refusal raises one of the errors below, with a
message for the entrant or the secretary, and writes nothing."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date, datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from club import event_state
from club.exceptions import DeskError
from club.models import Entry, EntryTerms, Event, Participant, Player
from club.players import name_key
from desk.services import entry_decisions
from desk.services.entry_mails import Link, send_entry_mail
from desk.services.events import log_change
from desk.services.registration import has_games
from ratings.models import ListedPlayer
from ratings.services.listed import FEDERATION_OF_LIST, issuer_of, listed, lists_issued_by


class EntryRefused(DeskError):
    """An entry the terms or the entries already made refuse."""


class EntriesClosed(EntryRefused):
    """The event takes no entry now: not open, closed by date, or begun."""


class AlreadyEntered(EntryRefused):
    """The player is registered in the event, or has entered it already."""


class RatingOutOfBounds(EntryRefused):
    """The player's rating is outside the event's bounds."""


class UnknownPlayer(EntryRefused):
    """The player chosen is not one the search offers (any longer)."""


# The terms, set at the desk ------------------------------------------------------------------


@dataclass(frozen=True)
class Terms:
    """An event's terms for online entries, as the secretary sets them."""

    open: bool
    closes_at: datetime | None = None
    places: int | None = None
    rating: str = EntryTerms.Rating.FIDE
    rating_min: int | None = None
    rating_max: int | None = None
    fee: str = ""
    translated_fees: dict[str, str] = field(default_factory=dict)  # by language code


@transaction.atomic
def set_terms(event_id: int, terms: Terms, user: User | None, link: Link) -> EntryTerms:
    """The event ``event_id``'s terms for online entries, written (and logged); places
    added (or the limit lifted) go to the waiting list's first entries
    (``entry_decisions.fill_places``)."""
    event = event_state.lock_row(event_id, event_state.Write.REGISTER)
    if event.kind in Event.Kind.not_played():
        raise DeskError(
            _("No game is played at a %(kind)s: it takes no entries.")
            % {"kind": event.get_kind_display()}
        )
    low, high = terms.rating_min, terms.rating_max
    if low is not None and high is not None and low > high:
        raise DeskError(_("The lowest rating is above the highest."))
    if terms.closes_at is not None and terms.closes_at > event.end:
        raise DeskError(_("Entries close before the event ends."))
    registered = Participant.objects.filter(event=event).exclude(withdrawn_after_round=0).count()
    if terms.places is not None and terms.places < registered:
        raise DeskError(
            ngettext(
                "%(n)s player is registered already: the places cannot be fewer "
                "(withdraw players first).",
                "%(n)s players are registered already: the places cannot be fewer "
                "(withdraw players first).",
                registered,
            )
            % {"n": registered}
        )
    row, _created = EntryTerms.objects.update_or_create(
        event=event,
        defaults={
            "open": terms.open,
            "closes_at": terms.closes_at,
            "places": terms.places,
            "rating": terms.rating,
            "rating_min": terms.rating_min,
            "rating_max": terms.rating_max,
            "fee": terms.fee.strip(),
            "translated_fees": terms.translated_fees,
        },
    )
    log_change(
        user,
        event,
        "entry_terms",
        open=terms.open,
        closes_at=terms.closes_at,
        places=terms.places,
        rating_min=terms.rating_min,
        rating_max=terms.rating_max,
    )
    entry_decisions.fill_places(event, user, link)
    return row


# An entry taken --------------------------------------------------------------------------------


@dataclass(frozen=True)
class EntryRequest:
    """What the public form sends: the player chosen in the search (``player_id``, one of
    the club's, or ``listed_id``, a line of an official list), else typed; and the
    entrant's private contact."""

    email: str
    language: str
    player_id: int | None = None
    listed_id: int | None = None
    first_name: str = ""
    last_name: str = ""
    sex: str = ""
    birth_year: int | None = None
    birth_date: date | None = None
    federation: str = ""
    club_name: str = ""
    fide_id: int | None = None
    phone: str = ""
    remark: str = ""


@dataclass(frozen=True)
class Identity:
    """Who enters, as the club or the lists know them (or as typed)."""

    first_name: str
    last_name: str
    player: Player | None = None
    sex: str = ""
    birth_year: int | None = None
    title: str = ""
    federation: str = ""
    fide_id: int | None = None
    national_id: str = ""
    national_id_federation: str = ""  # the federation that issued ``national_id``
    club_name: str = ""
    fide_rating: int | None = None
    national_rating: int | None = None

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


def _listed_federation(row: ListedPlayer) -> str:
    return row.federation or FEDERATION_OF_LIST.get(row.kind, "")


def with_list_ratings(identity: Identity, time_control: str) -> Identity:
    """The ratings the loaded lists give the player for the event's time control (FIDE's
    list by FIDE ID, the national list of the ID's issuer by national ID), over the ones
    known."""
    fide, national = identity.fide_rating, identity.national_rating
    lines: list[ListedPlayer] = []
    if identity.fide_id is not None:
        lines += listed().filter(fide_id=identity.fide_id)
    if identity.national_id:
        kinds = lists_issued_by(identity.national_id_federation)
        lines += listed().filter(national_id=identity.national_id, kind__in=kinds)
    for line in lines:
        rating = getattr(line, time_control, None) or line.standard
        if line.kind == "fide":
            fide = rating if rating is not None else fide
        else:
            national = rating if rating is not None else national
    return replace(identity, fide_rating=fide, national_rating=national)


def _of_player(player: Player) -> Identity:
    member = hasattr(player, "membership")
    return Identity(
        first_name=player.first_name,
        last_name=player.last_name,
        player=player,
        sex=player.sex,
        birth_year=player.birth_date.year if player.birth_date else player.birth_year,
        title=player.title,
        federation=player.federation,
        fide_id=player.fide_id,
        national_id=player.national_id,
        national_id_federation=player.national_id_federation,
        club_name=settings.CLUB_NAME if member else player.club_name,
        fide_rating=player.fide_rating,
        national_rating=player.national_rating,
    )


def _of_listed(row: ListedPlayer) -> Identity:
    last, _comma, first = row.name.partition(",")
    national = row if row.kind != "fide" else None
    if national is None and row.fide_id is not None:
        national = listed().filter(fide_id=row.fide_id).exclude(kind="fide").first()
    return Identity(
        first_name=(first.strip() or "?")[:80],
        last_name=(last.strip() or "?")[:80],
        sex=row.sex if row.sex in ("M", "F") else "",
        birth_year=row.birth_year,
        title=row.title,
        federation=_listed_federation(row),
        fide_id=row.fide_id,
        national_id=national.national_id if national else "",
        national_id_federation=issuer_of(national) if national else "",
    )


def _of_typed(request: EntryRequest) -> Identity:
    """A player typed: their FIDE ID, if given, must be theirs on FIDE's list (whose
    ratings they then take: a rating is never typed)."""
    typed = Identity(
        first_name=request.first_name.strip(),
        last_name=request.last_name.strip(),
        sex=request.sex,
        birth_year=request.birth_date.year if request.birth_date else request.birth_year,
        federation=request.federation.strip().upper(),
        fide_id=request.fide_id,
        club_name=request.club_name.strip(),
    )
    if request.fide_id is None:
        return typed
    known = Player.objects.filter(fide_id=request.fide_id).first()
    line = listed().filter(fide_id=request.fide_id).order_by("kind", "pk").first()
    holder = known.name if known else (_of_listed(line).name if line else None)
    if holder is not None and name_key(*holder.split(" ", 1)) != name_key(
        typed.first_name, typed.last_name
    ):
        raise UnknownPlayer(
            _("FIDE ID %(id)s is %(name)s's: check the number, or leave it empty.")
            % {"id": request.fide_id, "name": holder}
        )
    if known is not None:
        return replace(_of_player(known), club_name=typed.club_name or known.club_name)
    return typed


def identity_of(request: EntryRequest) -> Identity:
    """Who the request enters: the player chosen, or the one typed."""
    if request.player_id is not None:
        player = Player.objects.select_related("membership").filter(pk=request.player_id).first()
        if player is None:
            raise UnknownPlayer(_("This player is no longer known: search again."))
        found = _of_player(player)
        if request.club_name.strip() and not hasattr(player, "membership"):
            found = replace(found, club_name=request.club_name.strip())
        return found
    if request.listed_id is not None:
        row = listed().filter(pk=request.listed_id).first()
        if row is None:
            raise UnknownPlayer(_("This player is no longer in the loaded lists: search again."))
        return replace(_of_listed(row), club_name=request.club_name.strip())
    return _of_typed(request)


def _by_ids(identity: Identity, prefix: str = "") -> Q:
    """Rows of the same person by their FIDE ID or national ID (the player's fields under
    ``prefix``)."""
    same = Q(pk__in=[])
    if identity.fide_id is not None:
        same |= Q(**{f"{prefix}fide_id": identity.fide_id})
    if identity.national_id:
        same |= Q(
            **{
                f"{prefix}national_id_federation": identity.national_id_federation,
                f"{prefix}national_id": identity.national_id,
            }
        )
    return same


def _same_name(
    identity: Identity, first: str, last: str, born: int | None, fide: int | None
) -> bool:
    """Whether a row of that name, birth year and FIDE ID may be the same person: the same
    name, and neither the birth years nor the FIDE IDs, where both are known, differ."""
    same = name_key(first, last) == name_key(identity.first_name, identity.last_name)
    born_alike = None in (born, identity.birth_year) or born == identity.birth_year
    fide_alike = None in (fide, identity.fide_id) or fide == identity.fide_id
    return same and born_alike and fide_alike


def _check_once(event: Event, identity: Identity) -> None:
    """Refuse a player registered in the event already, or with an entry standing: the
    same record or IDs, or the same name (and birth year, where both are known)."""
    record = Q(player=identity.player) if identity.player is not None else Q(pk__in=[])
    registered = Participant.objects.filter(event=event).select_related("player")
    if registered.filter(record | _by_ids(identity, "player__")).exists() or any(
        _same_name(
            identity,
            p.player.first_name,
            p.player.last_name,
            p.player.birth_date.year if p.player.birth_date else p.player.birth_year,
            p.player.fide_id,
        )
        for p in registered
    ):
        raise AlreadyEntered(
            _("%(name)s is already registered in this event.") % {"name": identity.name}
        )
    standing = Entry.objects.filter(event=event, status__in=Entry.Status.standing())
    if standing.filter(record | _by_ids(identity)).exists() or any(
        _same_name(identity, e.first_name, e.last_name, e.birth_year, e.fide_id)
        for e in standing.only("first_name", "last_name", "birth_year", "fide_id")
    ):
        raise AlreadyEntered(
            _(
                "%(name)s has already entered this event: one entry a player. To change "
                "it, withdraw it from the link of its e-mail and enter again."
            )
            % {"name": identity.name}
        )


def _check_rating(terms: EntryTerms, identity: Identity) -> None:
    rating = terms.rating_of(identity.fide_rating, identity.national_rating)
    which = terms.get_rating_display()
    value = rating or 0
    said = {
        "name": identity.name,
        "which": which,
        "rating": rating if rating is not None else _("none"),
        "min": terms.rating_min,
        "max": terms.rating_max,
    }
    if terms.rating_min is not None and value < terms.rating_min:
        raise RatingOutOfBounds(
            _(
                "This tournament takes players with a %(which)s of %(min)s or more; "
                "%(name)s's is %(rating)s."
            )
            % said
        )
    if terms.rating_max is not None and value > terms.rating_max:
        raise RatingOutOfBounds(
            _(
                "This tournament takes players with a %(which)s of %(max)s or less; "
                "%(name)s's is %(rating)s."
            )
            % said
        )


def closed_because(event: Event, terms: EntryTerms | None) -> str | None:
    """Why the event takes no entry now, or None when it takes them."""
    if terms is None or not terms.open:
        return _("Online entries for “%(title)s” are closed.") % {"title": event.title}
    if event.status != Event.Status.ANNOUNCED:
        return _("“%(title)s” has begun: entries are closed.") % {"title": event.title}
    closes = terms.closes()
    if timezone.now() >= closes:
        return _("Entries closed on %(when)s.") % {
            "when": formats.date_format(timezone.localtime(closes), "DATETIME_FORMAT")
        }
    return None


@transaction.atomic
def take_entry(event_id: int, request: EntryRequest, link: Link) -> Entry:
    """An entry for the event ``event_id`` from the public form: refused when entries
    are closed, the player is registered or entered already, or their rating is outside
    the bounds; on the waiting list when the places are taken. The entrant is sent a
    mail in their language with the link to confirm their address or withdraw."""
    event = event_state.lock_row(event_id)
    terms = EntryTerms.objects.filter(event=event).first()
    if (why := closed_because(event, terms)) is not None:
        raise EntriesClosed(why)
    assert terms is not None
    identity = with_list_ratings(identity_of(request), event.time_control)
    _check_once(event, identity)
    _check_rating(terms, identity)
    full = terms.places_free() == 0
    entry = Entry.objects.create(
        event=event,
        status=Entry.Status.WAITING if full else Entry.Status.RECEIVED,
        player=identity.player,
        first_name=identity.first_name,
        last_name=identity.last_name,
        sex=identity.sex,
        birth_year=identity.birth_year,
        birth_date=request.birth_date if identity.player is None else None,
        title=identity.title,
        federation=identity.federation,
        fide_id=identity.fide_id,
        national_id=identity.national_id,
        national_id_federation=identity.national_id_federation,
        club_name=identity.club_name,
        fide_rating=identity.fide_rating,
        national_rating=identity.national_rating,
        email=request.email.strip(),
        phone=request.phone.strip(),
        remark=request.remark.strip(),
        language=request.language,
    )
    log_change(None, event, "entry_received", name=entry.name, status=entry.status)
    send_entry_mail(entry, "waiting" if full else "received", link)
    return entry


# The entrant's link: the address confirmed, the entry withdrawn ----------------------------------


def _locked_entry(entry_id: int) -> Entry:
    """The entry ``entry_id`` read again under its event's lock."""
    event_id = Entry.objects.filter(pk=entry_id).values_list("event_id", flat=True).first()
    if event_id is None:
        raise DeskError(_("This entry no longer exists."))
    event = event_state.lock_row(event_id)
    entry = Entry.objects.get(pk=entry_id)
    entry.event = event
    return entry


@transaction.atomic
def confirm_address(entry_id: int) -> Entry:
    """The entrant's address confirmed by the link of their mail (once: again, nothing)."""
    entry = _locked_entry(entry_id)
    if entry.status == Entry.Status.WITHDRAWN:
        raise DeskError(_("This entry was withdrawn."))
    if entry.confirmed_at is None:
        entry.confirmed_at = timezone.now()
        entry.save(update_fields=["confirmed_at"])
        log_change(None, entry.event, "entry_confirmed", name=entry.name)
    return entry


@transaction.atomic
def withdraw_entry(entry_id: int, link: Link) -> Entry:
    """The entry withdrawn by the entrant; accepted, its registration goes too, as long
    as the event has not begun (then the arbiter withdraws the player). The place it
    held goes to the waiting list's first entry (``entry_decisions.fill_places``)."""
    entry = _locked_entry(entry_id)
    if entry.status == Entry.Status.WITHDRAWN:
        raise DeskError(_("This entry was withdrawn already."))
    if entry.participant_id is not None:
        event_state.check(entry.event, event_state.Write.WITHDRAW)
        if entry.event.status != Event.Status.ANNOUNCED or has_games(entry.event):
            raise DeskError(
                _("The event has begun: tell the arbiter that you withdraw, at the venue.")
            )
        participant = entry.participant
        entry.participant = None
        entry.save(update_fields=["participant"])
        assert participant is not None
        participant.delete()
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    log_change(None, entry.event, "entry_withdrawn", name=entry.name)
    send_entry_mail(entry, "withdrawn", link)
    entry_decisions.fill_places(entry.event, None, link)
    return entry
