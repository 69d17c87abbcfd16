"""Two records of one player made one: the duplicates a line-up or an import created
before the club found players by name, FIDE ID and national ID.

The record kept takes the other's participations, games, byes, line-up entries and
official ratings, and the identifiers and ratings it lacks; the other is deleted; every
enabled rating system is then replayed, since the games rated on two records are now one
player's history. What cannot be one person's is refused, naming it: two memberships,
two different FIDE or national IDs, both records in one event or one interclub match, a
game between them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Field, Model, Q, UniqueConstraint
from django.utils.translation import gettext as _

from club import event_state, pages, players
from club.exceptions import DeskError
from club.models import Game, LatestGames, Participant, Player
from desk.services.events import log_change
from ratings.models import OfficialRating, Rating, RatingChange, RatingSummary, RatingSystem
from ratings.services.summary import write_listed
from ratings.tasks import start_replay

# The fields a record kept takes from the other when it has none of its own (a national
# ID with its issuer).
COMPLETED_FIELDS = (
    "fide_id", "national_id", "national_id_federation", "federation", "birth_date",
    "birth_year", "title", "sex", "fide_rating", "national_rating", "club_name",
)  # fmt: skip


@dataclass
class MergePlan:
    """What merging ``duplicate`` into ``kept`` moves, and why it cannot be done, if so."""

    kept: Player
    duplicate: Player
    moves: dict[str, int] = field(default_factory=dict)  # rows moved, by model name
    completed: list[str] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)


# Rows computed from the games (computed again by the replay, the latest games by
# ``pages.players_merged``) and official lists' rows, of which the kept record's stay where
# both records have one for the same list.
DERIVED: tuple[type[Model], ...] = (Rating, RatingChange, RatingSummary, LatestGames)


def _references() -> list[tuple[type[Model], str]]:
    """Every (model, field) that points to a player, found through the models' documented
    ``_meta`` API, so that a model added later moves with the rest."""
    return [
        (relation.related_model, relation.field.name) for relation in Player._meta.related_objects
    ]


def _manager(model: type[Model]) -> Any:
    return model._meta.default_manager


def _column(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, Field)
    return field.attname


def _unique_sets(model: type[Model], name: str) -> list[list[str]]:
    """The other fields of each unique constraint of ``model`` that holds ``name``."""
    sets = [list(c.fields) for c in model._meta.constraints if isinstance(c, UniqueConstraint)]
    sets += [list(fields) for fields in model._meta.unique_together]
    if model._meta.get_field(name).one_to_one:
        sets.append([name])
    return [[f for f in fields if f != name] for fields in sets if name in fields]


def _collisions(model: type[Model], name: str, kept: Player, duplicate: Player) -> list[Any]:
    """The kept record's rows that one of the duplicate's rows would repeat once moved."""
    manager = model._meta.default_manager
    assert manager is not None
    found: list[Any] = []
    for others in _unique_sets(model, name):
        mine = manager.filter(**{name: kept})
        if not others:
            if manager.filter(**{name: duplicate}).exists():
                found += list(mine)
            continue
        columns = [_column(model, f) for f in others]
        theirs = set(manager.filter(**{name: duplicate}).values_list(*columns))
        found += [row for row in mine if tuple(getattr(row, c) for c in columns) in theirs]
    return found


def plan_merge(kept: Player, duplicate: Player) -> MergePlan:
    """What the merge would do, read without writing."""
    plan = MergePlan(kept, duplicate)
    if kept.pk == duplicate.pk:
        plan.refusals.append(_("A player cannot be merged with themselves."))
        return plan
    for label, mine, theirs, same in (
        (_("FIDE ID"), kept.fide_id, duplicate.fide_id, kept.fide_id == duplicate.fide_id),
        (
            _("national ID"),
            _national_id(kept),
            _national_id(duplicate),
            _same_national_id(kept, duplicate),
        ),
    ):
        if mine and theirs and not same:
            plan.refusals.append(
                _("Two different values for the %(what)s: %(one)s and %(other)s.")
                % {"what": label, "one": mine, "other": theirs}
            )
    between = Game.objects.filter(
        Q(white=kept, black=duplicate) | Q(white=duplicate, black=kept)
    ).select_related("round__event")
    for game in between:
        plan.refusals.append(
            _("The two records played each other (%(event)s, round %(round)s).")
            % {"event": game.round.event.title, "round": game.round.number}
        )
    shared: dict[type[Model], dict[Any, Any]] = {}
    for model, name in _references():
        if model in DERIVED:
            continue
        rows = _manager(model).filter(**{name: duplicate}).count()
        if rows:
            key = model._meta.model_name or ""
            plan.moves[key] = plan.moves.get(key, 0) + rows
        if model is not OfficialRating:
            found = _collisions(model, name, kept, duplicate)
            shared.setdefault(model, {}).update((row.pk, row) for row in found)
    for model, rows_by_pk in shared.items():
        if rows_by_pk:
            rows_shared = list(rows_by_pk.values())
            shown = ", ".join(str(row) for row in rows_shared[:3])
            plan.refusals.append(
                _("Both records are in the same %(what)s (%(count)s): %(rows)s.")
                % {
                    "what": model._meta.verbose_name_plural,
                    "count": len(rows_shared),
                    "rows": shown + (" …" if len(rows_shared) > 3 else ""),
                }
            )
    plan.completed = [
        name for name in COMPLETED_FIELDS if not getattr(kept, name) and getattr(duplicate, name)
    ]
    if "national_id" in plan.completed and "national_id_federation" not in plan.completed:
        plan.completed.insert(plan.completed.index("national_id") + 1, "national_id_federation")
    return plan


def _national_id(player: Player) -> str:
    """The player's national ID with its issuer ("BEL 17452")."""
    if not player.national_id:
        return ""
    return f"{player.national_id_federation} {player.national_id}".strip()


