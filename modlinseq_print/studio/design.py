"""A board design as the designer page sends it: a base board, the cells removed and added, the look, the paper.

Removing or adding cells never renames any: the design is the base board's cell set less the removed
cells plus the added ones, each addressed as on every board (the rules' truncation rule).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from types import MappingProxyType

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry import addresses
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import DIRECTIONS_CLOCKWISE, Cell, in_reading_order
from modlinseq_print.options import BOARD_SPEC, FIT, ORIENTATION, OVERLAP, PAPER, STYLE, board_style
from modlinseq_print.printables.board import BoardDrawing, BoardStyle, board_scene
from modlinseq_print.printables.board_pages import board_document
from modlinseq_print.render.paper import is_poster, make_sheet, parse_margin
from modlinseq_print.render.scene import Document
from modlinseq_print.render.pagination import PagePlan, best_plan
from modlinseq_print.studio.fields import FieldError, field, text, words
from modlinseq_print.studio.limits import check_cells, studio_board
from modlinseq_print.units import parse_length


_SPAN = 1 << 20  # cells packed in one integer: q * _SPAN + r (every studio board is far smaller)
_STEPS = tuple(d.q * _SPAN + d.r for d in DIRECTIONS_CLOCKWISE)


@dataclass(frozen=True)
class Design:
    """Everything the designer page sets: board, edits, look and paper."""

    spec: str
    removed: tuple[str, ...]
    added: tuple[str, ...]
    style: BoardStyle
    paper: str = "a4"
    orientation: str = ORIENTATION.default
    margin: str = "6mm"
    overlap: str = OVERLAP.default
    fit: bool = FIT.default

    @property
    def edited(self) -> bool:
        """True when cells were removed or added."""
        return bool(self.removed or self.added)


def design_from(body: dict) -> Design:
    """The design in a request body, every field checked."""
    spec = text(body, BOARD_SPEC.name, BOARD_SPEC.default) or BOARD_SPEC.default
    style = board_style({option.name: field(body, option) for option in STYLE.options})  # as the board command
    return Design(spec, tuple(words(body, "remove")), tuple(words(body, "add")), style,
                  paper=text(body, PAPER.name).lower() or PAPER.default,
                  orientation=field(body, ORIENTATION), margin=text(body, "margin", "6mm") or "6mm",
                  overlap=field(body, OVERLAP), fit=field(body, FIT))


def _cells(board: Board, names: tuple[str, ...], on_board: bool, what: str) -> set[Cell]:
    cells = set()
    for name in names:
        cell = addresses.square_cell_of(name) if board.grid == "square" else addresses.cell_of(name)
        if (cell in board.cells) != on_board:
            where = "is not on" if on_board else "is already on"
            raise AddressError(f"cannot {what} {name}: it {where} {board.spec}")
        if cell in board.pseudocells:
            raise AddressError(f"cannot {what} {name}: it is a pseudocell of {board.spec}")
        cells.add(cell)
    return cells


def design_board(design: Design) -> tuple[Board, set[Cell], set[Cell]]:
    """The designed board, with the cells removed from and added to its base board."""
    base = studio_board(design.spec)
    removed = _cells(base, design.removed, True, "remove")
    added = _cells(base, design.added, False, "add")
    if added and base.grid == "square":
        raise AddressError("cells can be removed from a square board but not added to it")
    cells = (base.cells - removed) | added
    if not cells:
        raise FieldError("every cell is removed: keep at least one")
    check_cells(len(cells), "the edited board")
    if not design.edited:
        return base, removed, added
    pseudo = MappingProxyType({p: home for p, home in base.pseudocells.items() if home in cells})
    return replace(base, spec=f"{design.spec} edited", cells=frozenset(cells), pseudocells=pseudo), removed, added


def ghost_cells(board: Board, removed: set[Cell]) -> list[Cell]:
    """Cells the designer offers to add: the removed ones and the free ring around the board (hex grids)."""
    ring = set()
    if board.grid == "hex":  # cells as integers: 60,000 neighbour look-ups of hex:57 in a few milliseconds
        key = {c.q * _SPAN + c.r for c in board.cells}
        near = {k + d for k in key for d in _STEPS} - key
        ring = {Cell(*divmod(k + _SPAN // 2, _SPAN)) for k in near}
        ring = {Cell(c.q, c.r - _SPAN // 2) for c in ring} - set(board.pseudocells)
    return in_reading_order(ring | removed)


def design_drawing(design: Design) -> tuple[BoardDrawing, set[Cell]]:
    """The board drawn in the design's style, and the cells removed from its base."""
    board, removed, _ = design_board(design)
    return board_scene(board, design.style), removed


def page_plan(drawing: BoardDrawing, design: Design) -> PagePlan | None:
    """How the board splits over sheets at 1:1 (None for a poster or a fitted sheet).

    The studio's only call of the page planner: a change of its signature is fixed here.
    """
    if is_poster(design.paper) or design.fit:
        return None
    sheet = make_sheet(design.paper, parse_margin(design.margin))
    overlap = parse_length(design.overlap, "overlap")
    return _cached_plan(drawing.scene.width, drawing.scene.height, sheet, design.orientation, overlap,
                        tuple(drawing.cell_boxes()), tuple(drawing.content_boxes()))


@lru_cache(maxsize=32)
def _cached_plan(width, height, sheet, orientation, overlap, keep_whole, content) -> PagePlan:
    return best_plan(width, height, sheet, orientation, overlap=overlap, keep_whole=keep_whole, content=content)


def design_document(drawing: BoardDrawing, design: Design) -> tuple[Document, str]:
    """The pages the board command prints for this design, and its one-line summary."""
    return board_document(drawing, design.paper, design.margin, design.overlap, design.orientation, design.fit)
