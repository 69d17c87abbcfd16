"""Interclub team matches: a season's division, its teams, the matches between two teams
and their line-ups. A match is an event of the club (kind interclub, system match) with
one round whose games are the boards: results go through the desk's one write path and
the ratings replays see them like any other game."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from club.models import Event, Player


class Division(models.Model):
    """A division (or series) of a season's interclubs: every match in it is played on
    the same number of boards."""

    class Boards(models.IntegerChoices):
        FOUR = 4, "4"
        SIX = 6, "6"
        EIGHT = 8, "8"

    season = models.CharField(_("season"), max_length=9, help_text=_("For example 2026-2027."))
    name = models.CharField(_("division"), max_length=120)
    boards = models.PositiveSmallIntegerField(
        _("boards"), choices=Boards.choices, default=Boards.EIGHT
    )
    home_white_on_odd = models.BooleanField(
        _("home team has white on odd boards"),
        default=True,
        help_text=_("Otherwise the home team has black on board 1, 3, 5…"),
    )
    order_tolerance = models.PositiveSmallIntegerField(
        _("board order tolerance"),
        null=True,
        blank=True,
        default=100,
        help_text=_(
            "A player rated more than this above a player on a higher board is flagged. "
            "Empty: no check."
        ),
    )

    class Meta:
        verbose_name = _("interclub division")
        verbose_name_plural = _("interclub divisions")
        ordering = ["-season", "name"]
        constraints = [
            models.UniqueConstraint(fields=["season", "name"], name="division_once_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.season}"

    def get_absolute_url(self) -> str:
        return reverse("interclub:division", args=[self.pk])


class Team(models.Model):
    """A team of a division: one of the club's own (its players are members) or another
    club's (its players are outside players, entered by name and rating)."""

    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="teams", verbose_name=_("division")
    )
    name = models.CharField(_("name"), max_length=120)
    ours = models.BooleanField(_("one of our teams"), default=False)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["division", "name"]
        constraints = [
            models.UniqueConstraint(fields=["division", "name"], name="team_name_unique"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def club_name(self) -> str:
        """The club an outside player of this team belongs to: the team's name without
        its number ("Namur 2" plays for Namur)."""
        head, _sep, tail = self.name.rpartition(" ")
        return head if head and tail.isdigit() else self.name


class TeamMatch(models.Model):
    """A match between two teams of a division, played as the event ``event``."""

    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="matches", verbose_name=_("division")
    )
    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="team_match", verbose_name=_("event")
    )
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="home_matches", verbose_name=_("home team")
    )
    away = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="away_matches", verbose_name=_("away team")
    )

    class Meta:
        verbose_name = _("team match")
        verbose_name_plural = _("team matches")
        ordering = ["event__start"]
        constraints = [
            models.CheckConstraint(condition=~Q(home=F("away")), name="match_two_teams"),
        ]

    def __str__(self) -> str:
        return f"{self.home} – {self.away}"

    def get_absolute_url(self) -> str:
        return reverse("interclub:match", args=[self.pk])


class LineupEntry(models.Model):
    """A player of a team's line-up, on a board (1 is the first)."""

    match = models.ForeignKey(
        TeamMatch, on_delete=models.CASCADE, related_name="lineup", verbose_name=_("match")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="+", verbose_name=_("team")
    )
    board = models.PositiveSmallIntegerField(_("board"))
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="lineups", verbose_name=_("player")
    )
    rating = models.PositiveSmallIntegerField(_("rating"), null=True, blank=True)

    class Meta:
        verbose_name = _("line-up entry")
        verbose_name_plural = _("line-up entries")
        ordering = ["match", "team", "board"]
        constraints = [
            models.UniqueConstraint(fields=["match", "team", "board"], name="lineup_board_once"),
            models.UniqueConstraint(fields=["match", "player"], name="lineup_player_once"),
            models.CheckConstraint(condition=Q(board__gte=1), name="lineup_board_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.board}: {self.player}"
