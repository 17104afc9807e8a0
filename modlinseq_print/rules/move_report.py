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
from operator import attrgetter, itemgetter
from typing import Callable, NamedTuple
from json.encoder import encode_basestring_ascii as quoted  # what json.dumps writes for a string

from modlinseq_print.collector import collector_paused
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.chains import Chain
from modlinseq_print.rules.position import Position, Tile
from modlinseq_print.rules.sequences import known_msa, msa_options
from modlinseq_print.rules.turn_data import Hand, Move, TurnSequence, token
from modlinseq_print.wording import plural

_VALUE = attrgetter("value")  # a tile's value


class TurnReport:
    """The reports of turns on one position: addresses, MSAs and sequences' JSON remembered across its turns."""

    def __init__(self, position: Position):
        self.position = position
        self._addresses: dict[Cell, str] = {}
        self._quoted: dict[Cell, str] = {}
        self._msas: dict[tuple, str | None] = {}
        self._chains: dict[int, tuple] = {}  # id -> the chain (kept alive), its cells' JSON, values, places
        self._plans: dict[tuple, _Plan] = {}  # (id of a turn's sequences, its cells) -> what its turns share
        self._latest: dict[int, _Plan] = {}  # id of a turn's sequences -> the plan last made or found for them
        self._msa_texts: dict[tuple, str] = {}

    def address(self, cell: Cell) -> str:
        """The cell's address on the position's board."""
        found = self._addresses.get(cell)
        if found is None:
            found = self._addresses[cell] = self.position.board.address(cell)
        return found

    def cells_json(self, cells) -> str:
        """The JSON of a list of cells' addresses."""
        return "[" + ", ".join(map(self._quoted_address, cells)) + "]"

    def _quoted_address(self, cell: Cell) -> str:
        """The cell's address as a JSON string."""
        text = self._quoted.get(cell)
        if text is None:
            text = self._quoted[cell] = quoted(self.address(cell))
        return text

    def msa_after(self, placed: dict[Cell, Tile], sequence: TurnSequence) -> str | None:
        """The MSA of a sequence once a turn puts down `placed` (cell -> tile): None when wild tiles leave it open."""
        return self._msa(sequence.chain, self._values_after(sequence.chain, _known(placed)))

    def _chain(self, chain) -> tuple:
        """A chain's cells as JSON, their values before the turn and where each cell is on it."""
        found = self._chains.get(id(chain))
        if found is None:
            tiles = self.position.tiles
            where: dict[Cell, tuple[int, ...]] = {}
            for at, cell in enumerate(chain.cells):
                where[cell] = (*where[cell], at) if cell in where else (at,)
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
            m = self.position.modulus
            if len(values) > 1 and None not in values:
                self._msas[key] = known_msa(values, m, chain.loop)  # type: ignore[arg-type]  # no None, as tested
            else:
                options = msa_options(values, m, chain.loop, limit=2)
                self._msas[key] = options[0] if len(options) == 1 else None
        return self._msas[key]

    def _msa_json(self, chain, values: tuple[int | None, ...]) -> str:
        """The JSON of the MSA of a chain holding these values: quoted, or null (remembered by the values)."""
        key = (values, chain.loop)
        text = self._msa_texts.get(key)
        if text is None:
            msa = self._msa(chain, values)
            text = self._msa_texts[key] = "null" if msa is None else quoted(msa)
        return text

    def _plan(self, sequences: tuple[TurnSequence, ...], cells: tuple[Cell, ...]) -> _Plan:
        """What every turn with these sequences and these cells shares (a search's turns on one stretch do)."""
        key = (id(sequences), cells)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = _Plan(sequences, cells, self._layout(cells),
                                            [self._part(sequence, cells) for sequence in sequences])
        self._latest[id(sequences)] = plan
        return plan

    def _layout(self, cells: tuple[Cell, ...]) -> str:
        """A turn's JSON with these cells as a %-format: each tile's token in the transcript, then each value,
        the swapped cells, the points and the sequences (an address needs no more escaping in the transcript
        than in its own JSON string, since json.dumps escapes a string character by character)."""
        words = ", ".join("%s" + self._quoted_address(c)[1:-1].replace("%", "%%") for c in cells)
        return ('{"turn": "' + words + '", "cells": ' + self.cells_json(cells).replace("%", "%%") +
                ', "values": [' + ", ".join(["%s"] * len(cells)) +
                '], "swapped": %s, "points": %s, "sequences": [%s]}')

    def _part(self, sequence: TurnSequence, cells: tuple[Cell, ...]) -> _Part:
        """What the turns with these cells share on one of their sequences."""
        _, cells_json, before, where = self._chain(sequence.chain)
        on = tuple([(i, where[c]) for i, c in enumerate(cells) if c in where])
        picks = list(range(len(cells), len(cells) + len(before)))  # the chain's own values, after the turn's
        for i, places in on:
            for at in places:
                picks[at] = i
        return _Part(sequence.chain, sequence.chain.loop, _head(sequence, cells_json), before, on,
                     on[0][0] if len(on) == 1 else None, len(on) == len(cells), _picker(picks), {})

    def turn_json(self, move: Move) -> str:
        """One legal turn as JSON: its transcript, cells, values, swaps, points and sequences."""
        cells, placed, sequences, swapped, points = move.report_fields()
        plan = self._latest.get(id(sequences))  # the turns of one stretch share their sequences and cells
        if plan is None or plan.cells is not cells:
            plan = self._plan(sequences, cells)
        known = list(map(_VALUE, placed))
        fields = known + known
        if None in known:  # wild tiles: '#' among the values, and their declared values (or None) on the lines
            known = [t.known for t in placed]
            fields = [*map(token, placed), *['"#"' if t.value is None else t.value for t in placed]]
        msas = self._msa_texts
        texts = []
        for part in plan.parts:
            if part.every:  # a sequence holding all the turn's tiles: no other turn has its values
                after = part.pick(known + part.before)
                texts.append(part.head + (msas.get((after, part.loop)) or self._msa_json(part.chain, after)) + "}")
                continue
            mine = known[part.single] if part.single is not None else tuple([known[i] for i, _ in part.on])
            text = part.seen.get(mine)
            if text is None:
                text = part.seen[mine] = part.head + self._msa_json(part.chain, part.pick(known + part.before)) + "}"
            texts.append(text)
        return plan.layout % (*fields, self.cells_json(swapped) if swapped else "[]", points,
                              texts[0] if len(texts) == 1 else ", ".join(texts))


