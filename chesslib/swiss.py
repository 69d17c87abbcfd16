"""Swiss pairings by the FIDE Dutch system (C.04.3 as in force from February 2026).

The one place that knows the engine: py4swiss (MIT; its matching routine is bbpPairings',
Apache-2.0), a port of bbpPairings, the FIDE-endorsed reference, used through its
documented interface: a tournament's history as a TRF(x) file in (``TrfParser.parse``),
the next round's pairs out (``DutchEngine.generate_pairings``), as its command line
``py4swiss -t FILE`` does. This module writes that file from plain data the way the
reference reads one:

- each past round of each player as a TRF result: a played game (``1``, ``=``, ``0``), a
  forfeit (``+``, ``-``: not a played game, C.04.1, so its colour does not count and its
  players may meet again), a bye or an absence by the points it scored (``U`` for a full
  point, which also bars the pairing-allocated bye, ``H``, ``Z``);
- the players not to be paired (absent, withdrawn, not yet entered, a bye asked) with a
  ``Z`` for the round to pair, so that the engine leaves them out;
- the initial colour (``XXC white1`` or ``black1``) and the rounds planned (``XXR``);
- the virtual points of accelerated rounds (``XXA``, Baku, C.04.5.1), which the engine adds
  to the scores its brackets and floats are made of, as bbpPairings does.

The engine applies C.04.3 as it stood until January 2026. Three rules of the 2026 text, as
bbpPairings 6 applies them, are asked of it through its interface:

- in round 1 the initial colour goes by each board's higher-ranked player's place among
  the players paired (1st, 3rd, 5th...: the initial colour), not by his pairing number, so
  that a player absent in round 1 does not flip every board below him. ``XXC rank``
  (JaVaFo's configuration, which py4swiss reads) numbers the players paired by their order
  in the file for that round; without absent players the two are the same;
- the pairing-allocated bye goes to the lowest score possible (C5), then, in its bracket,
  to the player with the fewest unplayed games (C9): ``swiss_bye`` checks the engine's
  choice and asks the engine again, the bye given to another player, when they prefer it;
- a round not played is a downfloat only if it scored more than a loss (1.4.3): where a
  forfeit loss, a zero-point bye or an absence may decide, ``swiss_floats`` asks the
  engine again with those rounds written as games against stand-in lines
  (``stand_ins``: ``engine_trf``) and keeps the answer when C.04.3 (2026) prefers it.
  At most ``REPAIRED_AT_MOST`` players are paired again; above, the first pairing stays.

Other differences with bbpPairings 6 found in testing are proposed upstream
(docs/upstream/py4swiss-2026-dutch.md).
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path

from py4swiss.engines import DutchEngine
from py4swiss.engines.common import PairingError
from py4swiss.trf import TrfParser

from chesslib import float_criteria, swiss_floats
from chesslib.swiss_bye import Standing, bye_by_2026_rules

ONE, HALF, ZERO = Decimal(1), Decimal("0.5"), Decimal(0)
REPAIRED_AT_MOST = 64  # players paired again for the floats of 2026, a round


@dataclass
class Entrant:
    id: int
    rating: int
    number: int  # starting rank = pairing number
    scores: list[Decimal] = field(default_factory=list)  # points per past round
    colours: list[str] = field(default_factory=list)  # "white", "black" or "none" per round
    opponents: list[int | None] = field(default_factory=list)  # None: no game
    played: list[bool] = field(default_factory=list)  # False: bye, forfeit, absence
    absent: bool = False  # not to be paired this round (withdrawn, bye asked, not entered)


@dataclass(frozen=True)
class Pairing:
    white: int
    black: int | None  # None: the pairing-allocated bye
    board: int


class Unpairable(Exception):
    """No pairing of the round satisfies the absolute criteria (no repeat, colours)."""


def pair(
    entrants: Sequence[Entrant],
    round_number: int,
    total_rounds: int,
    initial_colour: str = "white",
    accelerations: Mapping[int, Sequence[Decimal]] | None = None,
    scoring: Sequence[str] = (),
) -> list[Pairing]:
    """The pairs of ``round_number``: the entrants not ``absent`` are paired; the others
    (past opponents, players resting) are there for their history.
    ``accelerations``: each player's virtual points per round, round 1 first, up to this
    one (Baku acceleration); added to the scores the pairing reads, not to the standings.
    ``scoring``: the event's XXS record when it does not score 1-1/2-0
    (``chesslib.trf_scoring``): the engine's score groups are made of those points.
    The bye, if any, comes last, given as C.04.3 (2026) gives it (``swiss_bye``); the
    floats of rounds not played are those of 2026 (``swiss_floats``)."""
    args = (round_number, total_rounds, initial_colour, accelerations, scoring)
    pairs = _paired(entrants, args, None)
    if round_number < 2 or any(line.startswith("XXS ") for line in scoring):
        return pairs  # round 1 has no floats; an event's own scoring is left to the engine
    facts, engine_floats = swiss_floats.facts_of(
        entrants, round_number, total_rounds, accelerations
    )
    stand_ins = {
        key: colour
        for key, colour in swiss_floats.stand_in_colours(entrants, round_number).items()
        if swiss_floats.float_matters(pairs, facts, engine_floats, key)
    }
    if not stand_ins:
        return pairs
    # their brackets and the next below are asked again, the others kept as they are
    scores = [facts[key].score for key in stand_ins]
    kept = swiss_floats.kept_around(pairs, facts, max(scores), min(scores))
    taken = {key for p in kept for key in (p.white, p.black)}
    rest = [replace(e, absent=True) if e.id in taken else e for e in entrants]
    if sum(1 for e in rest if not e.absent) > REPAIRED_AT_MOST:
        return pairs
    try:
        below = _paired(rest, args, stand_ins)
    except Unpairable:
        return pairs
    candidate = swiss_floats.in_board_order([*kept, *below], facts)
    if not float_criteria.prefers(candidate, pairs, facts, engine_floats):
        return pairs
    return [
        Pairing(p.white, p.black, board if p.black is not None else 0)
        for board, p in enumerate(candidate, 1)
    ]


def _paired(
    entrants: Sequence[Entrant],
    args: tuple[int, int, str, Mapping[int, Sequence[Decimal]] | None, Sequence[str]],
    stand_ins: Mapping[int, str] | None,
) -> list[Pairing]:
    """The engine's pairing, its bye checked by C5 and C9 (``swiss_bye``)."""
    round_number, _total, _colour, accelerations, scoring = args
    pairs = engine_pairs(entrants, *args, stand_ins)
    if round_number < 2 or all(p.black is not None for p in pairs):
        # round 1: no history, every pairing possible, the bye already in the lowest bracket
        return pairs

    def repair(receiver: int) -> list[Pairing] | None:
        others = [replace(e, absent=True) if e.id == receiver else e for e in entrants]
        try:
            forced = engine_pairs(others, *args, stand_ins)
        except Unpairable:
            return None
        if any(p.black is None for p in forced):
            return None
        return [*forced, Pairing(receiver, None, 0)]

    standings = _standings(entrants, round_number, accelerations, scoring)
    return list(bye_by_2026_rules(standings, pairs, repair))


