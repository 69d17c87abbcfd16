"""What an imported TRF file wrote, written back the way it was.

The desk writes a TRF from what the event holds (``imports.event_tournament``). A file
imported from other software often writes the same things otherwise: ``Vasquez,Rodrigo``
without the space, a title as ``  g``, a birth date as ``1969.12.06``, a round left all
blank, a header record the desk has no place for (082, XXS, team lines), its own rank
column. (A forfeit without colours and a round without opponent written ``0000 - +``,
``0000 - -`` or ``0000 -`` are held by the games and byes themselves: ``Game.colourless``,
``Bye.written``.) At import, each piece the file writes differently from
the desk is kept with the desk's own text of that moment (``Event.trf_kept``). At export,
a piece whose desk text is still the same — nothing the secretary changed since — is
written as the file had it; a piece the secretary changed is written as the desk says.

``Event.trf_kept``::

    {"records": [[code, [file lines], [desk lines] or None, after the players], ...],
     "players": {"<player pk>": {"columns": {name: [file text, desk text]},
                                 "blocks": {"<round index>": [file block, desk block]}}},
     "order": [player pk, ...]}  # the file's order of player lines

A record whose desk lines are None is one the desk never writes: it is written as read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chesslib import trf, trf_write


@dataclass
class DeskFile:
    """A TRF as the desk writes it, in pieces: header and tail records by code, and each
    player's columns and round blocks by player (primary key)."""

    header: dict[str, list[str]]
    tail: dict[str, list[str]]
    players: dict[int, tuple[dict[str, str], list[str]]]
    ranks: dict[int, int]  # player pk -> start rank

    @classmethod
    def of(cls, tournament: trf.Tournament, ids: dict[int, int]) -> DeskFile:
        """``ids``: start rank -> player pk."""
        players = {
            ids[p.rank]: (trf_write.player_columns(p), [trf_write.block(e) for e in p.rounds])
            for p in tournament.players
        }
        return cls(
            trf_write.header_lines(tournament),
            trf_write.tail_lines(tournament),
            players,
            {pk: rank for rank, pk in ids.items()},
        )


def kept(tournament: trf.Tournament, desk: DeskFile, ids: dict[int, int]) -> dict[str, Any]:
    """The pieces of the file ``tournament`` was read from that the desk writes otherwise
    (``desk``: the desk's file of the event just imported; ``ids``: rank -> player pk)."""
    generated = {**desk.header, **desk.tail}
    grouped: dict[str, tuple[list[str], bool]] = {}
    for line, after in tournament.records:
        code = line[:3]
        grouped.setdefault(code, ([], after))[0].append(line)
    records: list[list[Any]] = []
    for code, (lines, after) in grouped.items():
        mine = generated.get(code)
        if code in generated or code in trf_write.GENERATED_CODES:
            mine = generated.get(code, [])
        if mine != lines:
            records.append([code, lines, mine, after])
        else:
            records.append([code, None, mine, after])  # the desk writes it alike: its place
    players: dict[str, dict[str, dict[str, list[str]]]] = {}
    for entry in tournament.players:
        pk = ids[entry.rank]
        columns, blocks = desk.players[pk]
        mine_columns = {
            name: [text, columns[name]]
            for name, text in entry.columns.items()
            if text.ljust(len(columns[name])) != columns[name]
        }
        mine_blocks = {
            str(index): [text, blocks[index]]
            for index, text in enumerate(entry.blocks)
            if index < len(blocks) and text.ljust(8) != blocks[index]
        }
        if mine_columns or mine_blocks:
            players[str(pk)] = {"columns": mine_columns, "blocks": mine_blocks}
    order = [ids[entry.rank] for entry in tournament.players]
    return {"records": records, "players": players, "order": order}


def write(desk: DeskFile, keep: dict[str, Any]) -> str:
    """The desk's file with the kept pieces whose desk text has not changed."""
    records = keep.get("records") or []
    generated = {**desk.header, **desk.tail}
    before: list[str] = []
    after: list[str] = []
    done: set[str] = set()
    for code, file_lines, desk_lines, behind in records:
        done.add(code)
        now = generated.get(code, [])
        if desk_lines is None or file_lines is None or now != desk_lines:
            lines = now if desk_lines is not None else file_lines or []
        else:
            lines = file_lines
        (after if behind else before).extend(lines)
    for code, lines in desk.header.items():
        if code not in done:
            before.extend(lines)
    tail = [line for code, lines in desk.tail.items() if code not in done for line in lines]
    players = keep.get("players") or {}
    # the file's order of player lines (not always by start rank), then the others by rank
    place = {pk: n for n, pk in enumerate(keep.get("order") or [])}
    body = []
    for pk, (columns, blocks) in sorted(
        desk.players.items(), key=lambda item: (place.get(item[0], len(place)), desk.ranks[item[0]])
    ):
        mine = players.get(str(pk), {})
        columns, blocks = dict(columns), list(blocks)
        for name, (file_text, desk_text) in mine.get("columns", {}).items():
            if columns.get(name) == desk_text:
                columns[name] = file_text
        for index, (file_block, desk_block) in mine.get("blocks", {}).items():
            n = int(index)
            if n < len(blocks) and blocks[n] == desk_block:
                blocks[n] = file_block
        body.append(trf_write.player_line(columns, blocks))
    return "\r\n".join(before + body + after + tail) + "\r\n"
