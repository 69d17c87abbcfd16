"""The secretary's forms for interclubs. A line-up is read board by board in the view
(``read_lineup``): a member chosen for one of our teams, a name and a rating typed for
another club's team."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.exceptions import DeskError
from interclub.models import Division, Team
from interclub.services import Typed
from lib.inputs import BoundedInputs
from lib.limits import whole_number

MAX_RATING = 3500


class DivisionForm(BoundedInputs, forms.ModelForm):
    our_teams = forms.CharField(
        label=gettext_lazy("Our teams"),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=gettext_lazy("One a line, e.g. Wavre 1."),
    )
    other_teams = forms.CharField(
        label=gettext_lazy("Other clubs' teams"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=gettext_lazy("One a line, e.g. Namur 2."),
    )

    class Meta:
        model = Division
        fields = ["season", "name", "boards", "home_white_on_odd", "order_tolerance"]

    def lines(self, name: str) -> list[str]:
        return [line.strip() for line in self.cleaned_data[name].splitlines() if line.strip()]


class MatchForm(BoundedInputs, forms.Form):
    home = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Home team"))
    away = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Away team"))
    start = forms.DateTimeField(
        label=gettext_lazy("Date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    venue = forms.CharField(label=gettext_lazy("Venue"), max_length=200, required=False)

    def __init__(self, division: Division, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = division.teams.order_by("-ours", "name")
        self.fields["home"].queryset = teams  # type: ignore[attr-defined]
        self.fields["away"].queryset = teams  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("home") and data.get("home") == data.get("away"):
            self.add_error("away", _("A team cannot play itself."))
        return data


def _rating(board: int, raw: str) -> int | None:
    raw = raw.strip()
    if not raw:
        return None
    rating = whole_number(raw)
    if rating is None or not 0 <= rating <= MAX_RATING:
        raise DeskError(
            _("Board %(board)s: the rating is a whole number from 0 to %(max)s.")
            % {"board": board, "max": MAX_RATING}
        )
    return rating


def read_lineup(team: Team, boards: int, data: QueryDict) -> list[Typed]:
    """The line-up posted for ``team``, board 1 first, trailing empty boards dropped."""
    typed: list[Typed] = []
    for board in range(1, boards + 1):
        if team.ours:
            raw = data.get(f"player-{board}", "").strip()
            player_id = whole_number(raw)
            if raw and player_id is None:
                raise DeskError(_("Board %(board)s: choose a player.") % {"board": board})
            typed.append(Typed(player_id=player_id))
        else:
            typed.append(
                Typed(
                    first_name=data.get(f"first-{board}", "")[:80],
                    last_name=data.get(f"last-{board}", "")[:80],
                    rating=_rating(board, data.get(f"rating-{board}", "")),
                )
            )
    while typed and typed[-1].empty:
        typed.pop()
    return typed
