"""The players' reported results at the desk (``club.result_reports`` records them): what
the results page shows of them, and the secretary's confirmation, which writes the result
through the one write path (``results.write_result``) with the reports in its audit line.

A board whose players agree (or on which one player alone reported) is confirmed with one
click or one key; a board whose players disagree is flagged and confirmed only with the
result the secretary chooses: typed in the board's field as any result, or with the
button that names it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from club import event_state
from club.exceptions import DeskError
from club.models import Game, Result, ResultReport
from desk.services.results import write_result


@dataclass(frozen=True)
class Reported:
    """What a board's players reported, while it has no result."""

    white: ResultReport | None
    black: ResultReport | None

    @property
    def results(self) -> list[Result]:
        return [Result(r.result) for r in (self.white, self.black) if r is not None]

    @property
    def disagree(self) -> bool:
        return len(set(self.results)) > 1

    @property
    def both(self) -> bool:
        return self.white is not None and self.black is not None

    @property
    def result(self) -> Result | None:
        """The result the players agree on (or the one player reported); None when they
        disagree."""
        found = set(self.results)
        return found.pop() if len(found) == 1 else None

    @property
    def choices(self) -> list[Result]:
        """The results reported, each once, in the board's order 1-0, ½-½, 0-1."""
        return [r for r in ResultReport.RESULTS if r in self.results]


def round_reported(round_id: int) -> bool:
    """Whether a player reported a result on a board of the round."""
    return ResultReport.objects.filter(game__round=round_id).exists()


def reported(games: Iterable[Game]) -> dict[int, Reported]:
    """``{game id: Reported}`` for the boards without a result that a player reported on,
    each report with its account (who reported, and how, is shown at the desk); one
    query."""
    waiting = [game.pk for game in games if not game.result]
    if not waiting:
        return {}
    sides: dict[int, dict[str, ResultReport]] = {}
    for report in (
        ResultReport.objects.filter(game_id__in=waiting).select_related("user").order_by("pk")
    ):
        sides.setdefault(report.game_id, {})[report.side] = report
    return {pk: Reported(found.get("white"), found.get("black")) for pk, found in sides.items()}


def _audit(reports: Iterable[ResultReport]) -> list[dict[str, str]]:
    return [
        {
            "side": report.side,
            "result": report.result,
            "via": report.via,
            "account": report.user.get_username() if report.user else "",
            "at": report.reported_at.isoformat(),
        }
        for report in reports
    ]


@transaction.atomic
def confirm(game_id: int, typed: str, user: User | None, version: int | None = None) -> Game:
    """Write the players' reported result ``typed`` for ``game_id`` (the result the
    secretary confirms: one of those reported) through ``write_result``, the reports named
    in the audit line. Refused when no player reported it, or when ``typed`` is none of
    the results reported; ``version`` as the secretary saw the board (``Conflict``)."""
    event_id = Game.objects.filter(pk=game_id).values_list("round__event_id", flat=True).first()
    if event_id is None:
        raise Game.DoesNotExist(f"No board {game_id}.")
    event_state.lock_row(event_id)  # the reports are read as the write will find them
    reports = list(
        ResultReport.objects.filter(game_id=game_id).select_related("user", "game").order_by("pk")
    )
    board = Game.objects.values_list("board", flat=True).get(pk=game_id)
    if not reports:
        raise DeskError(_("Board %(board)s: no player reported its result.") % {"board": board})
    result = Result.typed(typed)
    said = Reported(
        next((r for r in reports if r.side == "white"), None),
        next((r for r in reports if r.side == "black"), None),
    )
    if result is None or result not in said.results:
        raise DeskError(
            _(
                "Board %(board)s: the players reported %(reported)s; type the result in the "
                "board's field."
            )
            % {"board": board, "reported": ", ".join(str(r.label) for r in said.choices)}
        )
    return write_result(
        game_id, result, user, version=version, source="players", reported=_audit(reports)
    )
