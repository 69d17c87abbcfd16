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

In the code: ``Pairer.run`` plans the bye (C4, C2, C5) and pairs the brackets from the
top; ``Pairer.bracket`` does a bracket's steps in order, each a method: its first matching
(``first_matching``, the criteria weighed by ``base`` in the fields of ``layout``), D.2
(``moved_down_paired``, ``pair_moved_down``), D.3 (``exchange``), D.1 (``transpose``) and
the players sent down (``sent_down``).

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
COLOUR_CRITERIA = ("C10", "C11", "C12", "C13")
# C14-C21 by the round of the float (the last one, the one before): repeated downfloats,
# repeated upfloats, then the scores of the downfloaters and of the upfloaters' opponents
FLOAT_CRITERIA = (("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))
BYE_LEVEL_BITS = 16  # the bye's matching: the score levels' sums below the pairs' count
BONUS_BITS_PER_SIZE_BIT = 3  # the low bits the bonuses need per bit of the bracket's size
BONUS_SPARE_BITS = 4  # and a few more


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


class _Scores:
    """The entrants' points round by round (C.04.5.1: with Baku's virtual points)."""

    def __init__(
        self,
        worth: dict[int, list[Decimal]],
        accelerations: Mapping[int, Sequence[Decimal]] | None,
        past: int,
    ) -> None:
        self.worth = worth
        self.virtual = {key: list(values) for key, values in (accelerations or {}).items()}
        self.past = past

    def before(self, key: int, back: int = 0) -> Decimal:
        """Points of the rounds before ``back`` rounds ago, and that round's virtual
        points."""
        index = self.past - back
        extra = self.virtual.get(key, [])
        return sum(self.worth[key][:index], Decimal(0)) + (
            extra[index] if index < len(extra) else Decimal(0)
        )


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
    scores = _Scores(worth, accelerations, past)
    ranks: dict[int, int] = {}
    for entrant in ordered:
        took_part = any(kind in ("game", "forfeit", "bye") for kind in kinds[entrant.id])
        if not entrant.absent or took_part:
            ranks[entrant.id] = len(ranks)
    threshold = past * max(points.win, points.draw) / 2
    last_round = round_number >= total_rounds
    players = []
    for entrant in ordered:
        if entrant.absent:
            continue
        key = entrant.id
        player = Player(key, ranks[key], scores.before(key), sum(worth[key], Decimal(0)))
        _colours(player, entrant, kinds[key])
        # C2: a bye or a win without playing (a forfeit win, a full-point bye) before
        player.eligible = (
            not any(
                kind != "game" and worth[key][n] >= points.win for n, kind in enumerate(kinds[key])
            )
            and "bye" not in kinds[key]
        )
        player.floats = _floats(entrant, kinds[key], scores, points)
        # A.7: topscorers, the last round only: more than half the maximum score
        player.topscorer = last_round and player.score > threshold
        players.append(player)
    players.sort(key=lambda p: (-p.score, p.rank))
    return players, ranks


def _colours(player: Player, entrant: Entrant, kinds: list[str]) -> None:
    """The player's colours, opponents and games played from the rounds before, and
    their colour preference (A.6: absolute when the difference is beyond 1 or the same
    colour came twice in a row, strong, mild)."""
    whites = blacks = run = 0
    last: str | None = None
    for n, kind in enumerate(kinds):
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


def _floats(
    entrant: Entrant, kinds: list[str], scores: _Scores, points: Points
) -> tuple[str | None, str | None]:
    """The player's floats one and two rounds before: down when they met a player on
    fewer points (or, 1.4.3 of 2026, a round not played scored more than a loss), up when
    on more."""
    floats: list[str | None] = []
    for back in (1, 2):
        n = scores.past - back
        if n < 0:
            floats.append(None)
            continue
        if kinds[n] != "game":
            floats.append(DOWN if scores.worth[entrant.id][n] > points.loss else None)
            continue
        mine = scores.before(entrant.id, back)
        theirs = scores.before(entrant.opponents[n], back)  # type: ignore[arg-type]
        floats.append(DOWN if mine > theirs else UP if mine < theirs else None)
    return floats[0], floats[1]


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

    def raised(self, low_bits: int) -> Layout:
        """The same fields above ``low_bits`` more bits at the bottom."""
        raised = Layout(self.used + low_bits)
        raised.offsets = {name: offset + low_bits for name, offset in self.offsets.items()}
        return raised


@dataclass
class Bracket:
    """What the weights of a bracket's matching read."""

    current: set[int]  # the players of the bracket (moved-down players and residents)
    bye_score: Decimal | None
    single_bye: bool  # C9 applies: the bracket sends down no one but the bye's receiver
    unplayed_rank: dict[int, int]  # C9's value per games played
    layout: Layout


def _across(size: int) -> int:
    """The tie-break of a pair across a bracket of ``size`` players' halves: more than
    any tie-break of the higher players with the higher."""
    return size * size * (size // 2 + 1) + 1


def _exchange_bonus(i: int, s1: int, wide: int) -> int:
    """D.3 for a pair headed by the remainder's player ``i`` (S1 the first ``s1``
    players): fewest exchanges (S1's players heading their pairs, each worth
    ``2**wide``), then the smallest difference of the players exchanged (heads as high as
    possible). Even: D.3's steps add or take 1 to prefer a player."""
    return (((1 << wide) if i < s1 else 0) - i) << 1


@dataclass
class Remainder:
    """A bracket's remainder (C.04.3 B.2): its residents not paired with a moved-down
    player, in order, and what D.3's bonuses read."""

    players: list[int]
    wide: int  # the bits of D.3's bonus below the count of S1's heads
    s1: int = 0  # the size of S1: as many players as the remainder's pairs
    spot: dict[int, int] = field(init=False)  # each player's place

    def __post_init__(self) -> None:
        self.spot = {key: n for n, key in enumerate(self.players)}

    def bonus(self, key: int) -> int:
        """D.3's bonus of a pair headed by ``key``."""
        return _exchange_bonus(self.spot[key], self.s1, self.wide)

    def after(self, key: int) -> list[int]:
        """The players after ``key``."""
        return self.players[self.spot[key] + 1 :]


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
        self.past = past
        self.free = {p.id for p in players}
        self.pairs: list[tuple[int, int]] = []
        self.apart: set[frozenset[int]] = set()  # downfloaters of the same remainder
        self.graph = rustworkx.PyGraph(multigraph=False)
        self.node: dict[int, int] = {}
        self.base_w: dict[tuple[int, int], int] = {}
        self.bonus: dict[tuple[int, int], int] = {}
        self.hint: dict[tuple[int, int], int] = {}
        self.hint_bits = 0  # the tie-break's bits, below the bonuses (0: no tie-break)
        self.low = 0  # the bonuses' bits, below the criteria (the bracket's)
        self.top = WEIGHT_BITS - (2 * len(players) + 2).bit_length()
        self.mate: dict[int, int] = {}  # the matching at hand (the bracket's last)
        self.bye_score: Decimal | None = None
        self.unplayed_rank: dict[int, int] = {}

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

    def match(self) -> None:
        """The maximum-weight matching of the players still free becomes ``mate``."""
        found = rustworkx.max_weight_matching(self.graph, weight_fn=int)
        mate = {}
        for u, v in found:
            a, b = self.graph[u], self.graph[v]
            mate[a], mate[b] = b, a
        self.mate = mate

    def fix(self, a: int, b: int) -> None:
        """The pair is made: both leave the graph."""
        self.pairs.append((a, b))
        for key in (a, b):
            self.free.discard(key)
            self.graph.remove_node(self.node[key])

    # --- the round ----------------------------------------------------------------------

    def run(self, last_round: bool) -> tuple[list[tuple[int, int]], int | None]:
        """The pairs of the round (higher-ranked player first) and the bye, if any: the
        brackets paired from the top score down, each one's downfloaters the next one's
        moved-down players, until none is left to pair."""
        players = self.players
        odd = len(players) % 2 == 1
        compatible = [
            (a, b) for a_n, a in enumerate(players) for b in players[a_n + 1 :] if _compatible(a, b)
        ]
        single_bye = self.plan_bye(compatible) if odd else False
        self.start_graph(compatible)
        groups = self.score_groups()
        moved: list[int] = []  # moved-down players of the next bracket
        group_n = 0
        while group_n < len(groups) or len(moved) > 1:
            residents: list[int] = []
            if group_n < len(groups):
                residents = groups[group_n]
                group_n += 1
            following = groups[group_n] if group_n < len(groups) else []
            moved = self.bracket(moved, residents, following, single_bye)
            single_bye = odd and self.single_bye_next(moved, following)
            if not residents and not following:
                break
        if len(self.free) > 1:
            raise Unpairable("no pairing of the round satisfies the absolute criteria")
        bye = next(iter(self.free), None)
        return self.pairs, bye

    def plan_bye(self, compatible: list[tuple[Player, Player]]) -> bool:
        """An odd round's bye, ahead of the brackets: C4 first (all paired but one), then
        C2 and C5 (the one left out eligible, of the lowest score possible), in one
        matching; sets ``bye_score`` and C9's ``unplayed_rank`` (the players at the bye's
        score by games played, the most first). Returns whether C9 applies to the first
        bracket (the bye's score is the top score and no top scorer is paired below
        it). Raises ``Unpairable`` if no such bye exists."""
        players = self.players
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
                    ((1 + (not a.eligible) + (not b.eligible)) << BYE_LEVEL_BITS)
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
        single_bye = False
        if bye_score >= top_score:
            single_bye = all(
                self.by_id[mate[p.id]].score >= top_score
                for p in players
                if p.score >= top_score and p.id in mate
            )
        at_bye = [p.played_games for p in players if p.score == bye_score]
        for n, games in enumerate(sorted(at_bye, reverse=True)):
            self.unplayed_rank[games] = n
        return single_bye

    def start_graph(self, compatible: list[tuple[Player, Player]]) -> None:
        """The round's graph: every player a node, every pair C1 and C3 allow an edge
        weighed as the brackets above both players see it, completion only (C4, C2,
        C5)."""
        for p in self.players:
            self.node[p.id] = self.graph.add_node(p.id)
        self.graph.add_edges_from(
            [
                (self.node[a.id], self.node[b.id], self.outside(a, b) << self.top)
                for a, b in compatible
            ]
        )

    def score_groups(self) -> list[list[int]]:
        """The players by score group, the highest score first, each in order."""
        groups: list[list[int]] = []
        for p in self.players:
            if groups and self.by_id[groups[-1][0]].score == p.score:
                groups[-1].append(p.id)
            else:
                groups.append([p.id])
        return groups

    def single_bye_next(self, moved: list[int], following: list[int]) -> bool:
        """C9 for the next bracket (``moved`` sent down into the score group
        ``following``): it applies if the bye's score is reached there and the last
        matching pairs no one of the next bracket below it."""
        if not following or self.bye_score is None:
            return False
        floor = self.by_id[following[0]].score
        return self.bye_score >= floor and all(
            self.by_id[self.mate.get(key, key)].score >= floor for key in [*moved, *following]
        )

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
        for name, fault in zip(COLOUR_CRITERIA, _colour_faults(one, two), strict=True):
            if fault and name in lay:
                weight -= 1 << lay[name]
        return weight + self.float_weight(one, two, lay)

    def float_weight(self, one: Player, two: Player, lay: Mapping[object, int]) -> int:
        """C14-C21 for a pair of the bracket (``one`` the higher): the floats of the last
        round and the one before repeated or avoided, and the scores concerned."""
        weight = 0
        moved = one.score > two.score  # a moved-down player with a resident
        for back, (down_count, up_count, down_scores, up_scores) in enumerate(FLOAT_CRITERIA):
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

    def layout(self, current: list[int], following: list[int], single: bool) -> Layout:
        """The fields this bracket needs, each as wide as its range, from bit 0 (raised
        above the bonuses and the tie-break by ``bracket_weights``)."""
        lay = Layout(0)
        size = len(current) + len(following)
        players = [self.by_id[key] for key in current]
        counts: dict[Decimal, int] = {}
        for p in players + [self.by_id[key] for key in following]:
            counts[p.score] = counts.get(p.score, 0) + 1
        mine = {s: c for s, c in counts.items() if any(p.score == s for p in players)}
        floats = list(enumerate(FLOAT_CRITERIA))[: max(self.past, 0)]
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
        returns the players it sends down to the next bracket, in order.

        The first matching settles the quality of the bracket's pairing (C.04.3 C1-C21,
        in its weights); each step after it chooses, among the pairings of that quality,
        as the text orders the candidates (C.04.3 D): D.2, the moved-down players paired
        and their opponents; D.3, the exchanges in the remainder; D.1, the
        transpositions. What is left is sent down (the downfloaters)."""
        current = moved + residents
        reach = len(current) + len(following)
        wide = 2 * max(reach, 1).bit_length()
        # without moved-down players the remainder is the bracket: its D.3 bonuses go into
        # the first matching, S1 guessed as half the bracket (checked after)
        guess = len(residents) // 2 if not moved else None
        self.first_matching(current, following, single, guess, wide)
        if not residents:
            return self.moved_down_among_themselves(moved)
        chosen = self.moved_down_paired(moved, residents)
        self.pair_moved_down(chosen, residents, reach)
        remainder = Remainder([key for key in residents if key in self.free], wide)
        self.exchange(remainder, following, guess)
        self.transpose(remainder)
        return self.sent_down(current, remainder)

    def bracket_weights(self, current: list[int], following: list[int], single: bool) -> Bracket:
        """How the bracket lays out its weights: the criteria's fields (``layout``) at the
        top of the bits the matching takes, the bonuses of the order of candidates in the
        low bits below them (``low``), and the tie-break below those if there is room
        (``hint_bits``, else 0). Raises ``Unpairable`` if the criteria and the bonuses
        do not fit in the weights."""
        half, size = len(current) // 2, len(current)
        hint_bits = (_across(size) * (half + 1)).bit_length()
        # the bonuses need 3 bits per bit of the bracket's size; the bits left over widen
        # the low bits so that more choices of D.1 go into one matching
        needed = (
            BONUS_BITS_PER_SIZE_BIT * max(len(current) + len(following), 1).bit_length()
            + BONUS_SPARE_BITS
        )
        fields_only = self.layout(current, following, single)
        fields = fields_only.used
        if fields + needed > self.top:
            raise Unpairable(f"bracket too large for the weights ({fields + needed} bits)")
        if fields + needed + hint_bits > self.top:
            hint_bits = 0
        self.low = self.top - fields
        lay = fields_only.raised(self.low)
        self.hint_bits = hint_bits
        return Bracket(set(current), self.bye_score, single, self.unplayed_rank, lay)

    def first_matching(
        self,
        current: list[int],
        following: list[int],
        single: bool,
        guess: int | None,
        wide: int,
    ) -> None:
        """The bracket's first matching, of the best quality (C.04.3 C1-C21): every edge
        between the bracket's players and the next score group's weighed by this
        bracket's criteria (``base``), with the tie-break if the weights have room, and
        D.3's bonuses if the bracket is its own remainder (S1 of size ``guess``). Raises
        ``Unpairable`` if the round cannot be completed (C4 under C1 and C3)."""
        br = self.bracket_weights(current, following, single)
        hint_bits = self.hint_bits
        self.bonus, self.hint = {}, {}
        half, size = len(current) // 2, len(current)
        across = _across(size)
        everyone = current + following
        place = {key: n for n, key in enumerate(current)}
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
                    # pairs across the bracket's halves, then the higher players with the
                    # higher (the order of D.1, roughly)
                    hint = (size - place[a]) * (size - place[b])
                    if place[a] < half <= place[b]:
                        hint += across
                    self.hint[edge] = hint
                    weight += hint
                if guess is not None and b in place:
                    bonus = _exchange_bonus(place[a], guess, wide)
                    self.bonus[edge] = bonus
                    weight += bonus << hint_bits
                edges.append((node[a], node[b], weight))
        self.graph.add_edges_from(edges)
        self.match()
        if len(self.free) - len(self.mate) > 1:
            raise Unpairable("no pairing of the round satisfies the absolute criteria")

    def moved_down_among_themselves(self, moved: list[int]) -> list[int]:
        """Moved-down players left after the lowest score group: paired among themselves
        as the first matching pairs them; returns those it leaves unpaired."""
        for key in moved:
            if key in self.free and self.mate.get(key) in self.free:
                self.fix(key, self.mate[key])
        return [key for key in moved if key in self.free]

    def moved_down_paired(self, moved: list[int], residents: list[int]) -> list[int]:
        """D.2: which moved-down players are paired in the bracket. Of the moved-down
        players of a score, as many as the first matching pairs with residents, the
        highest ranked possible (a moved-down player paired with another one is not
        "paired" here). Returns them, in order; the matching at hand pairs each of them
        with a resident."""
        resident_set = set(residents)
        chosen: list[int] = []
        n = 0
        while n < len(moved):
            score = self.by_id[moved[n]].score
            same = [key for key in moved if self.by_id[key].score == score]
            n += len(same)
            left = len(same)
            to_pair = sum(1 for key in same if self.mate.get(key) in resident_set)
            for key in same:
                if not to_pair:
                    break
                left -= 1
                if left + 1 <= to_pair:
                    # as many left as still to pair: all of them are
                    chosen.append(key)
                    to_pair -= 1
                    continue
                if self.mate.get(key) not in resident_set:
                    for other in residents:
                        self.set_bonus(key, other, 1)
                    self.match()
                if self.mate.get(key) in resident_set:
                    chosen.append(key)
                    to_pair -= 1
                    for other in residents:
                        self.set_bonus(key, other, len(residents) + 1)
        return chosen

    def pair_moved_down(self, chosen: list[int], residents: list[int], reach: int) -> None:
        """D.2: each moved-down player ``chosen``, in order, paired with the highest ranked
        resident possible (``reach``: the players of the bracket and the next score
        group, the bonuses' base, above the bonuses of the choice of ``chosen``)."""
        for key in chosen:
            if key not in self.free:
                continue
            options = [o for o in residents if o in self.free and self.weight(key, o)]
            if self.mate.get(key) != (options[0] if options else None):
                for bonus, other in enumerate(reversed(options), reach):
                    self.set_bonus(key, other, bonus)
                self.match()
            self.fix(key, self.mate[key])

    def heads(self, key: int, remainder: Remainder) -> bool:
        """Whether ``key`` heads a pair of the remainder in the matching at hand (paired
        with a player after him: he is in S1)."""
        partner = self.mate.get(key)
        spot = remainder.spot
        return partner in spot and spot[partner] > spot[key]

    def exchange(self, remainder: Remainder, following: list[int], guess: int | None) -> None:
        """D.3 in the remainder: the fewest exchanges between S1 and S2, the smallest
        difference of the players exchanged (as the bonuses weigh them), then the lowest
        players of S1 exchanged first, then the highest of S2. Leaves the edges of the
        remainder to those between a head (S1 as exchanged) and a player after him."""
        self.settle_s1(remainder, guess)
        s1 = remainder.s1
        exchanges = sum(1 for key in remainder.players[:s1] if not self.heads(key, remainder))
        self.exchange_from_s1(remainder, exchanges)
        self.exchange_from_s2(remainder, following, exchanges)
        self.keep_heads(remainder)

    def settle_s1(self, remainder: Remainder, guess: int | None) -> None:
        """S1 has as many players as the remainder has pairs (B.2); unless the first
        matching weighed D.3 with that S1 already (``guess``), the remainder's edges get
        D.3's bonuses (fewest exchanges, smallest difference) and the matching is done
        again if its heads are not S1's players."""
        players = remainder.players
        remainder.s1 = sum(1 for key in players if self.heads(key, remainder))
        s1 = remainder.s1
        if s1 == guess:
            return
        for a_n, a in enumerate(players):
            for b in players[a_n + 1 :]:
                self.set_bonus(a, b, remainder.bonus(a))
        if {key for key in players if self.heads(key, remainder)} != set(players[:s1]):
            self.match()

    def exchange_from_s1(self, remainder: Remainder, exchanges: int) -> None:
        """D.3: the lowest players of S1 exchanged first: from the last player of S1 up,
        each one kept as a head if a pairing of the same quality allows it; one that is
        exchanged is no longer a head (his edges with the players after him go)."""
        players, s1 = remainder.players, remainder.s1
        remaining = exchanges
        for i in range(s1 - 1, -1, -1):
            if not remaining:
                break
            key = players[i]
            later = players[i + 1 :]
            if self.heads(key, remainder):
                for other in later:
                    self.set_bonus(key, other, remainder.bonus(key) - 1)
                self.match()
            swapped = not self.heads(key, remainder)
            remaining -= swapped
            for other in later:
                if swapped:
                    self.base_w[self.key(key, other)] = 0
                self.set_bonus(key, other, remainder.bonus(key))

    def exchange_from_s2(self, remainder: Remainder, following: list[int], exchanges: int) -> None:
        """D.3: the highest players of S2 exchanged first: from the first player of S2 down,
        each one made a head if a pairing of the same quality allows it; one that is
        becomes a head for good (his edges with the players before him and with the next
        score group go)."""
        players, s1 = remainder.players, remainder.s1
        remaining = exchanges
        for i in range(s1, len(players)):
            if remaining <= 1:
                break
            key = players[i]
            later = players[i + 1 :]
            already = self.heads(key, remainder)
            if not already:
                for other in later:
                    self.set_bonus(key, other, remainder.bonus(key) + 1)
                self.match()
            if self.heads(key, remainder):
                remaining -= 1
                for other in players[:i] + following:
                    self.set_base(key, other, 0)
            if not already:
                for other in later:
                    self.set_bonus(key, other, remainder.bonus(key))

    def keep_heads(self, remainder: Remainder) -> None:
        """The heads and the others are settled: the remainder's edges lose D.3's bonuses,
        and only those of a head with a player after him who is not a head remain."""
        players = remainder.players
        for a_n, a in enumerate(players):
            for b in players[a_n + 1 :]:
                self.bonus.pop(self.key(a, b), None)
                if not self.heads(a, remainder) or self.heads(b, remainder):
                    self.base_w[self.key(a, b)] = 0
                self.weigh(a, b)

    def choices(self, key: int, remainder: Remainder) -> list[int]:
        """The players a head may still be paired with, in order (D.1's candidates)."""
        return [o for o in remainder.after(key) if o in self.free and self.weight(key, o)]

    def transpose(self, remainder: Remainder) -> None:
        """D.1: each head in order paired with the first player possible after him
        (transpositions of S2). As many heads at a time as the low bits take, each one's
        choice worth more than all the choices after his; the tie-break is set aside, the
        whole low bits are theirs."""
        players = remainder.players
        self.hint_bits = 0
        for a_n, a in enumerate(players):
            for b in players[a_n + 1 :]:
                self.hint.pop(self.key(a, b), None)
                self.weigh(a, b)
        heads = [key for key in players if self.heads(key, remainder)]
        while heads:
            # the matching at hand is the best one: a head it pairs with his first option
            # is paired so (the first of all possible, given the heads before him)
            while heads and self.mate.get(heads[0]) == next(
                iter(self.choices(heads[0], remainder)), None
            ):
                self.fix(heads[0], self.mate[heads[0]])
                heads.pop(0)
            if not heads:
                break
            chunk = self.transposition_chunk(heads, remainder)
            self.match()
            for key, choices in chunk:
                for other in choices:
                    self.set_bonus(key, other, 0)
            for n, (key, choices) in enumerate(chunk):
                if n and self.mate.get(key) not in choices:
                    break  # his choice lies further: the next matching decides it
                self.fix(key, self.mate[key])
                heads.pop(0)

    def transposition_chunk(
        self, heads: list[int], remainder: Remainder
    ) -> list[tuple[int, list[int]]]:
        """D.1 for the next heads in one matching: the first head's choice among all his
        options, each next one's among his first ``FEW``, as many heads as the low bits
        take; bonuses set so that each choice is worth more than all those after it.
        Returns the heads and the options weighed."""
        chunk = [(heads[0], self.choices(heads[0], remainder))]
        bits = (len(chunk[0][1]) + 1).bit_length()
        for key in heads[1:]:
            few = self.choices(key, remainder)[:FEW]
            if bits + (len(few) + 1).bit_length() > self.low:
                break
            chunk.append((key, few))
            bits += (len(few) + 1).bit_length()
        shift = bits
        for key, choices in chunk:
            shift -= (len(choices) + 1).bit_length()
            for rank, other in enumerate(choices):
                self.set_bonus(key, other, (len(choices) - rank) << shift)
        return chunk

    def sent_down(self, current: list[int], remainder: Remainder) -> list[int]:
        """The players the bracket sends down, in order: moved-down players and residents
        not paired. Two players of the remainder sent down together are not paired with
        each other further down (the bracket could have paired them)."""
        down = [key for key in current if key in self.free]
        spot = remainder.spot
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
