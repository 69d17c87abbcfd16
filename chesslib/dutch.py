"""The FIDE Dutch system, the club's own engine (C.04.3 as in force from 1 February 2026).

Written from the text of the regulations: C.04.1 (basic rules), C.04.2 (general handling
rules), C.04.3 (the Dutch system) and C.04.5.1 (Baku acceleration). Same interface as
``chesslib.swiss``: ``pair(entrants, round_number, total_rounds, initial_colour,
accelerations, scoring)`` gives the boards of the round, the pairing-allocated bye last.

How a round is paired (the method of bbpPairings, the FIDE-endorsed engine, in our own
terms): the players are sorted by score (virtual points of acceleration included), then
pairing number (1.2). The brackets are paired from the top score down. For each bracket a
maximum-weight matching is computed over all the players not yet paired, whose edge
weights rank, from the most to the least important, the criteria of C.04.3 C:

- C1, C3 (absolute): no pair of players who met (C1), no pair of players with the same
  absolute colour preference (C3) unless one is a topscorer of the last round: such an
  edge is left out of the graph;
- C4 (completion): as many pairs as possible over the whole round, the rest being paired
  too (an edge weighs first 1 for existing);
- C2, C5 (the bye): the player left out is eligible for the bye (C2: no bye nor win
  without playing before) and has the lowest score possible (C5);
- C6, C7: as many pairs as possible in the bracket, then the highest scores paired (the
  moved-down players' scores, highest first);
- C8: the same for the next bracket (the downfloaters chosen so that it pairs best);
- C9: the bye's receiver, when the bracket sends no one down but him, has played the most
  games;
- C10-C13: colour criteria (topscorers' colour difference and three same colours in a
  row, colour preferences, strong colour preferences) not granted, fewest;
- C14-C21: float criteria (repeated downfloats and upfloats of the previous round and the
  one before, their number, then the scores concerned), 1.4.3 of 2026: a round not played
  is a downfloat only if it scored more than a loss.

Among the pairings of equal quality, the text's order (C.04.3 D) is applied step by step,
each step a matching with small bonuses added to the weights: the moved-down players
paired are the highest ranked (D.2), each paired with the highest ranked resident possible;
in the remainder, the fewest exchanges between S1 and S2, the smallest difference of the
players exchanged, the lowest of S1 and the highest of S2 exchanged first (D.3); then each
player of S1 in order with the first player of S2 possible (transpositions, D.1).

Colours: C.04.3 E.1-E.5 (``colours``). Board order: C.04.2 (the higher score first, then
the higher-ranked player's pairing number).

The matching is ``rustworkx.max_weight_matching`` (integer weights, up to 126 bits): each
bracket lays out the criteria it needs in as few bits as their ranges take (``Layout``);
a bracket whose criteria would need more raises ``Unpairable`` (never met on the
generated set, up to 250 players: it would need the criteria optimised in stages).

Where the text leaves the method open, the engine does as bbpPairings does: two players
a bracket's remainder sends down together are not paired with each other further down
(the bracket could have paired them); a moved-down player paired with another moved-down
player is not one of D.2's "moved-down players paired"; C9 reads the edges of the bracket
and the next score group only.

Measured against bbpPairings (``benchmarks/pairing_generated.py``, 28 November 2026):
2,096 of its 2,096 rounds of the generated set equal, the 40 reference cases too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

import rustworkx

from chesslib.swiss import Entrant, Pairing, Unpairable

__all__ = ["Entrant", "Pairing", "Unpairable", "pair"]

WHITE, BLACK = "w", "b"
DOWN, UP = "down", "up"
WEIGHT_BITS = 124  # what the matching takes, with room for its own arithmetic
FEW = 64  # the options of D.1 weighed for a head after the first in one matching


def _invert(colour: str | None) -> str | None:
    return None if colour is None else BLACK if colour == WHITE else WHITE


@dataclass
class Points:
    """What each outcome scores: the event's XXS record if any, 1-1/2-0 otherwise."""

    win: Decimal = Decimal(1)
    draw: Decimal = Decimal("0.5")
    loss: Decimal = Decimal(0)
    forfeit_win: Decimal = Decimal(1)
    forfeit_loss: Decimal = Decimal(0)
    full_bye: Decimal = Decimal(1)
    half_bye: Decimal = Decimal("0.5")
    zero_bye: Decimal = Decimal(0)

    @classmethod
    def of(cls, scoring: Sequence[str]) -> Points:
        """The points of an XXS record (JaVaFo's codes), the usual ones where it is silent."""
        points = cls()
        names = {"WW": "win", "WD": "draw", "WL": "loss", "FW": "forfeit_win",
                 "FL": "forfeit_loss", "PAB": "full_bye", "HPB": "half_bye",
                 "ZPB": "zero_bye"}  # fmt: skip
        for record in scoring:
            if not record.startswith("XXS "):
                continue
            for part in record.split()[1:]:
                code, _, value = part.partition("=")
                if code in names and value:
                    setattr(points, names[code], Decimal(value))
        return points


