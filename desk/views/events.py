"""The secretary's desk: events and their rounds, registrations, round-robin pairings,
standings. Result entry and closing are in ``views_results``. Every view is behind
``secretary_required``."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

import django_tables2 as tables
from django.contrib import messages
from django.db.models import Count, F, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from club import event_state
from club.models import Bye, ChangeLog, Event, Member, Participant, Player, Result
from desk.access import get_event_for_secretary, secretary_required
from desk.forms.events import KIND_DEFAULTS, BaseRoundFormSet, EventForm, OutsiderForm, RoundFormSet
from desk.services import events as services
from desk.services import lots
from desk.services.checkin import next_number
from desk.services.players import search_players
from desk.standings import event_standings
from desk.views.actions import act
from desk.views.lifecycle import replays_context
from lib.limits import MAX_ROUNDS, whole_number
from lib.spreadsheets import spreadsheet_text
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
                request.user,
                changed=form.changed_data,
                round_dates=formset.dates() if formset else None,
                remove_rounds=formset.removed() if formset else (),
                add_rounds=form.cleaned_data.get("rounds") or 0,
                first_round=form.first_round_at(),
                interval=form.interval(),
            )
        except services.DeskError as error:
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
    team = tables.Column(verbose_name=gettext_lazy("Team"), default="", order_by=("team", "pk"))
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
        return format_html("{}", record.player.name)

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


def _next_round(event: Event) -> int:
    """The round a late entry would join: the one after the last round with a result."""
    played = event.rounds.filter(games__result__gt="").values_list("number", flat=True)
    return max(played, default=0) + 1


def template_exists(name: str) -> bool:
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True


def _event_page(
    request: HttpRequest, event: Event, outsider: OutsiderForm | None = None, status: int = 200
) -> HttpResponse:
    participants = event.participants.select_related("player")
    hidden = []
    if event.system != Event.System.MATCH and not participants.exclude(team="").exists():
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
    next_round = _next_round(event)
    context = {
        "event": event,
        "table": table,
        "rounds": rounds,
        "has_games": any(r.game_count for r in rounds),
        "pair_number": next_number(event) if event.system == Event.System.SWISS else None,
        "next_round": next_round,
        "outsider": outsider or OutsiderForm(initial={"joined_round": next_round}),
        "outsider_open": outsider is not None,
        "rated_by": RatingSystem.objects.rating(event),
        "changes": event.changes.select_related("user").order_by("-at", "-pk")[:CHANGES_SHOWN],
        "rating_changes_template": template_exists(RATING_CHANGES_TEMPLATE),
        "closable": event.status != Event.Status.CLOSED and not services.missing_results(event),
        **replays_context(event),
        "editable": editable,
    }
    return render(request, "desk/events/detail.html", context, status=status)


@secretary_required
@require_GET
def event(request: HttpRequest, pk: int) -> HttpResponse:
    return _event_page(request, get_event_for_secretary(request, pk))


# Registration


@secretary_required
@require_GET
def member_search(request: HttpRequest, pk: int) -> HttpResponse:
    """Members and known outside players found as the secretary types, by name or by
    FIDE or national ID (htmx: the results only; without JS: a page)."""
    event = get_event_for_secretary(request, pk)
    query = request.GET.get("q", "").strip()
    asked = whole_number(request.GET.get("joined_round"))
    joined_round = min(max(1, asked), MAX_ROUNDS) if asked is not None else _next_round(event)
    context = {
        "event": event,
        "found": search_players(event, query),
        "query": query,
        "joined_round": joined_round,
        "next_round": joined_round,
    }
    if request.headers.get("HX-Request"):
        return render(request, "desk/events/_search.html", context)
    return render(request, "desk/events/search.html", context)


def _joined(request: HttpRequest) -> int:
    posted = request.POST.get("joined_round", "1")
    return whole_number(posted) or 0  # 0 (not a number) is refused by the service


def _posted_player(request: HttpRequest) -> Player | None:
    """The player chosen in the search: ``player`` (a member or a known outsider), or
    ``member`` (a member's id, as the first forms posted it)."""
    player, member = request.POST.get("player", ""), request.POST.get("member", "")
    if (number := whole_number(player)) is not None:
        return Player.objects.filter(pk=number).first()
    if (number := whole_number(member)) is not None:
        found = Member.objects.select_related("player").filter(pk=number).first()
        return found.player if found else None
    return None


@secretary_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    player = _posted_player(request)
    if player is None:
        messages.error(request, _("Choose a member among those found."))
        return redirect("desk:event", pk=event.pk)
    return act(
        request,
        lambda: services.register(event, player, request.user, _joined(request)),
        success=_("%(name)s is registered.") % {"name": player.name},
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def register_outsider(request: HttpRequest, pk: int) -> HttpResponse:
    """An outside player in one form: the player is created (or found by FIDE or
    national ID) and registered."""
    event = get_event_for_secretary(request, pk)
    form = OutsiderForm(request.POST)
    if form.is_valid():
        try:
            participant, created = services.register_outsider(
                event, form.outsider(), request.user, form.joins_in_round()
            )
        except event_state.EventRefused as refused:  # its page shows no form: a message
            messages.error(request, str(refused))
            return redirect("desk:event", pk=event.pk)
        except services.DeskError as error:
            form.add_error(None, str(error))
        else:
            name = participant.player.name
            if created:
                messages.success(request, _("%(name)s is registered.") % {"name": name})
            else:
                messages.success(
                    request,
                    _("%(name)s was already known (same ID): registered.") % {"name": name},
                )
            return redirect("desk:event", pk=event.pk)
    return _event_page(request, event, outsider=form, status=400)


@secretary_required
@require_POST
def withdraw(request: HttpRequest, pk: int, participant: int) -> HttpResponse:
    """Withdraw a participant after a round, or take the withdrawal back
    (``reinstate``)."""
    event = get_event_for_secretary(request, pk)
    entry = get_object_or_404(
        Participant.objects.select_related("player", "event"), pk=participant, event=event
    )
    after: int | None = None
    if "reinstate" not in request.POST:
        after = whole_number(request.POST.get("after_round"), signed=True)
        if after is None:
            messages.error(request, _("Say after which round the player withdraws."))
            return redirect("desk:event", pk=event.pk)
    if after is None:
        done = _("%(name)s plays again.") % {"name": entry.player.name}
    else:
        done = _("%(name)s withdraws after round %(n)s.") % {"name": entry.player.name, "n": after}
    return act(
        request,
        lambda: services.withdraw(entry, after, request.user),
        success=done,
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def renumber(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: services.renumber(event, request.user),
        success=_("Pairing numbers follow the ratings."),
        back=reverse("desk:event", args=[event.pk]),
    )


@secretary_required
@require_POST
def draw_lots(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    try:
        lots.draw_lots(event, request.user)
        messages.success(request, _("Pairing numbers drawn by lot."))
    except services.DeskError as error:
        messages.error(request, str(error))
    return redirect("desk:event", pk=event.pk)


@secretary_required
@require_POST
def pair_round_robin(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    return act(
        request,
        lambda: services.pair_round_robin(event, request.user),
        success=lambda rounds: _("%(n)s rounds paired.") % {"n": rounds},
        back=reverse("desk:event", args=[event.pk]),
    )


# Standings and crosstable


def _until(request: HttpRequest) -> int | None:
    return whole_number(request.GET.get("ronde"))


@secretary_required
@require_GET
def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    until = _until(request)
    table = event_standings(item, until)
    context = {"event": item, "standings": table, "until": until}
    return render(request, "desk/standings.html", context)


@secretary_required
@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    table = event_standings(item, _until(request))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="classement-{item.pk}.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with a BOM
    writer = csv.writer(response, delimiter=";")
    labels = [str(label) for _t, label in table.columns]
    writer.writerow([_("Rank"), _("Name"), _("Points"), *labels])
    for line in table.lines:
        writer.writerow([line.rank, spreadsheet_text(line.player.name), line.points, *line.values])
    return response


@dataclass(frozen=True)
class Cell:
    """A crosstable's cell: the points scored against that opponent, ``+``/``-`` for a
    game won or lost by forfeit."""

    text: str
    forfeit: bool = False


def _cell_text(points: Decimal, forfeit: bool) -> str:
    if forfeit:
        return "+" if points else "−"
    return "½" if points == Decimal("0.5") else f"{points.normalize():f}"


@secretary_required
@require_GET
def crosstable_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    table = event_standings(item)
    ranked = [line.player.pk for line in table.lines]
    cells: dict[tuple[int, int], list[Cell]] = {}
    for game in table.games:
        result = Result(game.result)
        if result.points is None:
            continue
        for me, other, points in (
            (game.white_id, game.black_id, result.points[0]),
            (game.black_id, game.white_id, result.points[1]),
        ):
            cells.setdefault((me, other), []).append(
                Cell(_cell_text(points, result.is_forfeit), result.is_forfeit)
            )
    byes: dict[int, list[Bye]] = {}
    for bye in table.byes:
        byes.setdefault(bye.player_id, []).append(bye)
    grid = [
        (
            line,
            [cells.get((line.player.pk, q), []) if q != line.player.pk else None for q in ranked],
            byes.get(line.player.pk, []),
        )
        for line in table.lines
    ]
    context = {
        "event": item,
        "grid": grid,
        "size": range(1, len(ranked) + 1),
        "has_byes": bool(table.byes),
    }
    return render(request, "desk/crosstable.html", context)
