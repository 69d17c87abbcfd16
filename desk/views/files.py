"""Tournament files in the browser: TRF import (asking about unknown players) and export,
CSV results, PGN games."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db.models.functions import Lower
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from chesslib import trf
from chesslib.trf import TrfError
from club.models import Event, Player
from club.roles import acting_user
from desk import pending_uploads
from desk.access import get_event_for_secretary, secretary_required
from desk.files import frbe
from desk.files.common import FileError, trf_error_text
from desk.files.results_csv import csv_header, import_results_csv
from desk.files.trf_export import export_event
from desk.files.trf_import import import_plan, update_results
from desk.files.trf_plan import Plan, plan_import, split_name
from desk.files.trf_preview import plan_notes, read_event
from desk.forms.files import ImportedEventForm
from desk.views import pgn_files
from lib.inputs import BoundedInputs
from lib.limits import MAX_CSV_RESULTS, MAX_PGN_GAMES, MAX_ROUNDS, whole_number
from lib.packed_fields import PackedError, unpacked
from lib.uploads import upload_too_large


class UploadForm(BoundedInputs, forms.Form):
    file = forms.FileField(label=gettext_lazy("File"))

    def __init__(  # type: ignore[no-untyped-def]
        self, *args, suffixes: tuple[str, ...] = (), too_large: bool = False, **kwargs
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = _(
            "Text, at most 2 MB: a TRF of at most %(rounds)s rounds, a CSV of at most "
            "%(results)s results, a PGN of at most %(games)s games."
        ) % {"rounds": MAX_ROUNDS, "results": MAX_CSV_RESULTS, "games": MAX_PGN_GAMES}
        self.suffixes = suffixes
        self.too_large = too_large  # refused by its size before it was read

    def clean(self):  # type: ignore[no-untyped-def]
        if self.too_large:
            self.errors.pop("file", None)
            self.add_error("file", _("The file is larger than 2 MB."))
        return super().clean()

    def clean_file(self):  # type: ignore[no-untyped-def]
        upload = self.cleaned_data["file"]
        if upload.size > settings.UPLOAD_MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        if self.suffixes and not upload.name.lower().endswith(self.suffixes):
            raise forms.ValidationError(
                _("Expected a file ending in %(suffixes)s.")
                % {"suffixes": ", ".join(self.suffixes)}
            )
        data = upload.read()
        if b"\x00" in data:
            raise forms.ValidationError(_("This is not a text file."))
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode("latin-1")


@secretary_required
@require_http_methods(["GET", "POST"])
def trf_import(request: HttpRequest) -> HttpResponse:
    """Upload a TRF file: its players are matched, and the secretary decides about the
    others before anything is saved."""
    form = UploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        suffixes=(".trf", ".txt"),
        too_large=upload_too_large(request),
    )
    if request.method == "POST" and form.is_valid():
        try:
            plan = plan_import(form.cleaned_data["file"])
        except TrfError as error:
            form.add_error("file", trf_error_text(error))
        else:
            upload = pending_uploads.keep(request, "trf", form.cleaned_data["file"])
            return _preview(request, plan, upload)
    return render(request, "desk/files/trf_upload.html", {"form": form})


def _last_name(entry: trf.TrfPlayer) -> str:
    return entry.name.split(",")[0].split(" ")[0].strip().casefold()


def _candidates(plan: Plan) -> dict[int, list[Player]]:
    """For each line of the file, the known players it may be: those of its last name
    (the first word before the comma) and the one the import matched, at most ten."""
    names = {_last_name(entry) for entry in plan.tournament.players}
    known: dict[str, list[Player]] = {}
    namesakes = Player.objects.annotate(last=Lower("last_name")).filter(last__in=names)
    for player in namesakes.order_by("last_name", "first_name", "pk"):
        known.setdefault(player.last_name.casefold(), []).append(player)
    found = {}
    for entry in plan.tournament.players:
        matched = plan.matched.get(entry.rank)
        others = [p for p in known.get(_last_name(entry), []) if p != matched]
        found[entry.rank] = ([matched] if matched else []) + others[: 10 - bool(matched)]
    return found


def _preview(  # type: ignore[no-untyped-def]
    request: HttpRequest,
    plan,
    upload: str,
    form: ImportedEventForm | None = None,
    status: int = 200,
    answers: dict[str, str] | None = None,
) -> HttpResponse:
    """What the file holds (players, rounds, kind, time control) and the event as it will
    be saved, which the secretary may correct; ``upload``: the pending file's token, which
    the preview's forms post back (``desk.pending_uploads``)."""
    candidates = _candidates(plan)
    rows = [(entry, candidates[entry.rank], split_name(entry.name)) for entry in plan.unmatched]
    read = read_event(plan)
    players = sorted(plan.tournament.players, key=lambda e: e.rank)
    context = {
        "plan": plan,
        "upload": upload,
        "rows": rows,
        "notes": plan_notes(plan),
        "read": read,
        "system_label": Event.System(read.system).label,
        "form": form or ImportedEventForm(read=read),
        "players": [
            (entry, plan.matched.get(entry.rank), candidates[entry.rank]) for entry in players
        ],
        "chosen": {k: str(v) for k, v in (answers or {}).items() if k.startswith("player-")},
    }
    return render(request, "desk/files/trf_preview.html", context, status=status)


