"""The laser-cut rack: four flat parts of sheet material (plywood, acrylic) that slot together without glue.

Part 1, the ledge, and part 2, the backrest, meet at a right angle along the rack in a finger joint; both
pass through the two sides, parts 3 and 4, by a tab at each end that fits a slot cut in each side. The
sides stand on the table and hold the ledge and backrest tilted back by the tiles' lean (printables/rack.py).
Every part is a polygon in its own plane, in mm, with a pose that puts it in the assembled rack (x along
the rack, y from front to back, z up), so that the fit of every finger and tab can be checked in 3D.
Cut paths grow by half the kerf (holes shrink by it), so parts come out at their nominal size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from modlinseq_print.errors import mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.printables.cutfile import (
    CUT_LAYER, ENGRAVE_LAYER, HAIRLINE, REFERENCE_SIDE, CutSpec, cut_scene, kerf_outline, reference_square,
)
from modlinseq_print.printables.rack import RackError, RackSize
from modlinseq_print.render.imposition import bounding_box, convex_hull, offset_convex
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.scene import Polygon, Scene, Style, Text

MIN_MATERIAL, MAX_MATERIAL = 1.0, 10.0
FINGER = 10.0  # mm: the target width of a finger of the corner joint
SIDE_MARGIN = 6.0  # mm of side panel around the ledge and the backrest
LABEL_SIZE = 5.0  # mm: the engraved part numbers

Point = tuple[float, float]
Vector = tuple[float, float, float]


@dataclass(frozen=True)
class Pose:
    """Where a part's plane lies in the assembled rack: a point of the part (u, v) at depth w (0 to the
    material thickness) is origin + u * across + v * along + w * normal."""

    origin: Vector
    across: Vector
    along: Vector
    normal: Vector

    def place(self, u: float, v: float, w: float) -> Vector:
        """The 3D point of a part point (u, v) at depth w."""
        (ox, oy, oz), (ax, ay, az), (bx, by, bz), (nx, ny, nz) = self.origin, self.across, self.along, self.normal
        return ox + u * ax + v * bx + w * nx, oy + u * ay + v * by + w * ny, oz + u * az + v * bz + w * nz

    @property
    def matrix(self) -> list[list[float]]:
        """The pose as a 3 x 4 affine matrix (rows x, y, z; the last column the origin)."""
        return [[self.across[k], self.along[k], self.normal[k], self.origin[k]] for k in range(3)]


@dataclass(frozen=True)
class LaserPart:
    """One part: its number (engraved), name, outline and holes (mm, y upward) and pose in the rack."""

    number: int
    name: str
    outline: tuple[Point, ...]
    holes: tuple[tuple[Point, ...], ...]
    pose: Pose


#: The laser-cut rack's own options and their defaults (lengths and colours as text), and the default beds.
LASER_OPTIONS = {"material": "3mm", "kerf": "0mm", "cut_color": "#ff0000", "engrave_color": "#000000",
                 "hairline": f"{HAIRLINE}mm", "reference_size": f"{REFERENCE_SIDE:g}mm", "no_engrave": False,
                 "no_reference": False}
PRINTER_BED, LASER_BED = "256x256mm", "600x400mm"


def laser_choices(given: Mapping[str, object], fmt: str, name: str) -> dict:
    """The laser-cut rack's options as given (None: not given) with their defaults filled in; an option given
    for a rack to print (`fmt` 3mf or stl, the file `name`) is refused in one line naming it."""
    named = [option for option in LASER_OPTIONS if given.get(option) not in (None, False)]
    if named and fmt not in ("svg", "dxf"):
        raise RackError(f"{mention(named[0])} is an option of the laser-cut rack, and {excerpt(name)} is a "
                        f"{fmt.upper()} to print: name it NAME.svg or NAME.dxf, or leave out {mention(named[0])}",
                        named[0])
    return {option: default if given.get(option) is None else given[option]
            for option, default in LASER_OPTIONS.items()}


def laser_cut_spec(options: dict, spacing: float) -> tuple[float, CutSpec]:
    """The sheet's thickness and the cut file's conventions from the laser-cut rack's options as given (lengths
    and colours as text: material, kerf, cut_color, engrave_color, hairline, reference_size; no_engrave,
    no_reference), the parts `spacing` mm apart."""
    from modlinseq_print.printables.cutfile import parse_colour
    from modlinseq_print.units import parse_length

    material = check_material(parse_length(options["material"], "material thickness"))
    return material, CutSpec(kerf=parse_length(options["kerf"], "kerf"), cut_colour=parse_colour(options["cut_color"]),
                             engrave_colour=parse_colour(options["engrave_color"]),
                             hairline=parse_length(options["hairline"], "hairline"), gap=spacing,
                             engrave=not options["no_engrave"], reference=not options["no_reference"],
                             reference_side=parse_length(options["reference_size"], "reference square size"))


def check_material(thickness: float) -> float:
    """The sheet thickness, or a one-line RackError."""
    if not MIN_MATERIAL <= thickness <= MAX_MATERIAL:
        raise RackError(f"a material {thickness:g} mm thick is out of range: use {MIN_MATERIAL:g} to "
                        f"{MAX_MATERIAL:g} mm, e.g. 3mm plywood", "material", (MIN_MATERIAL, MAX_MATERIAL))
    return thickness


def finger_edges(length: float) -> list[float]:
    """The x of the ends of the corner joint's fingers: an odd number of them, about FINGER wide."""
    count = max(3, round(length / FINGER))
    count += 1 - count % 2
    return [length * k / count for k in range(count + 1)]


