"""The example game the rules sheet teaches with and the cover shows, for any modulus, checked by the rules.

The game follows the rules' own examples: a first turn through A0 along the zero slope as figure 2A
(figure 8B with a modulus marker), a crossing line as on page 2 of the rules, a turn whose tiles score
a primary and a secondary sequence, an extension, and a new line that leaves a cell blocked (figure 2J).
The cells of each turn are fixed; the numbers are chosen for the modulus: every candidate is played by
the rules engine, and a turn is kept only when it is legal and does what the sheet says it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, cast

from modlinseq_print.geometry.boards import Board
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.hexgrid import ORIGIN, Cell
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.rules.chains import chains_through
from modlinseq_print.rules.position import Analysis, Position, allowed_class, analyse, marker_tile
from modlinseq_print.rules.sequences import value_class
from modlinseq_print.rules.transcript import parse_turn_body, Turn
from modlinseq_print.rules.turns import TurnResult, play_turn

#: The cells of the lesson's turns, in order; the first names A0, which the modulus marker may hold already.
LESSON = (
    ("B2", "B1", "A0", "M1"),  # the first turn, through A0 (figure 2A)
    ("E1", "E3", "E6"),  # a line crossing the first through B1 (page 2 of the rules)
    ("H1", "H3", "H6"),  # along from E1, crossing E3 ~ H1 ~ M1: a primary and a secondary sequence
    ("M3", "M6"),  # extends E3 ~ H1 ~ M1 to five tiles
    ("M4", "M7"),  # a new line down from H6: M2, between M1 and M4, can take no number (figure 2J)
)
#: Further turns of the game on the cover, each kept when some numbers make it legal.
COVER = (
    ("T1", "T2", "T4"), ("P1", "P2", "P4"), ("B3", "B5"), ("T3", "T6"), ("P3", "P6"), ("H2", "H4"),
    ("B4", "B7"), ("M5", "M8"),
)
FIRST_STEPS = (2, 3, 5, 4, 1)  # the first turn's step, in order of preference (figure 2A's step is 2)


@dataclass(frozen=True)
class ExampleTurn:
    """A turn of the example game: its transcript, what it scored and the position after it."""

    transcript: str
    result: TurnResult
    after: Analysis


@dataclass(frozen=True)
class ExampleGame:
    """The lesson's turns (first turn, crossing, worked example, extension, blocked cell) and the cover's
    longer game."""

    start: Position
    lesson: list[ExampleTurn]
    cover: list[ExampleTurn]
    pattern: str

    @property
    def blocked(self) -> list[Cell]:
        """The blocked cells after the lesson's last turn."""
        return self.lesson[-1].after.blocked


def lesson_board(board: Board) -> bool:
    """True when a board can hold the lesson: a hex board with every cell the example game names."""
    return board.grid == "hex" and all(_cell(board, name) is not None for turn in LESSON + COVER for name in turn)


def _cell(board: Board, name: str) -> Cell | None:
    try:
        cell = board.parse_address(name)
    except ModlinseqError:  # an address the board's shape drops
        return None
    return cell if cell in board.cells else None


def _line_values(cells: list[Cell], known: dict[Cell, int], m: int) -> Iterator[dict[Cell, int]]:
    """Numbers for the new cells of a straight line (given in order, meeting tiles already known along the
    line) by step: the tiles they continue fix them; a line through no tile starts from 1 (or 0)."""
    index = {cell: k for k, cell in enumerate(cells)}
    fixed = [(index[c], v) for c, v in known.items() if c in index]
    steps = [s % m for s in FIRST_STEPS] + [s for s in range(m) if s not in FIRST_STEPS]
    seen = set()
    for step in steps:
        if step in seen:
            continue
        seen.add(step)
        at, value = fixed[0] if fixed else (index.get(ORIGIN, 0), 1 % m)
        values = {c: (value + (k - at) * step) % m for c, k in index.items()}
        if all(values[c] == v for c, v in known.items() if c in index):
            yield {c: v for c, v in values.items() if c not in known}


def _line_of(position: Position, new: list[Cell]) -> list[Cell]:
    """The new cells with the tiles they continue, in order along their straight line."""
    topo = position.topology
    if len(new) == 1:
        return new
    direction = next(d for d in topo.directions if new[1] in _walk(topo, new[0], d, set(position.tiles)))
    line, cell = [new[0]], new[0]
    while (before := topo.next_cell(cell, -direction)) is not None and before in position.tiles:
        line.insert(0, before)
        cell = before
    cell = new[0]
    while (after := topo.next_cell(cell, direction)) is not None and (after in position.tiles or after in new):
        line.append(after)
        cell = after
    return line if 2 * line[0].q + line[0].r <= 2 * line[-1].q + line[-1].r else line[::-1]  # left to right


def _walk(topo, cell: Cell, direction: Cell, through: set[Cell]) -> list[Cell]:
    """The cells after `cell` in `direction` up to and including the first one not in `through`."""
    cells: list[Cell] = []
    while (nxt := topo.next_cell(cell, direction)) is not None and len(cells) <= len(through):
        cells.append(nxt)
        cell = nxt
        if nxt not in through:
            break
    return cells