@dataclass
class Player:
    """A player paired this round, with what the criteria read of his history."""

    id: int
    rank: int  # 0-based place among the players of the event (pairing numbers' order)
    score: Decimal  # for pairing: points and this round's virtual points (C.04.5.1)
    plain: Decimal  # points only: the order of the boards
    side: str | None = None  # colour preferred (A.6)
    imbalance: int = 0  # |whites - blacks| of the games played
    repeated: str | None = None  # the colour of the last two games if the same
    played_games: int = 0
    eligible: bool = True  # C2: no bye nor win without playing before
    floats: tuple[str | None, str | None] = (None, None)  # last round, the one before
    met: set[int] = field(default_factory=set)  # opponents over the board (C1)
    history: list[str | None] = field(default_factory=list)  # colour of each round played
    topscorer: bool = False

    @property
    def absolute(self) -> bool:
        """A.6.a: colour difference above 1, or the same colour the last two games."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def strong(self) -> bool:
        """A.6.b: colour difference of 1, not absolute."""
        return not self.absolute and self.imbalance == 1


def _kind(entrant: Entrant, n: int, known: set[int]) -> str:
    """Round ``n`` (from 0) of the entrant: ``game`` (played over the board), ``forfeit``
    (a game not played: win or loss by forfeit), ``bye`` (pairing-allocated or full-point),
    ``half``, ``zero`` (a bye or an absence of that worth)."""
    points = entrant.scores[n] if n < len(entrant.scores) else Decimal(0)
    opponent = entrant.opponents[n] if n < len(entrant.opponents) else None
    if opponent is not None and opponent in known:
        return "game" if n < len(entrant.played) and entrant.played[n] else "forfeit"
    return "bye" if points >= 1 else "half" if points > 0 else "zero"


def _round_points(entrant: Entrant, n: int, kind: str, points: Points) -> Decimal:
    raw = entrant.scores[n] if n < len(entrant.scores) else Decimal(0)
    if kind == "game":
        return points.win if raw >= 1 else points.draw if raw > 0 else points.loss
    if kind == "forfeit":
        return points.forfeit_win if raw >= 1 else points.forfeit_loss
    return {"bye": points.full_bye, "half": points.half_bye, "zero": points.zero_bye}[kind]


def _players(
    entrants: Sequence[Entrant],
    round_number: int,
    total_rounds: int,
    accelerations: Mapping[int, Sequence[Decimal]] | None,
    points: Points,
) -> tuple[list[Player], dict[int, int]]:
    """The players to pair, sorted by score then pairing number, and every entrant's rank
    among the players of the event (those resting this round without any round paired
    before do not count: in round 1 the ranks are places among the players paired)."""
    past = round_number - 1
    known = {e.id for e in entrants}
    ordered = sorted(entrants, key=lambda e: (e.number <= 0, e.number, e.id))
    kinds = {e.id: [_kind(e, n, known) for n in range(past)] for e in ordered}
    worth = {
        e.id: [_round_points(e, n, kinds[e.id][n], points) for n in range(past)] for e in ordered
    }
    virtual = {key: list(values) for key, values in (accelerations or {}).items()}

    def score(key: int, back: int = 0) -> Decimal:
        """C.04.5.1: points of the rounds before ``back`` rounds ago, and that round's
        virtual points."""
        index = past - back
        extra = virtual.get(key, [])
        return sum(worth[key][:index], Decimal(0)) + (
            extra[index] if index < len(extra) else Decimal(0)
        )

    ranks: dict[int, int] = {}
    for entrant in ordered:
        took_part = any(kind in ("game", "forfeit", "bye") for kind in kinds[entrant.id])
        if not entrant.absent or took_part:
            ranks[entrant.id] = len(ranks)
    best = max(points.win, points.draw)
    threshold = past * best / 2
    last_round = round_number >= total_rounds
    players = []
    for entrant in ordered:
        if entrant.absent:
            continue
        key = entrant.id
        player = Player(key, ranks[key], score(key), sum(worth[key], Decimal(0)))
        whites = blacks = run = 0
        last: str | None = None
        for n, kind in enumerate(kinds[key]):
            if kind != "game":
                player.history.append(None)
                continue
            colour = WHITE if entrant.colours[n] == "white" else BLACK
            player.history.append(colour)
            player.met.add(entrant.opponents[n])  # type: ignore[arg-type]
            player.played_games += 1
            whites += colour == WHITE
            blacks += colour == BLACK
            run = run + 1 if colour == last else 1
            last = colour
        lower = BLACK if whites > blacks else WHITE
        player.imbalance = abs(whites - blacks)
        # A.6: absolute (difference > 1 or the same colour twice), strong, mild
        player.side = (
            lower
            if player.imbalance > 1
            else _invert(last)
            if run > 1
            else lower
            if player.imbalance
            else _invert(last)
        )
        player.repeated = last if run > 1 else None
        # C2: a bye or a win without playing (a forfeit win, a full-point bye) before
        player.eligible = (
            not any(
                kind != "game" and worth[key][n] >= points.win for n, kind in enumerate(kinds[key])
            )
            and "bye" not in kinds[key]
        )
        floats: list[str | None] = []
        for back in (1, 2):
            n = past - back
            if n < 0:
                floats.append(None)
                continue
            if kinds[key][n] != "game":
                # 1.4.3 (2026): a round not played is a downfloat if it scored more than a loss
                floats.append(DOWN if worth[key][n] > points.loss else None)
                continue
            mine, theirs = score(key, back), score(entrant.opponents[n], back)  # type: ignore[arg-type]
            floats.append(DOWN if mine > theirs else UP if mine < theirs else None)
        player.floats = (floats[0], floats[1])
        # A.7: topscorers, the last round only: more than half the maximum score
        player.topscorer = last_round and player.score > threshold
        players.append(player)
    players.sort(key=lambda p: (-p.score, p.rank))
    return players, ranks


def _compatible(a: Player, b: Player) -> bool:
    """C1 (no second game) and C3 (no two players with the same absolute colour
    preference, unless one is a topscorer of the last round)."""
    if b.id in a.met or a.id in b.met:
        return False
    if a.absolute and b.absolute and a.side == b.side:
        return a.topscorer or b.topscorer
    return True


def _colour_faults(high: Player, low: Player) -> tuple[int, int, int, int]:
    """C10-C13 for a pair: each 1 if the pair breaks it. Only a pair whose players prefer
    the same colour breaks any; both absolute (C3 lets it pass for a topscorer only):
    C10, one of them gets a colour difference beyond 2; C11, the one who yields (the
    smaller difference; on equal differences, either) gets the same colour a third time
    in a row. C12: a colour preference not granted. C13: a strong one not granted (not
    counted where both are absolute: C10-C11 weigh those)."""
    same = high.side is not None and high.side == low.side
    if not same:
        return 0, 0, 0, 0
    c10 = int(high.imbalance > 1 and low.imbalance > 1)
    c11 = 0
    if high.absolute and low.absolute:
        if high.imbalance == low.imbalance:
            c11 = int(high.repeated is not None and high.repeated == low.repeated)
        else:
            yielding = low if high.imbalance > low.imbalance else high
            c11 = int(yielding.repeated == _invert(high.side))
    c12 = 1
    c13 = int(
        (high.strong or high.absolute)
        and (low.strong or low.absolute)
        and not (high.absolute and low.absolute)
    )
    return c10, c11, c12, c13


class Layout:
    """Criteria as fields of an integer weight, the most important highest. Each field
    has room for the range of its sum over a matching, so that the weights compare
    as the criteria do, in order: a field of width ``w`` holds a sum of at most
    ``2**w - 1`` in absolute value, one-signed, and every field below it together, the
    bonuses of the low bits included, differ by less than its unit."""

    def __init__(self, low_bits: int) -> None:
        self.offsets: dict[object, int] = {}
        self.used = low_bits

    def add(self, name: object, largest: int) -> None:
        """A field whose sum over a matching is at most ``largest`` in absolute value,
        of one sign (a criterion to maximise adds, one to minimise subtracts)."""
        if largest <= 0:
            return
        self.offsets[name] = self.used
        self.used += largest.bit_length()

    def add_scores(self, name: str, counts: Mapping[Decimal, int]) -> None:
        """A field per score, the highest score highest (its count at most ``counts``)."""
        for score in sorted(counts):
            self.add((name, score), counts[score])


@dataclass
class Bracket:
    """What the weights of a bracket's matching read."""

    current: set[int]  # the players of the bracket (moved-down players and residents)
    bye_score: Decimal | None
    single_bye: bool  # C9 applies: the bracket sends down no one but the bye's receiver
    unplayed_rank: dict[int, int]  # C9's value per games played
    layout: Layout


