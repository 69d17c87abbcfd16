"""The pairing-allocated bye as C.04.3 (in force from 1 February 2026) gives it.

The 2026 text adds two criteria on the player who gets the pairing-allocated bye (PAB)
that the text before it did not have, and that the desk's engine (py4swiss 0.3.1, which
follows the text until January 2026) does not apply:

- C5, right after completion (C4) and before every quality criterion: minimise the score
  of the PAB's receiver;
- C9, after the downfloaters of a bracket (C6, C7) and the next bracket (C8), before every
  colour criterion (C10-C13) and float criterion (C14-C21): minimise the number of
  unplayed games of the PAB's receiver.

bbpPairings 6, the FIDE-endorsed engine, applies both. This module checks the engine's
choice against them through the engine's own interface only (the TRF file it reads): it
asks the engine for the round again with another player given the bye (that player
marked not to be paired, the others paired among themselves), and keeps the pairing the
two criteria prefer:

1. C5: the lowest score (the score the brackets are made of: the event's points, this
   round's virtual points of acceleration) of a player eligible for the bye (C2: no bye
   or forfeit win before) with whom the others can all be paired;
2. C6 and C7, bracket by bracket from the top: fewest downfloaters, then the lowest of
   their scores (so that a re-pairing never trades a worse bracket for the bye);
3. C9, a criterion of the bye's bracket: when that bracket downfloats no one but the
   bye's receiver and the brackets above it are paired alike, fewest rounds not played
   over the board (byes, forfeits, absences) of the receiver;
4. then the engine's own choice if it is still among them (its criteria C10-C21 are
   those of 2026), otherwise the lowest ranked (score, then pairing number, 1.2).

Each re-pairing is a pairing of the whole round: candidates are asked lowest ranked first,
C9's stop at the first one kept, and no more than ``REPAIRS`` a round are asked.

Checked against bbpPairings on its own tests of C5 and C9, the desk's rounds it paired
otherwise, and random tournaments of its generator (tests/chesslib/test_swiss_bye.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol, TypeVar


@dataclass(frozen=True)
class Standing:
    """What the two criteria read of a player paired this round, from the file the engine
    reads: his score for pairing (the event's points, virtual points included), his
    pairing number, his rounds not played over the board, his eligibility (C2)."""

    number: int
    score: Decimal
    unplayed: int
    eligible: bool


class _Pairing(Protocol):
    @property
    def white(self) -> int: ...
    @property
    def black(self) -> int | None: ...


P = TypeVar("P", bound=_Pairing)
Profile = tuple[tuple[Decimal, int, tuple[Decimal, ...]], ...]


REPAIRS = 12  # re-pairings asked of the engine at most, a round


def bye_by_2026_rules(
    standings: Mapping[int, Standing],
    pairs: Sequence[P],
    repair: Callable[[int], Sequence[P] | None],
) -> Sequence[P]:
    """``pairs`` (the engine's pairing of the players in ``standings``), or the engine's
    pairing with another player given the bye when C5 or C9 prefer it. ``repair(key)``:
    the engine's pairing of the others with player ``key`` given the bye (the bye last),
    or None if the others cannot all be paired. Candidates are asked lowest ranked first,
    ``REPAIRS`` at most (each is a pairing of the whole round)."""
    bye = next((p.white for p in pairs if p.black is None), None)
    if bye is None:
        return pairs
    score = {key: s.score for key, s in standings.items()}
    candidates = sorted(
        (key for key, s in standings.items() if key != bye and s.eligible),
        key=lambda key: (score[key], -standings[key].number),
    )
    left = [REPAIRS]

    def ask(key: int) -> Sequence[P] | None:
        if not left[0]:
            return None
        left[0] -= 1
        return repair(key)

    lower = [key for key in candidates if score[key] < score[bye]]
    for level in sorted({score[key] for key in lower}):  # C5: the lowest score that pairs
        found = {
            key: forced for key in lower if score[key] == level and (forced := ask(key)) is not None
        }
        if found:
            return _best(found, standings)
    # C9 can only prefer a player of the bye's score with fewer unplayed rounds, where the
    # bye's bracket downfloats no one else, all else being equal: the brackets' downfloaters
    # (C6, C7), and the brackets above it (their pairs, the players they send down)
    profile = _profile(pairs, score)
    if not _alone(profile, score[bye]):
        return pairs
    above = _above(pairs, score, score[bye])
    fewer = sorted(
        (
            key
            for key in candidates
            if score[key] == score[bye] and standings[key].unplayed < standings[bye].unplayed
        ),
        key=lambda key: (standings[key].unplayed, -standings[key].number),
    )
    for key in fewer:
        forced = ask(key)
        if forced is None:
            continue
        if _profile(forced, score) == profile and _above(forced, score, score[key]) == above:
            return forced
    return pairs


def _best(options: Mapping[int, Sequence[P]], standings: Mapping[int, Standing]) -> Sequence[P]:
    """Of pairings with the bye on one score (C5): the best brackets from the top (C6,
    C7), then, if the bye's bracket downfloats no one else and the brackets above are
    paired alike, the fewest unplayed games (C9), then the lowest ranked receiver."""
    score = {key: s.score for key, s in standings.items()}
    profiles = {key: _profile(option, score) for key, option in options.items()}
    best = min(profiles.values())
    kept = [key for key in options if profiles[key] == best]
    above = {_above(options[key], score, score[key]) for key in kept}
    if len(above) == 1 and all(_alone(profiles[key], score[key]) for key in kept):
        fewest = min(standings[key].unplayed for key in kept)
        kept = [key for key in kept if standings[key].unplayed == fewest]
    return options[min(kept, key=lambda key: (score[key], -standings[key].number))]


def _above(
    pairs: Sequence[_Pairing], score: Mapping[int, Decimal], level: Decimal
) -> tuple[frozenset[frozenset[int]], frozenset[int]]:
    """The brackets above ``level``: their pairs, and the players they send down."""
    inside: set[frozenset[int]] = set()
    down: set[int] = set()
    for p in pairs:
        if p.black is None:
            continue
        high = [key for key in (p.white, p.black) if score[key] > level]
        if len(high) == 2:
            inside.add(frozenset(high))
        elif high:
            down.add(high[0])
    return frozenset(inside), frozenset(down)


def _alone(profile: Profile, level: Decimal) -> bool:
    """C9 applies to a bracket that downfloats one player only, the bye's receiver: in
    the receiver's score bracket, no other player leaves (paired lower)."""
    return any(at == level and count == 1 for at, count, _scores in profile)


def _profile(pairs: Sequence[_Pairing], score: Mapping[int, Decimal]) -> Profile:
    """Bracket by bracket from the top score: its score, how many players leave it (paired
    lower or given the bye) and their scores from the highest: C6 then C7, smaller is
    better (the scores of the brackets are the same whoever gets the bye)."""
    partner: dict[int, int | None] = {}
    for p in pairs:
        partner[p.white] = p.black
        if p.black is not None:
            partner[p.black] = p.white
    profile = []
    for level in sorted({score[key] for key in partner}, reverse=True):
        leaving = sorted(
            (
                score[key]
                for key, other in partner.items()
                if score[key] >= level and (other is None or score[other] < level)
            ),
            reverse=True,
        )
        profile.append((level, len(leaving), tuple(leaving)))
    return tuple(profile)
