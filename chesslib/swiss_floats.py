"""The floats of unplayed rounds as C.04.3 (in force from 1 February 2026) gives them.

The 2026 text, 1.4.3: "A player who, for whatever reason, scores without playing in a
round more points than those rewarded for a loss, also receives a downfloat." The desk's
engine (py4swiss 0.3.1, the text before 2026) gives a downfloat for every round not played
over the board, a forfeit loss, a zero-point bye and an absence included, and its float
criteria (C14-C21 of 2026) read the last two rounds' floats. The engine reads floats from
its TRF file only: a round not played is a downfloat whatever it scored, a game a
downfloat, an upfloat or neither by the two players' scores before it; no result code
makes a round not played read as "no float" without being a game, with a colour. So the
2026 rule is applied in two steps, through the engine's interface only:

1. ``stand_ins``: the engine is asked a second time for the brackets where those floats
   may decide (``float_matters``, ``kept_around``: the other boards kept), each
   zero-scoring unplayed round among the last two of a player paired written as a game he
   lost against a stand-in line (never paired, with the player's score before that round as
   virtual points: the game is neither a downfloat nor an upfloat). His score and the
   players he met are unchanged; the game's colour is added to his colours, the colour
   he does not prefer (``stand_in_colour``), so that his preference only grows stronger
   and the candidate pairing still grants every absolute preference of his true history;
2. ``prefers``: the engine's pairing of that file (the candidate) replaces the desk's
   only when, on the players' true history, it is alike on every criterion before the
   floats (the bye's receiver's score and unplayed games, C5 and C9; in the last round the
   topscorers' boards; bracket by bracket the downfloaters and their scores, C6-C7, and
   the colour preferences and strong ones not granted, C12-C13) and either better on the
   float criteria C14-C21 with the floats of 2026, bracket by bracket from the top, or as
   good on them and first in the Dutch order of candidates (C.04.3 D: moved-down players
   paired with the highest residents possible, S1 kept before exchanges, S2 in order) in
   the first bracket they pair differently; where that order needs exchanges on both
   sides, as good and worse only on the floats the engine read.

Events with their own scoring (an XXS record) are left to the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol, TypeVar

Row = list[list[str]]  # a TRF player's rounds: [opponent, colour, code] each

DOWN, UP = "down", "up"
NO_BYE = Decimal(-1)  # the level of the bye: below every bracket


@dataclass(frozen=True)
class Facts:
    """What the criteria read of a player paired this round, from his true history: his
    score for pairing (virtual points included), his colour preference (``w``, ``b`` or
    None) and its strength (0 none, 1 mild, 2 strong, 3 absolute), his floats of the last
    round and of the one before (``down``, ``up`` or None, as 1.4.3 of 2026 gives them),
    his rounds not played over the board, and whether he is a topscorer (A.7)."""

    score: Decimal
    points: Decimal
    number: int
    side: str | None
    strength: int
    floats: tuple[str | None, str | None]
    unplayed: int
    topscorer: bool


class _Entrant(Protocol):
    """A player with his past rounds (``chesslib.swiss.Entrant``)."""

    @property
    def id(self) -> int: ...
    @property
    def number(self) -> int: ...
    @property
    def scores(self) -> Sequence[Decimal]: ...
    @property
    def colours(self) -> Sequence[str]: ...
    @property
    def opponents(self) -> Sequence[int | None]: ...
    @property
    def played(self) -> Sequence[bool]: ...
    @property
    def absent(self) -> bool: ...


class Pairing(Protocol):
    @property
    def white(self) -> int: ...
    @property
    def black(self) -> int | None: ...


def preference(colours: Sequence[str]) -> tuple[str | None, int]:
    """C.04.3 A.6 on the colours of the games played (``w``/``b``, oldest first): the
    colour preferred and the strength (0 none, 1 mild, 2 strong, 3 absolute)."""
    difference = colours.count("w") - colours.count("b")
    double = len(colours) > 1 and colours[-1] == colours[-2]
    if difference:
        side: str | None = "b" if difference > 0 else "w"
    elif colours:
        side = "w" if colours[-1] == "b" else "b"
    else:
        return None, 0
    if abs(difference) > 1 or double:
        return side, 3
    return side, 2 if abs(difference) == 1 else 1


def stand_in_colour(colours: Sequence[str]) -> str:
    """The colour of a stand-in game: the one the player does not prefer (so that his
    preference grows stronger, never changes side), white if he has none."""
    side, _strength = preference(colours)
    return "b" if side == "w" else "w"


def colours_played(entrant: _Entrant) -> list[str]:
    """The colours (``w``/``b``) of the entrant's games played over the board, oldest first."""
    return [
        "w" if colour == "white" else "b"
        for colour, played, opponent in zip(
            entrant.colours, entrant.played, entrant.opponents, strict=False
        )
        if played and opponent is not None
    ]


