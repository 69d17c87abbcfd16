"""The desk's audit log in words: each ``ChangeLog`` line as a sentence in the site's
language, with the changed fields by their labels (never the code's names)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import FieldDoesNotExist
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from club.models import ChangeLog, Event, PrizeRules, Result


def field_label(name: str) -> str:
    """A field by the label the event form gives it (the model's name for it)."""
    from desk.forms.events import EventForm  # the form imports the desk's services

    field = EventForm.base_fields.get(name)
    label: Any = field.label if field is not None else None
    if label is None:
        try:
            label = getattr(Event._meta.get_field(name), "verbose_name", None)
        except FieldDoesNotExist:
            label = None
    text = str(label or name.replace("_", " "))
    return text[:1].lower() + text[1:]


def _result(code: Any) -> str:
    return str(Result(code).label) if code in Result.values else str(code)


def _event_saved(details: dict[str, Any], created: bool) -> str:
    parts = [_("Event created") if created else _("Event changed")]
    fields = [field_label(f) for f in details.get("fields") or []]
    if fields and not created:
        parts.append(_("fields changed: %(fields)s") % {"fields": ", ".join(fields)})
    added = details.get("rounds_added") or 0
    if added:
        parts.append(ngettext("%(n)d round added", "%(n)d rounds added", added) % {"n": added})
    removed = details.get("rounds_removed") or []
    if removed:
        parts.append(
            _("rounds removed: %(numbers)s") % {"numbers": ", ".join(str(n) for n in removed)}
        )
    return pgettext("between the parts of a history line", "; ").join(parts) + "."


SENTENCES: dict[str, Any] = {
    "register": gettext_lazy("%(name)s registered (from round %(joined_round)s)."),
    "create_player": gettext_lazy("New player %(name)s added to the club's players."),
    "renumber": gettext_lazy("Pairing numbers given again, by rating."),
    "draw_lots": gettext_lazy("Pairing numbers drawn by lot."),
    "withdraw": gettext_lazy("%(name)s withdrawn after round %(after_round)s."),
    "reinstate": gettext_lazy("%(name)s's withdrawal taken back."),
    "set_teams": gettext_lazy("Teams given: %(names)s."),
    "pair_round_robin": gettext_lazy("Round robin paired: %(rounds)s rounds."),
    "pair_scheveningen": gettext_lazy("Scheveningen paired: %(rounds)s rounds."),
    "pair_swiss": gettext_lazy("Round %(round)s paired (Swiss system)."),
    "edit_round": gettext_lazy("Round %(round)s edited: %(boards)s boards, %(byes)s byes."),
    "close": gettext_lazy("Event closed; ratings recalculated."),
    "reopen": gettext_lazy("Event reopened: %(reason)s"),
    "cancel": gettext_lazy("Event cancelled: %(reason)s"),
    "restore": gettext_lazy("Event restored."),
    "check_in": gettext_lazy("Who plays round %(round)s recorded."),
    "undo_pairing": gettext_lazy("Pairing of round %(round)s undone (%(boards)s boards)."),
    "import_trf": gettext_lazy("TRF file imported: %(players)s players, %(rounds)s rounds."),
    "import_csv": gettext_lazy("CSV file imported: %(games)s results."),
    "attach_pgn": gettext_lazy("PGN file read: %(attached)s games attached, %(unmatched)s not."),
    "entry_terms": gettext_lazy("Online entry terms saved."),
    "entry_received": gettext_lazy("Online entry of %(name)s received."),
    "entry_confirmed": gettext_lazy("%(name)s confirmed their e-mail address."),
    "entry_withdrawn": gettext_lazy("%(name)s withdrew their online entry."),
    "entry_accepted": gettext_lazy("Online entry of %(name)s accepted."),
    "entry_waiting": gettext_lazy("Online entry of %(name)s put on the waiting list."),
    "entry_refused": gettext_lazy("Online entry of %(name)s refused."),
    "member_created": gettext_lazy("Member %(name)s created."),
    "member_changed": gettext_lazy("Member %(name)s changed."),
    "member_lapsed": gettext_lazy("%(name)s's membership lapsed on %(until)s."),
    "account_linked": gettext_lazy("Account %(account)s linked to %(name)s."),
    "account_created": gettext_lazy("Account %(account)s created for %(name)s and invited."),
    "invitation_renewed": gettext_lazy(
        "Invitation of %(name)s (account %(account)s) sent again; the earlier link no longer works."
    ),
    "account_role": gettext_lazy("Account %(account)s given the role %(role)s."),
    "article_saved": gettext_lazy("Article “%(title)s” saved."),
    "article_published": gettext_lazy("Article “%(title)s” published."),
    "article_unpublished": gettext_lazy("Article “%(title)s” taken off the site."),
    "prize_rules": gettext_lazy("Prize rules saved: players level on points %(ties)s."),
    "category_added": gettext_lazy("Category “%(name)s” added."),
    "category_removed": gettext_lazy("Category “%(name)s” removed with its prizes."),
    "prize_set": gettext_lazy("Prize of place %(place)s set (%(list)s)."),
    "prize_removed": gettext_lazy("Prize of place %(place)s removed (%(list)s)."),
}


def describe(change: ChangeLog) -> str:
    """The change as a sentence; an action this table does not know is named in words
    with its details, never as a Python literal."""
    details = change.details if isinstance(change.details, dict) else {}
    if change.action in ("create", "edit"):
        return _event_saved(details, change.action == "create")
    if change.action == "result":
        said = _("Board %(board)s of round %(round)s: %(before)s → %(result)s.") % {
            "board": details.get("board", "?"),
            "round": details.get("round", "?"),
            "before": _result(details.get("before", "")),
            "result": _result(details.get("result", "")),
        }
        reported = details.get("reported")
        if isinstance(reported, list) and reported:
            said += " " + _reported(reported)
        return said
    if change.action in ("prize_rules", "prize_set", "prize_removed"):
        details = _prize_words(details)
    if change.action == "account_role":
        from desk.forms.members import ROLE_CHOICES

        details = {**details, "role": dict(ROLE_CHOICES).get(str(details.get("role")), "?")}
    sentence = SENTENCES.get(change.action)
    if sentence is not None:
        try:
            return str(sentence) % details
        except (KeyError, TypeError, ValueError):
            pass
    words = change.action.replace("_", " ").capitalize()
    between = pgettext("between the parts of a history line", "; ")
    shown = between.join(
        _("%(label)s: %(value)s") % {"label": field_label(k), "value": _plain(v)}
        for k, v in details.items()
    )
    return str(format_lazy("{} ({}).", words, shown)) if shown else f"{words}."


def _reported(reports: list[Any]) -> str:
    """The players' reports a confirmed result came from, in words."""
    sides = {"white": _("White"), "black": _("Black")}
    ways = {"code": _("with the board's code"), "account": _("signed in")}
    said = [
        _("%(side)s %(result)s (%(way)s)")
        % {
            "side": sides.get(str(report.get("side")), "?"),
            "result": _result(str(report.get("result", ""))),
            "way": ways.get(str(report.get("via")), "?"),
        }
        for report in reports
        if isinstance(report, dict)
    ]
    return _("Reported by the players: %(reports)s; confirmed by the secretary.") % {
        "reports": ", ".join(said)
    }


def _prize_words(details: dict[str, Any]) -> dict[str, Any]:
    """A prize line's codes in words: the tie rule's label, the overall list named."""
    ties = dict(PrizeRules.TieRule.choices)
    return {
        **details,
        "ties": str(ties.get(str(details.get("ties")), "?")),
        "list": details.get("list") or _("overall"),
    }


def _plain(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{field_label(str(k))}: {_plain(v)}" for k, v in value.items())
    return str(value)
