"""The secretary's desk: events and their rounds, registrations, round-robin pairings,
standings. Result entry and closing are in ``views_results``. Every view is behind
``secretary_required``."""

from __future__ import annotations

from typing import Any, cast

import django_tables2 as tables
from django.contrib import messages
from django.db.models import Count, F, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods
from django_tables2 import RequestConfig

from club import event_state, exceptions
from club.models import ChangeLog, Entry, Event, Participant, Result
from club.roles import acting_user
from desk.access import get_event_for_secretary, secretary_required
from desk.forms.events import KIND_DEFAULTS, BaseRoundFormSet, EventForm, OutsiderForm, RoundFormSet
from desk.services import events as services
from desk.services import results
from desk.services.checkin import next_number
from desk.views.lifecycle import replays_context
from ratings.models import RatingSystem

EVENTS_PER_STATUS = 50
CHANGES_SHOWN = 15
RATING_CHANGES_TEMPLATE = "ratings/_event_rating_changes.html"


# Events


@secretary_required
@require_GET
def events(request: HttpRequest) -> HttpResponse:
    """The events by status, ongoing first, the events to come from the next one, the
    others from the latest; ``?mine=1``: those the secretary changed."""
    mine = request.GET.get("mine") == "1"
    query = Event.objects.annotate(
        participant_count=Count("participants", distinct=True),
        round_count=Count("rounds", distinct=True),
    )
    if mine:
        me: int = request.user.pk or 0  # logged in: secretary_required saw to it
        changed = ChangeLog.objects.filter(user_id=me).values("event")
        query = query.filter(Q(updated_by_id=me) | Q(pk__in=changed))
    # the latest first, except the events to come: the next one first
    order = {Event.Status.ANNOUNCED: ("start", "pk")}
    by_status = {
        status: list(
            query.filter(status=status).order_by(*order.get(status, ("-start", "-pk")))[
                :EVENTS_PER_STATUS
            ]
        )
        for status in (
            Event.Status.ONGOING,
            Event.Status.ANNOUNCED,
            Event.Status.CLOSED,
            Event.Status.CANCELLED,
        )
    }
    context = {"by_status": by_status, "mine": mine, "per_status": EVENTS_PER_STATUS}
    return render(request, "desk/events/list.html", context)