class Pairer:
    """A round's pairing, bracket by bracket (see the module's docstring).

    One graph of the players not yet paired serves the whole round: a pair made leaves
    it, and each bracket weighs again the edges between its players and the next score
    group's (an edge with a player further down weighs completion only, C4, as the
    brackets above cannot change it). An edge's weight is its criteria (``base``), the
    bonuses of the order of candidates (``bonus``, below the criteria) and a tie-break
    (``hint``, below the bonuses) that makes the matching found the first in that order
    more often, so that fewer matchings are computed: it never changes which pairing is
    chosen, only how soon it is found."""

    def __init__(self, players: list[Player], past: int) -> None:
        self.players = players
        self.by_id = {p.id: p for p in players}
        self.order = {p.id: n for n, p in enumerate(players)}
        self.past = past
        self.free = {p.id for p in players}
        self.pairs: list[tuple[int, int]] = []
        self.apart: set[frozenset[int]] = set()  # downfloaters of the same remainder
        self.graph = rustworkx.PyGraph(multigraph=False)
        self.node: dict[int, int] = {}
        self.base_w: dict[tuple[int, int], int] = {}
        self.bonus: dict[tuple[int, int], int] = {}
        self.hint: dict[tuple[int, int], int] = {}
        self.hint_bits = 0
        self.top = WEIGHT_BITS - (2 * len(players) + 2).bit_length()
        self.last_mate: dict[int, int] = {}
        self.bye_score: Decimal | None = None
        self.unplayed_rank: dict[int, int] = {}
        self.initial_single = False

    # --- the matching -------------------------------------------------------------------

    @staticmethod
    def key(a: int, b: int) -> tuple[int, int]:
        return (a, b) if a < b else (b, a)

    def weigh(self, a: int, b: int) -> None:
        """The edge between ``a`` and ``b`` in the graph as its weights say (none: no edge)."""
        key = self.key(a, b)
        base = self.base_w.get(key, 0)
        total = base + (self.bonus.get(key, 0) << self.hint_bits) + self.hint.get(key, 0)
        u, v = self.node[a], self.node[b]
        if base and total > 0:
            self.graph.add_edge(u, v, total)
        elif self.graph.has_edge(u, v):
            self.graph.remove_edge(u, v)

    def set_base(self, a: int, b: int, weight: int) -> None:
        self.base_w[self.key(a, b)] = weight
        self.weigh(a, b)

    def set_bonus(self, a: int, b: int, bonus: int) -> None:
        self.bonus[self.key(a, b)] = bonus
        self.weigh(a, b)

    def weight(self, a: int, b: int) -> int:
        return self.base_w.get(self.key(a, b), 0)

    def match(self) -> dict[int, int]:
        """The maximum-weight matching of the players still free."""
        found = rustworkx.max_weight_matching(self.graph, weight_fn=int)
        mate = {}
        for u, v in found:
            a, b = self.graph[u], self.graph[v]
            mate[a], mate[b] = b, a
        return mate

    def fix(self, a: int, b: int) -> None:
        """The pair is made: both leave the graph."""
        self.pairs.append((a, b))
        for key in (a, b):
            self.free.discard(key)
            self.graph.remove_node(self.node[key])

    # --- the round ----------------------------------------------------------------------

    def run(self, last_round: bool) -> tuple[list[tuple[int, int]], int | None]:
        """The pairs of the round (higher-ranked player first) and the bye, if any."""
        players = self.players
        odd = len(players) % 2 == 1
        compatible = [
            (a, b) for a_n, a in enumerate(players) for b in players[a_n + 1 :] if _compatible(a, b)
        ]
        single_bye = False
        if odd:
            # C4 first, then C2 and C5: all paired but one, eligible, of the lowest score
            level = {s: n for n, s in enumerate(sorted({p.score for p in players}))}
            top_score = players[0].score
            place = {p.id: n for n, p in enumerate(players)}
            graph = rustworkx.PyGraph(multigraph=False)
            graph.add_nodes_from([p.id for p in players])
            graph.add_edges_from(
                [
                    (
                        place[a.id],
                        place[b.id],
                        ((1 + (not a.eligible) + (not b.eligible)) << 16)
                        + level[a.score]
                        + level[b.score],
                    )
                    for a, b in compatible
                ]
            )
            mate = {}
            for u, v in rustworkx.max_weight_matching(graph, weight_fn=int):
                mate[players[u].id], mate[players[v].id] = players[v].id, players[u].id
            unpaired = [p for p in players if p.id not in mate]
            if len(unpaired) > 1 or any(not p.eligible for p in unpaired):
                raise Unpairable("no pairing of the round satisfies the absolute criteria")
            bye_score = unpaired[0].score
            self.bye_score = bye_score
            if bye_score >= top_score:
                single_bye = all(
                    self.by_id[mate[p.id]].score >= top_score
                    for p in players
                    if p.score >= top_score and p.id in mate
                )
            at_bye = [p.played_games for p in players if p.score == bye_score]
            for n, games in enumerate(sorted(at_bye, reverse=True)):
                self.unplayed_rank[games] = n
        self.initial_single = single_bye
        # the edges as the brackets above a player's see them: completion only
        for p in players:
            self.node[p.id] = self.graph.add_node(p.id)
        self.graph.add_edges_from(
            [
                (self.node[a.id], self.node[b.id], self.outside(a, b) << self.top)
                for a, b in compatible
            ]
        )
        groups: list[list[int]] = []
        for p in players:
            if groups and self.by_id[groups[-1][0]].score == p.score:
                groups[-1].append(p.id)
            else:
                groups.append([p.id])
        moved: list[int] = []  # moved-down players of the next bracket
        group_n = 0
        while group_n < len(groups) or len(moved) > 1:
            residents: list[int] = []
            if group_n < len(groups):
                residents = groups[group_n]
                group_n += 1
            following = groups[group_n] if group_n < len(groups) else []
            moved = self.bracket(moved, residents, following, single_bye)
            # C9 for the next bracket: the bye's score reached, nothing sent below it
            single_bye = False
            if odd and following and self.bye_score is not None:
                floor = self.by_id[following[0]].score
                single_bye = self.bye_score >= floor and all(
                    self.by_id[self.last_mate.get(key, key)].score >= floor
                    for key in [*moved, *following]
                )
            if not residents and not following:
                break
        if len(self.free) > 1:
            raise Unpairable("no pairing of the round satisfies the absolute criteria")
        bye = next(iter(self.free), None)
        return self.pairs, bye

    # --- the weights --------------------------------------------------------------------

    def outside(self, one: Player, two: Player) -> int:
        """C4, C2, C5: 1 for a pair, and 1 for each of its players who may not be the
        one left out (the bye: eligible, C2, and at the bye's score, C5)."""
        bye_score = self.bye_score
        if bye_score is None:
            return 1 + (not one.eligible) + (not two.eligible)
        return (
            1
            + (not one.eligible or one.score > bye_score)
            + (not two.eligible or two.score > bye_score)
        )

    def base(self, a: int, b: int, br: Bracket) -> int:
        """The weight of pairing ``a`` and ``b`` (``a`` ranked higher in the bracket's
        order) for this bracket's matching; 0 if they may not meet."""
        one, two = self.by_id[a], self.by_id[b]
        if not _compatible(one, two) or frozenset((a, b)) in self.apart:
            return 0
        lay = br.layout.offsets
        weight = self.outside(one, two) << self.top
        in_current = b in br.current and a in br.current
        if in_current:
            weight += 1 << lay["C6"]  # C6: a pair in the bracket
            weight += 1 << lay[("C7", one.score)]  # C7: its higher player's score
        else:  # C8: a pair in the next bracket, its higher player's score
            weight += 1 << lay["C8"]
            weight += 1 << lay[("C8s", one.score)]
        if br.single_bye and "C9" in lay:
            # C9: the bye's receiver has played the most games
            for p in (one, two):
                if p.score == br.bye_score:
                    weight += br.unplayed_rank[p.played_games] << lay["C9"]
        if not in_current:
            return weight
        for name, fault in zip(("C10", "C11", "C12", "C13"), _colour_faults(one, two), strict=True):
            if fault and name in lay:
                weight -= 1 << lay[name]
        moved = one.score > two.score  # a moved-down player with a resident
        for back, (down_count, up_count, down_scores, up_scores) in enumerate(
            (("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))
        ):
            if self.past <= back:
                continue
            # C14/C16: residents who floated down before, paired in the bracket (not again)
            if two.floats[back] == DOWN:
                weight += 1 << lay[down_count]
                weight += 1 << lay[(down_scores, two.score)]
            if one.floats[back] == DOWN:
                if not moved:
                    weight += 1 << lay[down_count]
                # C18/C20: moved-down players who floated down before, paired here
                weight += 1 << lay[(down_scores, one.score)]
            # C15/C17, C19/C21: a resident who floated up before, up again
            if moved and two.floats[back] == UP:
                weight -= 1 << lay[up_count]
                weight -= 1 << lay[(up_scores, one.score)]
        return weight

    def layout(self, current: list[int], following: list[int], single: bool, low: int) -> Layout:
        """The fields this bracket needs, each as wide as its range, above ``low`` bits
        kept for the bonuses and the tie-break."""
        lay = Layout(low)
        size = len(current) + len(following)
        players = [self.by_id[key] for key in current]
        counts: dict[Decimal, int] = {}
        for p in players + [self.by_id[key] for key in following]:
            counts[p.score] = counts.get(p.score, 0) + 1
        mine = {s: c for s, c in counts.items() if any(p.score == s for p in players)}
        floats = []
        if self.past >= 1:
            floats.append((0, ("C14", "C15", "C18", "C19")))
        if self.past >= 2:
            floats.append((1, ("C16", "C17", "C20", "C21")))
        for back, (_dc, _uc, down_scores, up_scores) in reversed(floats):
            downs = dict.fromkeys(mine, 0)
            ups = dict.fromkeys(mine, 0)
            for p in players:
                if p.floats[back] == DOWN:
                    downs[p.score] += 1
                if p.floats[back] == UP:
                    for s in mine:
                        ups[s] += s > p.score
            lay.add_scores(up_scores, ups)
            lay.add_scores(down_scores, downs)
        for back, (down_count, up_count, _ds, _us) in reversed(floats):
            lay.add(up_count, sum(1 for p in players if p.floats[back] == UP))
            lay.add(down_count, sum(1 for p in players if p.floats[back] == DOWN))
        lay.add("C13", sum(1 for p in players if p.strong or p.absolute) // 2)
        lay.add("C12", sum(1 for p in players if p.side is not None) // 2)
        if any(p.topscorer for p in players):  # else C3 leaves no such pair
            lay.add("C11", sum(1 for p in players if p.absolute) // 2)
            lay.add("C10", sum(1 for p in players if p.imbalance > 1) // 2)
        if single:
            lay.add("C9", sum(self.unplayed_rank.values()) * 2 + 2)
        lay.add_scores("C8s", counts)
        lay.add("C8", size)
        lay.add_scores("C7", mine)
        lay.add("C6", len(players))
        return lay

    # --- a bracket ----------------------------------------------------------------------

    def bracket(
        self, moved: list[int], residents: list[int], following: list[int], single: bool
    ) -> list[int]:
        """Pairs the bracket of ``moved`` (moved-down players, in order) and ``residents``;
        returns the players it sends down to the next bracket, in order."""
        current = moved + residents
        # the tie-break, if the weights have room: pairs across the bracket's halves, then
        # the higher players with the higher (the order of D.1, roughly)
        half, size = len(current) // 2, len(current)
        across = size * size * (half + 1) + 1  # a pair across the halves outweighs the rest
        hint_bits = (across * (half + 1)).bit_length()
        # the bonuses need 3 bits per bit of the bracket's size; the bits left over widen
        # the low bits so that more choices of D.1 go into one matching
        needed = 3 * max(len(current) + len(following), 1).bit_length() + 4
        fields = self.layout(current, following, single, 0).used
        if fields + needed > self.top:
            raise Unpairable(f"bracket too large for the weights ({fields + needed} bits)")
        if fields + needed + hint_bits > self.top:
            hint_bits = 0
        self.low = self.top - fields
        lay = self.layout(current, following, single, self.low)
        self.hint_bits = hint_bits
        br = Bracket(set(current), self.bye_score, single, self.unplayed_rank, lay)
        self.bonus, self.hint = {}, {}
        everyone = current + following
        place = {key: n for n, key in enumerate(current)}
        wide = 2 * max(len(everyone), 1).bit_length()

        def exchange_bonus(i: int, s1: int) -> int:
            """D.3 for a pair headed by the remainder's player ``i``: fewest exchanges
            (S1's players heading their pairs), then the smallest difference of the
            players exchanged (heads as high as possible)."""
            return (((1 << wide) if i < s1 else 0) - i) << 1

        # without moved-down players the remainder is the bracket: its D.3 bonuses go into
        # the first matching, S1 guessed as half the bracket (checked after)
        guess = len(residents) // 2 if not moved else -1
        edges = []
        node = self.node
        for n, a in enumerate(everyone):
            for b in everyone[n + 1 :]:
                edge = self.key(a, b)
                weight = self.base(a, b, br)
                self.base_w[edge] = weight
                if not weight:
                    if self.graph.has_edge(node[a], node[b]):
                        self.graph.remove_edge(node[a], node[b])
                    continue
                if hint_bits and b in place:
                    hint = (size - place[a]) * (size - place[b])
                    if place[a] < half <= place[b]:
                        hint += across
                    self.hint[edge] = hint
                    weight += hint
                if guess >= 0 and b in place:
                    bonus = exchange_bonus(place[a], guess)
                    self.bonus[edge] = bonus
                    weight += bonus << hint_bits
                edges.append((node[a], node[b], weight))
        self.graph.add_edges_from(edges)
        mate = self.match()
        if len(self.free) - len(mate) > 1:
            raise Unpairable("no pairing of the round satisfies the absolute criteria")
        if not residents:
            # moved-down players left after the lowest score group: paired among themselves
            for key in moved:
                if key in self.free and mate.get(key) in self.free:
                    self.fix(key, mate[key])
            self.last_mate = mate
            return [key for key in moved if key in self.free]
        resident_set = set(residents)

        def inside(key: int) -> bool:
            """Paired with a resident of the bracket."""
            return mate.get(key) in resident_set

        # D.2: of the moved-down players of a score, the highest ranked are paired
        chosen: list[int] = []
        n = 0
        while n < len(moved):
            score = self.by_id[moved[n]].score
            same = [key for key in moved if self.by_id[key].score == score]
            n += len(same)
            left = len(same)
            to_pair = sum(1 for key in same if inside(key))
            for key in same:
                if not to_pair:
                    break
                left -= 1
                if left + 1 <= to_pair:
                    chosen.append(key)
                    to_pair -= 1
                    continue
                if not inside(key):
                    for other in residents:
                        self.set_bonus(key, other, 1)
                    mate = self.match()
                if inside(key):
                    chosen.append(key)
                    to_pair -= 1
                    for other in residents:
                        self.set_bonus(key, other, len(residents) + 1)
        # D.2: each paired moved-down player with the highest resident possible
        for key in chosen:
            if key not in self.free:
                continue
            options = [o for o in residents if o in self.free and self.weight(key, o)]
            if mate.get(key) != (options[0] if options else None):
                for bonus, other in enumerate(reversed(options), len(everyone)):
                    self.set_bonus(key, other, bonus)
                mate = self.match()
            self.fix(key, mate[key])
        # the remainder: residents not paired with a moved-down player
        remainder = [key for key in residents if key in self.free]
        spot = {key: n for n, key in enumerate(remainder)}

        def head(key: int) -> bool:
            """Paired in the bracket with a player after him (he heads the pair)."""
            partner = mate.get(key)
            return partner in spot and spot[partner] > spot[key]

        s1 = sum(1 for key in remainder if head(key))  # S1: as many as the pairs

        def order_bonus(key: int) -> int:
            return exchange_bonus(spot[key], s1)

        if s1 != guess:
            for a_n, a in enumerate(remainder):
                for b in remainder[a_n + 1 :]:
                    self.set_bonus(a, b, order_bonus(a))
            if {key for key in remainder if head(key)} != set(remainder[:s1]):
                mate = self.match()
        exchanges = sum(1 for key in remainder[:s1] if not head(key))
        # D.3: the lowest players of S1 exchanged first
        remaining = exchanges
        for i in range(s1 - 1, -1, -1):
            if not remaining:
                break
            key = remainder[i]
            later = remainder[i + 1 :]
            if head(key):
                for other in later:
                    self.set_bonus(key, other, order_bonus(key) - 1)
                mate = self.match()
            swapped = not head(key)
            remaining -= swapped
            for other in later:
                if swapped:
                    self.base_w[self.key(key, other)] = 0
                self.set_bonus(key, other, order_bonus(key))
        # D.3: the highest players of S2 exchanged first
        remaining = exchanges
        for i in range(s1, len(remainder)):
            if remaining <= 1:
                break
            key = remainder[i]
            later = remainder[i + 1 :]
            already = head(key)
            if not already:
                for other in later:
                    self.set_bonus(key, other, order_bonus(key) + 1)
                mate = self.match()
            if head(key):
                remaining -= 1
                for other in remainder[:i] + following:
                    self.set_base(key, other, 0)
            if not already:
                for other in later:
                    self.set_bonus(key, other, order_bonus(key))
        # the heads and the others are settled: only a head with a later player remains
        for a_n, a in enumerate(remainder):
            for b in remainder[a_n + 1 :]:
                self.bonus.pop(self.key(a, b), None)
                if not head(a) or head(b):
                    self.base_w[self.key(a, b)] = 0
                self.weigh(a, b)
        # D.1: each head in order with the first player possible after him; as many heads
        # at a time as the low bits take, each one's choice worth more than all the
        # choices after his (the tie-break is set aside: the whole low bits are theirs)
        self.hint_bits = 0
        for a_n, a in enumerate(remainder):
            for b in remainder[a_n + 1 :]:
                self.hint.pop(self.key(a, b), None)
                self.weigh(a, b)
        heads = [key for key in remainder if head(key)]

        def choices_of(key: int) -> list[int]:
            """The players a head may still be paired with, in order."""
            later = remainder[spot[key] + 1 :]
            return [o for o in later if o in self.free and self.weight(key, o)]

        while heads:
            # the matching at hand is the best one: a head it pairs with his first option
            # is paired so (the first of all possible, given the heads before him)
            while heads and mate.get(heads[0]) == next(iter(choices_of(heads[0])), None):
                self.fix(heads[0], mate[heads[0]])
                heads.pop(0)
            if not heads:
                break
            # the next heads in one matching: the first one's choice among all his
            # options, each next one's among his first few, each choice worth more than
            # all those after it
            chunk = [(heads[0], choices_of(heads[0]))]
            bits = (len(chunk[0][1]) + 1).bit_length()
            for key in heads[1:]:
                few = choices_of(key)[:FEW]
                if bits + (len(few) + 1).bit_length() > self.low:
                    break
                chunk.append((key, few))
                bits += (len(few) + 1).bit_length()
            shift = bits
            for key, choices in chunk:
                shift -= (len(choices) + 1).bit_length()
                for rank, other in enumerate(choices):
                    self.set_bonus(key, other, (len(choices) - rank) << shift)
            mate = self.match()
            for key, choices in chunk:
                for other in choices:
                    self.set_bonus(key, other, 0)
            for n, (key, choices) in enumerate(chunk):
                if n and mate.get(key) not in choices:
                    break  # his choice lies further: the next matching decides it
                self.fix(key, mate[key])
                heads.pop(0)
        self.last_mate = mate
        # the players sent down: moved-down players not paired, residents not paired
        down = [key for key in current if key in self.free]
        for a_n, a in enumerate(down):
            for b in down[a_n + 1 :]:
                if a in spot and b in spot:
                    self.apart.add(frozenset((a, b)))
        return down


def _first_difference(one: Player, other: Player) -> tuple[str | None, str | None]:
    """E.3: the colours of the two players in the most recent round, counting each one's
    games played, in which they differ."""
    mine = [c for c in one.history if c is not None]
    theirs = [c for c in other.history if c is not None]
    i, j = len(mine) - 1, len(theirs) - 1
    while i >= 0 and j >= 0 and mine[i] == theirs[j]:
        i -= 1
        j -= 1
    return (mine[i] if i >= 0 else None), (theirs[j] if j >= 0 else None)


def _neutral(player: Player, opponent: Player) -> str | None:
    """E.1-E.3: the colour ``player`` gets against ``opponent``, None if undecided."""
    if player.side is None or opponent.side is None or player.side != opponent.side:
        # E.1: both preferences granted
        if player.side is not None:
            return player.side
        return _invert(opponent.side)
    # E.2: the stronger preference
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return player.side
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        return _invert(opponent.side)
    if player.strong and not opponent.strong:
        return player.side
    if opponent.strong and not player.strong:
        return _invert(opponent.side)
    # E.3: alternate to the most recent round where they had different colours
    mine, theirs = _first_difference(player, opponent)
    if mine is not None and theirs is not None:
        return theirs
    return None


def colours(player: Player, opponent: Player, initial: str) -> str:
    """C.04.3 E: the colour of ``player`` against ``opponent``."""
    decided = _neutral(player, opponent)
    if decided is not None:
        return decided
    higher_is_opponent = (player.score, -player.rank) < (opponent.score, -opponent.rank)
    if player.side is None:
        # E.5: the higher-ranked player gets the initial colour if his rank is odd
        if higher_is_opponent:
            return initial if opponent.rank % 2 else _invert(initial)  # type: ignore[return-value]
        return _invert(initial) if player.rank % 2 else initial  # type: ignore[return-value]
    # E.4: the higher-ranked player's preference
    return _invert(opponent.side) if higher_is_opponent else player.side  # type: ignore[return-value]


def pair(
    entrants: Sequence[Entrant],
    round_number: int,
    total_rounds: int,
    initial_colour: str = "white",
    accelerations: Mapping[int, Sequence[Decimal]] | None = None,
    scoring: Sequence[str] = (),
) -> list[Pairing]:
    """The pairs of ``round_number``: the entrants not ``absent`` are paired; the others
    are there for their history. ``accelerations``: each player's virtual points per
    round, round 1 first (Baku). ``scoring``: the event's XXS record, if any. Boards in
    order, the bye last (board 0). Raises ``Unpairable`` if no pairing exists."""
    points = Points.of(scoring)
    players, _ranks = _players(entrants, round_number, total_rounds, accelerations, points)
    if not players:
        return []
    pairer = Pairer(players, round_number - 1)
    pairs, bye = pairer.run(round_number >= total_rounds)
    initial = WHITE if initial_colour == "white" else BLACK
    by_id = pairer.by_id
    boards = []
    for a, b in pairs:
        one, two = by_id[a], by_id[b]
        first, second = (one, two) if one.rank < two.rank else (two, one)
        colour = colours(first, second, initial)
        white, black = (first, second) if colour == WHITE else (second, first)
        high, low = sorted((one, two), key=lambda p: (-p.plain, p.rank))
        boards.append(((-high.plain, -low.plain, high.rank), white.id, black.id))
    boards.sort()
    result = [Pairing(white, black, n) for n, (_key, white, black) in enumerate(boards, 1)]
    if bye is not None:
        result.append(Pairing(bye, None, 0))
    return result
