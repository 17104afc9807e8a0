"""Position diagrams as the rules' figures draw them: the board, tiles on it, blocked cells, a legend of sequences."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import AbstractSet

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell, in_reading_order
from modlinseq_print.geometry.layout import DEFAULT_CLEARANCE
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.inputs import excerpt
from modlinseq_print.printables.board import BoardDrawing, BoardStyle, board_scene
from modlinseq_print.printables.markers import MarkerFaces
from modlinseq_print.printables.tiles import Piece, TileFaces, TileLook
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.scene import (Document, Embed, Item, Layer, Page, Polygon, Scene, Style, Text, Use,
                                          as_picture)
from modlinseq_print.render.text_metrics import wrap_text
from modlinseq_print.render.theme import get_theme
from modlinseq_print.rules.player_words import EDGE_WORDS, line_words, reason_words, shape_words, step_words
from modlinseq_print.rules.position import Analysis, SequenceReport
from modlinseq_print.rules.report import listed_values, sequence_msa, sequence_notes, tilde_notation
from modlinseq_print.wording import _

HIGHLIGHT = "#000000"
ORIGIN_CELL = Cell(0, 0)  # any cell: a tile sits at the same offset from every cell's centre
HEX_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))  # the six neighbours: hex distance 1
SQUARE_STEPS = tuple((dq, dr) for dq in (-1, 0, 1) for dr in (-1, 0, 1) if dq or dr)  # a king's move
DIAGRAM_TILE_WIDTH = 12.0  # mm: an order-6 board fits the width of an A4 page
LEGENDS = ("long", "all", "none")
HEADINGS = ("MSA", "sequence", "tiles", "points", "")
PLAYER_HEADINGS = ("step", "line", "tiles", "points", "")  # the legend's headings in player words
FONT_SLACK = 1.15  # room for a fallback font wider than Helvetica (PNG and SVG viewers without it)


class PositionStyleError(FieldError):
    """A position diagram option that does not fit the position (its field: the one at fault, if any)."""


@dataclass(frozen=True)
class PositionStyle:
    """How a position is drawn: the board's look, cropping, the legend and the modulus note."""

    board: BoardStyle = BoardStyle(tile_width=DIAGRAM_TILE_WIDTH)
    crop: bool | None = None  # True: only the cells around the tiles; False: the whole board; None: shown_board
    crop_margin: int = 1  # cells kept around the tiles when cropping
    legend: str = "long"  # long: sequences of three or more tiles (and illegal ones); all; none
    legend_size: float = 3.0  # mm, the legend's font size
    note_cell: str | None = None  # an address for the modulus note, 'auto' for a free cell, None for none
    show_blocked: bool = True
    highlight: frozenset[Cell] = frozenset()  # tiles drawn with a bold outline (the turn a caption speaks of)
    player_words: bool = False  # legend and notes in a player's words (the studio), not the rules' notation


def diagram_style(tile_width: float = DIAGRAM_TILE_WIDTH, crop: bool | None = None, crop_margin: int = 1,
                  legend: str = "long", note_cell: str | None = None, show_blocked: bool = True,
                  player_words: bool = False, **board) -> PositionStyle:
    """A diagram's style: the board's look (BoardStyle keywords) with its clearance scaled to the tile width
    (1.5 mm for a 25 mm tile, as on the printed board), and the diagram's own options."""
    look = BoardStyle(tile_width=tile_width, clearance=DEFAULT_CLEARANCE * tile_width / 25.0, **board)
    return PositionStyle(board=look, crop=crop, crop_margin=crop_margin, legend=legend, note_cell=note_cell,
                         show_blocked=show_blocked, player_words=player_words)


@dataclass
class PositionDrawing:
    """A drawn position: the whole figure, the board drawing inside it and what was placed where."""

    scene: Scene
    board: BoardDrawing
    offset: tuple[float, float]  # where the board drawing's origin lies in the figure
    analysis: Analysis
    note_cell: Cell | None = None
    legend_rows: list[tuple[str, ...]] = field(default_factory=list)

    def centre(self, cell: Cell) -> tuple[float, float]:
        """The centre of a cell in figure mm."""
        x, y = self.board.centre(cell)
        return x + self.offset[0], y + self.offset[1]


def cropped_board(board: Board, cells: set[Cell], margin: int) -> Board:
    """The part of a board within `margin` steps of the given cells (addresses unchanged): the cells grown
    ring by ring, so the cost follows the board's size, not its size times the number of tiles."""
    if margin < 0:
        raise PositionStyleError(f"bad crop margin {margin}: give 0 or more cells", "crop_margin", 0)
    steps = SQUARE_STEPS if board.grid == "square" else HEX_STEPS
    drawn = board.cells | board.pseudocells.keys()
    reach = min(margin, _span(drawn))  # past the board's own span, every cell is near
    near, frontier = set(cells), set(cells)
    for _ring in range(reach):
        frontier = {Cell(c.q + dq, c.r + dr) for c in frontier for dq, dr in steps} - near
        near |= frontier
    pseudo = {p: home for p, home in board.pseudocells.items() if p in near}
    return dataclasses.replace(board, cells=frozenset(board.cells & near), pseudocells=pseudo)


