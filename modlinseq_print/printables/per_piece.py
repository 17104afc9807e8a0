"""Per-piece images for print-on-demand services: one scene per distinct face and back (tiles, markers and
Mod 13 cards), trim plus bleed in whole pixels, and the CSV that pairs each face with its back and quantity
(the file names, quantities and trim sizes that services such as The Game Crafter take)."""

from __future__ import annotations

import csv
import io
import math
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.inputs import short_path
from modlinseq_print.printables.mod13 import BACK_FILL, CARD_HEIGHT, CARD_WIDTH, CUT_STYLE, card_items, deck_cards
from modlinseq_print.printables.mod13 import back_items as card_back_items
from modlinseq_print.printables.tile_sheets import Faces
from modlinseq_print.printables.tiles import Piece
from modlinseq_print.render.imposition import Slot, bounding_box
from modlinseq_print.render.resolution import MAX_RUN_PIXELS, PngError, check_resolution, over_run, run_message
from modlinseq_print.render.scene import Polygon, Scene, Style

POD_BLEED = 25.4 / 8  # mm: 1/8 in per side, The Game Crafter's and most services' bleed
POD_DPI = 300.0
CSV_NAME = "pieces.csv"
CSV_FIELDS = ("file", "side", "back", "quantity", "trim_width_mm", "trim_height_mm", "trim_width_in",
              "trim_height_in", "bleed_mm", "width_px", "height_px", "dpi")


class PerPieceError(FieldError):
    """A per-piece folder that cannot be used (its field: per_piece)."""


@dataclass(frozen=True)
class ImageFrame:
    """A per-piece image's frame: the trim (mm) plus the bleed on every side, rounded to whole pixels at
    `dpi`; the art is centred, its trim's top-left corner at `origin` (mm)."""

    trim: tuple[float, float]
    bleed: float
    dpi: float
    pixels: tuple[int, int]

    @property
    def size(self) -> tuple[float, float]:
        """The image's size in mm: exactly its whole pixels."""
        across, down = self.pixels
        return across * 25.4 / self.dpi, down * 25.4 / self.dpi

    @property
    def origin(self) -> tuple[float, float]:
        """Where the trim's top-left corner lies in the image (mm): the bleed, plus half the rounding."""
        (width, height), (trim_width, trim_height) = self.size, self.trim
        return (width - trim_width) / 2, (height - trim_height) / 2


def image_frame(trim: tuple[float, float], bleed: float, dpi: float) -> ImageFrame:
    """The frame of images of this trim and bleed at `dpi`: trim plus bleed rounded to whole pixels, checked
    by the one rule for a PNG's size (render.resolution) before any image is drawn."""
    pixels = check_resolution(Scene(trim[0] + 2 * bleed, trim[1] + 2 * bleed), dpi, "per-piece image")
    return ImageFrame(trim, bleed, dpi, pixels)


def check_run(count: int, frame: ImageFrame) -> None:
    """Refuse `count` images of the frame when they are more pixels than one run draws, saying which dpi fits."""
    if not over_run(count, frame.pixels):
        return
    dpi = math.floor(frame.dpi * math.sqrt(MAX_RUN_PIXELS / (count * frame.pixels[0] * frame.pixels[1]))) + 2
    while dpi > 1 and over_run(count, image_frame(frame.trim, frame.bleed, dpi).pixels):
        dpi -= 1
    raise PngError(f"{run_message(count, f'images at {frame.dpi:g} dpi', frame.pixels)}: use {mention('dpi', dpi)} "
                   "or less", "dpi", dpi)


@dataclass
class PieceImage:
    """One image to write: its file name, face or back, how many pieces show it, its scene (the frame's
    size), and for a face the backs it pairs with (back file name -> pieces)."""

    name: str
    side: str
    quantity: int
    scene: Scene
    backs: dict[str, int] = field(default_factory=dict)


def check_folder(folder: str | Path) -> Path:
    """The folder for the images: it may not exist yet, but may not be a file."""
    path = Path(folder)
    try:
        is_file = path.exists() and not path.is_dir()
    except OSError as problem:  # a name too long, a folder that cannot be read
        raise PerPieceError(f"cannot use {mention('per_piece', short_path(folder))}: {problem.strerror or problem}",
                            "per_piece") from None
    if is_file:
        raise PerPieceError(f"{mention('per_piece', short_path(folder))} is a file: give a folder for the images, "
                            "e.g. output/pieces", "per_piece")
    return path


def _slot_at(outline, origin: tuple[float, float]) -> Slot:
    """The slot that puts the outline's bounding box's top-left corner at `origin`, unturned."""
    box = bounding_box(outline)
    return Slot(0, origin[0] - box.x, origin[1] - box.y, 0)