def candidate_turns(position: Position, names: tuple[str, ...], marks: dict, number: int,
                    marker: bool) -> Iterator[ExampleTurn]:
    """Every legal way, in order of preference, to fill the named cells (already held cells are named in
    the transcript but not placed again)."""
    board = position.board
    cells = [board.parse_address(n) for n in names]
    new = [c for c in cells if c not in position.tiles]
    if not new:
        return
    line = _line_of(position, new)
    known = {c: cast(int, position.tiles[c].known) for c in line if c in position.tiles}  # naturals only
    found = {c: allowed_class(position, c) for c in new}
    allowed = {c: a for c, a in found.items() if a is not None}
    if len(allowed) < len(found):
        return
    m = position.modulus
    for values in _line_values(line, known, m):
        if not all(values[c] in allowed[c] for c in new):
            continue
        text = _transcript(board, line, values, known, cells)
        turn = Turn(None, tuple(parse_turn_body(text, position.topology, m)), text)
        result, after = play_turn(position, turn, number, f"player {(number - 1) % 2 + 1}", marks, marker=marker)
        if result.legal:
            yield ExampleTurn(text, result, analyse(after))


def _transcript(board: Board, line: list[Cell], values: dict[Cell, int], known: dict[Cell, int],
                named: list[Cell]) -> str:
    """A turn as the rules write it: the first turn as a list (`4B2, 6B1, 1A0, 3M1`), a later one as the
    tilde sequence of its line with the tiles it continues (`7B1 ~ 5E1 ~ 3E3 ~ 1E6`)."""
    def token(cell: Cell) -> str:
        return f"{values[cell] if cell in values else known[cell]}{board.address(cell)}"

    if all(c in values or c in named for c in line):
        return ", ".join(token(c) for c in line)
    return " ~ ".join(token(c) for c in line)


Want = Callable[[ExampleTurn], bool]


def _varied(turn: ExampleTurn) -> bool:
    """No sequence of three or more tiles on the board repeats one number (step 0 is legal, but teaches little)."""
    return all(r.tiles < 3 or (r.msa and "-S0-" not in r.msa) for r in turn.after.sequences)


def _crossing(turn: ExampleTurn) -> bool:
    return turn.result.sequences[0].report.tiles >= 4


def _secondary_scores(turn: ExampleTurn) -> bool:
    return any(not s.primary and s.report.tiles >= 3 for s in turn.result.sequences)


def _blocks(turn: ExampleTurn) -> bool:
    return bool(turn.after.blocked) and turn.after.legal


def _extends(turn: ExampleTurn) -> bool:
    return turn.result.sequences[0].report.tiles >= 5


WANTS: tuple[tuple[Want, ...], ...] = ((_varied,), (_varied, _crossing), (_varied, _secondary_scores),
                                       (_varied, _extends), (_varied, _blocks))


def _search(position: Position, depth: int, marks: dict, marker: bool, strict: bool,
            budget: list[int]) -> list[ExampleTurn] | None:
    """The lesson's turns from `depth` on, each legal and (when strict) doing what the sheet says; None when no
    numbers do (or the budget of tries runs out)."""
    if depth == len(LESSON):
        return []
    for turn in candidate_turns(position, LESSON[depth], marks, depth + 1, marker):
        budget[0] -= 1
        if budget[0] < 0:
            return None
        if strict and not all(want(turn) for want in WANTS[depth]):
            continue
        rest = _search(turn.after.position, depth + 1, marks, marker, strict, budget)
        if rest is not None:
            return [turn] + rest
    return None


def example_game(position: Position, pattern: str | None = None) -> ExampleGame:
    """The example game on an empty position (or one holding only the modulus marker): the lesson's turns,
    and the cover's game continuing it."""
    marks = board_pattern(position.board, pattern)
    marker = any(t.marker for t in position.tiles.values())
    lesson = _search(position, 0, marks, marker, True, [4000]) or _search(position, 0, marks, marker, False, [4000])
    if lesson is None:
        raise ValueError(f"no example game fits modulus {position.modulus} on {position.board.spec}")
    cover = list(lesson)
    for names in COVER:
        current = cover[-1].after.position
        if not all(_cell(current.board, n) is not None for n in names):
            continue
        turns = [t for t in candidate_turns(current, names, marks, len(cover) + 1, marker)
                 if t.result.sequences[0].report.tiles >= 3]
        turn = next((t for t in turns if _varied(t)), turns[0] if turns else None)
        if turn is not None:
            cover.append(turn)
    return ExampleGame(position, lesson, cover, pattern or "none")


def lesson_start(board: Board, modulus: int, wrap: str | None, marker: bool) -> Position:
    """The empty position the example game starts from (the marker on A0 when the kit has markers)."""
    tiles = dict([marker_tile()]) if marker else {}
    return Position(board, modulus, tiles, wrap)


@dataclass(frozen=True)
class BlockingLine:
    """A line of tiles through a blocked cell: its tiles on either side of the cell, and the numbers the
    line alone allows on the cell (empty when no number joins its two sides into one sequence)."""

    before: tuple[Cell, ...]
    after: tuple[Cell, ...]
    allows: tuple[int, ...]


def blocking_lines(position: Position, cell: Cell) -> list[BlockingLine]:
    """Why an empty cell is blocked: each line of three or more tiles through it (counting the cell) with
    what it allows there; the lines that allow nothing first."""
    lines = []
    for chain in chains_through(position.topology, position.tiles, cell):
        if len(chain.cells) < 3 or chain.cells.count(cell) != 1:
            continue
        at = chain.cells.index(cell)
        values = [None if c == cell else position.tiles[c].known for c in chain.cells]
        allowed = value_class(values, position.modulus, at, chain.loop)
        members = tuple(allowed.members(position.modulus)) if allowed is not None else ()
        lines.append(BlockingLine(chain.cells[:at], chain.cells[at + 1:], members))
    return sorted(lines, key=lambda line: bool(line.allows))
