"""The 3D-printed rack: one profile (a floor, a slot leaning back by the tiles' lean, a front lip and a
backrest) extruded along the row of tiles. It prints lying on its floor without supports: the lip's inner
face overhangs by the lean angle only."""

from __future__ import annotations

from collections.abc import Mapping
from math import gcd

from modlinseq_print.errors import mention
from modlinseq_print.printables.rack import END_ROOM, TILE_GAP, RackSize
from modlinseq_print.solids import kernel
from modlinseq_print.options import PIECE_STYLE, THICKNESS, TILE_SHAPE, TILE_WIDTH
from modlinseq_print.printables.tiles import TileLook
from modlinseq_print.solids.pieces import LIGHT, Part, PieceModel, SolidError, solid_look, style_thickness
from modlinseq_print.solids.mesh import Mesh
from modlinseq_print.solids.plates import BED_EDGE, check_bed
from modlinseq_print.render.imposition import ImpositionError, place_rectangles
from modlinseq_print.render.rect import Rect

FLOOR = 2.5  # mm of rack under the slot's lowest corner
LIP_TOP = 3.0  # mm: the thickness of the lip's top
BACK_TOP = 4.0  # mm: the thickness of the backrest's top


def rack_for(hand: int, given: Mapping[str, object], tiles: object = None) -> tuple[RackSize, TileLook]:
    """The rack for a hand of tiles and the tiles' look, from what a person gave (tile_width, tile_shape,
    style, thickness): the width and shape as given, else those of a preset's `tiles` table, else the
    defaults; the thickness as given, else by the style."""
    width = given.get(TILE_WIDTH.name) or getattr(tiles, "width", None)
    shape = given.get(TILE_SHAPE.name) or getattr(tiles, "shape", None)
    look = solid_look(TILE_WIDTH.value(width), TILE_SHAPE.value(shape))  # type: ignore[arg-type]
    thickness = style_thickness(PIECE_STYLE.value(given.get(PIECE_STYLE.name)),  # type: ignore[arg-type]
                                THICKNESS.value(given.get(THICKNESS.name)))  # type: ignore[arg-type]
    return RackSize.for_tiles(look, thickness, hand), look


def lip_height(size: RackSize) -> float:
    """How high the front lip rises along the slot: a fifth of the tile, at least 4 mm."""
    return max(4.0, 0.2 * size.tile_height)


def rack_profile(size: RackSize) -> list[tuple[float, float]]:
    """The rack's cross-section as (y, z) points, counter-clockwise: front at y = 0, table at z = 0."""
    (fy, fz), (uy, uz) = size.forward, size.up
    slot, lip = size.slot, lip_height(size)
    y0 = LIP_TOP - slot * fy - lip * uy  # the slot's back corner, placed so that the lip's top is LIP_TOP deep
    corner = (y0, FLOOR)
    front = (y0 + slot * fy, FLOOR + slot * fz)
    lip_top = (front[0] + lip * uy, front[1] + lip * uz)
    back = (y0 + size.back_height * uy, FLOOR + size.back_height * uz)
    depth = back[0] + BACK_TOP
    return [(0.0, 0.0), (depth, 0.0), (depth, back[1]), back, corner, front, lip_top, (0.0, lip_top[1])]


def rack_solid(size: RackSize):
    """The rack as a solid, its length along x from 0."""
    return kernel.extrude_along_x(rack_profile(size), size.length)


def rack_model(size: RackSize) -> PieceModel:
    """The rack as a one-part model, centred on its box in x and y, z from 0."""
    profile = rack_profile(size)
    depth = max(y for y, _ in profile)
    mesh = kernel.to_mesh(rack_solid(size)).moved(-size.length / 2, -depth / 2)
    return PieceModel(f"rack for {size.hand} tiles", (Part("rack", mesh, LIGHT),))


def rack_plates(size: RackSize, copies: int, bed: tuple[float, float],
                spacing: float) -> list[list[tuple[float, float, int]]]:
    """Where the racks go (centre x, y on the bed and turn), one list per plate; a one-line error when a rack
    does not fit the bed either way round."""
    check_bed(*bed, spacing)
    depth = max(y for y, _ in rack_profile(size))
    area = Rect(BED_EDGE, BED_EDGE, bed[0] - 2 * BED_EDGE, bed[1] - 2 * BED_EDGE)
    for width, height, turn in ((size.length, depth, 0), (depth, size.length, 90)):
        try:
            pages = place_rectangles(copies, width, height, area, spacing, "rack")
        except ImpositionError:
            continue
        return [[(slot.x, bed[1] - slot.y, turn) for slot in page] for page in pages]
    raise SolidError(f"a rack for {size.hand} tiles is {size.length:.0f} mm long, more than a {bed[0]:g} x "
                     f"{bed[1]:g} mm bed holds with {BED_EDGE:g} mm clear at its edges: use a larger {mention('bed')} "
                     f"or a smaller {mention('hand')}", "bed")


def hand_values(values, hand: int) -> list[int]:
    """The numbers of a hand to show in a rack, drawn from a kit's own tile values (modulus 13's 0-12 when
    none are given): spread over them, in a stride that visits every value before any repeats."""
    values = sorted(set(values)) if values else list(range(13))
    n = len(values)
    stride = next(s for s in (7, 5, 3, 2, 1) if s < n and gcd(s, n) == 1) if n > 1 else 1
    return [values[(stride * k + 3) % n] for k in range(hand)]


def tiles_in_rack(size: RackSize, look, corner: tuple[float, float], values=None) -> list[tuple[Mesh, int]]:
    """A hand of tiles standing in a rack whose slot's back corner is at `corner` (y, z), leaning back on
    the backrest, faces to the front: (mesh, filament) pairs, for a picture of the rack in use. `values`: the
    kit's tile numbers the hand is drawn from (see hand_values)."""
    from modlinseq_print.printables.tiles import Piece
    from modlinseq_print.solids.pieces import PieceSolids, SolidSpec

    pieces = [Piece("number", v) for v in hand_values(values, size.hand)]
    solids = PieceSolids(look, SolidSpec(thickness=size.thickness), pieces)
    (uy, uz), (fy, fz) = size.up, size.forward
    half = size.tile_height / 2
    out = []
    for k, piece in enumerate(pieces):
        x = END_ROOM + size.tile_width / 2 + k * (size.tile_width + TILE_GAP)
        matrix = [[1.0, 0.0, 0.0, x], [0.0, uy, fy, corner[0] + half * uy], [0.0, uz, fz, corner[1] + half * uz]]
        out += [(part.mesh.transformed(matrix), part.filament) for part in solids.model(piece).parts]
    return out


def laser_rack_meshes(parts, material: float) -> list:
    """The laser-cut rack's parts as solids in their places (for a picture of the assembled rack): each
    outline, less its holes, extruded by the material thickness and set in its pose."""
    meshes = []
    for part in parts:
        solid = kernel.extrude(kernel.region_with_holes(part.outline, part.holes), 0.0, material)
        meshes.append(kernel.to_mesh(kernel.transformed(solid, part.pose.matrix)))
    return meshes
