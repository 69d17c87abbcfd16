"""An event's prize list: who wins which prize, and how much, from the standings, the
categories and the prizes. Pure Python (the desk reads the models: ``desk.prizes``);
the rules, with the regulations of real opens that they follow, are in
``docs/prizes.md``.

- A list is the overall standings or a category's; its prizes are places 1, 2, ... each
  with an amount, a description (a trophy, a book) or both.
- One prize a player, the highest: the lists are served in turns, each turn giving the
  next place of the list that pays most for it (the money of the group of players that
  place goes to, shared as the event's rule says, per player), the overall list before a
  category at equal money, then the categories in their order. A player served is out of
  every other list, whose places pass down to the next players there.
- Ties, as the event chooses: by the tie-breaks (the ranks decide; players who share a
  rank, level on every tie-break, share the money of their places equally), shared (the
  players level on points pool the money of the places they hold and share it equally),
  or Hort's system (each keeps half the money of the place the tie-breaks give them, the
  other halves are pooled and shared equally among the players level on points). A
  category's prizes are shared too only when the event says so (Cappelle-la-Grande:
  "Other prizes are not shared"). A prize in kind is never shared: it goes to the player
  the tie-breaks put on its place (Limburg Open: "For prizes in kind the tie break rules
  ... will be applied").
- Money is counted in cents: a share that does not fall in whole cents gives its extra
  cents, one each, to the best placed players of the group, so that the shares add up
  to the money pooled to the cent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

CENT = Decimal("0.01")


class Ties(StrEnum):
    """How players level on points share a prize list."""

    TIEBREAK = "tiebreak"
    SHARED = "shared"
    HORT = "hort"


@dataclass(frozen=True)
class Standing:
    """A player's line of the standings: their rank (shared when level on every
    tie-break) and points, in the standings' order."""

    player: int
    rank: int
    points: Decimal


@dataclass(frozen=True)
class Prize:
    """A prize: the place it pays in its list (``category`` None: overall)."""

    key: int
    category: int | None
    place: int
    amount: Decimal | None = None
    description: str = ""


@dataclass(frozen=True)
class Award:
    """What a player wins: the prize of the place they hold in the list (None: a player
    level on points with prize winners, paid a share beyond the list's prizes), the money
    paid (None: a prize in kind), and the places whose money was pooled (``shared``,
    first and last) when it was."""

    player: int
    category: int | None
    place: int
    prize: Prize | None
    amount: Decimal | None
    shared: tuple[int, int] | None = None


def _cents(amount: Decimal | None) -> int:
    return int((amount or Decimal(0)).quantize(CENT) * 100)


def _equal(total: int, count: int) -> list[int]:
    """``total`` cents in ``count`` equal shares, the extra cents to the first ones."""
    base, extra = divmod(total, count)
    return [base + (1 if index < extra else 0) for index in range(count)]


def shares(money: Sequence[Decimal | None], count: int, ties: Ties) -> list[Decimal]:
    """The money of ``count`` players level, holding places whose prizes are ``money``
    in their order (places beyond the list's prizes pay nothing): shared equally, or by
    Hort's system (half kept, half pooled)."""
    cents = [_cents(m) for m in money[:count]] + [0] * max(0, count - len(money))
    if ties == Ties.HORT:
        kept = [c // 2 for c in cents]
        pooled = _equal(sum(cents) - sum(kept), count)
        paid = [k + p for k, p in zip(kept, pooled, strict=True)]
    else:
        paid = _equal(sum(cents), count)
    return [Decimal(c) / 100 for c in paid]


def _group(remaining: Sequence[Standing], ties: Ties) -> list[Standing]:
    """The players the list's next place goes to: the first player still in the list
    and those level with them (on every tie-break, or on points when shared)."""
    first = remaining[0]
    if ties == Ties.TIEBREAK:
        same = [s for s in remaining if s.rank == first.rank]
    else:
        same = [s for s in remaining if s.points == first.points]
    return same


@dataclass
class _Turn:
    value: Decimal
    order: int
    category: int | None
    group: list[Standing]
    prizes: list[Prize]
    ties: Ties


def award(
    standings: Sequence[Standing],
    categories: Mapping[int, set[int]],
    prizes: Sequence[Prize],
    ties: Ties = Ties.TIEBREAK,
    share_categories: bool = False,
) -> list[Award]:
    """The awards, in the order they were made: ``standings`` in rank order,
    ``categories`` (in their order) each with its players, ``prizes`` of the overall
    list (category None) and of the categories."""
    lists: dict[int | None, list[Prize]] = {None: [], **{key: [] for key in categories}}
    for prize in prizes:
        if prize.category in lists:
            lists[prize.category].append(prize)
    for items in lists.values():
        items.sort(key=lambda p: p.place)
    players: dict[int | None, list[Standing]] = {None: list(standings)}
    for category, inside in categories.items():
        players[category] = [s for s in standings if s.player in inside]
    served: set[int] = set()
    given: dict[int | None, int] = dict.fromkeys(lists, 0)
    awards: list[Award] = []
    while True:
        turns = []
        for order, (key, items) in enumerate(lists.items()):
            remaining = [s for s in players[key] if s.player not in served]
            if given[key] >= len(items) or not remaining:
                continue
            rule = ties if key is None or share_categories else Ties.TIEBREAK
            group = _group(remaining, rule)
            held = items[given[key] : given[key] + len(group)]
            money = sum((p.amount or Decimal(0) for p in held), Decimal(0))
            turns.append(_Turn(money / len(group), order, key, group, held, rule))
        if not turns:
            return awards
        turn = min(turns, key=lambda t: (-t.value, t.order))
        first = given[turn.category] + 1
        paid = shares([p.amount for p in turn.prizes], len(turn.group), turn.ties)
        pooled = any(p.amount for p in turn.prizes)
        span = (first, first + len(turn.group) - 1) if len(turn.group) > 1 else None
        for index, standing in enumerate(turn.group):
            won = turn.prizes[index] if index < len(turn.prizes) else None
            if won is None and not paid[index]:
                continue  # level with the winners, beyond the prizes, and nothing pooled
            served.add(standing.player)
            awards.append(
                Award(
                    standing.player,
                    turn.category,
                    first + index,
                    won,
                    paid[index] if pooled else None,
                    span if pooled else None,
                )
            )
        given[turn.category] += len(turn.group)