def _span(cells) -> int:
    """An upper bound of the steps between any two of the cells."""
    qs, rs = [c.q for c in cells], [c.r for c in cells]
    return (max(qs) - min(qs)) + (max(rs) - min(rs)) + 1 if cells else 0


def shown_board(board: Board, tiles: set[Cell], crop: bool | None, margin: int) -> Board:
    """The board a diagram draws: cropped to `margin` cells around the tiles when `crop` is True; the whole
    board when False; by default (None) cropped when the tiles and the cells around them take up at most
    half of the board (the rest would be empty cells)."""
    if not tiles or crop is False:
        return board
    near = cropped_board(board, tiles, margin)
    return near if crop or len(near.cells) * 2 <= len(board.cells) else board


def _note_cell(analysis: Analysis, board: Board, choice: str | None, marks: dict) -> Cell | None:
    """The free plain cell that carries the modulus note: the one named, or the first in reading order."""
    if choice is None:
        return None
    taken = set(analysis.position.tiles) | set(analysis.blocked)
    if choice != "auto":
        cell = board.parse_address(choice)
        if cell in taken:
            raise PositionStyleError(f"cell {choice} is not free for the modulus note: it holds a tile or is blocked",
                                     "modulus_note")
        if cell in marks:
            raise PositionStyleError(f"cell {choice} is a {marks[cell]} cell: its mark would hide the modulus note; "
                                     "name a plain cell", "modulus_note")
        return cell
    free = [c for c in board.sorted_cells() if c not in taken and c not in marks]
    if not free:
        raise PositionStyleError(f"no free plain cell for the {mention('modulus_note')}: leave it out or crop less",
                                 "modulus_note")
    return free[0]


def _blocked_layer(drawing: BoardDrawing, cells: list[Cell], fill: str) -> Layer:
    """Red fills on the blocked cells, drawn just above the plain cells so addresses stay readable."""
    theme = get_theme(drawing.style.theme)
    style = Style(fill=fill, stroke=theme.cell_stroke, stroke_width=theme.cell_stroke_width)
    layer = Layer("blocked", [Polygon(tuple(drawing.corners(c)), style) for c in cells if c in drawing.board.cells])
    names = [layer_.name for layer_ in drawing.scene.layers]
    drawing.scene.layers.insert(names.index("cells") + 1 if "cells" in names else 0, layer)
    return layer


