"""The rules sheet's help for a player with nothing but the paper: cell addresses printed large enough to read
in the diagrams, the "Reading the board" box that teaches the notation before any caption uses it, and the
questions a table asks (passing, the first turn, the empty stock, ties, wild tiles), answered as the rules and
the rules engine answer them."""

from __future__ import annotations

import re

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import Cell, distance
from modlinseq_print.printables import rules_text as words
from modlinseq_print.printables.flow import SHADE, Flow
from modlinseq_print.geometry.layout import default_cell_size
from modlinseq_print.printables.position import DIAGRAM_TILE_WIDTH, PositionDrawing, diagram_style, position_scene
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.scene import Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.rules.position import Position, Tile, analyse
from modlinseq_print.wording import _

ADDRESS_MM = 2.5  # mm: the font size of a cell address in a diagram, as printed (after the figure's scale)
ADDRESS_INK = "#111111"
TAG = Style(fill="#ffffff", stroke="#333333", stroke_width=0.15)
# a cell address in a caption: a sextant letter (Latin, or its Greek or Cyrillic look-alike) and its number
ADDRESS = re.compile(r"(?<![^\W\d_])[ABEHMPTΑΒΕΗΜΡΠΤАВЕНМРТ][0-9]+(?![0-9])")
READING_BOARD = "hex:2"  # the box's picture: the centre cell and the two rings around it
READING_HEIGHT = 42.0  # mm: the tallest the box's picture is drawn
READING_TILE = 8.0  # mm: the example tile in the box's picture, small in its 13.4 mm cell to leave room for the name
BOX_PAD = 1.5  # mm of shading around the box's text


def named_cells(drawing: PositionDrawing, text: str) -> list[Cell]:
    """The drawn cells whose addresses the text names (Greek and Cyrillic look-alike letters too), in order."""
    board, cells = drawing.analysis.position.board, []
    drawn = drawing.board.board.cells
    for match in ADDRESS.finditer(text):
        try:
            cell = board.parse_address(match.group(0))
        except ModlinseqError:
            continue
        if cell in drawn and cell not in cells:
            cells.append(cell)
    return cells


def add_addresses(drawing: PositionDrawing, cells: list[Cell], size: float, under: float = 0.42) -> None:
    """Each cell's address, `size` mm high in the figure, dark on a white tag: `under` cell sizes below the
    centre of a cell holding a tile (clear of its number), in the middle of an empty cell; kept inside the
    figure."""
    position, scene = drawing.analysis.position, drawing.scene
    layer = scene.layer("labels")
    half_cap = cap_height("Helvetica-Bold") * size / 2
    for cell in cells:
        text = position.board.address(cell)
        x, y = drawing.centre(cell)
        if cell in position.tiles:
            y += drawing.board.cell_size * under
        half_w, half_h = text_width(text, "Helvetica-Bold", size) / 2 + size * 0.25, half_cap + size * 0.22
        x = min(max(x, half_w + 0.2), scene.width - half_w - 0.2)
        y = min(max(y, half_h + 0.2), scene.height - half_h - 0.2)
        box = ((x - half_w, y - half_h), (x + half_w, y - half_h), (x + half_w, y + half_h), (x - half_w, y + half_h))
        layer.items.append(Polygon(box, TAG))
        layer.items.append(Text(x, y, text, size, "middle", "Helvetica-Bold", ADDRESS_INK, True))


def reading_example(position: Position, cells: tuple[Cell, ...]) -> tuple[int, Cell] | None:
    """The tile the box reads aloud: the first number tile of the first turn's line that lies near the centre
    (within the box's picture), as (value, cell)."""
    for cell in cells:
        tile = position.tiles[cell]
        if not tile.marker and tile.value is not None and 0 < distance(cell) <= 2:  # a number tile, not wild
            return tile.value, cell
    return None


def reading_picture(flow: Flow, modulus: int, example: tuple[int, Cell] | None, theme: str, shape: str) -> Scene:
    """The centre of a board with every address printed ADDRESS_MM high, and the example tile on its cell."""
    board = parse_board(READING_BOARD)
    tiles = {example[1]: Tile(example[0])} if example else {}
    style = diagram_style(tile_width=READING_TILE, crop=False, legend="none", theme=theme, tile_shape=shape,
                          labels=False, pattern="none", cell_size=default_cell_size(DIAGRAM_TILE_WIDTH, 0.0, shape))
    drawing = position_scene(analyse(Position(board, modulus, tiles)), style)
    add_addresses(drawing, board.sorted_cells(), ADDRESS_MM / flow.figure_scale(drawing.scene, READING_HEIGHT),
                  under=0.3)
    return drawing.scene


def reading_box(flow: Flow, size: float, caption_size: float, head: float, *, transcript: str, sequence: str,
                example: tuple[int, Cell] | None, modulus: int, markers: bool, theme: str, shape: str) -> None:
    """The "Reading the board" box, shaded: how cells are named, how a tile and a turn are written, one
    example read aloud (rules, page 1, sections 1-2 and 2-1), with a picture of the cells around the centre.
    `transcript` is the first turn as a transcript writes it, `sequence` its line in tilde notation."""
    picture = reading_picture(flow, modulus, example, theme, shape)
    paragraphs = [_(words.READING_CELLS), _(words.READING_TURN).format(transcript=transcript, sequence=sequence)]
    if example:
        value, cell = example[0], parse_board(READING_BOARD).address(example[1])
        paragraphs.insert(1, _(words.READING_TILE).format(tile=f"{value}{cell}", value=value, cell=cell))
    if markers:
        paragraphs.append(_(words.READING_MARKER))
    caption = _(words.READING_CAPTION)
    height = head * 2.2 + sum(flow.paragraph_height(p, size) for p in paragraphs) + \
        flow.figure_height(picture, caption, caption_size, READING_HEIGHT) + 2 * BOX_PAD
    flow.ensure(height)
    page, column, top = len(flow.pages), flow.column, flow.y
    layer = flow.scene.layer("text")
    start = len(layer.items)
    flow.space(BOX_PAD)
    flow.heading(_(words.READING_HEAD), size=head)
    flow.paragraph(paragraphs[0], size=size)
    flow.figure(picture, caption, caption_size, READING_HEIGHT, shrink=False)
    for paragraph in paragraphs[1:]:
        flow.paragraph(paragraph, size=size)
    if len(flow.pages) == page and flow.column == column:  # shaded when it stayed in one column, as it should
        x0, x1, bottom = flow.x - BOX_PAD, flow.x + flow.column_width + BOX_PAD, flow.y
        box = ((x0, top), (x1, top), (x1, bottom), (x0, bottom))
        layer.items.insert(start, Polygon(box, SHADE))
    flow.space(BOX_PAD)


def questions(wild: int) -> list[tuple[str, str]]:
    """The questions and answers of the rules sheet, in the language in use (the wild tile's only with wild
    tiles in the kit)."""
    chosen = [qa for qa in words.FAQ if wild or qa is not words.FAQ_WILD]
    return [(_(question), _(answer)) for question, answer in chosen]


def faq(flow: Flow, size: float, head: float, wild: int) -> None:
    """The questions a table asks, each question in bold with its answer below."""
    flow.heading(_(words.FAQ_HEAD), size=head)
    for question, answer in questions(wild):
        flow.ensure(flow.paragraph_height(question, size, "Helvetica-Bold") + flow.paragraph_height(answer, size))
        flow.paragraph(question, size=size, font="Helvetica-Bold")
        flow.y -= size * 0.45
        flow.paragraph(answer, size=size)
