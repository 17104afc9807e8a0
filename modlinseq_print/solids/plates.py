"""Plates: pieces laid out on a printer's bed, as many plates as they need, light-bodied and dark-bodied apart.

Tiles and wild tiles (light body, dark text) and markers and blockers (dark body, light text) go on plates
of their own, so that a single-extruder printer prints each plate with one filament change. The bed's
origin is its front-left corner, x to the right, y to the back, as slicers place it. Every plate is checked
from its pieces' outlines: they keep BED_EDGE clear of the bed's edges, room for the slicer's skirt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from modlinseq_print.errors import mention
from modlinseq_print.printables.tiles import Piece
from modlinseq_print.render.imposition import ImpositionError, bounding_box, pack_shapes
from modlinseq_print.render.rect import Rect
from modlinseq_print.solids.pieces import DARK_BODIED, SolidError, piece_name

#: mm kept clear along the bed's edges, for the skirt a slicer draws round the pieces. With PrusaSlicer's
#: defaults (one skirt loop 6 mm out, no brim, first-layer lines 200 % of the 0.2 mm first layer, 0.4 mm) the
#: skirt's line runs 6.4 mm past the pieces' outline (its centre; about 6.6 mm to its outer edge, as measured
#: in the G-code); 8 mm keeps it on the bed with over 1 mm to spare, and a 256 mm bed still holds 94 tiles.
BED_EDGE = 8.0
MIN_SPACING, MAX_SPACING = 1.0, 50.0
MIN_BED, MAX_BED = 20.0, 1000.0  # mm: the largest hobby printers' beds are about 1 m
MAX_PIECES = 1000  # pieces in one run (a standard set is 147)


@dataclass(frozen=True)
class Placed:
    """A piece on a plate: the centre of its tile's box in mm on the bed, and its turn (0 or 180 degrees)."""

    piece: Piece
    x: float
    y: float
    turn: int


@dataclass(frozen=True)
class Plate:
    """One bed's worth of pieces (numbered from 1), all light-bodied or all dark-bodied."""

    number: int
    dark: bool
    placed: tuple[Placed, ...]


def check_bed(width: float, depth: float, spacing: float) -> None:
    """A one-line SolidError for a bed or spacing out of range."""
    for side in (width, depth):
        if not MIN_BED <= side <= MAX_BED:
            raise SolidError(f"a bed of {width:g} x {depth:g} mm is out of range: give each side from {MIN_BED:g} "
                             f"to {MAX_BED:g} mm, e.g. 256x256mm or 250x210mm", "bed", (MIN_BED, MAX_BED))
    if not MIN_SPACING <= spacing <= MAX_SPACING:
        raise SolidError(f"a spacing of {spacing:g} mm is out of range: use {MIN_SPACING:g} to {MAX_SPACING:g} mm, "
                         "e.g. 3mm", "spacing", (MIN_SPACING, MAX_SPACING))


def plan_plates(pieces: list[Piece], outline, bed: tuple[float, float], spacing: float) -> list[Plate]:
    """The pieces on as many plates as they need: light-bodied pieces first, then dark-bodied ones, each
    group packed as densely as the sheets pack tiles (alternate copies turned when that fits more).
    `outline` is the tile's outline (y downward, centred on its box)."""
    if len(pieces) > MAX_PIECES:
        raise SolidError(f"{len(pieces)} pieces are more than one run makes: use at most {MAX_PIECES} (a standard "
                         "set is 147) and make the rest in another run")
    width, depth = bed
    check_bed(width, depth, spacing)
    box = bounding_box(outline)
    area = Rect(BED_EDGE, BED_EDGE, width - 2 * BED_EDGE, depth - 2 * BED_EDGE)
    if box.width > area.width or box.height > area.height:
        raise SolidError(f"a {box.width:.1f} x {box.height:.1f} mm piece does not fit a {width:g} x {depth:g} mm "
                         f"bed with {BED_EDGE:g} mm clear at its edges: use a larger {mention('bed')} or a smaller "
                         f"{mention('tile_width')}", "bed")
    plates: list[Plate] = []
    for dark in (False, True):
        group = [p for p in pieces if (p.kind in DARK_BODIED) == dark]
        try:
            pages = pack_shapes(len(group), outline, area, spacing, True, "piece")
        except ImpositionError as problem:
            raise SolidError(str(problem)) from None
        queue = iter(group)
        for slots in pages:
            placed = tuple(Placed(next(queue), round(s.x, 4), round(depth - s.y, 4), s.rotation % 360)
                           for s in slots)
            plates.append(Plate(len(plates) + 1, dark, placed))
    for plate in plates:
        check_fit(plate, outline, bed)
    return plates


def footprint(plate: Plate, outline) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) in mm on the bed of the outlines of a plate's pieces as placed (`outline`
    y downward, centred on the tile's box, as the solids are made from it)."""
    xs, ys = [], []
    for placed in plate.placed:
        angle = math.radians(placed.turn)
        cos, sin = math.cos(angle), math.sin(angle)
        for x, y in outline:
            xs.append(placed.x + x * cos + y * sin)  # the point (x, -y) turned about z, then moved
            ys.append(placed.y + x * sin - y * cos)
    return min(xs), min(ys), max(xs), max(ys)


def check_fit(plate: Plate, outline, bed: tuple[float, float]) -> None:
    """A one-line SolidError when a plate's pieces, with BED_EDGE clear round them for the slicer's skirt, do
    not fit the bed (a slicer would print them, and the skirt, off its edge)."""
    if plate.placed:
        check_extent(plate.number, footprint(plate, outline), bed)


def check_extent(number: int, extent: tuple[float, float, float, float], bed: tuple[float, float],
                 what: str = "pieces") -> None:
    """A one-line SolidError when what plate `number` holds, spanning `extent` (min x, min y, max x, max y in
    mm), comes nearer the bed's edges than BED_EDGE, the room a slicer's skirt needs."""
    left, front, right, back = extent
    nearest = min(left, front, bed[0] - right, bed[1] - back)
    if nearest < BED_EDGE - 1e-6:
        raise SolidError(f"the {what} of plate {number} reach {nearest:.1f} mm from the edge of the {bed[0]:g} x "
                         f"{bed[1]:g} mm bed, less than the {BED_EDGE:g} mm a slicer's skirt needs: use a larger "
                         f"{mention('bed')} or fewer {what} a plate", "bed")


def filament_change(body_top: float, layer: float, first_layer: float) -> tuple[float, int]:
    """The height (mm) and number (from 1) of the first layer printed above `body_top`: on a single-extruder
    printer, change filament before it for raised text."""
    above = max(0, math.floor((body_top - first_layer) / layer + 1e-6) + 1)
    return round(first_layer + above * layer, 4), above + 1


def plate_summary(plate: Plate) -> dict[str, int]:
    """How many of each piece a plate holds, by name, in the order they were laid."""
    counts: dict[str, int] = {}
    for placed in plate.placed:
        name = piece_name(placed.piece)
        counts[name] = counts.get(name, 0) + 1
    return counts
