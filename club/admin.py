from django import forms
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from club import admin_accounts  # noqa: F401  (the accounts' admin, registered there)
from club.admin_events import (
    FollowsEventState,
    GameForm,
    InlineFollowsEventState,
    bye_or_game_refusal,
)
from club.admin_labels import NamesDateAndTimeBoxes
from club.federations import FederationField
from club.models import Bye, ChangeLog, Entry, Event, Game, Member, Participant, Player, Round


class MemberInline(NamesDateAndTimeBoxes, admin.StackedInline):
    model = Member
    extra = 0


class PlayerAdminForm(forms.ModelForm):
    """A player in the admin site (which adds the model and all its fields): the
    federation typed is one of FIDE's codes, as at the desk."""

    federation = FederationField(required=False)
    national_id_federation = FederationField(
        required=False,
        label=_("National ID issued by"),
        help_text=_(
            "FIDE code of the federation that issued the national ID, e.g. BEL for a "
            "Belgian matricule: a French player of a Belgian club may hold one."
        ),
    )


@admin.register(Player)
class PlayerAdmin(NamesDateAndTimeBoxes, admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = [
        "__str__", "federation", "fide_id", "national_id", "national_id_federation",
        "fide_rating", "is_member",
    ]  # fmt: skip
    list_filter = [
        "federation",
        "national_id_federation",
        "sex",
        ("membership", admin.EmptyFieldListFilter),
    ]
    search_fields = ["last_name", "first_name", "fide_id", "national_id"]
    inlines = [MemberInline]

    @admin.display(boolean=True, description=_("member"))
    def is_member(self, player: Player) -> bool:
        return hasattr(player, "membership")

    def get_queryset(self, request):  # type: ignore[no-untyped-def]
        return super().get_queryset(request).select_related("membership")


@admin.register(Member)
class MemberAdmin(NamesDateAndTimeBoxes, admin.ModelAdmin):
    list_display = ["player", "status", "since", "until", "email"]
    list_filter = ["status"]
    search_fields = ["player__last_name", "player__first_name", "email"]
    autocomplete_fields = ["player"]  # the accounts: a plain list, named for screen readers
    list_select_related = ["player"]
    date_hierarchy = "since"


class RoundInline(NamesDateAndTimeBoxes, InlineFollowsEventState, admin.TabularInline):
    model = Round
    extra = 0


class ParticipantInline(NamesDateAndTimeBoxes, InlineFollowsEventState, admin.TabularInline):
    model = Participant
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Event)
class EventAdmin(NamesDateAndTimeBoxes, FollowsEventState, admin.ModelAdmin):
    list_display = ["title", "kind", "start", "time_control", "system", "status", "public"]
    list_filter = ["kind", "status", "time_control", "system", "public"]
    search_fields = ["title", "venue"]
    date_hierarchy = "start"
    inlines = [ParticipantInline, RoundInline]
    readonly_fields = ["status"]  # moved by the desk's transitions only (desk.services.lifecycle)


RESULT_ELSEWHERE = _(
    "A result changes at the secretary's desk only (result entry, or a CSV file): there "
    "a closed event is reopened first, the version is raised and the change is logged."
)


class GameInline(NamesDateAndTimeBoxes, InlineFollowsEventState, admin.TabularInline):
    model = Game
    form = GameForm
    extra = 0
    autocomplete_fields = ["white", "black"]
    fields = ["board", "white", "black", "result"]
    readonly_fields = ["result"]


class ByeForm(forms.ModelForm):
    """A bye scores what its kind scores (``Bye.Kind.points``): the points are not typed."""

    class Meta:
        model = Bye
        fields = ["player", "kind"]

    def clean(self):  # type: ignore[no-untyped-def]
        cleaned = super().clean()
        if cleaned.get("kind"):
            self.instance.points = Bye.Kind(cleaned["kind"]).points
        round_id = self.instance.round_id  # the inline's round, set by its formset
        refusal = bye_or_game_refusal(round_id, [cleaned.get("player")], bye=True)
        if refusal:
            self.add_error("player", refusal)
        return cleaned


class ByeFormSet(forms.BaseInlineFormSet):
    """A round's byes saved with its games in one page: a bye's player is refused when the
    same post gives them a game in that round (each form alone checks the database only)."""

    def clean(self) -> None:
        super().clean()
        posted = self.data
        boards = int(posted.get("games-TOTAL_FORMS", "0") or 0) if posted else 0
        playing = {
            posted.get(f"games-{n}-{colour}", "")
            for n in range(min(boards, 1000))
            if not posted.get(f"games-{n}-DELETE")
            for colour in ("white", "black")
        } - {""}
        for form in self.forms:
            player = form.cleaned_data.get("player") if form.cleaned_data else None
            if (
                player is not None
                and not form.cleaned_data.get("DELETE")
                and (str(player.pk) in playing)
            ):
                form.add_error(
                    "player",
                    _("This player has a game in this round: a bye and a game cannot both be."),
                )


class ByeInline(NamesDateAndTimeBoxes, InlineFollowsEventState, admin.TabularInline):
    model = Bye
    form = ByeForm
    formset = ByeFormSet
    extra = 0
    autocomplete_fields = ["player"]
    fields = ["player", "kind", "points"]
    readonly_fields = ["points"]


@admin.register(Round)
class RoundAdmin(NamesDateAndTimeBoxes, FollowsEventState, admin.ModelAdmin):
    list_display = ["__str__", "event", "number", "starts_at"]
    list_filter = ["event__kind"]
    search_fields = ["event__title"]
    list_select_related = ["event"]
    inlines = [GameInline, ByeInline]


@admin.register(Game)
class GameAdmin(NamesDateAndTimeBoxes, FollowsEventState, admin.ModelAdmin):
    form = GameForm
    list_display = ["round", "board", "white", "black", "result"]
    list_filter = ["result", "round__event__kind"]
    search_fields = ["white__last_name", "black__last_name", "round__event__title"]
    autocomplete_fields = ["white", "black", "round"]
    list_select_related = ["round__event", "white", "black"]
    # One way to change a result or the moves (desk.services.results.write_result): not here.
    readonly_fields = ["result", "version", "pgn", "changing_the_result"]

    @admin.display(description=_("changing the result"))
    def changing_the_result(self, game: Game) -> str:
        return str(RESULT_ELSEWHERE)


@admin.register(ChangeLog)
class ChangeLogAdmin(NamesDateAndTimeBoxes, admin.ModelAdmin):
    list_display = ["at", "user", "event", "action"]
    list_filter = ["action"]
    search_fields = ["action", "event__title", "user__username"]
    date_hierarchy = "at"
    list_select_related = ["user", "event"]

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(Entry)
class EntryAdmin(NamesDateAndTimeBoxes, admin.ModelAdmin):
    """The online entries, to be found by name or address; read-only: the secretary
    decides on them at the desk (``desk.services.entry_decisions``), where each decision
    is logged and mailed."""

    list_display = ["__str__", "event", "status", "email", "received_at", "confirmed_at"]
    list_filter = ["status"]
    search_fields = ["last_name", "first_name", "email", "fide_id", "event__title"]
    date_hierarchy = "received_at"
    list_select_related = ["event"]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False