@secretary_required
@require_POST
def trf_confirm(request: HttpRequest) -> HttpResponse:
    text = pending_uploads.text_of(request, "trf")
    upload = pending_uploads.token_of(request)
    if not text:
        messages.error(request, _("Upload the file again: the import was not found."))
        return redirect("desk:trf_import")
    plan = plan_import(text)
    if (update := whole_number(request.POST.get("update"))) is not None:
        return _update(request, plan, update)
    try:
        answers = unpacked(request.POST)  # the rows' fields, sent in one by the page's script
    except PackedError:
        messages.error(request, _("The form holds more rows than a file can: upload it again."))
        return redirect("desk:trf_import")
    corrected = None
    if "event-title" in request.POST:  # the preview's form (a bare POST imports as read)
        form = ImportedEventForm(request.POST, read=read_event(plan))
        if not form.is_valid():
            return _preview(request, plan, upload, form, status=400, answers=answers)
        corrected = form.corrected()
    if any(n.confirm and n.answer not in answers for n in plan_notes(plan)):
        # a date or a name read with a doubt, which the preview's form did not confirm
        messages.error(request, _("Check what the preview asks before importing."))
        return _preview(request, plan, upload, status=400, answers=answers)
    names = {}
    for entry in plan.unmatched:
        last = answers.get(f"last-{entry.rank}", "").strip()
        first = answers.get(f"first-{entry.rank}", "").strip()
        if last:
            names[entry.rank] = (last[:80], first[:80])
    chosen = {}  # the preview's choices: a line it did not match, or a match corrected
    for entry in plan.tournament.players:
        if (key := f"player-{entry.rank}") in answers:
            value = whole_number(answers[key])
            chosen[entry.rank] = Player.objects.filter(pk=value).first() if value else None
    try:
        event = import_plan(plan, acting_user(request), chosen, corrected, names)
    except TrfError as error:
        messages.error(request, trf_error_text(error))
        return _preview(request, plan, upload, answers=answers)
    pending_uploads.drop(request)
    messages.success(request, _("The tournament is imported."))
    return redirect("desk:event", pk=event.pk)


def _update(request: HttpRequest, plan, pk: int) -> HttpResponse:  # type: ignore[no-untyped-def]
    """The file's results written into the event imported from it before."""
    event = get_event_for_secretary(request, pk)
    try:
        count = update_results(plan, event.pk, acting_user(request))
    except FileError as error:
        messages.error(request, str(error))
    else:
        pending_uploads.drop(request)
        messages.success(request, _("%(n)s results updated from the file.") % {"n": count})
    return redirect("desk:event", pk=event.pk)


@secretary_required
@require_GET
def trf_export(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_event_for_secretary(request, pk)
    response = HttpResponse(export_event(event), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="evenement-{event.pk}.trf"'
    return response


@secretary_required
@require_GET
def frbe_report(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's rated games as the Belgian federation's Elo report."""
    event = get_event_for_secretary(request, pk)
    response = HttpResponse(frbe.report(event), content_type="text/plain; charset=latin-1")
    response["Content-Disposition"] = f'attachment; filename="elo-frbe-{event.pk}.txt"'
    return response


@secretary_required
@require_http_methods(["GET", "POST"])
def event_files(request: HttpRequest, pk: int) -> HttpResponse:
    """Results from a CSV file, or games from a PGN file (shown before they are attached),
    for one event."""
    event = get_event_for_secretary(request, pk)
    kind = request.POST.get("kind", "")
    suffixes = {"csv": (".csv", ".txt"), "pgn": (".pgn",)}.get(kind, ())
    form = UploadForm(
        request.POST if request.method == "POST" else None,
        request.FILES if request.method == "POST" else None,
        suffixes=suffixes,
        too_large=upload_too_large(request),
    )
    if request.method == "POST" and form.is_valid():
        try:
            if kind == "csv":
                count = import_results_csv(
                    event.pk, form.cleaned_data["file"], acting_user(request)
                )
                messages.success(request, _("%(n)s results imported.") % {"n": count})
            else:
                return pgn_files.preview(request, event, form.cleaned_data["file"])
            return redirect("desk:event", pk=event.pk)
        except FileError as error:
            form.add_error("file", str(error))
    context = {
        "event": event,
        "form": form,
        "kind": kind,
        "csv_header": csv_header(),
        "without_id": frbe.players_without_id(event),
    }
    return render(request, "desk/files/event_files.html", context)