class _Plan(NamedTuple):
    """What the turns with the same sequences and cells share: the sequences (kept alive, as they are known by
    their id), the cells, the turn's JSON as a format (TurnReport._layout) and a `_Part` for each sequence."""

    sequences: tuple[TurnSequence, ...]
    cells: tuple[Cell, ...]
    layout: str
    parts: list[_Part]


class _Part(NamedTuple):
    """What the turns of one plan share on one of their sequences: its chain (and whether it is a loop), its JSON
    up to the MSA, its values before the turn, the places on it of each of the turn's cells on it (the cell's
    index in the turn, the places on the chain), that index alone when there is one, whether it holds every tile
    of the turn, the values along it picked from the turn's values followed by `before`, and its JSON by its
    turn cells' values (for a sequence that other turns of the plan may share)."""

    chain: Chain
    loop: bool
    head: str
    before: list[int | None]
    on: tuple[tuple[int, tuple[int, ...]], ...]
    single: int | None
    every: bool
    pick: Callable[[list[int | None]], tuple[int | None, ...]]
    seen: dict


def _head(sequence: TurnSequence, cells_json: str) -> str:
    """A sequence's JSON up to its MSA."""
    return (f'{{"cells": {cells_json}, "tiles": {sequence.tiles}, '
            f'"primary": {"true" if sequence.primary else "false"}, '
            f'"bonus": {sequence.bonus}, "points": {sequence.points}, "msa": ')


def _picker(places: list[int]) -> Callable[[list], tuple]:
    """The items at these places of a list, as a tuple."""
    if len(places) == 1:
        return lambda items: (items[places[0]],)
    return itemgetter(*places)


def _known(placed: dict[Cell, Tile]) -> dict[Cell, int | None]:
    """The values the tiles put down stand for (None: a wild tile left open)."""
    return {cell: tile.known for cell, tile in placed.items()}


def moves_json_text(position: Position, hand: Hand, moves: list[Move], top: int) -> str:
    """The JSON report of the legal turns: the position, the hand, how many turns there are and the best `top` (0:
    all), each with its transcript, cells, values, swaps, points and sequences."""
    shown = moves if top == 0 else moves[:top]
    report = TurnReport(position)
    head = json.dumps({"board": position.board.spec, "modulus": position.modulus, "wrap": position.wrap,
                       "hand": hand.text, "count": len(moves)})
    with collector_paused():  # the turns' sequences and texts all stay until joined: see collector.py
        turns = [report.turn_json(m) for m in shown]
    return head[:-1] + ', "turns": [' + ", ".join(turns) + "]}"


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
