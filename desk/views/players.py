"""Players known twice: the likely duplicates (one name, two records) and their merge,
shown before it is done (what moves, what the kept record takes, what forbids it)."""

from __future__ import annotations

from django.db.models import Field
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from club.models import Player
from club.roles import acting_user
from desk.access import secretary_required
from desk.services import merge as services
from desk.views.actions import act


def _field_label(name: str) -> str:
    field = Player._meta.get_field(name)
    assert isinstance(field, Field)
    return str(field.verbose_name)


@secretary_required
@require_GET
def duplicates(request: HttpRequest) -> HttpResponse:
    """Every name two or more records share, each record with its identifiers."""
    groups = services.likely_duplicates()
    return render(request, "desk/players/duplicates.html", {"groups": groups})


@secretary_required
@require_http_methods(["GET", "POST"])
def merge(request: HttpRequest, kept: int, duplicate: int) -> HttpResponse:
    """GET: what merging ``duplicate`` into ``kept`` does; POST: do it."""
    kept_player = get_object_or_404(Player.objects.select_related("membership"), pk=kept)
    other = get_object_or_404(Player.objects.select_related("membership"), pk=duplicate)
    if request.method == "POST":
        return act(
            request,
            lambda: services.merge_players(kept_player.pk, other.pk, acting_user(request)),
            success=_("%(name)s is now one record; the ratings are being recalculated.")
            % {"name": kept_player.name},
            back=reverse("desk:merge_players", args=[kept, duplicate]),
            then=lambda _plan: reverse("desk:duplicates"),
        )
    plan = services.plan_merge(kept_player, other)
    models = {
        r.related_model._meta.model_name: r.related_model for r in Player._meta.related_objects
    }
    moves = [
        (
            models[name]._meta.verbose_name
            if count == 1
            else models[name]._meta.verbose_name_plural,
            count,
        )
        for name, count in plan.moves.items()
    ]
    context = {
        "plan": plan,
        "moves": moves,
        "records": [(kept_player, _("Kept")), (other, _("Merged into it"))],
        "completed": [_field_label(name) for name in plan.completed],
    }
    return render(request, "desk/players/merge.html", context)