def _piece_name(piece: Piece) -> str:
    value = "" if piece.value is None else f"-{piece.value}"
    return re.sub(r"[^a-z0-9-]", "_", f"{piece.kind}{value}".lower())


def print_faces(faces: Faces, bleed: float) -> Faces:
    """The faces as a service prints them: `bleed` mm of background past the cut, no printed cut line (the
    service's die cuts the trim; a printed line would show)."""
    return faces.with_look(replace(faces.look, cut_line="none", bleed=bleed))


def piece_images(pieces: list[Piece], faces: Faces, frame: ImageFrame) -> list[PieceImage]:
    """One image per distinct face (named after the piece: number-7.png, wild.png, marker-13.png) and one
    per distinct back (back-1.png, ...), faces first, in first-seen order, each counting the pieces that show
    it; each face records the backs it pairs with. The image is `frame` (whole pixels, art centred), drawn
    with the faces as given (print_faces gives a service's look)."""
    return images_by_piece(pieces, faces, frame)[0]


def images_by_piece(pieces: list[Piece], faces: Faces,
                    frame: ImageFrame) -> tuple[list[PieceImage], list[tuple[str, str]]]:
    """piece_images, and for each piece in order the names of its face and back images."""
    outline = faces.look.outline
    front = _slot_at(outline, frame.origin)
    back = _slot_at([(-x, y) for x, y in outline], frame.origin)  # backs are drawn mirrored
    images: dict[tuple, PieceImage] = {}
    names = []
    for piece in pieces:
        shown = []
        for side, items in (("face", faces.face(piece, front)), ("back", faces.back(piece, back))):
            key = (side, tuple(items))
            if key not in images:
                backs = sum(image.side == "back" for image in images.values())
                name = _piece_name(piece) if side == "face" else f"back-{backs + 1}"
                images[key] = PieceImage(name + ".png", side, 0, _framed(frame, items))
            images[key].quantity += 1
            shown.append(images[key])
        shown[0].backs[shown[1].name] = shown[0].backs.get(shown[1].name, 0) + 1
        names.append((shown[0].name, shown[1].name))
    return sorted(images.values(), key=lambda image: image.side == "back"), names  # faces first, first seen first


def _framed(frame: ImageFrame, items) -> Scene:
    scene = Scene(*frame.size)
    scene.layer("piece").items.extend(items)
    return scene


def card_images(signed: bool, frame: ImageFrame, face_name: str = "card-{card}.png",
                back_name: str = "back-1.png") -> list[PieceImage]:
    """The Mod 13 deck as images in `frame`: one per card (face_name with card = rank-suit, e.g.
    card-A-spades.png), its face without the printed cut line, and one back for all 52 whose dark field fills
    the image. The 63 x 88 mm card is centred (a service's trim a little larger keeps the card's white)."""
    width, height = frame.size
    x, y = (width - CARD_WIDTH) / 2, (height - CARD_HEIGHT) / 2
    images = []
    for rank, suit in deck_cards():
        scene = Scene(width, height)
        scene.layer("piece").items.extend(card_face(scene, rank, suit, x, y, signed))
        images.append(PieceImage(face_name.format(card=f"{rank}-{suit}"), "face", 1, scene, {back_name: 1}))
    back = Scene(width, height)
    back.layer("piece").items.extend(card_back(width, height, x, y))
    return images + [PieceImage(back_name, "back", len(images), back)]


def card_face(scene: Scene, rank: str, suit: str, x: float, y: float, signed: bool) -> list:
    """A card's face at (x, y) without its printed cut line (a service's die or guillotine cuts it)."""
    items = card_items(scene, rank, suit, x, y, signed)
    return [i for i in items if not (isinstance(i, Polygon) and i.style == CUT_STYLE)]


def card_back(width: float, height: float, x: float, y: float) -> list:
    """A card's back at (x, y) on a dark field filling a width x height image."""
    field_items = Polygon(((0, 0), (width, 0), (width, height), (0, height)), Style(fill=BACK_FILL, stroke=None))
    return [field_items, *card_back_items(x, y)]


def images_csv(images: list[PieceImage], frame: ImageFrame) -> str:
    """The CSV beside the images: each face with the back it pairs with and how many pieces show that pair,
    then each back with its total; trim size in mm and inches, bleed, pixel size, dpi."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    (tw, th), pixels = frame.trim, frame.pixels
    sizes = [round(tw, 3), round(th, 3), round(tw / 25.4, 4), round(th / 25.4, 4), round(frame.bleed, 3), *pixels,
             f"{frame.dpi:g}"]
    for image in images:
        pairs = image.backs.items() if image.side == "face" else [("", image.quantity)]
        for back, quantity in pairs:
            writer.writerow([image.name, image.side, back, quantity, *sizes])
    return buffer.getvalue()
