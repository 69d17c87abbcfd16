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
  every other list, whose places pass down to the next players there. Before a group is
  served, each of its players is compared on their own: one whom another list pays more
  already, where they stand in it now (players above may still leave it, which only
  raises what it pays them), leaves the group, and the group's money is shared again
  without them.
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


def _level(one: Standing, other: Standing, ties: Ties) -> bool:
    """Whether two players share a place: level on every tie-break, or on points when
    the money is shared."""
    if ties == Ties.TIEBREAK:
        return one.rank == other.rank
    return one.points == other.points


def _group(remaining: Sequence[Standing], ties: Ties) -> list[Standing]:
    """The players the list's next place goes to: the first player still in the list
    and those level with them."""
    return [s for s in remaining if _level(s, remaining[0], ties)]


@dataclass
class _Turn:
    value: Decimal
    order: int
    category: int | None
    group: list[Standing]
    prizes: list[Prize]
    ties: Ties


class _Allocation:
    """The lists being served: each list's prizes in place order, its players in rank
    order, the places already given, and the players out of it (served, or gone for a
    list that pays them more)."""

    def __init__(
        self,
        standings: Sequence[Standing],
        categories: Mapping[int, set[int]],
        prizes: Sequence[Prize],
        ties: Ties,
        share_categories: bool,
    ) -> None:
        self.prizes: dict[int | None, list[Prize]] = {None: [], **{k: [] for k in categories}}
        for prize in prizes:
            if prize.category in self.prizes:
                self.prizes[prize.category].append(prize)
        for items in self.prizes.values():
            items.sort(key=lambda p: p.place)
        self.players: dict[int | None, list[Standing]] = {None: list(standings)}
        for category, inside in categories.items():
            self.players[category] = [s for s in standings if s.player in inside]
        self.order = {key: index for index, key in enumerate(self.prizes)}
        self.given: dict[int | None, int] = dict.fromkeys(self.prizes, 0)
        self.served: set[int] = set()
        self.left: dict[int | None, set[int]] = {key: set() for key in self.prizes}
        self.ties = ties
        self.share_categories = share_categories

    def rule(self, key: int | None) -> Ties:
        return self.ties if key is None or self.share_categories else Ties.TIEBREAK

    def open(self) -> list[int | None]:
        """The lists with a place still to give."""
        return [key for key, items in self.prizes.items() if self.given[key] < len(items)]

    def remaining(self, key: int | None) -> list[Standing]:
        gone = self.served | self.left[key]
        return [s for s in self.players[key] if s.player not in gone]

    def turn(self, key: int | None) -> _Turn | None:
        """The list's next place: the group it goes to, and what it pays per player."""
        still = self.remaining(key)
        if not still:
            return None
        group = _group(still, self.rule(key))
        held = self.prizes[key][self.given[key] : self.given[key] + len(group)]
        money = sum((p.amount or Decimal(0) for p in held), Decimal(0))
        return _Turn(money / len(group), self.order[key], key, group, held, self.rule(key))

    def offer(self, key: int | None, player: int) -> Decimal:
        """What the list ``key`` pays ``player`` where they stand in it now: their share
        of the places their group would hold (0 beyond its prizes, or not in the list).
        Players above them may still leave the list, which only raises it."""
        still = self.remaining(key)
        me = next((s for s in still if s.player == player), None)
        if me is None:
            return Decimal(0)
        group = [s for s in still if _level(s, me, self.rule(key))]
        place = self.given[key] + still.index(group[0])
        held = self.prizes[key][place : place + len(group)]
        if not held:
            return Decimal(0)
        return shares([p.amount for p in held], len(group), self.rule(key))[group.index(me)]

    def better_elsewhere(self, turn: _Turn, player: int, here: Decimal) -> bool:
        """Whether another list pays ``player`` more than ``here`` (or as much, and
        comes before this one)."""
        return any(
            (-self.offer(key, player), self.order[key]) < (-here, turn.order)
            for key in self.open()
            if key != turn.category
        )


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
    lists = _Allocation(standings, categories, prizes, ties, share_categories)
    awards: list[Award] = []
    while True:
        turns = [t for key in lists.open() if (t := lists.turn(key)) is not None]
        if not turns:
            return awards
        turn = min(turns, key=lambda t: (-t.value, t.order))
        paid = shares([p.amount for p in turn.prizes], len(turn.group), turn.ties)
        leaving = {
            standing.player
            for standing, here in zip(turn.group, paid, strict=True)
            if lists.better_elsewhere(turn, standing.player, here)
        }
        if leaving:
            lists.left[turn.category] |= leaving
            continue  # the group's money shared again without them
        first = lists.given[turn.category] + 1
        pooled = any(p.amount for p in turn.prizes)
        span = (first, first + len(turn.group) - 1) if len(turn.group) > 1 else None
        for index, standing in enumerate(turn.group):
            won = turn.prizes[index] if index < len(turn.prizes) else None
            if won is None and not paid[index]:
                continue  # level with the winners, beyond the prizes, and nothing pooled
            lists.served.add(standing.player)
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
        lists.given[turn.category] += len(turn.group)
