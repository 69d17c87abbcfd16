"""Swiss pairings by the FIDE Dutch system (C.04.3 as in force from February 2026).

The one place that knows the engine. caissify-pairings' Dutch engine is a port of
bbpPairings' algorithm (the FIDE-endorsed reference); it asks its caller for each player's
history, which this module builds from plain data the way the reference reads a TRF:

- colours and previous opponents come from played games only: a forfeit is not a played
  game (C.04.1 and bbpPairings' ``gameWasPlayed``), so its colour does not count and its
  opponents may meet again;
- a round not played floats the player down when it scored points (pairing-allocated bye,
  forfeit win, half-point bye), and does not otherwise;
- a player who had a pairing-allocated bye, a full-point bye or a forfeit win cannot get
  the bye again; a half-point bye does not count;
- pairing numbers are the starting ranks, and the initial colour is read back from the
  first round.

Two changes to the engine, kept here: its colour rule E.4/E.5 takes "higher ranked" to
mean the lower pairing number, where C.04.3 (A.2) ranks by score first; and its maximum
weight matching (networkx, pure Python: over a minute at 150 players) is replaced by the
compiled, incremental matcher of py4swiss (bbpPairings' own matching routine, with
arbitrary-length weights).
"""

from __future__ import annotations

import builtins
import inspect
import textwrap
import types
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from caissify_pairings.engines import dutch
from py4swiss.dynamicuint import DynamicUint
from py4swiss.matching_computer import ComputerDutchOptimality


@dataclass
class Entrant:
    id: int
    rating: int
    number: int  # starting rank = pairing number
    scores: list[Decimal] = field(default_factory=list)  # points per past round
    colours: list[str] = field(default_factory=list)  # "white", "black" or "none" per round
    opponents: list[int | None] = field(default_factory=list)  # None: no game
    played: list[bool] = field(default_factory=list)  # False: bye, forfeit, absence
    byes: int = 0  # pairing-allocated and full-point byes


@dataclass(frozen=True)
class Pairing:
    white: int
    black: int | None  # None: the pairing-allocated bye
    board: int


def pair(
    entrants: Sequence[Entrant],
    round_number: int,
    total_rounds: int,
    initial_colour: str = "white",
    others: Mapping[int, list[Decimal]] | None = None,
    virtual: Mapping[int, Decimal] | None = None,
) -> list[Pairing]:
    """The pairs of ``round_number`` for the players given (those to pair this round);
    ``others``: the points per round of past opponents not paired this round;
    ``virtual``: accelerated rounds' virtual points, added to the pairing score only."""
    players, previous = engine_input(entrants, others or {})
    for player in players:
        player["score"] += float((virtual or {}).get(player["id"], 0))
    engine = _Engine(
        players=players,
        previous_pairings=previous,
        round_number=round_number,
        total_rounds=total_rounds,
        initial_color=initial_colour,
        # the engine's own acceleration is not FIDE's: it only makes round 1 read scores
        accelerated=any((virtual or {}).values()),
    )
    return [
        Pairing(p["white_id"], p.get("black_id"), p["table"]) for p in engine.generate_pairings()
    ]


