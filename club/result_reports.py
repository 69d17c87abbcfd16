"""Players report their own results, from a phone: with the board's code printed on the
secretary's pairing sheet (``club.board_codes``), or signed in, for their own game.

A report is a ``ResultReport`` row, one a side; it counts for nothing (standings,
pairings, ratings read ``Game.result`` only) until the secretary confirms it at the desk,
which writes the result through the one write path (``desk.services.reports``). A report
is refused once the game has a result (confirmed, or typed by the secretary), or when the
event is closed or cancelled, each with a sentence the player can act on. A later round
paired does not close a game to reports: a round robin's rounds are all paired at once,
and a game put off is played later. It takes the event's
row lock first, as every result write does, so that a report and a close, or a report and
the secretary's confirmation, never interleave.

Wrong codes are counted in the shared ``limits`` cache (``lib.rate_limits``), within
``WRONG_CODES_SECONDS``, by client address and for the whole site. A right code is always
looked up and let through, so that a prankster's wrong codes never turn against the
players behind the same address (a club's Wi-Fi). Guessing stays bounded: once an address
is past its own ``WRONG_CODES`` and the site past ``WRONG_CODES_ALL``, nothing more is
looked up from that address until the window ends, while addresses with few wrong codes
go on reporting. One address thus guesses at most about ``WRONG_CODES_ALL`` codes a
window: with 148 million codes and a hundred boards waiting, about one chance in 15,000
a window. Only wrong codes count, so a whole club behind one address reports freely."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club import board_codes, event_state
from club.exceptions import DeskError
from club.models import Event, Game, Member, Result, ResultReport
from lib.rate_limits import exceeded, one_more

WRONG_CODES = 10  # from one address
WRONG_CODES_ALL = 100  # from every address
WRONG_CODES_SECONDS = 15 * 60
SITE = "site"  # the site-wide count's key
OPEN = (Event.Status.ANNOUNCED, Event.Status.ONGOING)
AHEAD = timedelta(hours=12)
MY_GAMES = 3


class ReportRefused(DeskError):
    """A report refused, with a sentence for the player."""


class TooManyCodes(ReportRefused):
    """Too many wrong codes from one client: every code refused for a while."""


def refusal(game: Game) -> str | None:
    """Why ``game``'s result cannot be reported now (None when it can). ``game.round.event``
    is read as loaded: under the event's lock in ``report``."""
    event = game.round.event
    if event.status == Event.Status.CLOSED:
        return _("This event is closed: results can no longer be reported. Ask the secretary.")
    if event.status == Event.Status.CANCELLED:
        return _("This event is cancelled: there is no result to report.")
    if game.result:
        return _(
            "The result of this game is already recorded (%(result)s). If it is wrong, tell "
            "the secretary."
        ) % {"result": game.get_result_display()}
    return None


def _boards() -> Any:
    return Game.objects.select_related("round__event", "white", "black")


def by_code(typed: str, client: str) -> Game:
    """The board whose code is ``typed``: the one that can be reported when an old board
    shares its code. Refused with a message when the code is unknown (counted against
    ``client`` and the site), or unlooked-up when both ``client`` and the site typed too
    many wrong codes. A right code is never refused by the counts alone."""
    if exceeded("report-code", client, WRONG_CODES, WRONG_CODES_SECONDS) and exceeded(
        "report-code", SITE, WRONG_CODES_ALL, WRONG_CODES_SECONDS
    ):
        raise TooManyCodes(_too_many())
    code = board_codes.cleaned(typed)
    found = list(_boards().filter(report_code=code).order_by("-pk")[:10]) if code else []
    if not found:
        one_more("report-code", client, WRONG_CODES, WRONG_CODES_SECONDS)
        one_more("report-code", SITE, WRONG_CODES_ALL, WRONG_CODES_SECONDS)
        raise ReportRefused(
            _("No board has the code “%(code)s”. Check it on the pairing sheet.")
            % {"code": typed.strip()[:12]}
        )
    open_boards = [game for game in found if refusal(game) is None]
    return open_boards[0] if open_boards else found[0]


def _too_many() -> str:
    return _("Too many wrong codes from your connection: try again in a quarter of an hour.")