def _same_national_id(one: Player, other: Player) -> bool:
    """Whether the two records' national IDs are the same: the same number from the same
    federation (the same number from two federations is two IDs; an issuer not recorded
    does not tell them apart)."""
    issuers = {one.national_id_federation, other.national_id_federation} - {""}
    return one.national_id == other.national_id and len(issuers) <= 1


def _events_of(*player_ids: int) -> list[int]:
    """The events the players are registered in or played in, by key."""
    registered = Participant.objects.filter(player__in=player_ids).values_list("event", flat=True)
    played = Game.objects.filter(Q(white__in=player_ids) | Q(black__in=player_ids)).values_list(
        "round__event", flat=True
    )
    return sorted(set(registered) | set(played))


@transaction.atomic
def merge_players(kept_id: int, duplicate_id: int, user: User | None) -> MergePlan:
    """Merge the player ``duplicate_id`` into ``kept_id`` (see the module's text); refused
    with a ``DeskError`` naming every reason, nothing written then. The events of both
    records are locked first (``event_state.lock_row``), then the records: a pairing,
    registration or result under way in one of them ends first, and one that comes later
    waits for the merge and finds the record kept."""
    events = _events_of(kept_id, duplicate_id)
    for event_id in events:  # first, in their keys' order, as every write into an event
        event_state.lock_row(event_id)
    kept = Player.objects.select_for_update().get(pk=kept_id)
    duplicate = Player.objects.select_for_update().get(pk=duplicate_id)
    if _events_of(kept_id, duplicate_id) != events:
        # registered meanwhile in another event, whose lock would come after the players'
        raise DeskError(_("One of the two records was just registered in an event: merge again."))
    plan = plan_merge(kept, duplicate)
    if plan.refusals:
        raise DeskError(" ".join(plan.refusals))
    # the ratings computed for either record are computed again for the one player
    for derived in DERIVED:
        _manager(derived).filter(player__in=[kept, duplicate]).delete()
    for row in _collisions(OfficialRating, "player", kept, duplicate):
        OfficialRating.objects.filter(
            player=duplicate, system=row.system_id, list_date=row.list_date
        ).delete()
    for model, name in _references():
        _manager(model).filter(**{name: duplicate}).update(**{name: kept})
    values = {name: getattr(duplicate, name) for name in plan.completed}
    merged = duplicate.name
    duplicate.delete()  # before the kept record takes its identifiers (unique)
    if values:
        Player.objects.filter(pk=kept.pk).update(**values)
    log_change(
        user, None, "merge_players", kept=kept.pk, merged=merged, moved=plan.moves,
        completed=plan.completed,
    )  # fmt: skip
    for system in RatingSystem.objects.all():  # the kept record's figures on the lists
        write_listed(system, [kept.pk])
    for system in RatingSystem.objects.enabled():
        start_replay(system, None, user)
    pages.players_merged(kept.pk)  # rows moved in bulk: the player's events, games, pages
    return plan


@dataclass(frozen=True)
class Duplicates:
    """Records that share a name (its words, without accents, case or order)."""

    name: str
    players: list[Player]


def likely_duplicates() -> list[Duplicates]:
    """Every name that two or more known players share, members first in each group."""
    groups: dict[str, list[Player]] = {}
    known = (
        Player.objects.select_related("membership")
        .annotate(events=Count("participations", distinct=True))
        .order_by("last_name", "first_name", "pk")
    )
    for player in known:
        groups.setdefault(players.name_key(player.first_name, player.last_name), []).append(player)
    found = []
    for group in groups.values():
        if len(group) > 1:
            group.sort(key=lambda p: not hasattr(p, "membership"))
            found.append(Duplicates(group[0].name, group))
    return found
