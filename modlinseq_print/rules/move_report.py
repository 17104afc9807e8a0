"""Legal turns as data and text: the JSON and the readable list of the `moves` command.

A search finds thousands of turns, and their reports repeat the same cells and sequences (a hand of 7 on a
mid-game board: 3,162 turns, 11,792 sequences, 1,869 of them different). A `TurnReport` works each cell's
address, each sequence's MSA and each sequence's JSON out once for all the turns of a position, and reads a
sequence's values after a turn from the turn's tiles and the position's, without building the position after it.
The JSON is written as text from those parts (what json.dumps writes for the object, byte for byte); the
library's object is that text read back.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii as quoted  # what json.dumps writes for a string

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.moves import Hand, Move, TurnSequence, token
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.sequences import msa_options
from modlinseq_print.wording import plural


class TurnReport:
    """The reports of turns on one position: addresses, MSAs and sequences' JSON remembered across its turns."""

    def __init__(self, position: Position):
        self.position = position
        self._addresses: dict[Cell, str] = {}
        self._quoted: dict[Cell, str] = {}
        self._msas: dict[tuple, str | None] = {}
        self._chains: dict[int, tuple] = {}  # id -> the chain (kept alive), its cells' JSON, values, places
        self._sequences: dict[tuple, str] = {}
        self._plans: dict[tuple, tuple] = {}  # (id of a turn's sequences, its cells) -> what its turns share

    def address(self, cell: Cell) -> str:
        """The cell's address on the position's board."""
        found = self._addresses.get(cell)
        if found is None:
            found = self._addresses[cell] = self.position.board.address(cell)
        return found

    def cells_json(self, cells) -> str:
        """The JSON of a list of cells' addresses."""
        quoted_cells = self._quoted
        parts = []
        for cell in cells:
            text = quoted_cells.get(cell)
            if text is None:
                text = quoted_cells[cell] = quoted(self.address(cell))
            parts.append(text)
        return "[" + ", ".join(parts) + "]"

    def msa_after(self, placed: dict[Cell, object], sequence: TurnSequence) -> str | None:
        """The MSA of a sequence once a turn puts down `placed` (cell -> tile): None when wild tiles leave it open."""
        return self._msa(sequence.chain, self._values_after(sequence.chain, _known(placed)))

    def _chain(self, chain) -> tuple:
        """A chain's cells as JSON, their values before the turn and where each cell is on it."""
        found = self._chains.get(id(chain))
        if found is None:
            tiles, where = self.position.tiles, {}
            for at, cell in enumerate(chain.cells):
                where.setdefault(cell, []).append(at)
            before = [tiles[c].known if c in tiles else None for c in chain.cells]
            found = self._chains[id(chain)] = (chain, self.cells_json(chain.cells), before, where)
        return found

    def _values_after(self, chain, known: dict[Cell, int | None]) -> tuple[int | None, ...]:
        """The values along a chain once a turn puts down tiles of these values (cell -> value)."""
        _, _, before, where = self._chain(chain)
        values = before.copy()
        for cell, value in known.items():
            for at in where.get(cell, ()):
                values[at] = value
        return tuple(values)

    def _msa(self, chain, values: tuple[int | None, ...]) -> str | None:
        key = (values, chain.loop)
        if key not in self._msas:
            options = msa_options(values, self.position.modulus, chain.loop, limit=2)
            self._msas[key] = options[0] if len(options) == 1 else None
        return self._msas[key]

    def sequence_json(self, known: dict[Cell, int | None], sequence: TurnSequence) -> str:
        """The JSON of a sequence a turn forms or extends, the turn's tiles having these values (cell -> value):
        its cells, tiles, primary or not, bonus, points and MSA."""
        chain = sequence.chain
        found = self._chains.get(id(chain)) or self._chain(chain)
        values = found[2].copy()
        where = found[3]
        for cell, value in known.items():
            if cell in where:
                for at in where[cell]:
                    values[at] = value
        return self._sequence_text(sequence, found[1], values)

    def _sequence_text(self, sequence: TurnSequence, cells: str, values: list[int | None]) -> str:
        """A sequence's JSON given its cells' JSON and its values after the turn (remembered by both)."""
        key = (id(sequence.chain), sequence.tiles, sequence.primary, sequence.bonus, sequence.points, *values)
        text = self._sequences.get(key)
        if text is None:
            msa = self._msa(sequence.chain, tuple(values))
            text = self._sequences[key] = (
                f'{{"cells": {cells}, "tiles": {sequence.tiles}, "primary": {"true" if sequence.primary else "false"}, '
                f'"bonus": {sequence.bonus}, "points": {sequence.points}, '
                f'"msa": {"null" if msa is None else quoted(msa)}}}')
        return text

    def _plan(self, sequences: tuple[TurnSequence, ...], cells: tuple[Cell, ...]) -> tuple:
        """What every turn with these sequences and these cells shares (a search's turns on one stretch do): the
        cells' addresses and JSON, and for each sequence its JSON up to the MSA, its values before the turn, the
        places on it of each of the turn's cells on it (the cell's index in the turn, the places on the chain), that
        index alone when there is one, and the sequence's JSON by those cells' values."""
        key = (id(sequences), cells)
        plan = self._plans.get(key)
        if plan is None:
            parts = []
            for sequence in sequences:
                _, cells_json, before, where = self._chain(sequence.chain)
                on = tuple((i, tuple(where[c])) for i, c in enumerate(cells) if c in where)
                head = (f'{{"cells": {cells_json}, "tiles": {sequence.tiles}, '
                        f'"primary": {"true" if sequence.primary else "false"}, '
                        f'"bonus": {sequence.bonus}, "points": {sequence.points}, "msa": ')
                parts.append((sequence.chain, head, before, on, on[0][0] if len(on) == 1 else None, {}))
            plan = self._plans[key] = (sequences, [self.address(c) for c in cells], self.cells_json(cells), parts)
        return plan

    def turn_json(self, move: Move) -> str:
        """One legal turn as JSON: its transcript, cells, values, swaps, points and sequences."""
        tiles = move.tiles
        _, addresses, cells_json, parts = self._plan(move.sequences, tuple(c for c, _ in tiles))
        known, words, values = [], [], []
        for (_, tile), address in zip(tiles, addresses):
            if tile.value is None:
                known.append(tile.declared)
                words.append(token(tile) + address)
                values.append('"#"')
            else:
                text = str(tile.value)
                known.append(tile.value)
                words.append(text + address)
                values.append(text)
        texts = []
        for chain, head, before, on, single, seen in parts:
            mine = known[single] if single is not None else tuple([known[i] for i, _ in on])
            text = seen.get(mine)
            if text is None:
                after = before.copy()
                for i, places in on:
                    for at in places:
                        after[at] = known[i]
                msa = self._msa(chain, tuple(after))
                text = seen[mine] = head + ("null}" if msa is None else quoted(msa) + "}")
            texts.append(text)
        return (f'{{"turn": {quoted(", ".join(words))}, "cells": {cells_json}, "values": [{", ".join(values)}], '
                f'"swapped": {self.cells_json(move.swapped)}, "points": {move.points}, '
                f'"sequences": [{", ".join(texts)}]}}')


