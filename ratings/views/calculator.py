"""The rating calculator's page (``ratings.calculator`` does the work; its JSON API is
``calculator_api``) and the administrators' replays."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.roles import acting_user
from ratings.access import administrator_required, get_job_for_administrator
from ratings.calculator import calculation
from ratings.calculator_request import CalculationError
from ratings.forms import CalculatorForm, ReplayForm, systems_with_k
from ratings.models import ReplayJob
from ratings.tasks import (
    can_restart,
    is_interrupted,
    job_progress,
    last_sign_of_life,
    start_replay,
)
from ratings.tasks import restart as restart_job


@require_http_methods(["GET", "HEAD", "POST"])
def calculator(request: HttpRequest) -> HttpResponse:
    """The "Calculette Elo": a form, and the answer as a table like seed 000's example."""
    form = CalculatorForm(request.POST or None, initial={"system": "frbe", "games": 30})
    answer = result = None
    if request.method == "POST" and form.is_valid():
        try:
            answer, result = calculation(form.request())
        except CalculationError as error:
            form.add_error(form.field_for(error.field), error.message)
    games = []
    if answer and result:
        games = [
            {**line, "note_object": rule_line.note}
            for line, rule_line in zip(answer["games"], result.games, strict=True)
        ]
    context = {
        "form": form,
        "answer": answer,
        "games": games,
        "notes": result.notes if result else [],
        "systems_with_k": systems_with_k(),
    }
    return render(request, "ratings/calculator.html", context)


@administrator_required
@require_http_methods(["GET", "POST"])
def recalculation(request: HttpRequest) -> HttpResponse:
    """Administrators start a full replay in the background and watch its progress."""
    form = ReplayForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        job = start_replay(
            form.cleaned_data["system"], form.cleaned_data["since"], acting_user(request)
        )
        return redirect("ratings:job", pk=job.pk)
    jobs = [
        (replay, is_interrupted(replay))
        for replay in ReplayJob.objects.select_related("system").order_by("-created_at", "-pk")[:10]
    ]
    return render(request, "ratings/recalculation.html", {"form": form, "jobs": jobs})


@administrator_required
@require_GET
def job(request: HttpRequest, pk: int) -> HttpResponse:
    replay = get_job_for_administrator(request, pk)
    done, total = job_progress(replay)
    interrupted = is_interrupted(replay)
    context = {
        "job": replay,
        "done": done,
        "total": total,
        "percent": round(100 * done / total) if total else 0,
        "interrupted": interrupted,
        "last_sign_of_life": last_sign_of_life(replay) if interrupted else None,
        "can_restart": can_restart(replay),
    }
    template = (
        "ratings/_job_progress.html" if request.headers.get("HX-Request") else "ratings/job.html"
    )
    return render(request, template, context)


@administrator_required
@require_POST
def restart(request: HttpRequest, pk: int) -> HttpResponse:
    """Start again a failed job, or one whose worker was killed (interrupted), with the same
    system and day; the old job is marked failed and links to the new one."""
    with transaction.atomic():
        # locked: two clicks on the button start one job
        old = get_job_for_administrator(request, pk, lock=True)
        if not can_restart(old):
            messages.error(
                request, _("Only a failed or interrupted recalculation can be restarted.")
            )
            return redirect("ratings:job", pk=old.pk)
        new = restart_job(old, acting_user(request))  # queued when this commits
    messages.success(
        request,
        _("Recalculation #%(old)s restarted as recalculation #%(new)s.")
        % {"old": old.pk, "new": new.pk},
    )
    return redirect("ratings:job", pk=new.pk)
