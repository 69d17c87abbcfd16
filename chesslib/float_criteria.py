"""Step 2 of the floats of unplayed rounds (``chesslib.swiss_floats``, whose docstring
gives the rule): whether C.04.3 (2026) prefers the engine's second pairing (the
candidate, asked with stand-ins) to its first, compared on the players' true history,
criterion by criterion, bracket by bracket."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from decimal import Decimal

from chesslib.swiss_floats import DOWN, UP, Facts, Floats, Pairing, levels

# A bracket as compared: (criteria before the floats, the float criteria C14-C21)
Bracket = tuple[tuple[int, tuple[Decimal, ...], int, int], tuple[object, ...]]


def prefers(
    candidate: Sequence[Pairing],
    current: Sequence[Pairing],
    facts: Mapping[int, Facts],
    engine_floats: Mapping[int, Floats],
) -> bool:
    """Whether C.04.3 (2026) prefers ``candidate`` to ``current``, two pairings of the same
    players: alike on every criterion before the floats (see the module), then better on
    the floats of 2026 (C14-C21, bracket by bracket from the top), or as good on them and
    worse on the floats the engine read (``engine_floats``: a downfloat for every round not
    played), which alone made the engine choose ``current``."""
    if _pairs(candidate) == _pairs(current):
        return False
    byes = [
        next((p.white for p in pairs if p.black is None), None) for pairs in (candidate, current)
    ]
    if (byes[0] is None) != (byes[1] is None):
        return False
    if byes[0] is not None and byes[1] is not None:
        one, other = facts[byes[0]], facts[byes[1]]
        if (one.score, one.unplayed) != (other.score, other.unplayed):  # C5, C9
            return False
    top = {key for key, fact in facts.items() if fact.topscorer}
    if {pair for pair in _pairs(candidate) if pair & top} != {
        pair for pair in _pairs(current) if pair & top
    }:
        return False
    mine, theirs = _brackets(candidate, facts), _brackets(current, facts)
    if [before for before, _floats in mine] != [before for before, _floats in theirs]:
        return False
    now = [floats for _before, floats in mine], [floats for _before, floats in theirs]
    if now[0] != now[1]:
        return now[0] < now[1]
    order = _first_in_order(candidate, current, facts)
    if order is not None:
        return order
    read = {key: replace(fact, floats=engine_floats[key]) for key, fact in facts.items()}
    mine, theirs = _brackets(candidate, read), _brackets(current, read)
    return [floats for _b, floats in mine] > [floats for _b, floats in theirs]


def _first_in_order(
    one: Sequence[Pairing], other: Sequence[Pairing], facts: Mapping[int, Facts]
) -> bool | None:
    """Whether ``one`` comes before ``other`` in the Dutch system's order of candidates
    (C.04.3 D), in the first bracket they pair differently: the moved-down players paired
    in their rank order with the highest ranked residents possible, then the residents'
    S1 (the higher half by rank) kept before any exchange, then S2's order (transpositions).
    None if that bracket needs exchanges in both, which this does not order."""
    brackets = levels(one, facts), levels(other, facts)
    partners = _partners(one), _partners(other)
    for at in sorted({facts[key].score for key in brackets[0]}, reverse=True):
        inside = sorted(
            (key for key in brackets[0] if facts[key].score >= at >= brackets[0][key]),
            key=lambda key: (-facts[key].score, facts[key].number),
        )
        formed = [
            {key: mate for key in inside if level[key] == at and (mate := partner[key]) is not None}
            for partner, level in zip(partners, brackets, strict=True)
        ]
        if formed[0] == formed[1]:
            continue
        (movers, rest), (other_movers, other_rest) = (
            _sequence(inside, pairs, facts, at) for pairs in formed
        )
        if movers != other_movers:
            return movers < other_movers
        if rest is None or other_rest is None:
            return None if rest == other_rest else other_rest is None
        return rest < other_rest
    return None


def _sequence(
    inside: Sequence[int], formed: Mapping[int, int], facts: Mapping[int, Facts], at: Decimal
) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
    """A bracket's pairing as the Dutch order reads it (places by rank in the bracket): the
    partners of the moved-down players paired in it, in their order (the MDP-pairing comes
    first); then, in the remainder (the residents they leave), the partners of S1 (its higher
    half) and the residents left unpaired, or None if S1 is not kept (an exchange)."""
    place = {key: n for n, key in enumerate(inside)}
    movers = [key for key in inside if facts[key].score > at and key in formed]
    residents = [key for key in inside if facts[key].score == at and formed.get(key) not in movers]
    paired = [key for key in residents if key in formed]
    half = residents[: len(paired) // 2]
    mdp_pairing = tuple(place[formed[key]] for key in movers)
    if {key for key in paired if place[key] < place[formed[key]]} != set(half):
        return mdp_pairing, None
    rest = [place[formed[key]] for key in half]
    rest += [place[key] for key in residents if key not in half and key not in formed]
    return mdp_pairing, tuple(rest)


def _partners(pairs: Sequence[Pairing]) -> dict[int, int | None]:
    partner: dict[int, int | None] = {}
    for p in pairs:
        partner[p.white] = p.black
        if p.black is not None:
            partner[p.black] = p.white
    return partner


def _pairs(pairs: Sequence[Pairing]) -> set[frozenset[int]]:
    return {frozenset((p.white, p.black) if p.black is not None else (p.white,)) for p in pairs}


def _brackets(pairs: Sequence[Pairing], facts: Mapping[int, Facts]) -> list[Bracket]:
    """Bracket by bracket from the top score: the criteria before the floats (downfloaters
    and their scores, C6-C7; colour preferences and strong ones not granted, C12-C13), then
    the float criteria (C14-C21), each to minimise."""
    level = levels(pairs, facts)
    partner = _partners(pairs)
    result = []
    for at in sorted({fact.score for key, fact in facts.items() if key in level}, reverse=True):
        leaving = [key for key in level if facts[key].score >= at > level[key]]
        residents = [key for key in leaving if facts[key].score == at]
        boards = [
            (high, low)
            for high, low in (
                sorted((key, other), key=lambda k: facts[k].score, reverse=True)
                for key, other in partner.items()
                if other is not None and key < other and level[key] == at
            )
        ]
        ungranted = strong = 0
        for high, low in boards:
            one, other = facts[high], facts[low]
            if one.side is not None and one.side == other.side:
                ungranted += 1
                strong += one.strength >= 2 and other.strength >= 2
        floats: list[object] = []
        for last in (0, 1):  # C14, C15 (previous round), C16, C17 (the one before)
            floats.append(sum(1 for key in residents if facts[key].floats[last] == DOWN))
            floats.append(sum(1 for high, low in boards if _up(facts, high, low, last)))
        for last in (0, 1):  # C18, C19, C20, C21: the score differences of the same
            floats.append(
                _differences(facts, boards, lambda h, low, r: facts[h].floats[r] == DOWN, last)
            )
            floats.append(
                _differences(facts, boards, lambda h, low, r: _up(facts, h, low, r), last)
            )
        before = (
            len(leaving),
            tuple(sorted((facts[key].score for key in leaving), reverse=True)),
            ungranted,
            strong,
        )
        result.append((before, tuple(floats)))
    return result


def _up(facts: Mapping[int, Facts], high: int, low: int, last: int) -> bool:
    """The lower player of a board between two scores had an upfloat ``last`` rounds ago."""
    return facts[high].score > facts[low].score and facts[low].floats[last] == UP


def _differences(
    facts: Mapping[int, Facts],
    boards: Sequence[tuple[int, int]],
    counted: Callable[[int, int, int], bool],
    last: int,
) -> tuple[Decimal, ...]:
    """The score differences of the boards between two scores that ``counted``, highest
    first."""
    return tuple(
        sorted(
            (
                facts[high].score - facts[low].score
                for high, low in boards
                if facts[high].score > facts[low].score and counted(high, low, last)
            ),
            reverse=True,
        )
    )
