"""Standings with FIDE tie-breaks, from plain data (FIDE Handbook C.07, the tie-break
regulations of 2024), pure Python.

A player's record is the list of their rounds: the opponent (None for a bye), the points
scored and what kind of round it was (played over the board, won or lost by forfeit, a
pairing-allocated bye, a requested bye), and the colour. The tie-breaks themselves are
computed by tiebreak-core (ruleset ``fide-2024``), which implements Article 16 of the
regulations for unplayed rounds: a player's own unplayed round counts as a game against
a dummy opponent with the player's own score (16.4), a requested bye at the end counts as
a draw for the opponents' Buchholz (16.3), and cuts take such virtual rounds first
(16.5); and Article 10 from the players' ratings. It was kept over this module's former
arithmetic because it gets the regulations' worked examples right where ours did not
(tests/chesslib/test_standings.py quotes them). The direct encounter (Article 6) and
the ranking are this module's: a rank is shared by the players no tiebreak separates,
on the values shown.

What a result or a bye scores is not decided here: the caller gives the game's points
(the model's choices hold them, ``club.models.Result`` and ``club.models.Bye.Kind``) and
the event's ``Scoring``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any

from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict

ZERO = Decimal(0)
ONE = Decimal(1)
HALF = Decimal("0.5")
RULESET = "fide-2024"


class Tiebreak(StrEnum):
    """The tie-breaks of C.07 (2024) tiebreak-core computes, in the regulations' order
    (Articles 6 to 10, each followed by its modified forms of Article 14). The values are
    the keys an event stores: the first seven keep the keys events already hold."""

    DIRECT_ENCOUNTER = "direct_encounter"  # 6 DE
    WIN = "win"  # 7.1 WIN: rounds won, with or without playing
    WINS = "wins"  # 7.2 WON: games won over the board
    GAMES_BLACK = "games_black"  # 7.3 BPG
    WINS_BLACK = "wins_black"  # 7.4 BWG
    PROGRESSIVE = "progressive"  # 7.5 PS
    PROGRESSIVE_CUT1 = "progressive_cut1"  # 14.1 PS-C1
    ELECTED = "elected"  # 7.6 REP: games elected to play
    BUCHHOLZ = "buchholz"  # 8.1 BH
    BUCHHOLZ_CUT1 = "buchholz_cut1"  # 14.1 BH-C1
    BUCHHOLZ_CUT2 = "buchholz_cut2"  # 14.2 BH-C2
    MEDIAN = "median"  # 14.3 BH-M1
    MEDIAN2 = "median2"  # 14.4 BH-M2
    AOB = "aob"  # 8.2 AOB: average of opponents' Buchholz
    FORE_BUCHHOLZ = "fore_buchholz"  # 8.3 FB
    SONNEBORN_BERGER = "sonneborn_berger"  # 9.1 SB
    SONNEBORN_BERGER_CUT1 = "sonneborn_berger_cut1"  # 14.1 SB-C1
    KOYA = "koya"  # 9.2 KS
    ARO = "aro"  # 10.1 ARO
    ARO_CUT1 = "aro_cut1"  # 14.1 ARO-C1
    TPR = "tpr"  # 10.2 TPR
    PTP = "ptp"  # 10.3 PTP
    APRO = "apro"  # 10.4 APRO
    APPO = "appo"  # 10.5 APPO


# Each tie-break's abbreviation in C.07 (2024), the same in every language
ABBREVIATION: dict[Tiebreak, str] = {
    Tiebreak.DIRECT_ENCOUNTER: "DE",
    Tiebreak.WIN: "WIN",
    Tiebreak.WINS: "WON",
    Tiebreak.GAMES_BLACK: "BPG",
    Tiebreak.WINS_BLACK: "BWG",
    Tiebreak.PROGRESSIVE: "PS",
    Tiebreak.PROGRESSIVE_CUT1: "PS-C1",
    Tiebreak.ELECTED: "REP",
    Tiebreak.BUCHHOLZ: "BH",
    Tiebreak.BUCHHOLZ_CUT1: "BH-C1",
    Tiebreak.BUCHHOLZ_CUT2: "BH-C2",
    Tiebreak.MEDIAN: "BH-M1",
    Tiebreak.MEDIAN2: "BH-M2",
    Tiebreak.AOB: "AOB",
    Tiebreak.FORE_BUCHHOLZ: "FB",
    Tiebreak.SONNEBORN_BERGER: "SB",
    Tiebreak.SONNEBORN_BERGER_CUT1: "SB-C1",
    Tiebreak.KOYA: "KS",
    Tiebreak.ARO: "ARO",
    Tiebreak.ARO_CUT1: "ARO-C1",
    Tiebreak.TPR: "TPR",
    Tiebreak.PTP: "PTP",
    Tiebreak.APRO: "APRO",
    Tiebreak.APPO: "APPO",
}

# Our keys to tiebreak-core's criteria (ruleset fide-2024); direct encounter is ours.
_CRITERION = {
    Tiebreak.WIN: "wins",
    Tiebreak.WINS: "won",
    Tiebreak.GAMES_BLACK: "games_black",
    Tiebreak.WINS_BLACK: "wins_black",
    Tiebreak.PROGRESSIVE: "progressive",
    Tiebreak.PROGRESSIVE_CUT1: "progressive_cut1",
    Tiebreak.ELECTED: "rounds_elected",
    Tiebreak.BUCHHOLZ: "buchholz",
    Tiebreak.BUCHHOLZ_CUT1: "buchholz_cut1",
    Tiebreak.BUCHHOLZ_CUT2: "buchholz_cut2",
    Tiebreak.MEDIAN: "median_buchholz",
    Tiebreak.MEDIAN2: "median_buchholz_2",
    Tiebreak.AOB: "aob",
    Tiebreak.FORE_BUCHHOLZ: "fore_buchholz",
    Tiebreak.SONNEBORN_BERGER: "sonneborn_berger",
    Tiebreak.SONNEBORN_BERGER_CUT1: "sonneborn_berger_cut1",
    Tiebreak.KOYA: "koya",
    Tiebreak.ARO: "aro",
    Tiebreak.ARO_CUT1: "aro_cut1",
    Tiebreak.TPR: "tpr",
    Tiebreak.PTP: "ptp",
    Tiebreak.APRO: "apro",
    Tiebreak.APPO: "appo",
}
# The TRF-2026 (MTB26) code of each tiebreak, for the tie-break record of a TRF file.
TRF_CODE = {
    Tiebreak.DIRECT_ENCOUNTER: "DE",
    Tiebreak.WIN: "WIN",
    Tiebreak.WINS: "WON",
    Tiebreak.GAMES_BLACK: "BPG",
    Tiebreak.WINS_BLACK: "BWG",
    Tiebreak.PROGRESSIVE: "PS",
    Tiebreak.PROGRESSIVE_CUT1: "PS/C1",
    Tiebreak.ELECTED: "REP",
    Tiebreak.BUCHHOLZ: "BH",
    Tiebreak.BUCHHOLZ_CUT1: "BH/C1",
    Tiebreak.BUCHHOLZ_CUT2: "BH/C2",
    Tiebreak.MEDIAN: "BH/M1",
    Tiebreak.MEDIAN2: "BH/M2",
    Tiebreak.AOB: "AOB",
    Tiebreak.FORE_BUCHHOLZ: "FB",
    Tiebreak.SONNEBORN_BERGER: "SB",
    Tiebreak.SONNEBORN_BERGER_CUT1: "SB/C1",
    Tiebreak.KOYA: "KS",
    Tiebreak.ARO: "ARO",
    Tiebreak.ARO_CUT1: "ARO/C1",
    Tiebreak.TPR: "TPR",
    Tiebreak.PTP: "PTP",
    Tiebreak.APRO: "APRO",
    Tiebreak.APPO: "APPO",
}
# Tie-breaks that read the players' ratings (C.07 Article 10).
RATED = frozenset(
    {Tiebreak.ARO, Tiebreak.ARO_CUT1, Tiebreak.TPR, Tiebreak.PTP, Tiebreak.APRO, Tiebreak.APPO}
)


class Kind(StrEnum):
    """What happened in a player's round (C.07 16.2)."""

    PLAYED = "played"
    FORFEIT_WIN = "forfeit_win"
    FORFEIT_LOSS = "forfeit_loss"
    PAIRING_BYE = "pairing_bye"  # also a full-point bye
    REQUESTED_BYE = "requested_bye"  # a half- or zero-point bye, or a round not paired


