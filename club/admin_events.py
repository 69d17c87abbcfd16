"""Events in ``/admin/`` obey the event's state machine (``club.event_state``): a
closed or cancelled event, its rounds, games, byes and registrations are shown read-only
there (nothing else changes a closed event's rated games: the desk reopens it first, which
recalculates the ratings), and an event's status is never typed: it moves by the desk's
transitions only."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q
from django.http import HttpRequest
from django.utils.translation import gettext as _

from club.event_state import Write, allows
from club.models import Bye, Event, Game, Participant, Round


def event_of(obj: Any) -> Event | None:
    """The event an admin object belongs to (None for a new object)."""
    if isinstance(obj, Event):
        return obj
    if isinstance(obj, Round | Participant):
        return obj.event
    if isinstance(obj, Game | Bye):
        return obj.round.event
    return None


def changeable(obj: Any) -> bool:
    event = event_of(obj)
    return event is None or allows(event, Write.FORM)


class FollowsEventState:
    """For a ``ModelAdmin`` or an inline: no change, addition or deletion in an event its
    status keeps as it is (``obj``: the object, or an inline's parent)."""

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return changeable(obj) and super().has_change_permission(request, obj)  # type: ignore[misc]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return changeable(obj) and super().has_delete_permission(request, obj)  # type: ignore[misc]


class InlineFollowsEventState(FollowsEventState):
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return changeable(obj) and super().has_add_permission(request, obj)  # type: ignore[misc]


def bye_or_game_refusal(round_id: int | None, players: list[Any], bye: bool) -> str | None:
    """Why a bye (``bye``) or a game of ``players`` cannot go into round ``round_id``: a
    player has a game and a bye in no round (the database's triggers refuse it too)."""
    ids = [player.pk for player in players if player is not None]
    if round_id is None or not ids:
        return None
    if bye:
        taken = Game.objects.filter(round_id=round_id).filter(
            Q(white_id__in=ids) | Q(black_id__in=ids)
        )
        if taken.exists():
            return _("This player has a game in this round: a bye and a game cannot both be.")
    elif Bye.objects.filter(round_id=round_id, player_id__in=ids).exists():
        return _("A player of this game has a bye in this round: a bye and a game cannot both be.")
    return None


class GameForm(forms.ModelForm):
    """A game in ``/admin/``: refused for a player who has a bye in its round."""

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        round_ = cleaned.get("round") or (self.instance.round if self.instance.round_id else None)
        players = [cleaned.get("white"), cleaned.get("black")]
        refusal = bye_or_game_refusal(round_.pk if round_ else None, players, bye=False)
        if refusal:
            raise forms.ValidationError(refusal)
        return cleaned
