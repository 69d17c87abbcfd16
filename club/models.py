"""The club's domain: players, members, events, rounds and games."""

from __future__ import annotations

import uuid
from datetime import date, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from chesslib.standings import Scoring
from club.board_codes import BoardCodeField

DEFAULT_SITTING = timedelta(hours=4)  # a round night's length when the event does not say


class Sex(models.TextChoices):
    MALE = "M", _("male")
    FEMALE = "F", _("female")


class Player(models.Model):
    """Anyone who plays a game the club records: a member, an interclub opponent, a
    player met in an open."""

    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True, help_text=_("When only the year is known.")
    )
    title = models.CharField(
        _("title"), max_length=3, blank=True, help_text=_("FIDE title: GM, IM, WGM, FM, ...")
    )
    fide_id = models.PositiveIntegerField(_("FIDE ID"), null=True, blank=True)
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, help_text=_("FIDE code, e.g. BEL, FRA.")
    )
    national_id = models.CharField(_("national ID"), max_length=20, blank=True)
    fide_rating = models.PositiveSmallIntegerField(
        _("FIDE rating"), null=True, blank=True, help_text=_("Last known official rating.")
    )
    national_rating = models.PositiveSmallIntegerField(
        _("national rating"), null=True, blank=True, help_text=_("Last known official rating.")
    )
    club_name = models.CharField(
        _("club"), max_length=120, blank=True, help_text=_("For players who are not members.")
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["fide_id"], condition=Q(fide_id__isnull=False), name="player_fide_id_unique"
            ),
            models.UniqueConstraint(
                fields=["federation", "national_id"],
                condition=~Q(national_id=""),
                name="player_national_id_unique",
            ),
        ]
        indexes = [models.Index(fields=["last_name", "first_name"], name="player_name_idx")]

    def __str__(self) -> str:
        return f"{self.last_name.upper()} {self.first_name}"

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


class MemberQuerySet(models.QuerySet["Member"]):
    def active(self) -> MemberQuerySet:
        """Members of the club today: active and honorary ones."""
        return self.filter(status__in=[Member.Status.ACTIVE, Member.Status.HONORARY])

    def public(self) -> MemberQuerySet:
        """Members the public may see: active ones who did not ask to be hidden."""
        return self.active().filter(listed=True)

    def with_live_calendar(self) -> MemberQuerySet:
        """Members whose calendar feed answers: members today whose login account, if
        they have one, is not deactivated."""
        return self.active().filter(Q(user__isnull=True) | Q(user__is_active=True))