def _simplified(points: list[Point]) -> tuple[Point, ...]:
    """The polygon without repeated or collinear points (the walk below makes some)."""
    out: list[Point] = []
    for point in points:
        if out and abs(out[-1][0] - point[0]) < 1e-9 and abs(out[-1][1] - point[1]) < 1e-9:
            continue
        out.append(point)
    if len(out) > 1 and abs(out[0][0] - out[-1][0]) < 1e-9 and abs(out[0][1] - out[-1][1]) < 1e-9:
        out.pop()
    keep = []
    for i, (x, y) in enumerate(out):
        (px, py), (nx, ny) = out[i - 1], out[(i + 1) % len(out)]
        if abs((x - px) * (ny - py) - (y - py) * (nx - px)) > 1e-9:
            keep.append((x, y))
    return tuple(keep)


def panel_outline(length: float, depth: float, material: float, owns: int,
                  tab: tuple[float, float]) -> tuple[Point, ...]:
    """A panel across the rack: x from 0 to `length`, v from 0 (the corner) to `depth`; fingers of the corner
    joint below v = 0 on every other segment (starting with segment `owns`, 0 or 1), and a tab at each end
    from v = tab[0] to tab[1], reaching one material thickness beyond x = 0 and x = length."""
    edges, t = finger_edges(length), material
    points: list[Point] = []
    for i in range(len(edges) - 1):
        v = -t if i % 2 == owns else 0.0
        points += [(edges[i], v), (edges[i + 1], v)]
    low, high = tab
    points += [(length, low), (length + t, low), (length + t, high), (length, high), (length, depth),
               (0.0, depth), (0.0, high), (-t, high), (-t, low), (0.0, low)]
    return _simplified(points)


def _add(p: Point, q: Point, k: float = 1.0) -> Point:
    return p[0] + k * q[0], p[1] + k * q[1]


def _strip(corner: Point, along: Point, across: Point, start: float, end: float, width: float) -> tuple[Point, ...]:
    """The rectangle corner + s * along + r * across for s from start to end and r from 0 to width."""
    a, b = _add(corner, along, start), _add(corner, along, end)
    return (a, b, _add(b, across, width), _add(a, across, width))


def rack_parts(size: RackSize, material: float) -> list[LaserPart]:
    """The four parts of a rack for the tile size, from sheet material `material` mm thick."""
    t = check_material(material)
    length, ledge, back = size.length, size.ledge, size.back_height
    forward, up = size.forward, size.up
    below, behind = (-up[0], -up[1]), (-forward[0], -forward[1])  # the sides of the ledge and backrest away from tiles
    ledge_tab, back_tab = (ledge / 4, 3 * ledge / 4), (back / 4, 3 * back / 4)
    profile = [_add(_add((0.0, 0.0), forward, ledge), below, 0.0), _add(_add((0.0, 0.0), forward, ledge), below, t),
               _add(_add((0.0, 0.0), below, t), behind, t), _add(_add((0.0, 0.0), up, back), behind, t),
               _add((0.0, 0.0), up, back)]
    grown = offset_convex(convex_hull(profile), SIDE_MARGIN)
    floor = min(z for _, z in grown)
    shift = (-min(y for y, _ in grown), -floor)
    side = tuple((y + shift[0], z + shift[1]) for y, z in convex_hull(grown + [(y, floor) for y, _ in grown]))
    corner = shift
    holes = (_strip(corner, forward, below, *ledge_tab, t), _strip(corner, up, behind, *back_tab, t))
    x_axis, y_axis, z_axis = (1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)
    origin = (0.0, corner[0], corner[1])
    return [
        LaserPart(1, "ledge", panel_outline(length, ledge, t, 0, ledge_tab), (),
                  Pose(origin, x_axis, (0.0, *forward), (0.0, *below))),
        LaserPart(2, "backrest", panel_outline(length, back, t, 1, back_tab), (),
                  Pose(origin, x_axis, (0.0, *up), (0.0, *behind))),
        LaserPart(3, "left side", side, holes, Pose((-t, 0.0, 0.0), y_axis, z_axis, x_axis)),
        LaserPart(4, "right side", side, holes, Pose((length, 0.0, 0.0), y_axis, z_axis, x_axis)),
    ]