def _known(placed: dict[Cell, object]) -> dict[Cell, int | None]:
    """The values the tiles put down stand for (None: a wild tile left open)."""
    return {cell: tile.known for cell, tile in placed.items()}


def moves_json_text(position: Position, hand: Hand, moves: list[Move], top: int) -> str:
    """The JSON report of the legal turns: the position, the hand, how many turns there are and the best `top` (0:
    all), each with its transcript, cells, values, swaps, points and sequences."""
    shown = moves if top == 0 else moves[:top]
    report = TurnReport(position)
    head = json.dumps({"board": position.board.spec, "modulus": position.modulus, "wrap": position.wrap,
                       "hand": hand.text, "count": len(moves)})
    return head[:-1] + ', "turns": [' + ", ".join(report.turn_json(m) for m in shown) + "]}"


def moves_json(position: Position, hand: Hand, moves: list[Move], top: int) -> dict:
    """The JSON report of the legal turns as an object (see moves_json_text)."""
    return json.loads(moves_json_text(position, hand, moves, top))


def moves_text(position: Position, hand: Hand, moves: list[Move], top: int) -> str:
    """The best turns, one line each: points, the turn as a transcript writes it, and its primary sequence."""
    shown = moves if top == 0 else moves[:top]
    head = (f"{plural(len(moves), 'legal turn')} for the hand {hand.text} on {position.board.spec} "
            f"({plural(len(position.tiles), 'tile')}), modulus {position.modulus}")
    if not moves:
        return head + ": no tile of this hand can be played (the player freezes)"
    lines = [head + (":" if len(shown) == len(moves) else f"; the best {len(shown)}:")]
    width = len(str(len(shown)))
    report = TurnReport(position)
    for rank, move in enumerate(shown, 1):
        primary = move.primary
        about = ""
        if primary is not None:
            msa = report.msa_after(dict(move.tiles), primary) or "step open"
            others = len(move.sequences) - 1
            about = f"  ({msa}, {plural(primary.tiles, 'tile')}" + (f"; +{plural(others, 'crossing sequence')}"
                                                                       if others else "") + ")"
        lines.append(f"{rank:>{width}}. {plural(move.points, 'point'):>10}  "
                     f"{move.notation(position, report.address)}{about}")
    return "\n".join(lines)