class Member(models.Model):
    """A player's membership of the club. Contact details are private: they never reach a
    public page."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("active")
        HONORARY = "honorary", _("honorary")
        LAPSED = "lapsed", _("lapsed")

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="membership", verbose_name=_("player")
    )
    since = models.DateField(_("member since"))
    until = models.DateField(_("member until"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=30, blank=True)
    address = models.TextField(_("address"), blank=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="member",
        verbose_name=_("login account"),
    )
    listed = models.BooleanField(
        _("listed publicly"),
        default=True,
        help_text=_("Shown in the public member list and rankings."),
    )
    calendar_token = models.UUIDField(
        _("calendar token"),
        default=uuid.uuid4,
        unique=True,
        editable=False,
        help_text=_("The secret in the address of the member's own calendar feed."),
    )

    objects = MemberQuerySet.as_manager()

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["player__last_name", "player__first_name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(until__isnull=True) | Q(until__gte=F("since")),
                name="member_until_after_since",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)

    def get_absolute_url(self) -> str:
        return reverse("member", args=[self.pk])


class EventQuerySet(models.QuerySet["Event"]):
    def public(self) -> EventQuerySet:
        return self.filter(public=True)

    def upcoming(self) -> EventQuerySet:
        """Events still to come or under way: not over, not closed."""
        return (
            self.filter(end__gte=timezone.now())
            .exclude(status=Event.Status.CLOSED)
            .order_by("start", "pk")
        )

    def past(self) -> EventQuerySet:
        """Events over or closed, the latest finished first."""
        return self.filter(Q(end__lt=timezone.now()) | Q(status=Event.Status.CLOSED)).order_by(
            "-end", "-pk"
        )

    def tournaments(self) -> EventQuerySet:
        return self.exclude(kind__in=Event.Kind.not_played())


class Event(models.Model):
    class Kind(models.TextChoices):
        CHAMPIONSHIP = "championship", _("club championship")
        RAPID = "rapid", _("rapid evening")
        BLITZ = "blitz", _("blitz evening")
        INTERCLUB = "interclub", _("interclub match")
        OPEN = "open", _("open tournament")
        COURSE = "course", _("course")
        MEETING = "meeting", _("meeting")
        SOCIAL = "social", _("social")

        @classmethod
        def not_played(cls) -> list[Event.Kind]:
            """Kinds of events where no rated game is played."""
            return [cls.COURSE, cls.MEETING, cls.SOCIAL]

    class TimeControl(models.TextChoices):
        STANDARD = "standard", _("standard")
        RAPID = "rapid", _("rapid")
        BLITZ = "blitz", _("blitz")

    class System(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round robin")
        SCHEVENINGEN = "scheveningen", _("Scheveningen")
        SWISS = "swiss", _("Swiss")
        MATCH = "match", _("match")
        FREE = "free", _("free games")

        @classmethod
        def paired_at_once(cls) -> list[Event.System]:
            """Systems whose rounds are all paired at once, from the pairing numbers (C.07
            15.2's pre-determined pairings)."""
            return [cls.ROUND_ROBIN, cls.SCHEVENINGEN]

    class Status(models.TextChoices):
        ANNOUNCED = "announced", _("announced")
        ONGOING = "ongoing", _("ongoing")
        CLOSED = "closed", _("closed")
        CANCELLED = "cancelled", _("cancelled")

    kind = models.CharField(_("kind"), max_length=15, choices=Kind.choices)
    title = models.CharField(_("title"), max_length=200)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    start = models.DateTimeField(_("start"))
    end = models.DateTimeField(_("end"))
    time_control = models.CharField(
        _("time control"), max_length=10, choices=TimeControl.choices, default=TimeControl.STANDARD
    )
    system = models.CharField(
        _("tournament system"), max_length=15, choices=System.choices, default=System.FREE
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ANNOUNCED
    )
    public = models.BooleanField(_("public"), default=True)
    description = models.TextField(_("description"), blank=True)
    chief_arbiter = models.CharField(
        _("chief arbiter"),
        max_length=120,
        blank=True,
        help_text=_("Name and FIDE ID, as the tournament report (TRF) gives them."),
    )
    deputy_arbiters = models.TextField(
        _("deputy arbiters"),
        blank=True,
        help_text=_("One a line, name and FIDE ID, for the tournament report (TRF 112)."),
    )
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        help_text=_("The organising federation's FIDE code, e.g. BEL (TRF 032)."),
    )
    time_control_detail = models.CharField(
        _("allotted time"),
        max_length=100,
        blank=True,
        help_text=_(
            "As the rating report gives it, e.g. 90 min/40 moves + 30 min + 30 s (TRF 122)."
        ),
    )
    trf_kept = models.JSONField(
        _("TRF as imported"),
        default=dict,
        blank=True,
        editable=False,
        help_text=_("What an imported TRF file wrote that the event does not hold otherwise."),
    )
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), null=True, blank=True)
    accelerated = models.BooleanField(
        _("accelerated rounds"),
        default=False,
        help_text=_(
            "Swiss opens: Baku acceleration (FIDE C.04.5.1), virtual points for the top"
            " group in the first half of the rounds."
        ),
    )
    tiebreaks = models.CharField(
        _("tiebreaks"),
        max_length=200,
        blank=True,
        help_text=_("Tiebreak keys in the order they apply, separated by commas."),
    )

    class Cycles(models.IntegerChoices):
        SINGLE = 1, _("single round robin")
        DOUBLE = 2, _("double round robin")

    cycles = models.PositiveSmallIntegerField(
        _("cycles"),
        choices=Cycles.choices,
        default=Cycles.SINGLE,
        help_text=_(
            "Round robins: each pair meets once, or twice with the colours reversed"
            " (FIDE C.05, Annex 1)."
        ),
    )

    class TiebreakRating(models.TextChoices):
        FIDE = "fide", _("FIDE rating")
        NATIONAL = "national", _("national rating")

    tiebreak_rating = models.CharField(
        _("rating for the tie-breaks"),
        max_length=10,
        choices=TiebreakRating.choices,
        default=TiebreakRating.FIDE,
        help_text=_(
            "The rating the rating-based tie-breaks read (average rating of opponents,"
            " performance): each player's on the last official list before the event."
        ),
    )
    points_win = models.DecimalField(
        _("points for a win"), max_digits=3, decimal_places=1, default=Decimal(1)
    )
    points_draw = models.DecimalField(
        _("points for a draw"), max_digits=3, decimal_places=1, default=Decimal("0.5")
    )
    points_loss = models.DecimalField(
        _("points for a loss"), max_digits=3, decimal_places=1, default=Decimal(0)
    )
    points_forfeit_win = models.DecimalField(
        _("points for a forfeit win"), max_digits=3, decimal_places=1, default=Decimal(1)
    )
    max_half_byes = models.PositiveSmallIntegerField(
        _("half-point byes a player may request"),
        null=True,
        blank=True,
        help_text=_("Empty: no limit."),
    )
    no_bye_last_rounds = models.PositiveSmallIntegerField(
        _("no half-point bye in the last rounds"),
        default=0,
        help_text=_("How many of the last rounds refuse half-point byes (0: none)."),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("updated by"),
    )

    objects = EventQuerySet.as_manager()

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")
        ordering = ["-start"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gte=F("start")), name="event_ends_after_start"),
            models.CheckConstraint(
                condition=Q(points_win__gt=F("points_draw"))
                & Q(points_draw__gte=F("points_loss"))
                & Q(points_loss__gte=0)
                & Q(points_forfeit_win__gte=0),
                name="event_scoring_ordered",
            ),
        ]
        indexes = [models.Index(fields=["start"], name="event_start_idx")]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])

    @property
    def scoring(self) -> Scoring:
        """What a round scores in the event's standings."""
        return Scoring(
            win=Decimal(self.points_win),
            draw=Decimal(self.points_draw),
            loss=Decimal(self.points_loss),
            forfeit_win=Decimal(self.points_forfeit_win),
        )

    def sittings(self) -> list[tuple[datetime, datetime]]:
        """When the event is played, as (start, end) pairs: one a day on which rounds are
        scheduled (a championship's round nights), or the event's own span when its rounds
        have no dates. Reads ``rounds`` (prefetch them for many events)."""
        starts = sorted(r.starts_at for r in self.rounds.all() if r.starts_at is not None)
        if not starts:
            return [(self.start, self.end)]
        length = self.end - starts[-1]
        if not timedelta(minutes=30) <= length <= timedelta(hours=14):
            length = DEFAULT_SITTING
        by_day: dict[date, list[datetime]] = {}
        for start in starts:
            by_day.setdefault(timezone.localdate(start), []).append(start)
        return [(times[0], times[-1] + length) for times in by_day.values()]


