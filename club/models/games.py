"""A round's games, their results and byes, and the results the players report."""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from club.board_codes import BoardCodeField
from club.models.events import Round
from club.models.players import Player


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
    colourless = models.BooleanField(
        _("without colours"),
        default=False,
        help_text=_("A forfeit an imported file wrote without colours (TRF “-”): written back so."),
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


class LatestGames(models.Model):
    """A player's latest games of public events with a result, as the first page of their
    games on their member page shows them, kept so that the page need not look for them
    among all the club's games (``club.latest_games``): ``lines``, newest first, one more
    than a page (the page then knows there are older games), each ``[game id, event id,
    result, day (ISO), white's name, black's name, the event's title, its titles by
    language, whether its moves are kept, the event's start (POSIX), the round's number,
    the board]`` (the last three: the game's place among the player's games); None while
    out of date (a game deleted), when the page reads them from the games."""

    player = models.OneToOneField(
        Player,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="latest_games",
        verbose_name=_("player"),
    )
    lines = models.JSONField(_("latest games"), null=True)

    class Meta:
        verbose_name = _("player's latest games")
        verbose_name_plural = _("players' latest games")

    def __str__(self) -> str:
        return f"{self.player_id}: {len(self.lines or [])}"


class Bye(models.Model):
    """A round a player does not play: a pairing-allocated bye (the odd player out), or a
    requested half-point or zero-point bye."""

    class Written(models.TextChoices):
        """How a TRF file wrote a round without opponent when not with its kind's own
        code: older programs write the pairing-allocated bye as a forfeit won without
        opponent (``0000 - +``, FIDE's example file), its dummy opponent's round as a
        forfeit lost (``0000 - -``), a round not paired with a blank result (``0000 -``).
        The export writes the round back so; the pairing and the standings read the kind."""

        OWN = "", _("its kind's code")
        FORFEIT_WIN = "+", _("a forfeit won without opponent (0000 - +)")
        FORFEIT_LOSS = "-", _("a forfeit lost without opponent (0000 - -)")
        BLANK = "blank", _("not paired, no result (0000 -)")

        @property
        def trf_code(self) -> str:
            """The result code written (blank: none)."""
            return {"+": "+", "-": "-", "blank": ""}[self.value]

        @classmethod
        def from_trf(cls, code: str) -> Bye.Written:
            """How the TRF code of a round without opponent is kept: ``+``, ``-`` and a
            blank result each as written, the kinds' own codes (U F H Z) as their kind."""
            return {"+": cls.FORFEIT_WIN, "-": cls.FORFEIT_LOSS, "": cls.BLANK}.get(code, cls.OWN)

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
            return cls.ZERO_POINT  # Z, and "-" or a blank result: not paired, no point

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
    written = models.CharField(
        _("written as"),
        max_length=5,
        choices=Written.choices,
        default=Written.OWN,
        blank=True,
        help_text=_("How an imported file wrote this round, when not with its kind's code."),
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
            models.CheckConstraint(
                condition=Q(written="")
                | Q(written="+", kind="pab")
                | Q(written__in=["-", "blank"], kind="zero"),
                name="bye_written_as_its_kind",
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
    which writes the game's result (``desk.services.reports``). One report a side: its
    author (the account, or the phone's ``reporter`` token) who reports again replaces
    their own; anyone else is refused (``club.result_reports``)."""

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
    # the phone that reported (an opaque token its session keeps; nothing personal), so
    # that one phone reports one side and replaces only its own report
    reporter = models.CharField(_("reported from"), max_length=32, blank=True, default="")
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