def _played(entrant: _Entrant, n: int) -> bool:
    return n < len(entrant.played) and entrant.played[n]


def stand_in_colours(entrants: Sequence[_Entrant], round_number: int) -> dict[int, str]:
    """The players paired whose last two rounds before ``round_number`` include one not
    played over the board and scoring nothing (a forfeit loss, a zero-point bye, an
    absence), each with the colour of his stand-in game (``stand_in_colour``)."""
    return {
        entrant.id: stand_in_colour(colours_played(entrant))
        for entrant in entrants
        if not entrant.absent
        and any(
            0 <= n < len(entrant.scores) and not _played(entrant, n) and not entrant.scores[n]
            for n in (round_number - 3, round_number - 2)
        )
    }


Floats = tuple[str | None, str | None]


def facts_of(
    entrants: Sequence[_Entrant],
    round_number: int,
    total_rounds: int,
    accelerations: Mapping[int, Sequence[Decimal]] | None,
) -> tuple[dict[int, Facts], dict[int, Floats]]:
    """What the criteria read of each player paired (his points as the event scores them,
    a win 1, virtual points added), his floats as C.04.3 (2026) 1.4.3 gives them; and the
    floats the engine reads (a downfloat for every round not played). ``number``: his
    place in the engine's file (pairing numbers' order, players without one last)."""
    past = round_number - 1
    by_id = {e.id: e for e in entrants}
    ordered = sorted(entrants, key=lambda e: (e.number <= 0, e.number, e.id))
    start = {e.id: n for n, e in enumerate(ordered, 1)}

    def before(entrant: _Entrant, n: int) -> Decimal:
        virtual = list((accelerations or {}).get(entrant.id, ()))
        return sum(entrant.scores[:n], Decimal(0)) + (virtual[n] if n < len(virtual) else 0)

    def float_of(entrant: _Entrant, n: int, engine: bool) -> str | None:
        if n < 0 or n >= len(entrant.scores):
            return None
        opponent = entrant.opponents[n] if n < len(entrant.opponents) else None
        if opponent is None or opponent not in by_id or not _played(entrant, n):
            return DOWN if engine or entrant.scores[n] > 0 else None
        mine, theirs = before(entrant, n), before(by_id[opponent], n)
        return DOWN if mine > theirs else UP if mine < theirs else None

    facts, engine = {}, {}
    for entrant in entrants:
        if entrant.absent:
            continue
        engine[entrant.id] = (float_of(entrant, past - 1, True), float_of(entrant, past - 2, True))
        side, strength = preference(colours_played(entrant))
        facts[entrant.id] = Facts(
            score=before(entrant, past),
            points=sum(entrant.scores[:past], Decimal(0)),
            number=start[entrant.id],
            side=side,
            strength=strength,
            floats=(float_of(entrant, past - 1, False), float_of(entrant, past - 2, False)),
            unplayed=sum(1 for n in range(past) if not _played(entrant, n)),
            topscorer=round_number == total_rounds
            and sum(entrant.scores[:past], Decimal(0)) > Decimal(past) / 2,
        )
    return facts, engine


