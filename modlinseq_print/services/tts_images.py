"""The images of a Tabletop Simulator export: the board at true proportions, one transparent token image per
distinct face and back of the pieces (the piece's silhouette, its printed edge kept), and the Mod 13 deck
as one 10 x 7 card sheet and a back, every image at most MAX_SIDE pixels a side."""

from __future__ import annotations

from dataclasses import dataclass, replace

from modlinseq_print.printables.mod13 import CARD_HEIGHT, CARD_WIDTH, deck_cards
from modlinseq_print.printables.per_piece import card_back, card_face, image_frame, images_by_piece
from modlinseq_print.render.scene import Scene

MAX_SIDE = 4096  # pixels: the largest image side we give Tabletop Simulator
TOKEN_DPI = 300.0
TOKEN_MARGIN = 0.5  # mm of transparent border around a token's silhouette (it helps the cut-out)
DECK_COLUMNS, DECK_ROWS = 10, 7


@dataclass
class Image:
    """One image of the export: its file name, its PNG bytes and its pixel size."""

    name: str
    data: bytes
    pixels: tuple[int, int]


def _png(scene: Scene, dpi: float, background: str | None) -> Image:
    from modlinseq_print.render.png_writer import png_size, scene_to_png

    return Image("", scene_to_png(scene, dpi, background), png_size(scene, dpi))


def board_image(scene: Scene) -> tuple[Image, float]:
    """The board's scene as one image whose longer side is MAX_SIDE pixels (true proportions), and its dpi."""
    dpi = MAX_SIDE * 25.4 / max(scene.width, scene.height)
    image = _png(scene, dpi, "#ffffff")
    image.name = "board.png"
    return image, dpi


@dataclass
class Tokens:
    """The token images and, for each piece in order, the names of its face and back images."""

    images: list[Image]
    faces: list[tuple[str, str]]


def token_images(pieces, faces) -> Tokens:
    """One transparent image per distinct face and back of the pieces, drawn at their trim with their printed
    edge (no bleed), and each piece's (face, back) image names."""
    drawn = faces.with_look(replace(faces.look, bleed=0.0, cut_line="solid"))
    xs, ys = zip(*drawn.look.outline)
    frame = image_frame((max(xs) - min(xs), max(ys) - min(ys)), TOKEN_MARGIN, TOKEN_DPI)
    images, names = images_by_piece(pieces, drawn, frame)
    rendered = []
    for image in images:
        png = _png(image.scene, TOKEN_DPI, None)
        png.name = image.name
        rendered.append(png)
    return Tokens(rendered, names)


def deck_sheet(signed: bool) -> tuple[Image, Image]:
    """The 52 Mod 13 cards on a 10 x 7 sheet (row by row, the last 18 cells blank) of whole-pixel cells, at most
    MAX_SIDE pixels a side, and the card back the size of one cell."""
    cell_w = (MAX_SIDE // DECK_COLUMNS) // 2 * 2  # whole, even pixels: Tabletop Simulator cuts the sheet evenly
    dpi = cell_w * 25.4 / CARD_WIDTH
    cell_h = round(CARD_HEIGHT / 25.4 * dpi)
    step_x, step_y = cell_w * 25.4 / dpi, cell_h * 25.4 / dpi  # a cell in mm: the card and a sliver of white
    sheet = Scene(DECK_COLUMNS * step_x, DECK_ROWS * step_y)
    for index, (rank, suit) in enumerate(deck_cards()):
        x = (index % DECK_COLUMNS) * step_x + (step_x - CARD_WIDTH) / 2
        y = (index // DECK_COLUMNS) * step_y + (step_y - CARD_HEIGHT) / 2
        sheet.layer("cards").items.extend(card_face(sheet, rank, suit, x, y, signed))
    back = Scene(step_x, step_y)
    back.layer("back").items.extend(card_back(step_x, step_y, (step_x - CARD_WIDTH) / 2, (step_y - CARD_HEIGHT) / 2))
    faces, backs = _png(sheet, dpi, "#ffffff"), _png(back, dpi, "#ffffff")
    faces.name, backs.name = "deck-faces.png", "deck-back.png"
    return faces, backs
