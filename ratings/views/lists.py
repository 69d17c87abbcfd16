"""Administrators upload an official rating list (FIDE's, the Belgian federation's); the
task worker imports it while its page shows the progress, then the result: the lines by
what became of them, the ratings recorded, or the refusal naming the line and field."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.roles import acting_user
from lib.uploads import upload_too_large
from ratings.access import administrator_required, get_list_for_administrator
from ratings.forms import OfficialListForm
from ratings.list_import import BLANK, IMPORTED, NO_RATING, NOT_OURS
from ratings.list_tasks import cancel_list_import, restart_list_import, start_list_import
from ratings.models import OfficialList
from ratings.official_lists import refusal_text

SHOWN = 10
LINE_LABELS = {
    IMPORTED: gettext_lazy("our players, imported"),
    NO_RATING: gettext_lazy("our players, without a rating in the category rated"),
    NOT_OURS: gettext_lazy("not our players"),
    BLANK: gettext_lazy("blank lines"),
}
LAYOUTS = {
    "combined TXT": gettext_lazy("FIDE's combined TXT list"),
    "standard TXT": gettext_lazy("FIDE's standard TXT list"),
    "rapid TXT": gettext_lazy("FIDE's rapid TXT list"),
    "blitz TXT": gettext_lazy("FIDE's blitz TXT list"),
    "XML": gettext_lazy("FIDE's XML list"),
    "DBF": gettext_lazy("dBase file (PLAYER.DBF)"),
    "CSV": gettext_lazy("CSV file"),
}


@administrator_required
@csrf_exempt  # only until the larger limit is set: the CSRF check is made just below
@require_http_methods(["GET", "POST"])
def official_lists(request: HttpRequest) -> HttpResponse:
    """The upload page. A list is larger than the site's other uploads: the limit is raised
    on the request before anything reads its body (the CSRF check reads it, so it runs
    after, as Django's documentation on changing upload handlers in a view says)."""
    request.upload_max_bytes = settings.LIST_UPLOAD_MAX_BYTES  # type: ignore[attr-defined]
    return _upload(request)


@csrf_protect
def _upload(request: HttpRequest) -> HttpResponse:
    form = OfficialListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and upload_too_large(request):
        limit = settings.LIST_UPLOAD_MAX_BYTES // (1024 * 1024)
        form.add_error("file", _("The file is larger than %(limit)s MB.") % {"limit": limit})
    elif request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        official = start_list_import(
            data["kind"], data["file"], data["list_date"], acting_user(request)
        )
        return redirect("ratings:official_list", pk=official.pk)
    lists = OfficialList.objects.all()[:SHOWN]
    return render(request, "ratings/official_lists.html", {"form": form, "lists": lists})


@administrator_required
@require_GET
def official_list(request: HttpRequest, pk: int) -> HttpResponse:
    official = get_list_for_administrator(request, pk)
    lines = official.counts.get("lines", {})
    context = {
        "list": official,
        "stopped": official.stopped,
        "can_restart": official.stopped and Path(official.path).is_file(),
        "refusal": refusal_text(official.refusal) if official.refusal else official.error,
        "layout": LAYOUTS.get(official.layout, official.layout),
        "lines": [(LINE_LABELS.get(key, key), lines[key]) for key in LINE_LABELS if key in lines],
        "line_total": sum(lines.values()),
        "ratings": sorted(official.counts.get("ratings", {}).items()),
        "issuers_corrected": official.counts.get("issuers corrected", 0),
    }
    template = (
        "ratings/_list_progress.html"
        if request.headers.get("HX-Request")
        else "ratings/official_list.html"
    )
    return render(request, template, context)


@administrator_required
@require_POST
def restart_official_list(request: HttpRequest, pk: int) -> HttpResponse:
    """A list whose worker stopped, queued again from the file kept."""
    official = get_list_for_administrator(request, pk)
    if restart_list_import(official):
        messages.success(request, _("The import is started again."))
    else:
        messages.error(request, _("This import is not stopped, or its file is gone."))
    return redirect("ratings:official_list", pk=official.pk)


@administrator_required
@require_POST
def cancel_official_list(request: HttpRequest, pk: int) -> HttpResponse:
    """A list queued or being imported, cancelled: nothing of it is recorded."""
    official = get_list_for_administrator(request, pk)
    if cancel_list_import(official):
        messages.success(request, _("The import is cancelled: nothing of this list is recorded."))
    else:
        messages.error(request, _("This import has finished already: it cannot be cancelled."))
    return redirect("ratings:official_list", pk=official.pk)