@dataclass(frozen=True)
class PlacedPart:
    """A part on a bed: the bed (from 0) and where the part's box's top-left corner lands (mm, y downward)."""

    part: LaserPart
    bed: int
    x: float
    y: float
    copy: int


def _on_page(points, x: float, y: float, box) -> tuple[Point, ...]:
    """Part points (y upward) on the page (y downward), the part's box's top-left corner at (x, y)."""
    return tuple((x + px - box.x, y + (box.y + box.height) - py) for px, py in points)


def shelf_layout(parts: list[LaserPart], copies: int, bed: Sheet, gap: float, square: float) -> list[PlacedPart]:
    """Parts (each `copies` times) in rows on beds, tallest first, `gap` apart; each bed's first row starts
    after a square `square` mm wide (the reference square; 0 for none). A one-line RackError when a part does
    not fit the bed."""
    area = bed.printable
    items = sorted(((part, copy) for copy in range(copies) for part in parts),
                   key=lambda item: (-bounding_box(item[0].outline).height, item[1], item[0].number))
    fresh = (area.x + square + gap, area.y, square) if square else (area.x, area.y, 0.0)
    placed: list[PlacedPart] = []
    page, (x, y, row) = 0, fresh
    for part, copy in items:
        box = bounding_box(part.outline)
        if box.width > area.width or box.height > area.height:
            raise RackError(f"the rack's {part.name} ({box.width:.0f} x {box.height:.0f} mm) does not fit a "
                            f"{area.width:g} x {area.height:g} mm bed area: use a larger {mention('bed')} or a smaller "
                            f"{mention('hand')}", "bed")
        for _ in range(2):  # a new row, then a new bed
            if x + box.width > area.right + 1e-9:
                x, y, row = area.x, y + row + gap, 0.0
            if y + box.height <= area.bottom + 1e-9:
                break
            page, (x, y, row) = page + 1, fresh
        if x + box.width > area.right + 1e-9 or y + box.height > area.bottom + 1e-9:
            raise RackError(f"the rack's {part.name} does not fit beside the reference square: use a larger "
                            f"{mention('bed')} or {mention('no_reference', True)}", "bed")
        placed.append(PlacedPart(part, page, x, y, copy))
        x, row = x + box.width + gap, max(row, box.height)
    return placed


def rack_cut_scenes(parts: list[LaserPart], copies: int, bed: Sheet,
                    spec: CutSpec) -> tuple[list[Scene], list[PlacedPart]]:
    """The cut file's pages: every part's kerf-compensated outline and holes on the cut layer, its number on
    the engrave layer, the reference square on each bed."""
    placed = shelf_layout(parts, copies, bed, spec.gap, spec.reference_side + spec.kerf if spec.reference else 0.0)
    scenes: list[Scene] = []
    line = Style(fill=None, stroke=spec.cut_colour, stroke_width=spec.hairline)
    for item in placed:
        while item.bed >= len(scenes):
            scenes.append(_new_bed(bed, spec))
        box = bounding_box(item.part.outline)
        cut, engrave = scenes[item.bed].layer(CUT_LAYER), scenes[item.bed].layer(ENGRAVE_LAYER)
        cut.items.append(Polygon(_on_page(kerf_outline(item.part.outline, spec.kerf), item.x, item.y, box), line))
        for hole in item.part.holes:
            cut.items.append(Polygon(_on_page(offset_convex(hole, -spec.kerf / 2), item.x, item.y, box), line))
        if spec.engrave:
            engrave.items.append(Text(item.x + box.width / 2, item.y + box.height / 2, str(item.part.number),
                                      min(LABEL_SIZE, 0.6 * box.height), fill=spec.engrave_colour, middle=True))
    return scenes, placed


def _new_bed(bed: Sheet, spec: CutSpec) -> Scene:
    """An empty bed with its reference square at the top left of the usable area."""
    scene = cut_scene(bed.width, bed.height)
    if spec.reference:
        area = bed.printable
        if spec.reference_side + spec.kerf > min(area.width, area.height):
            raise RackError(f"the {spec.reference_side:g} mm reference square does not fit the bed area",
                            "reference_size")
        path, label = reference_square(area.x + spec.kerf / 2, area.y + spec.kerf / 2, spec)
        scene.layer(CUT_LAYER).items.append(path)
        scene.layer(ENGRAVE_LAYER).items.extend(label)
    return scene