def _tile_slot(drawing: BoardDrawing, cell: Cell) -> Slot:
    """The slot that puts a tile face where the board's tile outline for the cell lies."""
    xs = [x for x, _ in drawing.tile_outline(cell)]
    ys = [y for _, y in drawing.tile_outline(cell)]
    return Slot(0, (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)


def _draw_tiles(drawing: BoardDrawing, analysis: Analysis) -> None:
    """Every tile as a pentagon with its number ('#' for wild tiles, the modulus on the marker): one symbol
    per kind of face, placed where the board's tile outline for each cell lies. A diagram pictures tiles: their
    outlines are art, never die lines."""
    position = analysis.position
    theme = get_theme(drawing.style.theme)
    look = TileLook(width=drawing.style.tile_width, shape=drawing.style.tile_shape,
                    safe=0.08 * drawing.style.tile_width, underline="none")  # a diagram's tiles are printed upright
    labels = [str(v) for v in range(position.modulus)] + ["#"]
    faces = TileFaces(look, theme, labels)
    marker = MarkerFaces(look, theme, [position.modulus])
    origin = Slot(0, 0.0, 0.0)
    dx, dy = _tile_offset(drawing)
    scene, layer = drawing.scene, drawing.scene.layer("tiles")
    for cell in in_reading_order(position.tiles):
        tile = position.tiles[cell]
        name = "face-marker" if tile.marker else "face-wild" if tile.wild else f"face-{tile.value}"
        if name not in scene.symbols:
            piece = (Piece("marker", position.modulus) if tile.marker else Piece("wild") if tile.wild
                     else Piece("number", tile.value))
            scene.define(name, as_picture((marker if tile.marker else faces).face(piece, origin)))
        x, y = drawing.centre(cell)
        layer.items.append(Use(name, x + dx, y + dy))


def _draw_highlight(drawing: BoardDrawing, cells: AbstractSet[Cell]) -> None:
    """A bold dark outline around each of the tiles."""
    ring = Style(fill=None, stroke=HIGHLIGHT, stroke_width=max(0.5, drawing.style.tile_width * 0.06))
    drawing.scene.layer("highlight").items.extend(
        Polygon(tuple(drawing.tile_outline(cell)), ring) for cell in in_reading_order(cells))


def _tile_offset(drawing: BoardDrawing) -> tuple[float, float]:
    """Where a tile's face (drawn about the middle of its outline's box) sits relative to its cell's centre."""
    slot = _tile_slot(drawing, ORIGIN_CELL)
    cx, cy = drawing.centre(ORIGIN_CELL)
    return slot.x - cx, slot.y - cy


def _draw_note(drawing: BoardDrawing, cell: Cell, modulus: int) -> None:
    """The modulus written in a free cell, as figure 1A does in E17."""
    theme = get_theme(drawing.style.theme)
    x, y = drawing.centre(cell)
    size = drawing.cell_size * 0.3
    small = size * 0.55
    colour = theme.label  # the note stands on a plain cell, like the addresses
    drawing.scene.layer("note").items.extend([
        Text(x, y - size * 0.55, "mod", small, "middle", "Helvetica", colour, True),
        Text(x, y + small * 0.45, str(modulus), size, "middle", "Helvetica-Bold", colour, True),
    ])


def legend_rows(analysis: Analysis, which: str = "long", player: bool = False) -> list[tuple[str, ...]]:
    """The legend's rows: MSA, tilde notation, tiles, points and notes, one per sequence shown; in player words
    (`player`): the step, the line's ends and values, tiles, points and how the line runs."""
    if which not in LEGENDS:
        raise PositionStyleError(f"unknown legend {excerpt(which)}: use one of {', '.join(LEGENDS)}", "legend", LEGENDS)
    if which == "none":
        return []
    position = analysis.position
    chosen: list[SequenceReport] = [r for r in analysis.sequences if which == "all" or r.tiles >= 3 or not r.legal]
    if player:
        address = position.board.address
        return [(step_words(sequence_msa(r)), line_words([address(c) for c in r.chain.cells], list(r.labels)),
                 str(r.tiles), str(r.points), shape_words(r.chain.loop, r.chain.wrap, r.chain.bounce))
                for r in chosen]
    return [(_msa_words(sequence_msa(r)), tilde_notation(position, r), str(r.tiles), str(r.points),
             _note_words(sequence_notes(position, r))) for r in chosen]


def _msa_words(text: str) -> str:
    """The MSA column in the language in use: the names stay, the words around them are translated."""
    if text in ("not modular-linear", "step open"):
        return _(text)
    return text.replace(" or ", f" {_('or')} ")


def _note_words(text: str) -> str:
    """The notes column ('loop wrap, positive slope') in the language in use."""
    parts = [_(part) if part.endswith(" slope") else " ".join(_(word) for word in part.split())
             for part in text.split(", ") if part]
    return ", ".join(parts)


def _player_footer_lines(analysis: Analysis) -> list[str]:
    """The footer in player words (the studio's English): the verdict, blocked cells, wild tiles, problems."""
    position = analysis.position
    address = position.board.address
    verdict = "legal" if analysis.legal else "not legal"
    wrap = position.topology.wrap  # the position's wrap mode, as its topology settled it
    lines = [f"modulus {position.modulus}, {EDGE_WORDS.get(wrap, wrap)}: {verdict}"]
    if analysis.blocked:
        lines.append("blocked cells: " + " ".join(address(c) for c in analysis.blocked))
    for cell, values in analysis.wild.items():
        lines.append(f"wild tile on {address(cell)}: {listed_values(values) or 'no value fits'}")
    lines += [f"problem: {reason_words(p.message)}" for p in analysis.problems]
    return lines


def _footer_lines(analysis: Analysis) -> list[str]:
    """Lines under the legend: the verdict, blocked cells, wild-tile values and problems."""
    position = analysis.position
    address = position.board.address
    verdict = _("legal") if analysis.legal else _("ILLEGAL")
    wrap = _(position.topology.wrap)
    lines = [_("modulus {modulus}, wrap {wrap}: {verdict}").format(modulus=position.modulus, wrap=wrap,
                                                                   verdict=verdict)]
    if analysis.blocked:
        lines.append(_("blocked: {cells}").format(cells=" ".join(address(c) for c in analysis.blocked)))
    for cell, values in analysis.wild.items():
        fits = listed_values(values, _("or")) or _("no value fits")
        lines.append(_("wild {cell}: {values}").format(cell=address(cell), values=fits))
    lines += [_("problem: {message}").format(message=p.message) for p in analysis.problems]
    return lines


def _legend_items(rows: list[tuple[str, ...]], footer: list[str], width: float, size: float,
                  colour: str, headings: tuple[str, ...] = HEADINGS) -> tuple[list[Item], float]:
    """A table of the rows under `headings` (worded already) and the footer lines, laid out in `width` mm from
    y = 0; items and height."""
    gap = size * 1.2
    line_height = size * 1.35
    fixed = [FONT_SLACK * max([text_width(r[i], "Helvetica", size) for r in rows]
                              + [text_width(headings[i], "Helvetica-Bold", size)])
             for i in (0, 2, 3, 4)]
    sequence_width = max(width - sum(fixed) - 4 * gap, 30.0)
    columns = [fixed[0], sequence_width, fixed[1], fixed[2], fixed[3]]
    xs = [0.0]
    for w in columns[:-1]:
        xs.append(xs[-1] + w + gap)
    items: list[Item] = []
    y = 0.0
    if rows:
        y += line_height
        for i, (head, align) in enumerate(zip(headings, ("start", "start", "end", "end", "start"))):
            x = xs[i] + (columns[i] if align == "end" else 0.0)
            items.append(Text(x, y, head, size, align, "Helvetica-Bold", colour))
        y += size * 0.45
        items.append(Polygon(((0.0, y), (xs[-1] + columns[-1], y)), Style(stroke=colour, stroke_width=0.2), False))
        for row in rows:
            wrapped = wrap_text(row[1], sequence_width / FONT_SLACK, "Helvetica", size) or [""]
            for k, piece in enumerate(wrapped):
                y += line_height
                if k == 0:
                    items.append(Text(xs[0], y, row[0], size, "start", "Helvetica", colour))
                    items.append(Text(xs[2] + columns[2], y, row[2], size, "end", "Helvetica", colour))
                    items.append(Text(xs[3] + columns[3], y, row[3], size, "end", "Helvetica", colour))
                    items.append(Text(xs[4], y, row[4], size, "start", "Helvetica", colour))
                items.append(Text(xs[1], y, piece, size, "start", "Helvetica", colour))
        y += size * 0.6
    for text in footer:
        for piece in wrap_text(text, width / FONT_SLACK, "Helvetica", size):
            y += line_height
            items.append(Text(0.0, y, piece, size, "start", "Helvetica", colour))
    return items, y + size * 0.5


def _shift(items: list[Item], dx: float, dy: float) -> list[Item]:
    moved: list[Item] = []
    for item in items:
        if isinstance(item, Text):
            moved.append(dataclasses.replace(item, x=round(item.x + dx, 4), y=round(item.y + dy, 4)))
        elif isinstance(item, Polygon):
            moved.append(dataclasses.replace(item, points=tuple((round(x + dx, 4), round(y + dy, 4))
                                                                for x, y in item.points)))
    return moved


def position_scene(analysis: Analysis, style: PositionStyle = PositionStyle()) -> PositionDrawing:
    """Draw a judged position: the board (or the part around the tiles), tiles, blocked cells, note and legend."""
    position = analysis.position
    board = position.board
    board = shown_board(board, set(position.tiles), style.crop, style.crop_margin)
    note = _note_cell(analysis, board, style.note_cell, board_pattern(board, style.board.pattern))
    drawing = board_scene(board, style.board)
    if style.show_blocked and analysis.blocked:
        _blocked_layer(drawing, analysis.blocked, get_theme(style.board.theme).blocked_fill)
    _draw_tiles(drawing, analysis)
    if style.highlight:
        _draw_highlight(drawing, style.highlight & set(position.tiles))
    if note is not None:
        _draw_note(drawing, note, position.modulus)
    rows = legend_rows(analysis, style.legend, style.player_words)
    footer = [] if style.legend == "none" else _player_footer_lines(analysis) if style.player_words \
        else _footer_lines(analysis)
    pad = style.board.padding
    board_scene_ = drawing.scene
    width = max(board_scene_.width, 150.0 if rows or footer else 0.0)
    headings = PLAYER_HEADINGS if style.player_words else tuple(_(head) if head else head for head in HEADINGS)
    items, legend_height = _legend_items(rows, footer, width - 2 * pad, style.legend_size, "#000000", headings)
    dx = round((width - board_scene_.width) / 2, 3)
    figure = Scene(width, board_scene_.height + (legend_height + pad if items else 0.0))
    figure.add(Embed(board_scene_, dx, 0.0), "board")
    if items:
        figure.layer("legend").items.extend(_shift(items, pad, board_scene_.height))
    return PositionDrawing(figure, drawing, (dx, 0.0), analysis, note, rows)


def position_document(drawing: PositionDrawing, title: str = "MODLINSEQ position") -> Document:
    """The figure as a one-page document, the page the size of the figure."""
    return Document([Page(drawing.scene, bookmark=title)], title=title)
