"""FIDE TRF-16 tournament files written: the header records (012 to 202), the player
lines full width (one 10-column block a round, none cut short, the rank column) and the
TRF(x) records after them (XXR, XXC, XXA); pure Python. The tournament they write is
:mod:`chesslib.trf`'s, which reads one.
"""

from __future__ import annotations

from decimal import Decimal

from .trf import BLANK, COLUMNS, RoundEntry, Tournament, TrfPlayer

# The records ``write`` makes when the tournament has them (``header_lines``, ``tail_lines``).
GENERATED_CODES = frozenset(
    [
        "012",
        "022",
        "032",
        "042",
        "052",
        "062",
        "072",
        "092",
        "102",
        "112",
        "122",
        "132",
        "202",
        "XXR",
        "XXC",
        "XXA",
    ]
)


def header_lines(tournament: Tournament) -> dict[str, list[str]]:
    """The header records the writer makes, by code, in the order it writes them: each
    code's lines (112: one a deputy arbiter)."""
    rated = sum(1 for p in tournament.players if p.rating)
    lines: dict[str, list[str]] = {"012": [f"012 {tournament.name}"]}
    for code, value in (
        ("022", tournament.city),
        ("032", tournament.federation),
        ("042", tournament.start),
        ("052", tournament.end),
        ("062", str(len(tournament.players)) if tournament.players else ""),
        ("072", str(rated) if tournament.players else ""),
        ("092", tournament.kind),
        ("102", tournament.chief_arbiter),
    ):
        if value:
            lines[code] = [f"{code} {value}"]
    if tournament.deputy_arbiters:
        lines["112"] = [f"112 {name}" for name in tournament.deputy_arbiters]
    if tournament.time_control:
        lines["122"] = [f"122 {tournament.time_control}"]
    if tournament.round_dates:
        # round 1 in columns 92-99, round 2 in 102-109, ...
        dates = "  ".join(f"{d:<8}" for d in tournament.round_dates)
        lines["132"] = ["132" + " " * 88 + dates]
    if tournament.tiebreaks:
        lines["202"] = [f"202 {','.join(tournament.tiebreaks)}"]
    return lines


def tail_lines(tournament: Tournament) -> dict[str, list[str]]:
    """The records the writer puts after the player lines: XXR, XXC, XXA."""
    lines: dict[str, list[str]] = {}
    if tournament.rounds:
        lines["XXR"] = [f"XXR {tournament.rounds}"]
    if tournament.first_colour:
        lines["XXC"] = [f"XXC {tournament.first_colour}"]
    if tournament.accelerations:
        lines["XXA"] = []
        for rank, points in sorted(tournament.accelerations.items()):
            fields = "".join(f" {_points(p):>4}" if p else "     " for p in points)
            lines["XXA"].append(f"XXA {rank:>4}{fields}".rstrip())
    return lines


def player_columns(p: TrfPlayer) -> dict[str, str]:
    """Each column of the player's line as the writer writes it (COLUMNS' widths)."""
    return {
        "rank": f"{p.rank:>4}",
        "sex": f"{p.sex:1}"[:1],
        "title": f"{p.title:>3}"[:3],
        "name": f"{p.name[:33]:<33}",
        "rating": f"{p.rating or '':>4}",
        "federation": f"{p.federation:<3}"[:3],
        "fide_id": f"{p.fide_id or '':>11}",
        "birth": f"{p.birth:<10}"[:10],
        "points": f"{p.points:>4}",
        "place": f"{p.place or '':>4}",
    }


def player_line(columns: dict[str, str], blocks: list[str]) -> str:
    """A player line from its columns and its round blocks (8 columns each), full width:
    nothing stripped, so that a last round's "0000 -  " keeps its 8 columns."""
    line = "001"
    for name, (first, last) in COLUMNS.items():
        line = line.ljust(first - 1) + columns[name][: last - first + 1].ljust(last - first + 1)
    return line.ljust(89) + "".join(f"  {block:<8}" for block in blocks)


def write(tournament: Tournament) -> str:
    """The tournament as TRF-16 text (CRLF line ends, as the federations' tools write),
    with the header lines a rating report needs: the players and rated players (062,
    072), the arbiters (102, 112), the time control (122), the round dates (132), and the
    tie-breaks in TRF-2026 codes (202); then XXR, XXC and a player's acceleration (XXA).
    Every player line has one full block a round."""
    lines = [line for group in header_lines(tournament).values() for line in group]
    for p in sorted(tournament.players, key=lambda p: p.rank):
        lines.append(player_line(player_columns(p), [block(entry) for entry in p.rounds]))
    lines += [line for group in tail_lines(tournament).values() for line in group]
    return "\r\n".join(lines) + "\r\n"


def _points(value: Decimal) -> str:
    return f"{value.quantize(Decimal('0.1'))}"


def block(entry: RoundEntry) -> str:
    """A round's 8 columns: opponent (4), colour, result; a blank block stays blank."""
    if entry == BLANK:
        return " " * 8
    opponent = f"{entry.opponent:>4}" if entry.opponent else "0000"
    return f"{opponent} {entry.colour} {entry.result or ' '}"