_VIRTUAL = {Kind.PAIRING_BYE, Kind.REQUESTED_BYE}


@dataclass(frozen=True)
class Round:
    """One round of a player: ``points`` are the game's points on the 1-1/2-0 scale (what
    the tie-breaks read); the event's own scoring (``Scoring``) turns them into the
    points of the standings."""

    opponent: Hashable | None
    points: Decimal
    kind: Kind = Kind.PLAYED
    number: int = 0  # the round's number; 0: its place in the record
    black: bool = False  # played with Black (C.07 7.3, 7.4)

    @property
    def played(self) -> bool:
        return self.kind is Kind.PLAYED


@dataclass(frozen=True)
class Scoring:
    """What a round scores in the standings (an event's choice: 1-1/2-0, 3-1-0...). A
    pairing-allocated bye scores a win, a half-point bye a draw (C.04.1 c, d), a
    forfeit loss and a zero-point bye nothing."""

    win: Decimal = ONE
    draw: Decimal = HALF
    loss: Decimal = ZERO
    forfeit_win: Decimal = ONE

    @property
    def standard(self) -> bool:
        return (self.win, self.draw, self.loss, self.forfeit_win) == (ONE, HALF, ZERO, ONE)

    def points(self, entry: Round) -> Decimal:
        if entry.kind is Kind.FORFEIT_WIN:
            return self.forfeit_win
        if entry.kind is Kind.FORFEIT_LOSS:
            return ZERO
        if entry.kind is Kind.PLAYED:
            return {ONE: self.win, HALF: self.draw}.get(entry.points, self.loss)
        # byes: a full point scores a win, a half point a draw, nothing stays nothing
        return {ONE: self.win, HALF: self.draw}.get(entry.points, ZERO)