def player_of(user: User | AnonymousUser | None) -> int | None:
    """The player id of a signed-in member, None for anyone else."""
    if user is None or not user.is_authenticated:
        return None
    return Member.objects.filter(user=user).values_list("player_id", flat=True).first()


def current_games(user: User | AnonymousUser) -> list[Game]:
    """A signed-in member's games waiting for a result in the open events, the rounds
    begun or beginning within ``AHEAD`` (all of a round robin's rounds are paired at
    once), the latest first; a few at most."""
    player = player_of(user)
    if player is None:
        return []
    begun = Q(round__starts_at__isnull=True) | Q(round__starts_at__lte=timezone.now() + AHEAD)
    return list(
        _boards()
        .filter(Q(white_id=player) | Q(black_id=player), begun, result=Result.PENDING)
        .filter(round__event__status__in=OPEN)
        .order_by("-round__starts_at", "-round__number", "-pk")[:MY_GAMES]
    )


def side_of(game: Game, player: int | None) -> str | None:
    if player == game.white_id:
        return ResultReport.Side.WHITE
    if player == game.black_id:
        return ResultReport.Side.BLACK
    return None


def reports_of(game: Game) -> dict[str, ResultReport]:
    return {report.side: report for report in game.reports.all()}


def _same_author(made: ResultReport, user: User | None, reporter: str) -> bool:
    """Whether ``made`` is the report of the account ``user`` or of the phone ``reporter``
    (an opaque token its session keeps)."""
    if user is not None and made.user_id == user.pk:
        return True
    return bool(reporter) and made.reporter == reporter


def _how(made: ResultReport) -> str:
    return _("signed in") if made.via == ResultReport.Via.ACCOUNT else _("with the board's code")


@transaction.atomic
def report(
    game_id: int,
    side: str,
    typed: str,
    via: str,
    user: User | AnonymousUser | None = None,
    reporter: str = "",
) -> ResultReport:
    """Record ``side``'s report of ``game_id``'s result (1-0, 1/2-1/2 or 0-1) under the
    event's row lock, by the account ``user`` or the phone ``reporter`` (a token its
    session keeps); refused with a message when the game cannot be reported. A report
    replaces only its author's own earlier one: a side reported by someone else is
    refused, naming how it was reported, and one author reports one side of a board. With
    ``via`` "account", ``user`` must play the game, on ``side``."""
    event_id = Game.objects.filter(pk=game_id).values_list("round__event_id", flat=True).first()
    if event_id is None:
        raise ReportRefused(_("This game no longer exists: ask the secretary."))
    event = event_state.lock_row(event_id)
    game = _boards().select_for_update(of=("self",)).get(pk=game_id)
    game.round.event = event
    said = refusal(game)
    if said:
        raise ReportRefused(said)
    if side not in ResultReport.Side.values:
        raise ReportRefused(_("Say whether you played White or Black."))
    result = Result.typed(typed)
    if result not in ResultReport.RESULTS:
        raise ReportRefused(_("Choose the result: 1-0, ½-½ or 0-1."))
    if via == ResultReport.Via.ACCOUNT and side_of(game, player_of(user)) != side:
        raise ReportRefused(_("You can only report the result of your own game."))
    if via not in ResultReport.Via.values:
        raise ValueError(f"unknown way of reporting: {via}")
    account = user if isinstance(user, User) else None
    earlier = {made.side: made for made in ResultReport.objects.filter(game=game)}
    mine = earlier.get(side)
    if mine is not None and not _same_author(mine, account, reporter):
        raise ReportRefused(
            _(
                "%(side)s's result on this board is already reported: %(result)s, %(how)s. "
                "If it is wrong, tell the secretary."
            )
            % {
                "side": mine.get_side_display(),
                "result": mine.get_result_display(),
                "how": _how(mine),
            }
        )
    other = next((made for made in earlier.values() if made.side != side), None)
    if other is not None and _same_author(other, account, reporter):
        raise ReportRefused(
            _(
                "You already reported %(side)s's result on this board: each player reports "
                "their own side."
            )
            % {"side": other.get_side_display()}
        )
    made, _created = ResultReport.objects.update_or_create(
        game=game,
        side=side,
        defaults={
            "result": result,
            "via": via,
            "user": account,
            "reporter": reporter[:32],
            "reported_at": timezone.now(),
        },
    )
    return made