def engine_pairs(
    entrants: Sequence[Entrant],
    round_number: int,
    total_rounds: int,
    initial_colour: str,
    accelerations: Mapping[int, Sequence[Decimal]] | None,
    scoring: Sequence[str],
    stand_ins: Mapping[int, str] | None = None,
) -> list[Pairing]:
    """The engine's own pairing of the round, the bye last. ``stand_ins``: see
    ``engine_trf``."""
    text, ids = engine_trf(
        entrants, round_number, total_rounds, initial_colour, accelerations, scoring, stand_ins
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "round.trf"
        path.write_text(text, encoding="utf-8")
        trf = TrfParser.parse(path, strict=True)
    try:
        pairs = DutchEngine.generate_pairings(trf)
    except PairingError as error:
        raise Unpairable(str(error)) from error
    boards: list[Pairing] = []
    byes: list[Pairing] = []
    for pairing in pairs:
        white, black = ids[pairing.white], ids.get(pairing.black)
        if black is None:
            byes.append(Pairing(white, None, 0))
        else:
            boards.append(Pairing(white, black, len(boards) + 1))
    return boards + byes


def _standings(
    entrants: Sequence[Entrant],
    round_number: int,
    accelerations: Mapping[int, Sequence[Decimal]] | None,
    scoring: Sequence[str],
) -> dict[int, Standing]:
    """What C5 and C9 read of each player paired, from the codes of the engine's file: the
    score its brackets are made of (the event's points and this round's virtual points:
    C.04.5.1 adds each round's own, they do not add up from round to round), the
    rounds not played over the board, and C2's eligibility (no ``U`` nor ``+`` before)."""
    records = [line for line in scoring if line.startswith("XXS ")]
    worth = _points_of(records[0]) if records else _POINTS
    ordered = sorted(entrants, key=lambda e: (e.number <= 0, e.number, e.id))
    start = {e.id: n for n, e in enumerate(ordered, 1)}  # the engine's start numbers
    standings = {}
    for entrant in entrants:
        if entrant.absent:
            continue
        codes = [_result(entrant, n, start)[2] for n in range(round_number - 1)]
        virtual = list((accelerations or {}).get(entrant.id, ()))[round_number - 1 : round_number]
        standings[entrant.id] = Standing(
            number=start[entrant.id],
            score=sum((worth[code] for code in codes), ZERO) + sum(virtual, ZERO),
            unplayed=sum(1 for code in codes if code not in ("1", "=", "0")),
            eligible=not any(code in ("U", "+") for code in codes),
        )
    return standings


def engine_trf(
    entrants: Sequence[Entrant],
    round_number: int,
    total_rounds: int,
    initial_colour: str = "white",
    accelerations: Mapping[int, Sequence[Decimal]] | None = None,
    scoring: Sequence[str] = (),
    stand_ins: Mapping[int, str] | None = None,
) -> tuple[str, dict[int, int]]:
    """The TRF(x) the engine reads, and the entrant's id for each of its start numbers.
    Start numbers are the pairing numbers (C.04.3 E.5 reads their parity); if these are
    not 1 to N, their order is kept on 1 to N, players without one (0) last.
    ``stand_ins`` (entrant: colour ``w`` or ``b``): those entrants' zero-scoring unplayed
    rounds among the last two written as games lost against stand-in lines with that
    colour (``swiss_floats.stand_ins``), numbered after the players."""
    # players without a pairing number yet (0) last, so that the others keep theirs
    ordered = sorted(entrants, key=lambda e: (e.number <= 0, e.number, e.id))
    start = {e.id: n for n, e in enumerate(ordered, 1)}
    past = round_number - 1
    lines = [
        "012 Round to pair",
        f"XXR {max(total_rounds, round_number)}",
        f"XXC {'white1' if initial_colour == 'white' else 'black1'}",
    ]
    if round_number == 1:
        # JaVaFo's "rank" configuration: the players paired are numbered by their order in
        # the file (their pairing numbers' order), so E.5 reads each one's place among them
        lines[-1] += " rank"
    records = [line for line in scoring if line.startswith("XXS ")]
    lines += records
    worth = _points_of(records[0]) if records else _POINTS
    for entrant in ordered:
        virtual = list((accelerations or {}).get(entrant.id, ()))[:round_number]
        if any(virtual):
            virtual += [ZERO] * (round_number - len(virtual))
            lines.append(f"XXA {start[entrant.id]:4d} " + " ".join(f"{v:4.1f}" for v in virtual))
    rows = {start[e.id]: [list(_result(e, n, start)) for n in range(past)] for e in ordered}
    for entrant in ordered:
        if entrant.absent:
            rows[start[entrant.id]].append(["0000", "-", "Z"])
    if stand_ins:

        def score_before(number: int, n: int) -> Decimal:
            virtual = list((accelerations or {}).get(ordered[number - 1].id, ()))
            done = sum((worth[code] for _o, _c, code in rows[number][:n]), ZERO)
            return done + (virtual[n] if n < len(virtual) else ZERO)

        colours = {start[key]: colour for key, colour in stand_ins.items() if key in start}
        for number, virtual in swiss_floats.stand_ins(rows, colours, past, score_before).items():
            lines.append(f"XXA {number:4d} " + " ".join(f"{v:4.1f}" for v in virtual))
    for number, results in sorted(rows.items()):
        player = ordered[number - 1] if number <= len(ordered) else None
        points = sum((worth[code] for _opponent, _colour, code in results), ZERO)
        name = f"Player {player.id}"[:33] if player else "Stand-in"
        rating = min(player.rating, 9999) if player else 0
        line = (
            f"001 {number:4d}      {name:33s} {rating:4d} "
            f"{'':3s} {'':11s} {'':10s} {points:4.1f} {number:4d}"
        )
        lines.append(line + "".join(f"  {o:>4s} {c} {r}" for o, c, r in results))
    return "\n".join(lines) + "\n", {number: key for key, number in start.items()}


_POINTS = {"1": ONE, "=": HALF, "0": ZERO, "+": ONE, "-": ZERO, "U": ONE, "H": HALF, "Z": ZERO}


# A TRF result code's outcome in an XXS record (JaVaFo's codes, as py4swiss reads them)
_XXS_CODE = {"1": "WW", "=": "WD", "0": "WL", "+": "FW", "-": "FL", "U": "PAB", "H": "HPB",
             "Z": "ZPB"}  # fmt: skip


def _points_of(record: str) -> dict[str, Decimal]:
    """What each result code scores under an ``XXS`` record, for the points column."""
    given = dict(part.split("=", 1) for part in record.split()[1:])
    return {code: Decimal(given.get(xxs, _POINTS[code])) for code, xxs in _XXS_CODE.items()}


def _result(entrant: Entrant, n: int, start: Mapping[int, int]) -> tuple[str, str, str]:
    """Round ``n`` (from 0) of the entrant as a TRF result: opponent, colour, code."""
    points = entrant.scores[n] if n < len(entrant.scores) else ZERO
    opponent = entrant.opponents[n] if n < len(entrant.opponents) else None
    if opponent is None or opponent not in start:
        code = "U" if points >= ONE else "H" if points > ZERO else "Z"
        return "0000", "-", code
    colour = "w" if entrant.colours[n] == "white" else "b"
    if n < len(entrant.played) and entrant.played[n]:
        code = "1" if points >= ONE else "=" if points > ZERO else "0"
    else:
        code = "+" if points >= ONE else "-"
    return f"{start[opponent]:4d}", colour, code


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
