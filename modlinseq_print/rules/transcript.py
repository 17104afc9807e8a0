"""Transcripts: turns of tile tokens, lists (`4B2, 6B1`) and tilde sequences (`3H8 ~ 4 ~ 5H19`).

Grammar (turns are separated by `;` or new lines; `//` starts a comment):
    turn     := [player ':'] item { (',' | blank) item }
    item     := token { '~' token }
    token    := (number | '#' ['=' number]) [address]
Tokens without an address may only stand inside a tilde sequence; their cells are found along the
line between the addressed ones, following the wrap mode (or the bounce).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.tokens import TileToken, parse_token, token_cell
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.chains import Topology
from modlinseq_print.rules.errors import TranscriptError
from modlinseq_print.rules.position import Position, Tile

_PLAYER = re.compile(r"^\s*([^\s:~,#0-9][^:~,#]*?)\s*:(.*)$", re.DOTALL)


@dataclass(frozen=True)
class Placement:
    """A tile token resolved to its board cell."""

    cell: Cell
    tile: Tile
    text: str


@dataclass(frozen=True)
class Turn:
    """One turn of a transcript: the player named (if any) and its tiles in the order written."""

    player: str | None
    placements: tuple[Placement, ...]
    text: str


def split_turns(text: str) -> list[tuple[str | None, str]]:
    """The turns of a transcript as (player or None, body), empty turns (only spaces and commas) dropped."""
    turns = []
    for line in text.splitlines():
        line = line.split("//", 1)[0]
        for part in line.split(";"):
            if _blank(part):
                continue
            match = _PLAYER.match(part)
            player, body = (match.group(1).strip(), match.group(2)) if match else (None, part)
            if _blank(body):
                raise TranscriptError(f"turn {excerpt(part.strip())} names a player but no tiles")
            turns.append((player, body.strip()))
    return turns


def _blank(text: str) -> bool:
    """Nothing but separators (spaces, commas): no tile, like the empty string."""
    return not text.strip(" \t\r\n,")


def split_items(body: str) -> list[list[str]]:
    """The items of a turn, each a list of token texts (one token, or a tilde sequence)."""
    normal = re.sub(r"\s*~\s*", "~", body.strip())
    items = []
    for item in re.split(r"[,\s]+", normal):
        if not item:
            continue
        tokens = item.split("~")
        if any(not t for t in tokens):
            raise TranscriptError(f"tilde sequence {excerpt(item)} has an empty term: write terms like 3E2 ~ 1 ~ 6A0")
        items.append(tokens)
    return items


def _tile(token: TileToken, modulus: int) -> Tile:
    for number in (token.value, token.declared):
        if number is not None and number >= modulus:
            raise TranscriptError(f"tile {excerpt(token.text)}: {number} is not below the modulus {modulus}; "
                                  f"values run from 0 to {modulus - 1}")
    return Tile(token.value, token.declared)


def _walk_line(topo: Topology, start: Cell, direction: Cell, count: int, backward: bool) -> list[Cell] | None:
    """The `count` cells after `start` along the line leaving it in `direction` (or behind it)."""
    d: Cell | None = topo.leave(start, -direction) if backward else direction
    cells, current = [], start
    for _ in range(count):
        nxt = topo.next_cell(current, d) if d is not None else None
        if d is None or nxt is None:
            return None
        cells.append(nxt)
        d = topo.leave(nxt, d)
        current = nxt
    return cells


def _line_options(topo: Topology, tokens: list[TileToken], known: dict[int, Cell]) -> list[list[Cell]]:
    """Every way to lay a tilde sequence on one line so that its addressed tokens land on their cells."""
    first = min(known)
    options = []
    for d in topo.directions:
        ahead = _walk_line(topo, known[first], d, len(tokens) - first - 1, False)
        behind = _walk_line(topo, known[first], d, first, True)
        if ahead is None or behind is None:
            continue
        cells = behind[::-1] + [known[first]] + ahead
        if all(cells[i] == cell for i, cell in known.items()) and cells not in options:
            options.append(cells)
    return options


def _wraps(topo: Topology, cells: list[Cell]) -> int:
    """How many times a laid-out line jumps across the edge."""
    return sum(1 for a, b in zip(cells, cells[1:]) if b - a not in topo.directions)


def resolve_tilde(texts: list[str], topo: Topology, modulus: int) -> list[Placement]:
    """The placements of a tilde sequence, finding the cells of unaddressed terms along its line."""
    board = topo.board
    tokens = [parse_token(t) for t in texts]
    known = {i: token_cell(t, board) for i, t in enumerate(tokens) if t.address is not None}
    written = " ~ ".join(texts)
    if not known:
        raise TranscriptError(f"tilde sequence {excerpt(written)} has no address: "
                              "give at least its first and last cells")
    options = _line_options(topo, tokens, known)
    if not options:
        raise TranscriptError(f"the cells of {excerpt(written)} are not on one line of board {board.spec} "
                              f"(wrap {topo.wrap}): check the addresses and the number of terms")
    if len(options) > 1:
        fewest = min(_wraps(topo, o) for o in options)
        options = [o for o in options if _wraps(topo, o) == fewest]
    if len(options) > 1:
        raise TranscriptError(f"tilde sequence {excerpt(written)} fits more than one line: address more of its terms")
    return [Placement(cell, _tile(t, modulus), t.text) for cell, t in zip(options[0], tokens)]


def parse_turn_body(body: str, topo: Topology, modulus: int) -> list[Placement]:
    """The placements of one turn's tiles, in the order written (repeated cells kept)."""
    placements = []
    for tokens in split_items(body):
        if len(tokens) == 1:
            token = parse_token(tokens[0])
            placements.append(Placement(token_cell(token, topo.board), _tile(token, modulus), token.text))
        else:
            placements.extend(resolve_tilde(tokens, topo, modulus))
    return placements


def parse_transcript(text: str, topo: Topology, modulus: int) -> list[Turn]:
    """Parse a whole transcript into turns; malformed input raises a one-line error."""
    turns = []
    for player, body in split_turns(text):
        try:
            placements = parse_turn_body(body, topo, modulus)
        except AddressError as error:
            raise TranscriptError(str(error)) from None
        turns.append(Turn(player, tuple(placements), body))
    if not turns:
        raise TranscriptError("the transcript has no tiles: write tiles like 4B2, 6B1, 1A0, 3M1")
    return turns


def same_tile(a: Tile, b: Tile) -> bool:
    """True when two tiles written for one cell are the same tile (a marker counts as a 0)."""
    return (a.value, a.declared) == (b.value, b.declared)


def merge_placements(placements: list[Placement], tiles: dict[Cell, Tile], address) -> dict[Cell, Tile]:
    """Tiles by cell from placements (a cell named twice must name the same tile), added to `tiles`."""
    merged = dict(tiles)
    for p in placements:
        old = merged.get(p.cell)
        if old is not None and not same_tile(old, p.tile):
            raise TranscriptError(f"two tiles on one cell: {address(p.cell)} holds {old.label} and {p.text} "
                                  f"names {p.tile.label}; each cell takes one tile")
        if old is None:
            merged[p.cell] = p.tile
    return merged


def build_position(text: str, position: Position) -> tuple[Position, list[Turn]]:
    """The position after every tile of a transcript, all turns together, on top of `position`'s tiles."""
    turns = parse_transcript(text, position.topology, position.modulus)
    placements = [p for turn in turns for p in turn.placements]
    tiles = merge_placements(placements, position.tiles, position.board.address)
    return position.with_tiles(tiles), turns