def baku_virtual_points(
    numbers: Mapping[int, int], entered: int, round_number: int, total_rounds: int
) -> dict[int, Decimal]:
    """Baku acceleration (FIDE C.04.5.1): the virtual points of round ``round_number``.
    ``numbers``: each player's pairing number; ``entered``: how many players the first
    round's list had. Group A is the first 2 x ceil(entered / 4) pairing numbers (half
    the players, rounded up to an even number; late entries keep the last A player).
    The accelerated rounds are the first half of the rounds, rounded up; A players get
    1 virtual point in the first half of those (rounded up), then 0.5; B players none."""
    accelerated = -(-total_rounds // 2)
    if round_number > accelerated:
        return {}
    points = Decimal(1) if round_number <= -(-accelerated // 2) else Decimal("0.5")
    last_a = 2 * -(-entered // 4)
    return {player: points for player, number in numbers.items() if 0 < number <= last_a}


def engine_input(
    entrants: Sequence[Entrant], others: Mapping[int, list[Decimal]]
) -> tuple[list[dict[str, Any]], set[tuple[Hashable, Hashable]]]:
    """The engine's player records and the pairs already played."""
    before = {e.id: _running(e.scores) for e in entrants}
    before.update({key: _running(scores) for key, scores in others.items() if key not in before})
    previous: set[tuple[Hashable, Hashable]] = set()
    players = []
    for entrant in entrants:
        floats, colours, forfeit_wins = [], [], 0
        for n, points in enumerate(entrant.scores):
            opponent = entrant.opponents[n] if n < len(entrant.opponents) else None
            played = n < len(entrant.played) and entrant.played[n]
            if not played or opponent is None:
                floats.append("down" if points > 0 else "none")
                if opponent is not None and points >= 1:
                    forfeit_wins += 1
                continue
            colours.append(entrant.colours[n])
            mine = before[entrant.id][n]
            theirs = before[opponent][n] if opponent in before else mine
            floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
            previous.add((min(entrant.id, opponent), max(entrant.id, opponent)))
        players.append(
            {
                "id": entrant.id,
                "name": str(entrant.id),
                "score": float(sum(entrant.scores, Decimal(0))),
                "rating": entrant.rating,
                "starting_number": entrant.number,
                "pairing_number": entrant.number,
                "color_hist": colours,
                "float_history": floats,
                "bye_count": entrant.byes,
                "forfeit_win_count": forfeit_wins,
            }
        )
    return players, previous


def _running(scores: list[Decimal]) -> list[Decimal]:
    """The score before each round."""
    totals, total = [], Decimal(0)
    for points in scores:
        totals.append(total)
        total += points
    return totals


# --- the engine, with the reference's colour ranking and a compiled matching ---------------


class _Engine(dutch.DutchEngine):
    @classmethod
    def _apply_baku_virtual_scores(cls, players: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The virtual points are FIDE's, added by ``pair``: the engine adds none."""
        return list(players)

    def _assign_colors(self, p1: Any, p2: Any) -> tuple[Any, Any]:
        """C.04.3 E.1-E.5 as the engine applies them, except that the "higher ranked"
        player of E.4 and E.5 is the one with the higher score, then the lower pairing
        number (A.2); the engine compares pairing numbers only."""
        higher, lower = sorted((p1, p2), key=lambda p: (-p.score, p.pairing_number))
        pref1, pref2 = p1.color_preference, p2.color_preference
        none, white = dutch.ColorPref.NONE, dutch.ColorPref.WHITE
        if pref1 != none and pref2 != none and pref1 != pref2:  # E.1
            return (p1, p2) if pref1 == white else (p2, p1)
        str1, str2 = p1.preference_strength, p2.preference_strength
        if str1 != str2:  # E.2
            stronger, other = (p1, p2) if str1 > str2 else (p2, p1)
            if stronger.color_preference == white:
                return stronger, other
            if stronger.color_preference != none:
                return other, stronger
        elif str1 > 0 and pref1 == pref2 and p1.color_diff != p2.color_diff:
            # E.2, both wanting the same colour: the wider colour difference is granted
            wider, other = (p1, p2) if abs(p1.color_diff) > abs(p2.color_diff) else (p2, p1)
            return (wider, other) if pref1 == white else (other, wider)
        h1, h2 = p1.color_hist, p2.color_hist
        for k in range(1, min(len(h1), len(h2)) + 1):  # E.3
            if h1[-k] != h2[-k]:
                return (p2, p1) if h1[-k] == "white" else (p1, p2)
        preference = higher.color_preference
        if preference != none:  # E.4
            return (higher, lower) if preference == white else (lower, higher)
        initial = self.initial_color == "white"  # E.5
        higher_white = initial if higher.pairing_number % 2 == 1 else not initial
        return (higher, lower) if higher_white else (lower, higher)


class _Graph:
    """The part of ``networkx.Graph`` the engine uses to hand a graph to the matching."""

    def __init__(self) -> None:
        self.nodes: list[Hashable] = []
        self.edges: dict[tuple[Hashable, Hashable], int] = {}

    def add_node(self, node: Hashable) -> None:
        self.nodes.append(node)

    def add_edge(self, u: Hashable, v: Hashable, weight: int = 1) -> None:
        self.edges[(u, v)] = weight


class _Weights(dict[tuple[int, int], int]):
    """The engine's table of edge weights, remembering the edges written since the last
    matching (the engine writes it only by ``table[key] = weight``)."""

    def __init__(self) -> None:
        super().__init__()
        self.written: set[tuple[int, int]] = set()

    def __setitem__(self, key: tuple[int, int], weight: int) -> None:
        super().__setitem__(key, weight)
        self.written.add(key)


class _Matcher:
    """``networkx.max_weight_matching(G, maxcardinality=True)`` on bbpPairings' compiled,
    incremental blossom algorithm. The engine solves the same graph again and again with a
    few weights changed; only those are handed to the matcher. Maximum cardinality first:
    every edge gets a bit above the sum of all the engine's weights."""

    def __init__(self) -> None:
        self.nodes: list[Hashable] = []
        self.weights: dict[tuple[Hashable, Hashable], int] = {}
        self.computer: Any = None
        self.bits = 0

    def __call__(self, graph: _Graph, maxcardinality: bool = False) -> set[tuple[Any, Any]]:
        if not maxcardinality:
            raise ValueError("the engine asks for a maximum cardinality matching")
        nodes = graph.nodes
        weights = graph.edges
        if nodes != list(range(len(nodes))):  # the engine's vertices are 0..n-1 mostly
            index = {node: i for i, node in enumerate(nodes)}
            weights = {(index[u], index[v]): w for (u, v), w in weights.items()}
        changed = weights.items() - self.weights.items()
        top = max((w for _key, w in changed), default=0).bit_length()
        if nodes != self.nodes or top > self.bits:
            self._start(nodes, max(weights.values(), default=0).bit_length())
            changed = set(weights.items())
        set_weight = self.computer.set_edge_weight
        for key in self.weights.keys() - weights.keys():
            set_weight(*key, self.zero)
        for key, weight in changed:
            set_weight(*key, self._uint(weight) if weight > 0 else self.zero)
        self.weights = weights
        self.computer.compute_matching()
        mates = self.computer.get_matching()
        return {(nodes[i], nodes[j]) for i, j in enumerate(mates) if i < j}

    def match_table(self, table: _Weights, size: int) -> set[tuple[int, int]]:
        """The same matching on vertices 0..size-1 from the engine's weight table, reading
        only the edges written since the last call."""
        written, table.written = table.written, set()
        top = max((table[key] for key in written), default=0).bit_length()
        if self.computer is None or len(self.nodes) != size or top > self.bits:
            self._start(list(range(size)), max(table.values(), default=0).bit_length())
            written = set(table)
        set_weight, known = self.computer.set_edge_weight, self.weights
        for key in written:
            weight = table[key]
            if known.get(key, 0) != weight:
                known[key] = weight
                set_weight(*key, self._uint(weight) if weight > 0 else self.zero)
        self.computer.compute_matching()
        mates = self.computer.get_matching()
        return {(i, j) for i, j in enumerate(mates) if i < j}

    def _start(self, nodes: list[Hashable], top: int) -> None:
        self.nodes = list(nodes)
        self.weights = {}
        self.bits = top + 32  # room for the engine's later adjustments
        cardinality_bit = self.bits + len(nodes).bit_length() + 1
        self.cardinality = 1 << cardinality_bit
        self.parts = (cardinality_bit + 2 + 2) // 32 + 1  # 2 bits margin for the matcher
        template = DynamicUint(1)
        template.shift_grow(32 * (self.parts - 1))  # the parts needed, then cleared
        template &= 0
        self.template = template
        self.cache: dict[int, DynamicUint] = {}
        self.zero = DynamicUint(template)
        largest = self._convert((1 << (32 * self.parts - 2)) - 1)
        self.computer = ComputerDutchOptimality(len(nodes), largest)
        for _node in nodes:
            self.computer.add_vertex()

    def _uint(self, weight: int) -> DynamicUint:
        """The engine's weight plus the cardinality bit, as the matcher's integer."""
        found = self.cache.get(weight)
        if found is None:
            found = self.cache[weight] = self._convert(weight + self.cardinality)
        return found

    def _convert(self, value: int) -> DynamicUint:
        result = DynamicUint(self.template)
        for shift in range(32 * (self.parts - 1), -1, -32):
            result <<= 32
            result |= (value >> shift) & 0xFFFFFFFF
        return result


def _networkx_shim() -> types.ModuleType:
    shim = types.ModuleType("networkx")
    shim.Graph = _Graph  # type: ignore[attr-defined]
    shim.max_weight_matching = _Matcher()  # type: ignore[attr-defined]
    shim.Weights = _Weights  # type: ignore[attr-defined]
    shim.match_table = _Matcher().match_table  # type: ignore[attr-defined]
    return shim


# The engine's iterative matching rebuilds its whole graph before each of its hundred-odd
# matchings (212 players: 22,000 edges each time); handed its weight table instead, the
# matcher reads only the edges written since. The text replaced is that of the pinned
# caissify-pairings 0.5.0; if it ever differs, the graph path above is used unchanged.
_GRAPH_BUILT = """            G = nx.Graph()
            for i in range(n):
                G.add_node(i)
            for (i, j), w in edge_weights.items():
                if w > 0:
                    G.add_edge(i, j, weight=w)
            m = nx.max_weight_matching(G, maxcardinality=True)
"""
_TABLE_READ = """            m = nx.match_table(edge_weights, n)
"""
_TABLE_MADE = ("edge_weights: Dict[Tuple[int, int], int] = {}", "edge_weights = nx.Weights()")


def _iterative_on_table() -> Any:
    source = inspect.getsource(dutch.DutchEngine._pair_iterative_mwm)
    if _GRAPH_BUILT not in source or source.count(_TABLE_MADE[0]) != 1:
        return dutch.DutchEngine._pair_iterative_mwm
    source = source.replace(_GRAPH_BUILT, _TABLE_READ).replace(*_TABLE_MADE)
    scope = dict(vars(dutch))
    exec(compile(textwrap.dedent(source), dutch.__file__, "exec"), scope)
    return scope["_pair_iterative_mwm"]


def _with_fast_matching(function: Any) -> Any:
    """The engine's method, with ``import networkx`` bound to our matching: each call gets
    its own matchers (no state shared between requests)."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        shim = _networkx_shim()

        def importer(name: str, *rest: Any, **named: Any) -> Any:
            if name == "networkx":
                return shim
            return builtins.__import__(name, *rest, **named)

        scope = dict(function.__globals__)
        scope["__builtins__"] = {**vars(builtins), "__import__": importer}
        bound = types.FunctionType(
            function.__code__, scope, function.__name__, function.__defaults__, function.__closure__
        )
        return bound(self, *args, **kwargs)

    return method


_Engine._pair_bracket_mwm = _with_fast_matching(dutch.DutchEngine._pair_bracket_mwm)
_Engine._pair_global_mwm = _with_fast_matching(dutch.DutchEngine._pair_global_mwm)
_Engine._pair_iterative_mwm = _with_fast_matching(_iterative_on_table())
