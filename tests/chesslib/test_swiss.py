"""chesslib.swiss: the history handed to the Dutch engine, and the compiled matching that
replaces networkx's in it (checked against networkx itself, a matching no one here wrote)."""

from __future__ import annotations

import random
from decimal import Decimal

import networkx
import pytest
from caissify_pairings.engines import dutch

from chesslib import swiss

ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)


def _entrant(
    id_: int,
    scores: list[Decimal],
    colours: list[str],
    opponents: list[int | None],
    played: list[bool],
    byes: int = 0,
) -> swiss.Entrant:
    return swiss.Entrant(id_, 2000 - id_, id_, scores, colours, opponents, played, byes)


def test_it_hands_the_engine_played_games_only_for_colours_and_opponents() -> None:
    """C.04.1 / bbpPairings: a forfeit is not a played game: its colour does not count and
    its players may meet again. The forfeit's winner floated down (points won unplayed) and
    may not get the bye; the loser did not float."""
    winner = _entrant(1, [ONE, ONE], ["white", "black"], [2, 3], [True, False])
    loser = _entrant(3, [ZERO, ZERO], ["black", "white"], [4, 1], [True, False])
    others = {2: [ZERO, ONE], 4: [ONE, ZERO]}

    players, previous = swiss.engine_input([winner, loser], others)

    by_id = {p["id"]: p for p in players}
    assert by_id[1]["color_hist"] == ["white"] and by_id[3]["color_hist"] == ["black"]
    assert previous == {(1, 2), (3, 4)}
    assert by_id[1]["float_history"] == ["none", "down"]
    assert by_id[3]["float_history"] == ["none", "none"]
    assert by_id[1]["forfeit_win_count"] == 1 and by_id[3]["forfeit_win_count"] == 0


def test_it_floats_down_a_scoring_bye_and_reads_floats_from_scores_before_the_round() -> None:
    """A half-point bye scores: a downfloat, but not a bar to the pairing-allocated bye
    (bbpPairings' eligibleForBye asks for a full point). Round 1: all on 0, no float;
    round 2: player 3 (1 point) met player 2 (0): 3 floated down, 2 up."""
    resting = _entrant(1, [ONE, HALF], ["white", "none"], [2, None], [True, False])
    up = _entrant(2, [ZERO, ONE], ["black", "white"], [1, 3], [True, True])
    down = _entrant(3, [ONE, ZERO], ["white", "black"], [4, 2], [True, True])
    players, _previous = swiss.engine_input([resting, up, down], {4: [ZERO, ZERO]})
    by_id = {p["id"]: p for p in players}
    assert by_id[1]["float_history"] == ["none", "down"] and by_id[1]["bye_count"] == 0
    assert by_id[2]["float_history"] == ["none", "up"]
    assert by_id[3]["float_history"] == ["none", "down"]


@pytest.mark.parametrize("seed", range(12))
def test_its_matching_has_networkx_weight_and_cardinality_while_weights_change(seed: int) -> None:
    """Random graphs with weights of up to 200 bits, as the engine's, solved again after
    some weights change or vanish: the same number of pairs and the same total weight as
    networkx.max_weight_matching(maxcardinality=True)."""
    rng = random.Random(seed)
    size = rng.randrange(6, 40)
    weights = {
        (i, j): rng.getrandbits(rng.choice([3, 60, 200]))
        for i in range(size)
        for j in range(i + 1, size)
        if rng.random() < 0.4
    }
    matcher, table_matcher, table = swiss._Matcher(), swiss._Matcher(), swiss._Weights()
    for _step in range(5):
        graph, reference = swiss._Graph(), networkx.Graph()
        for node in range(size):
            graph.add_node(node)
            reference.add_node(node)
        for (i, j), w in weights.items():
            if w > 0:
                graph.add_edge(i, j, weight=w)
                reference.add_edge(i, j, weight=w)
        for key, w in weights.items():
            if table.get(key) != w:
                table[key] = w
        theirs = networkx.max_weight_matching(reference, maxcardinality=True)
        for ours in (matcher(graph, maxcardinality=True), table_matcher.match_table(table, size)):
            assert len(ours) == len(theirs)
            assert sum(weights[min(e), max(e)] for e in ours) == sum(
                weights[min(e), max(e)] for e in theirs
            )
            assert len({v for e in ours for v in e}) == 2 * len(ours)
        for key in rng.sample(sorted(weights), k=len(weights) // 4):
            weights[key] = rng.choice([0, 1, weights[key] >> 3, weights[key] * 3])


def test_the_engine_hands_its_weight_table_to_the_matching() -> None:
    """The pinned engine's iterative matching is read from its weight table (the fast
    path); a new engine version whose text differs falls back to the slower graph path,
    and this test says so."""
    assert swiss._iterative_on_table() is not dutch.DutchEngine._pair_iterative_mwm