STANDARD = Scoring()


@dataclass
class Row:
    player: Hashable
    points: Decimal
    tiebreaks: dict[Tiebreak, Decimal] = field(default_factory=dict)
    rank: int = 0


def parse_tiebreaks(text: str) -> list[Tiebreak]:
    """``"buchholz_cut1,sonneborn_berger"`` to the tiebreaks, unknown keys refused."""
    keys = [part.strip() for part in text.split(",") if part.strip()]
    try:
        return [Tiebreak(key) for key in keys]
    except ValueError as error:
        raise ValueError(f"unknown tiebreak: {error}") from None


def standings(
    records: Mapping[Any, Sequence[Round]],
    order: Sequence[Tiebreak],
    rounds: int | None = None,
    ruleset: str = RULESET,
    *,
    ratings: Mapping[Any, int | None] | None = None,
    scoring: Scoring = STANDARD,
    round_robin: bool = False,
) -> list[Row]:
    """The players ranked by points, then by each tiebreak of ``order`` in turn. Players
    no tiebreak separates share a rank, and the rank follows the values shown: players
    level on points and on every value shown share a rank, whatever their pairing
    numbers. One exception, C.07's own: the direct encounter applied again among players
    level in it (6.2) may separate players whose points against the whole group, the
    value shown, are equal.

    ``records`` hold each player's rounds in round order (their order is the pairing
    order, which orders players sharing a rank); ``rounds`` is the number of rounds
    played so far (the longest record when not given). ``ratings``: each player's
    rating (C.07 Article 10 reads them; none or 0: unrated, left out of the averages).
    ``scoring``: what a round scores in the standings and in the direct encounter; the
    other tie-breaks read the games' 1-1/2-0 points. ``round_robin``: pre-determined
    pairings (a round robin, a Scheveningen event), whose forfeits count in the direct
    encounter (C.07 15.2; 6.1.1 treats them as unplayed in Swiss tournaments only).
    ``ruleset``: tiebreak-core's edition of the regulations (the 2024 one;
    ``fide-2026`` caps the dummy opponents of 16.4)."""
    players = list(records)
    number = {player: index for index, player in enumerate(players, 1)}
    rating = {p: int((ratings or {}).get(p) or 0) for p in players}
    total = rounds or max(
        (max(r.number or i for i, r in enumerate(rs, 1)) for rs in records.values() if rs),
        default=0,
    )
    points = {p: sum((scoring.points(r) for r in rs), ZERO) for p, rs in records.items()}
    values: dict[Hashable, dict[Tiebreak, Decimal]] = {p: {} for p in players}
    scalar = [t for t in order if t is not Tiebreak.DIRECT_ENCOUNTER]
    if scalar and players:
        data = {
            number[p]: _data(number[p], rs, number, rating[p], rating) for p, rs in records.items()
        }
        ranked = rank_standings_strict(
            data,
            [_CRITERION[t] for t in scalar],
            total_rounds=max(total, 1),
            deterministic_keys={n: n for n in data},
            ruleset=ruleset,
        )
        for result in ranked.players:
            player = players[result.player_id - 1]
            for key in scalar:
                values[player][key] = _decimal(result.values[_CRITERION[key]])
    groups: list[list[Hashable]] = _split([players], lambda p: points[p])
    for tiebreak in order:
        if tiebreak is Tiebreak.DIRECT_ENCOUNTER:
            groups = _direct_encounter(groups, records, values, scoring, round_robin)
        else:
            groups = _split(groups, lambda p, t=tiebreak: values[p][t])  # type: ignore[misc]
    rows: list[Row] = []
    for group in groups:
        rank = len(rows) + 1
        for player in group:
            shown = {t: values[player].get(t, ZERO) for t in order}
            rows.append(Row(player, points[player], shown, rank))
    return rows


