"""A PGN file's games attached to an event's boards: the preview, where the secretary
chooses a round and a board for the games the file does not place, then the attachment."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from club.models import Event, Game
from club.roles import acting_user
from desk import pending_uploads
from desk.access import get_event_for_secretary, secretary_required
from desk.files.common import FileError
from desk.files.pgn import PgnPlan, attach_pgn, choose, plan_pgn
from lib.limits import whole_number
from lib.packed_fields import PackedError, unpacked


def preview(
    request: HttpRequest,
    event: Event,
    text: str,
    plan: PgnPlan | None = None,
    status: int = 200,
    answers: dict[str, str] | None = None,
) -> HttpResponse:
    """The file's games and where each goes; the file is kept in the session under a token
    of its own until the secretary confirms (``desk.pending_uploads``). ``plan``: the
    secretary's choices (``answers``, the form's fields), refused, shown again (the token
    posted back)."""
    if plan is None:
        plan = plan_pgn(event, text)
        upload = pending_uploads.keep(request, "pgn", text, event.pk)
    else:
        upload = pending_uploads.token_of(request)
    answers = answers or {}
    rows = []
    for entry in plan.games:
        chosen = entry.chosen
        asked_round = answers.get(f"round-{entry.number}") if status != 200 else None
        asked_board = answers.get(f"board-{entry.number}") if status != 200 else None
        rows.append(
            {
                "entry": entry,
                "round": asked_round
                if asked_round is not None
                else (str(chosen.round.number) if chosen else ""),
                "board": asked_board
                if asked_board is not None
                else (str(chosen.board) if chosen else ""),
                "replace": answers.get(f"replace-{entry.number}") == "on",
            }
        )
    boards = (
        Game.objects.filter(round__event=event)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    context = {
        "event": event,
        "upload": upload,
        "plan": plan,
        "rows": rows,
        "boards": boards,
        "placed": sum(1 for e in plan.games if e.chosen is not None),
        "to_choose": sum(1 for e in plan.games if e.attachable and e.chosen is None),
        "unusable": sum(1 for e in plan.games if not e.attachable),
    }
    return render(request, "desk/files/pgn_preview.html", context, status=status)


@secretary_required
@require_POST
def pgn_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """The games attached as the secretary chose; each game not attached is named."""
    event = get_event_for_secretary(request, pk)
    text = pending_uploads.text_of(request, "pgn", event.pk)
    if not text:
        messages.error(request, _("Upload the file again: the import was not found."))
        return redirect("desk:event_files", pk=event.pk)
    try:
        answers = unpacked(request.POST)  # the rows' fields, sent in one by the page's script
    except PackedError:
        messages.error(request, _("The form holds more rows than a file can: upload it again."))
        return redirect("desk:event_files", pk=event.pk)
    try:
        plan = plan_pgn(event, text)
        choose(event, plan, answers)
        if plan.errors:
            return preview(request, event, text, plan, status=400, answers=answers)
        replace = {
            number
            for key, value in answers.items()
            if key.startswith("replace-") and value == "on"
            if (number := whole_number(key.removeprefix("replace-"))) is not None
        }
        report = attach_pgn(event.pk, plan, acting_user(request), replace)
    except FileError as error:
        messages.error(request, str(error))
        return redirect("desk:event_files", pk=event.pk)
    pending_uploads.drop(request)
    attached = ngettext("%(n)s game attached.", "%(n)s games attached.", report.attached)
    messages.success(request, attached % {"n": report.attached})
    if report.unchanged:
        unchanged = ngettext(
            "%(n)s game was attached already, unchanged.",
            "%(n)s games were attached already, unchanged.",
            report.unchanged,
        )
        messages.info(request, unchanged % {"n": report.unchanged})
    for line in report.not_attached:
        messages.warning(request, _("Not attached: %(game)s") % {"game": line})
    return redirect("desk:event", pk=event.pk)
