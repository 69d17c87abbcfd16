"""An event's standings at the desk: the page, the CSV file and the crosstable."""

from __future__ import annotations

import csv

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from desk.access import get_event_for_secretary, secretary_required
from desk.documents import round_robin_table
from desk.prizes import event_prizes
from desk.standings import event_standings, standings_shown
from lib.limits import whole_number
from lib.spreadsheets import spreadsheet_text


def _until(request: HttpRequest) -> int | None:
    return whole_number(request.GET.get("ronde"))


@secretary_required
@require_GET
def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    table = standings_shown(item, _until(request))
    context = {
        "event": item,
        "standings": table,
        "until": table.played,
        "prizes": event_prizes(item, table),
    }
    return render(request, "desk/standings.html", context)


@secretary_required
@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    table = standings_shown(item, _until(request))
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="classement-{item.pk}.csv"'
    response.write("\ufeff")  # Excel reads UTF-8 with a BOM
    writer = csv.writer(response, delimiter=";")
    labels = [str(label) for _t, label in table.columns]
    writer.writerow([_("Rank"), _("Name"), _("Points"), *labels])
    for line in table.lines:
        writer.writerow([line.rank, spreadsheet_text(line.player.name), line.points, *line.values])
    return response


@secretary_required
@require_GET
def crosstable_page(request: HttpRequest, pk: int) -> HttpResponse:
    item = get_event_for_secretary(request, pk)
    table = event_standings(item)
    grid = round_robin_table(table)
    ranked = [line.player.pk for line in table.lines]
    context = {
        "event": item,
        "grid": grid,
        "size": range(1, len(ranked) + 1),
        "has_byes": bool(table.byes),
    }
    return render(request, "desk/crosstable.html", context)