TEAM_LENGTH = 120


class Participant(models.Model):
    """A player registered in an event. ``number`` is the pairing number; a late entry
    joins from ``joined_round``; a withdrawn player is not paired after
    ``withdrawn_after_round``."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="participants", verbose_name=_("event")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="participations", verbose_name=_("player")
    )
    number = models.PositiveSmallIntegerField(_("pairing number"), null=True, blank=True)
    rating = models.PositiveSmallIntegerField(
        _("rating"), null=True, blank=True, help_text=_("The rating used for seeding.")
    )
    team = models.CharField(
        _("team"), max_length=TEAM_LENGTH, blank=True, help_text=_("For team events.")
    )
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("participant")
        verbose_name_plural = _("participants")
        ordering = ["event", "number", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="participant_once_per_event"),
            models.UniqueConstraint(
                fields=["event", "number"],
                condition=Q(number__isnull=False),
                name="participant_number_unique",
            ),
        ]

    def __str__(self) -> str:
        return str(self.player)

    @property
    def withdrawn(self) -> bool:
        return self.withdrawn_after_round is not None


class Round(models.Model):
    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("event")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("%(event)s, round %(number)s") % {"event": self.event, "number": self.number}


class Result(models.TextChoices):
    """A game's result. Half points are exact: scores are ``Decimal``, never floats."""

    PENDING = "", _("not yet played")
    WHITE_WINS = "1-0", "1-0"
    DRAW = "1/2-1/2", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_WINS_FORFEIT = "+--", _("1-0 by forfeit")
    BLACK_WINS_FORFEIT = "--+", _("0-1 by forfeit")
    DOUBLE_FORFEIT = "---", _("double forfeit")
    UNPLAYED = "unplayed", _("unplayed")

    @property
    def points(self) -> tuple[Decimal, Decimal] | None:
        """(white's points, black's points); None while no result is known."""
        return _POINTS.get(self)

    @property
    def is_played(self) -> bool:
        """Played over the board: the only games a rating system rates."""
        return self in (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)

    @property
    def is_forfeit(self) -> bool:
        """Decided without play: a forfeit, a double forfeit, a game not played."""
        return self.points is not None and not self.is_played

    @property
    def key(self) -> str:
        """What a secretary types for this result at the desk (its code when it has no key)."""
        return _KEYS.get(self, self.value)

    @property
    def trf_codes(self) -> tuple[str, str]:
        """(white's, black's) result code in a TRF player line (FIDE TRF-16)."""
        return _TRF_CODES[self]

    @classmethod
    def typed(cls, text: str) -> Result | None:
        """The result meant by ``text``: a desk key (1, =, 5, ½, 0, + or -), a result's own
        code (1-0, 1/2-1/2, +--...), ½-½, or a spreadsheet's short forms (+-, -+, --);
        nothing typed is a result still to come. None when it is no result."""
        cleaned = text.strip()
        return _TYPED.get(cleaned) or _TYPED.get(cleaned.replace(" ", ""))

    @classmethod
    def from_trf(cls, white_code: str) -> Result:
        """The game's result from white's code in a TRF player line. White's ``-`` is a
        forfeit loss, or a double forfeit when black's code is ``-`` too (the reader
        decides with both lines)."""
        return _FROM_TRF.get(white_code, cls.PENDING)


ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)
_POINTS = {
    Result.WHITE_WINS: (ONE, ZERO),
    Result.DRAW: (HALF, HALF),
    Result.BLACK_WINS: (ZERO, ONE),
    Result.WHITE_WINS_FORFEIT: (ONE, ZERO),
    Result.BLACK_WINS_FORFEIT: (ZERO, ONE),
    Result.DOUBLE_FORFEIT: (ZERO, ZERO),
    Result.UNPLAYED: (ZERO, ZERO),
}
# The desk's keys: one a result (the one shown in a board's field), more that mean a draw.
_KEYS = {
    Result.WHITE_WINS: "1",
    Result.DRAW: "=",
    Result.BLACK_WINS: "0",
    Result.WHITE_WINS_FORFEIT: "+",
    Result.BLACK_WINS_FORFEIT: "-",
    Result.PENDING: "",
}
_TYPED: dict[str, Result] = {
    **{key: result for result, key in _KEYS.items()},
    **{result.value: result for result in Result if result.value},
    "5": Result.DRAW,
    "½": Result.DRAW,
    "½-½": Result.DRAW,
    "+-": Result.WHITE_WINS_FORFEIT,
    "-+": Result.BLACK_WINS_FORFEIT,
    "--": Result.DOUBLE_FORFEIT,
}
# FIDE TRF-16, a player line's result codes: 1 = 0 played, + - forfeits, W D L unrated
# games (read as played); a double forfeit and a game not played are "-" on both lines.
_TRF_CODES = {
    Result.WHITE_WINS: ("1", "0"),
    Result.DRAW: ("=", "="),
    Result.BLACK_WINS: ("0", "1"),
    Result.WHITE_WINS_FORFEIT: ("+", "-"),
    Result.BLACK_WINS_FORFEIT: ("-", "+"),
    Result.DOUBLE_FORFEIT: ("-", "-"),
    Result.UNPLAYED: ("-", "-"),
    Result.PENDING: ("", ""),
}
_FROM_TRF = {
    "1": Result.WHITE_WINS,
    "W": Result.WHITE_WINS,
    "=": Result.DRAW,
    "D": Result.DRAW,
    "0": Result.BLACK_WINS,
    "L": Result.BLACK_WINS,
    "+": Result.WHITE_WINS_FORFEIT,
    "-": Result.BLACK_WINS_FORFEIT,
}