@secretary_required
@require_http_methods(["GET", "POST"])
def event_form(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    """Create or edit an event; new rounds are generated, existing ones edited."""
    event = get_event_for_secretary(request, pk, edit=True) if pk else None
    data = request.POST if request.method == "POST" else None
    form = EventForm(data, instance=event, kind=request.GET.get("kind"))
    formset = cast(BaseRoundFormSet, RoundFormSet(data, event=event)) if event else None
    if data is not None and form.is_valid() and (formset is None or formset.is_valid()):
        try:
            saved = services.save_event(
                form.save(commit=False),
                acting_user(request),
                changed=form.changed_fields(),
                round_dates=formset.dates() if formset else None,
                remove_rounds=formset.removed() if formset else (),
                add_rounds=form.cleaned_data.get("rounds") or 0,
                first_round=form.first_round_at(),
                interval=form.interval(),
            )
        except exceptions.DeskError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The event is saved."))
            return redirect("desk:event", pk=saved.pk)
    busy: set[int] = set()
    if event:
        busy = set(
            event.rounds.filter(Q(games__isnull=False) | Q(byes__isnull=False)).values_list(
                "pk", flat=True
            )
        )
    context = {
        "form": form,
        "formset": formset,
        "event": event,
        "busy_rounds": busy,
        "kind_defaults": None if event else KIND_DEFAULTS,
    }
    return render(request, "desk/events/form.html", context)


# The event's page: participants, registration, rounds, closing


def _nulls_last(field: str, descending: bool) -> Any:
    return F(field).desc(nulls_last=True) if descending else F(field).asc(nulls_last=True)


class ParticipantTable(tables.Table):
    """The participants, sortable by pairing number, name or rating (``?tri=``)."""

    number = tables.Column(verbose_name="#", attrs={"td": {"class": "text-end"}})
    name = tables.Column(
        verbose_name=gettext_lazy("Name"),
        accessor="player__last_name",
        order_by=("player__last_name", "player__first_name", "pk"),
    )
    rating = tables.Column(
        verbose_name=gettext_lazy("Rating"),
        default="–",
        attrs={"td": {"class": "text-end"}, "th": {"class": "text-end"}},
    )
    team = tables.TemplateColumn(
        template_name="desk/events/_participant_team.html",
        verbose_name=gettext_lazy("Team"),
        order_by=("team", "pk"),
    )
    entry = tables.TemplateColumn(
        template_name="desk/events/_participant_entry.html",
        verbose_name=gettext_lazy("Rounds"),
        orderable=False,
        accessor="joined_round",
    )
    actions = tables.TemplateColumn(
        template_name="desk/events/_participant_actions.html",
        verbose_name=gettext_lazy("Withdrawal"),
        orderable=False,
        accessor="pk",
        attrs={"th": {"class": "text-end"}},
    )

    class Meta:
        model = Participant
        fields = ["number", "name", "rating", "team"]
        sequence = ["number", "name", "rating", "team", "entry", "actions"]
        attrs = {"class": "table table-sm bg-white align-middle", "id": "participants"}
        order_by_field = "tri"
        empty_text = gettext_lazy("Nobody is registered yet.")

    def render_name(self, record: Participant) -> str:
        return record.player.name

    def order_number(self, queryset: QuerySet[Any], is_descending: bool) -> tuple[Any, bool]:
        by_rating = _nulls_last("rating", True)
        return queryset.order_by(
            _nulls_last("number", is_descending),
            by_rating,
            "player__last_name",
            "player__first_name",
            "pk",
        ), True

    def order_rating(self, queryset: QuerySet[Any], is_descending: bool) -> tuple[Any, bool]:
        return queryset.order_by(
            _nulls_last("rating", is_descending), "player__last_name", "player__first_name", "pk"
        ), True


def round_to_join(event: Event) -> int:
    """The round a late entry would join: the one after the last round with a result."""
    played = event.rounds.filter(games__result__gt="").values_list("number", flat=True)
    return max(played, default=0) + 1


def template_exists(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True


def event_page(
    request: HttpRequest, event: Event, outsider: OutsiderForm | None = None, status: int = 200
) -> HttpResponse:
    participants = event.participants.select_related("player")
    hidden = []
    teams = (Event.System.MATCH, Event.System.SCHEVENINGEN)
    if event.system not in teams and not participants.exclude(team="").exists():
        hidden.append("team")
    editable = event_state.allows(event, event_state.Write.REGISTER)
    if not editable:
        hidden.append("actions")
    table = ParticipantTable(participants, order_by="number", exclude=hidden)
    RequestConfig(request, paginate=False).configure(table)
    rounds = list(
        event.rounds.annotate(
            game_count=Count("games"),
            missing=Count("games", filter=Q(games__result=Result.PENDING)),
        ).order_by("number")
    )
    next_round = round_to_join(event)
    context = {
        "event": event,
        "table": table,
        "rounds": rounds,
        "has_games": any(r.game_count for r in rounds),
        "paired_at_once": event.system in Event.System.paired_at_once(),
        "team_names": sorted(set(participants.exclude(team="").values_list("team", flat=True)))
        if event.system == Event.System.SCHEVENINGEN
        else [],
        "pair_number": next_number(event) if event.system == Event.System.SWISS else None,
        "next_round": next_round,
        "outsider": outsider or OutsiderForm(initial={"joined_round": next_round}),
        "outsider_open": outsider is not None,
        "rated_by": RatingSystem.objects.rating(event),
        "changes": event.changes.select_related("user").order_by("-at", "-pk")[:CHANGES_SHOWN],
        "rating_changes_template": template_exists(RATING_CHANGES_TEMPLATE),
        "closable": event.status != Event.Status.CLOSED and not results.missing_results(event),
        **replays_context(event),
        "editable": editable,
        # online entries: for events where games are played
        "takes_entries": event.kind not in Event.Kind.not_played(),
        "entries_to_decide": event.entries.filter(status=Entry.Status.RECEIVED).count(),
    }
    return render(request, "desk/events/detail.html", context, status=status)


@secretary_required
@require_GET
def event(request: HttpRequest, pk: int) -> HttpResponse:
    return event_page(request, get_event_for_secretary(request, pk))


# Registration


# Standings and crosstable