def _split(
    groups: list[list[Hashable]], key: Callable[[Hashable], Decimal]
) -> list[list[Hashable]]:
    """Each group split by ``key``, highest first; the order within a part kept."""
    out: list[list[Hashable]] = []
    for group in groups:
        parts: dict[Decimal, list[Hashable]] = {}
        for player in group:
            parts.setdefault(key(player), []).append(player)
        out.extend(parts[k] for k in sorted(parts, reverse=True))
    return out


def _data(
    pid: int,
    rounds: Sequence[Round],
    number: Mapping[Any, int],
    rating: int,
    ratings: Mapping[Any, int],
) -> PlayerTiebreakData:
    games = []
    for index, entry in enumerate(rounds, 1):
        virtual = entry.kind in _VIRTUAL or entry.opponent is None
        kind = entry.kind
        if entry.opponent is None and kind not in _VIRTUAL:
            kind = Kind.PAIRING_BYE if entry.points == 1 else Kind.REQUESTED_BYE
        games.append(
            GameRecord(
                opponent_id=-1 if virtual else number[entry.opponent],
                opponent_rating=0 if virtual else ratings[entry.opponent],
                score=float(entry.points),
                color="black" if entry.black else "white",
                round_number=entry.number or index,
                kind=str(kind),
            )
        )
    return PlayerTiebreakData(pid, rating, float(sum((r.points for r in rounds), ZERO)), games)


def _decimal(value: float) -> Decimal:
    """Tie-break values are sums of quarter points or whole ratings, exact in binary;
    the average of opponents' Buchholz is shown to two decimals, and ranks by what is
    shown."""
    return Decimal(value).quantize(Decimal("0.01")).normalize() + ZERO


def _direct_encounter(
    groups: list[list[Hashable]],
    records: Mapping[Any, Sequence[Round]],
    values: dict[Hashable, dict[Tiebreak, Decimal]],
    scoring: Scoring,
    round_robin: bool,
) -> list[list[Hashable]]:
    """C.07 (2024) Article 6 on each group still tied. The value shown is the points a
    player scored against the others of the group (6.1; a pair that met twice counts
    the average of its games, 6.1.2); a Swiss tournament's forfeits count as unplayed
    games, a round robin's as played. Where every pair met, the group is ordered by
    those points and the rule applied again to those still level (6.2); where some did
    not, a player goes first only if no result of the missing games could catch them
    (6.3), again for those left; players the rule cannot separate stay together (and
    share a rank unless a later tiebreak separates them)."""

    win = Fraction(scoring.win)

    def counts(entry: Round) -> bool:
        return entry.played or (round_robin and entry.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS))

    def table(group: Sequence[Hashable]) -> tuple[dict[Hashable, Fraction], dict[Hashable, int]]:
        members = set(group)
        scores: dict[Hashable, Fraction] = {}
        missing = dict.fromkeys(group, 0)
        for player in group:
            met: dict[Hashable, list[Decimal]] = {}
            for entry in records[player]:
                if entry.opponent in members and counts(entry):
                    met.setdefault(entry.opponent, []).append(scoring.points(entry))
            scores[player] = sum(
                (Fraction(sum(ps, ZERO)) / len(ps) for ps in met.values()), Fraction(0)
            )
            missing[player] = len(members) - 1 - len(met)
        return scores, missing

    def tiers(group: list[Hashable]) -> list[list[Hashable]]:
        if len(group) < 2:
            return [group]
        scores, missing = table(group)
        if not any(missing.values()):
            parts: dict[Fraction, list[Hashable]] = {}
            for player in group:
                parts.setdefault(scores[player], []).append(player)
            if len(parts) == 1:
                return [group]
            return [t for k in sorted(parts, reverse=True) for t in tiers(parts[k])]
        out: list[list[Hashable]] = []
        left = list(group)
        while len(left) > 1:
            scores, missing = table(left)
            best = [
                p
                for p in left
                if all(scores[p] > scores[q] + missing[q] * win for q in left if q != p)
            ]
            if not best:
                break
            out.append(best)
            left.remove(best[0])
        return [*out, left] if left else out

    out: list[list[Hashable]] = []
    for group in groups:
        scores, _missing = table(group)
        for player in group:
            values[player][Tiebreak.DIRECT_ENCOUNTER] = Decimal(scores[player].numerator) / (
                scores[player].denominator
            )
        out.extend(tiers(group))
    return out


def crosstable(
    players: Sequence[Hashable], games: Sequence[tuple[Hashable, Hashable, Decimal, Decimal]]
) -> dict[Hashable, dict[Hashable, list[Decimal]]]:
    """For a round robin: each player's points against each opponent (a list, for double
    round robins). ``games`` are (white, black, white's points, black's points)."""
    table: dict[Hashable, dict[Hashable, list[Decimal]]] = {p: {} for p in players}
    for white, black, white_points, black_points in games:
        table[white].setdefault(black, []).append(white_points)
        table[black].setdefault(white, []).append(black_points)
    return table