class Game(models.Model):
    """A game of a round. A player cannot meet themself, and plays at most once in a
    round: the first rule is a check constraint, the second unique constraints and a
    trigger for the cross-colour case (``club/migrations/0003``)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="games", verbose_name=_("round")
    )
    board = models.PositiveSmallIntegerField(_("board"))
    white = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="games_as_white", verbose_name=_("white")
    )
    black = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="games_as_black", verbose_name=_("black")
    )
    result = models.CharField(
        _("result"), max_length=8, choices=Result.choices, default=Result.PENDING, blank=True
    )
    rated = models.BooleanField(
        _("rated"),
        default=True,
        help_text=_("Off for a game played but not to be rated (TRF W, D, L)."),
    )
    pgn = models.TextField(_("PGN"), blank=True)
    report_code = BoardCodeField(
        _("board code"),
        help_text=_(
            "Printed on the secretary's pairing sheet: the players report the result with it."
        ),
    )
    version = models.PositiveIntegerField(
        _("version"), default=1, help_text=_("Raised at every change: detects concurrent edits.")
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("updated by"),
    )

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["round", "board"]
        constraints = [
            models.CheckConstraint(condition=~Q(white=F("black")), name="game_not_against_self"),
            models.UniqueConstraint(fields=["round", "board"], name="game_board_unique"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once_per_round"),
            models.CheckConstraint(condition=Q(result__in=Result.values), name="game_result_valid"),
        ]
        # an index of its own rather than db_index: SQLite then drops the column in place
        # when the migration is undone, without rebuilding club_game and its triggers
        indexes = [models.Index(fields=["report_code"], name="game_report_code")]

    def __str__(self) -> str:
        return f"{self.white} – {self.black} {self.get_result_display()}"

    @property
    def points(self) -> tuple[Decimal, Decimal] | None:
        return Result(self.result).points


class Bye(models.Model):
    """A round a player does not play: a pairing-allocated bye (the odd player out), or a
    requested half-point or zero-point bye."""

    class Kind(models.TextChoices):
        PAIRING_ALLOCATED = "pab", _("pairing-allocated bye")
        FULL_POINT = "full", _("full-point bye")
        HALF_POINT = "half", _("half-point bye")
        ZERO_POINT = "zero", _("zero-point bye")

        @property
        def points(self) -> Decimal:
            """What the bye scores (FIDE C.04: a pairing-allocated bye scores a win)."""
            return _BYE_POINTS[self]

        @property
        def short(self) -> str:
            """The bye in a crosstable's cell or a round's line."""
            return {"pab": "+", "full": "1", "half": "½", "zero": "0"}[self.value]

        @property
        def trf_code(self) -> str:
            """The bye's code in a TRF player line (FIDE TRF-16: U pairing-allocated, F full
            point, H half, Z zero)."""
            return {"pab": "U", "full": "F", "half": "H", "zero": "Z"}[self.value]

        @classmethod
        def from_trf(cls, code: str) -> Bye.Kind:
            """The bye a TRF code records (a "+" without an opponent: allocated)."""
            if code == "H":
                return cls.HALF_POINT
            if code == "F":
                return cls.FULL_POINT
            if code in ("U", "+"):
                return cls.PAIRING_ALLOCATED
            return cls.ZERO_POINT

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="byes", verbose_name=_("player")
    )
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    points = models.DecimalField(
        _("points"),
        max_digits=2,
        decimal_places=1,
        help_text=_("What the kind of bye scores; the database refuses any other value."),
    )

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round"),
            models.CheckConstraint(
                condition=Q(kind__in=["pab", "full"], points=Decimal(1))
                | Q(kind="half", points=Decimal("0.5"))
                | Q(kind="zero", points=Decimal(0)),
                name="bye_points_of_its_kind",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_kind_display()}"

    @classmethod
    def of_kind(cls, kind: str, **fields: object) -> Bye:
        """A bye of ``kind`` with the points its kind scores."""
        return cls(kind=kind, points=Bye.Kind(kind).points, **fields)


_PLAYED = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)


class ResultReport(models.Model):
    """A game's result as one of its players reported it (``club.result_reports``): it
    counts for nothing (standings, pairings, ratings) until the secretary confirms it,
    which writes the game's result (``desk.services.reports``). One report a side: a
    player who reports again replaces their own."""

    class Side(models.TextChoices):
        WHITE = "white", _("White")
        BLACK = "black", _("Black")

    class Via(models.TextChoices):
        CODE = "code", _("the board's code")
        ACCOUNT = "account", _("their account")

    # what a player may report: a game played; forfeits are the secretary's
    RESULTS = _PLAYED

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="reports", verbose_name=_("game")
    )
    side = models.CharField(_("side"), max_length=5, choices=Side.choices)
    result = models.CharField(
        _("result"), max_length=8, choices=[(r.value, r.label) for r in _PLAYED]
    )
    via = models.CharField(_("reported with"), max_length=7, choices=Via.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("account"),
    )
    reported_at = models.DateTimeField(_("reported at"), default=timezone.now)

    class Meta:
        verbose_name = _("reported result")
        verbose_name_plural = _("reported results")
        ordering = ["game", "side"]
        constraints = [
            models.UniqueConstraint(fields=["game", "side"], name="report_once_a_side"),
            models.CheckConstraint(
                condition=Q(result__in=["1-0", "1/2-1/2", "0-1"]), name="report_result_played"
            ),
            models.CheckConstraint(condition=Q(side__in=["white", "black"]), name="report_side"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id} {self.side}: {self.result}"


_BYE_POINTS = {
    Bye.Kind.PAIRING_ALLOCATED: ONE,
    Bye.Kind.FULL_POINT: ONE,
    Bye.Kind.HALF_POINT: HALF,
    Bye.Kind.ZERO_POINT: ZERO,
}


class ChangeLog(models.Model):
    """Who changed what in the secretary's desk, and when."""

    at = models.DateTimeField(_("at"), auto_now_add=True, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("user"),
    )
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("event"),
    )
    action = models.CharField(_("action"), max_length=60)
    details = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        verbose_name = _("change")
        verbose_name_plural = _("changes")
        ordering = ["-at"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.user}: {self.action}"


class ArticleQuerySet(models.QuerySet["Article"]):
    def published(self) -> ArticleQuerySet:
        return self.filter(published_at__lte=timezone.now()).order_by("-published_at", "-pk")


class Article(models.Model):
    """A page of news or explanations, written in Markdown by the club's staff."""

    title = models.CharField(_("title"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True)
    body = models.TextField(_("text"), help_text=_("Markdown."))
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("author"),
    )

    objects = ArticleQuerySet.as_manager()

    class Meta:
        verbose_name = _("article")
        verbose_name_plural = _("articles")
        ordering = ["-published_at"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("article", args=[self.slug])


class AccountLanguage(models.Model):
    """The language an account last chose on the site (the language switch in the page's
    header): its pages after signing in, and the e-mails sent to it, are in that language
    (club/account_language.py)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="site_language",
        verbose_name=_("login account"),
    )
    # no choices: the site's languages are a setting (SITE_LANGUAGES), not a schema
    language = models.CharField(_("language"), max_length=7)

    class Meta:
        verbose_name = _("account language")
        verbose_name_plural = _("account languages")

    def __str__(self) -> str:
        return self.language
