"""Per-piece images for print-on-demand services: one scene per distinct face and back (tiles, markers and
Mod 13 cards), trim plus bleed, and the CSV of file names, quantities and trim sizes that services such as The Game Crafter take."""

from __future__ import annotations

import copy
import csv
import io
import re
from dataclasses import dataclass, replace
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import short_path
from modlinseq_print.printables.mod13 import BACK_FILL, CARD_HEIGHT, CARD_WIDTH, CUT_STYLE, card_items, deck_cards
from modlinseq_print.printables.mod13 import back_items as card_back_items
from modlinseq_print.printables.tile_sheets import Faces
from modlinseq_print.printables.tiles import Piece
from modlinseq_print.render.imposition import Slot, bounding_box
from modlinseq_print.render.scene import Polygon, Scene, Style

POD_BLEED = 25.4 / 8  # mm: 1/8 in per side, The Game Crafter's and most services' bleed
POD_DPI = 300.0
CSV_NAME = "pieces.csv"
CSV_FIELDS = ("file", "side", "quantity", "trim_width_mm", "trim_height_mm", "trim_width_in", "trim_height_in",
              "bleed_mm", "width_px", "height_px", "dpi")


class PerPieceError(ModlinseqError):
    """A per-piece folder that cannot be used."""


@dataclass
class PieceImage:
    """One image to write: its file name, face or back, how many pieces show it, and its scene (trim plus
    the bleed on every side)."""

    name: str
    side: str
    quantity: int
    scene: Scene


def check_folder(folder: str | Path) -> Path:
    """The folder for the images: it may not exist yet, but may not be a file."""
    path = Path(folder)
    try:
        is_file = path.exists() and not path.is_dir()
    except OSError as problem:  # a name too long, a folder that cannot be read
        raise PerPieceError(f"cannot use --per-piece {short_path(folder)}: {problem.strerror or problem}") from None
    if is_file:
        raise PerPieceError(f"--per-piece {short_path(folder)} is a file: give a folder for the images, "
                            "e.g. output/pieces")
    return path


def _slot_at_bleed(outline, bleed: float) -> Slot:
    """The slot that puts the outline's bounding box at (bleed, bleed), unturned."""
    box = bounding_box(outline)
    return Slot(0, bleed - box.x, bleed - box.y, 0)


def _piece_name(piece: Piece) -> str:
    value = "" if piece.value is None else f"-{piece.value}"
    return re.sub(r"[^a-z0-9-]", "_", f"{piece.kind}{value}".lower())


def without_cut_lines(faces: Faces) -> Faces:
    """The same faces drawing no cut line: a service's die cuts the trim, a printed line would show."""
    plain = copy.copy(faces)
    plain.look = replace(faces.look, cut_line="none")
    return plain


def piece_images(pieces: list[Piece], faces: Faces) -> list[PieceImage]:
    """One image per distinct face (named after the piece: number-7.png, wild.png, marker-13.png) and one
    per distinct back (back-1.png, ...), faces first, in first-seen order, each counting the pieces that show it.
    The image is the trim's bounding box plus the look's bleed on every side; no cut line is printed."""
    faces = without_cut_lines(faces)
    look = faces.look
    box = bounding_box(look.outline)
    width, height = box.width + 2 * look.bleed, box.height + 2 * look.bleed
    front = _slot_at_bleed(look.outline, look.bleed)
    back = _slot_at_bleed([(-x, y) for x, y in look.outline], look.bleed)  # backs are drawn mirrored
    images: dict[tuple, PieceImage] = {}
    for piece in pieces:
        for side, items in (("face", faces.face(piece, front)), ("back", faces.back(piece, back))):
            key = (side, tuple(items))
            if key not in images:
                backs = sum(image.side == "back" for image in images.values())
                name = _piece_name(piece) if side == "face" else f"back-{backs + 1}"
                scene = Scene(width, height)
                scene.layer("piece").items.extend(items)
                images[key] = PieceImage(name + ".png", side, 0, scene)
            images[key].quantity += 1
    return sorted(images.values(), key=lambda image: image.side == "back")  # faces first, each in first-seen order


def card_images(signed: bool, bleed: float) -> list[PieceImage]:
    """The Mod 13 deck as images: one per card (card-A-spades.png, ...), its face without the printed cut
    line, and one back (back-1.png, 52 cards) whose dark field runs into the bleed."""
    width, height = CARD_WIDTH + 2 * bleed, CARD_HEIGHT + 2 * bleed
    images = []
    for rank, suit in deck_cards():
        scene = Scene(width, height)
        items = card_items(scene, rank, suit, bleed, bleed, signed)
        scene.layer("piece").items.extend(i for i in items if not (isinstance(i, Polygon) and i.style == CUT_STYLE))
        images.append(PieceImage(f"card-{rank}-{suit}.png", "face", 1, scene))
    back = Scene(width, height)
    field = Polygon(((0, 0), (width, 0), (width, height), (0, height)), Style(fill=BACK_FILL, stroke=None))
    back.layer("piece").items.extend([field, *card_back_items(bleed, bleed)])
    return images + [PieceImage("back-1.png", "back", len(images), back)]


def images_csv(images: list[PieceImage], trim: tuple[float, float], bleed: float, dpi: float,
               pixels: tuple[int, int]) -> str:
    """The CSV beside the images: file, side, quantity, trim size in mm and inches, bleed, pixel size, dpi."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for image in images:
        writer.writerow([image.name, image.side, image.quantity, round(trim[0], 3), round(trim[1], 3),
                         round(trim[0] / 25.4, 4), round(trim[1] / 25.4, 4), round(bleed, 3), *pixels, f"{dpi:g}"])
    return buffer.getvalue()
