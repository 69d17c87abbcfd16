"""FIDE TRF-16 tournament files written: the header records (012 to 202), the player
lines full width (one 10-column block a round, none cut short, the rank column) and the
TRF(x) records after them (XXR, XXC, XXA); pure Python. The tournament they write is
:mod:`chesslib.trf`'s, which reads one.
"""

from __future__ import annotations

from .trf import BLANK, COLUMNS, PLAYER_COLUMNS, RECORDS, RoundEntry, Tournament, TrfPlayer

# The records ``write`` makes when the tournament has them (``header_lines``, ``tail_lines``).
GENERATED_CODES = frozenset(record.code for record in RECORDS)


def header_lines(tournament: Tournament) -> dict[str, list[str]]:
    """The header records the writer makes, by code, in the order it writes them: each
    code's lines (112: one a deputy arbiter), as ``trf.RECORDS`` writes them."""
    return _lines(tournament, after_players=False)


def tail_lines(tournament: Tournament) -> dict[str, list[str]]:
    """The records the writer puts after the player lines: XXR, XXC, XXA."""
    return _lines(tournament, after_players=True)


def _lines(tournament: Tournament, *, after_players: bool) -> dict[str, list[str]]:
    written = (
        (record.code, record.lines(tournament))
        for record in RECORDS
        if record.after_players == after_players
    )
    return {code: lines for code, lines in written if lines}


def player_columns(p: TrfPlayer) -> dict[str, str]:
    """Each column of the player's line as ``trf.PLAYER_COLUMNS`` write it."""
    return {c.name: c.write(getattr(p, c.name)) for c in PLAYER_COLUMNS}


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


def block(entry: RoundEntry) -> str:
    """A round's 8 columns: opponent (4), colour, result; a blank block stays blank."""
    if entry == BLANK:
        return " " * 8
    opponent = f"{entry.opponent:>4}" if entry.opponent else "0000"
    return f"{opponent} {entry.colour} {entry.result or ' '}"