def stand_ins(
    rows: MutableMapping[int, Row],
    colours: Mapping[int, str],
    past: int,
    score_before: Callable[[int, int], Decimal],
) -> dict[int, list[Decimal]]:
    """Rewrite ``rows`` (start number: rounds, the round to pair included for those not
    paired) so that each zero-scoring unplayed round (``-`` or ``Z``) among the last two
    of the players in ``colours`` is a game lost against a stand-in line, with that
    colour. A forfeit's other player gets a stand-in opponent of his own (his ``+`` or
    ``-`` kept: forfeits are not games met). ``score_before(number, n)``: the player's
    score for pairing before round ``n`` (from 0). Returns each stand-in's virtual points
    a round (its XXA line): the player's score before the game, so that it floats no one."""
    size = len(rows)
    rounds = past + 1  # the round to pair too: a stand-in is never paired
    virtual: dict[int, list[Decimal]] = {}

    def stand_in() -> int:
        number = len(rows) + 1
        rows[number] = [["0000", "-", "Z"] for _ in range(rounds)]
        return number

    def detach(number: int, n: int) -> None:
        opponent = rows[number][n][0]
        if opponent == "0000":
            return
        other = int(opponent)
        if other > size:  # already a stand-in's: it plays no more
            rows[other][n] = ["0000", "-", "Z"]
            return
        _opponent, colour, code = rows[other][n]
        mirror = stand_in()
        rows[other][n][0] = f"{mirror:4d}"
        rows[mirror][n] = [
            f"{other:4d}",
            "b" if colour == "w" else "w",
            "-" if code == "+" else "+",
        ]

    for number in sorted(colours):
        for n in (past - 2, past - 1):
            if n < 0 or rows[number][n][2] not in ("-", "Z"):
                continue
            detach(number, n)
            opponent = stand_in()
            colour = colours[number]
            rows[number][n] = [f"{opponent:4d}", colour, "0"]
            rows[opponent][n] = [f"{number:4d}", "b" if colour == "w" else "w", "1"]
            virtual[opponent] = [Decimal(0)] * rounds
            virtual[opponent][n] = score_before(number, n)
    return virtual


def float_matters(
    pairs: Sequence[Pairing],
    facts: Mapping[int, Facts],
    engine_floats: Mapping[int, Floats],
    player: int,
) -> bool:
    """Whether, in ``pairs``, the 2026 floats may choose ``player`` (a downfloat read where
    2026 gives none) to leave his score bracket in place of a resident who leaves it (is
    paired lower or given the bye) while he stays: the other's downfloats of the last two
    rounds (C14, then C16) weigh more than his by 2026, or as much by 2026 and less as the
    engine read them. If he leaves, the downfloat read only made ``pairs`` look worse; if
    only moved-down players leave, he could not (C7 floats the lowest scores first); his
    upfloats are read right."""
    level = levels(pairs, facts)
    score = facts[player].score
    if level[player] < score:
        return False

    def weight(floats: Floats) -> tuple[bool, bool]:
        return floats[0] == DOWN, floats[1] == DOWN

    mine = weight(facts[player].floats), weight(engine_floats[player])
    for key, at in level.items():
        if facts[key].score == score and at < score:
            theirs = weight(facts[key].floats), weight(engine_floats[key])
            if mine[0] < theirs[0] or (mine[0] == theirs[0] and mine[1] > theirs[1]):
                return True
    return False


P = TypeVar("P", bound=Pairing)


def kept_around(
    pairs: Sequence[P], facts: Mapping[int, Facts], high: Decimal, low: Decimal
) -> list[P]:
    """The boards of ``pairs`` that the floats of players scoring from ``low`` to ``high``
    leave alone: those formed above ``high`` (both players above it: the brackets above are
    decided before, C8 reading only the next bracket's completion and downfloaters), and
    those with no player scoring from ``high`` down to the next score below ``low`` (the
    bracket such a player may float into)."""
    below = [fact.score for fact in facts.values() if fact.score < low]
    bottom = max(below) if below else low
    return [
        p
        for p in pairs
        if min(_scores(p, facts)) > high
        or not any(bottom <= score <= high for score in _scores(p, facts))
    ]


def _scores(p: Pairing, facts: Mapping[int, Facts]) -> tuple[Decimal, Decimal]:
    """The scores of a board's players; the bye as a board against a player below all."""
    black = facts[p.black].score if p.black is not None else NO_BYE
    return facts[p.white].score, black


def in_board_order(pairs: Sequence[P], facts: Mapping[int, Facts]) -> list[P]:
    """Boards in the order of publication (C.04.3 D.9, as the engine orders them): the
    higher player's points (virtual points left out), the two players' points, the higher
    player's rank; the bye last."""

    def order(p: P) -> tuple[Decimal, Decimal, int]:
        if p.black is None:
            return Decimal(-1), Decimal(-1), 0
        high, low = sorted(
            (facts[p.white], facts[p.black]), key=lambda f: (f.points, -f.number), reverse=True
        )
        return high.points, low.points, -high.number

    return sorted(pairs, key=order, reverse=True)


def levels(pairs: Sequence[Pairing], facts: Mapping[int, Facts]) -> dict[int, Decimal]:
    """Each player's bracket of pairing: the lower score of his board (the bye: below all)."""
    level = {}
    for p in pairs:
        if p.black is None:
            level[p.white] = NO_BYE
        else:
            level[p.white] = level[p.black] = min(facts[p.white].score, facts[p.black].score)
    return level
