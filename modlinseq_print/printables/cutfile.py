"""Cutting files for laser cutters: kerf-compensated cut paths packed on a bed, an engrave layer, a reference square."""

from __future__ import annotations

import re
from dataclasses import dataclass

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.printables.tile_sheets import Faces, Placement
from modlinseq_print.printables.tiles import Piece
from modlinseq_print.render.imposition import offset_convex, pack_shapes, place_outline
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Item, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import text_width

REFERENCE_SIDE = 20.0  # mm: a small test piece checks scale and kerf without using up the bed
MAX_REFERENCE_SIDE = 200.0
HAIRLINE = 0.025  # mm (0.001 in): the usual "cut, don't engrave" stroke
LABEL_SIZE = 4.0
CUT_LAYER = "cut"
SCORE_LAYER = "score"
ENGRAVE_LAYER = "engrave"
#: the Inkscape layer label of each cut-file layer (what Inkscape, LightBurn and Glowforge list)
LAYER_LABELS = {CUT_LAYER: "Cut", SCORE_LAYER: "Score", ENGRAVE_LAYER: "Engrave"}
_COLOUR = re.compile(r"#[0-9a-f]{6}")


class CutFileError(FieldError):
    """Cut-file options that cannot work: a bad colour, kerf or bed (its field: the one at fault)."""


@dataclass(frozen=True)
class CutSpec:
    """Cut-file conventions: kerf (mm), cut, score and engrave colours, hairline width, gap between cut paths,
    whether to engrave the numbers, whether to add the reference square and its side (mm)."""

    kerf: float = 0.0
    cut_colour: str = "#ff0000"
    engrave_colour: str = "#000000"
    hairline: float = HAIRLINE
    gap: float = 2.0
    engrave: bool = True
    reference: bool = True
    nest: bool = True
    score_colour: str = "#0000ff"
    reference_side: float = REFERENCE_SIDE

    def __post_init__(self) -> None:
        if not 5 <= self.reference_side <= MAX_REFERENCE_SIDE:
            raise CutFileError(f"a reference square of {self.reference_side:g} mm is out of range: use 5 to "
                               f"{MAX_REFERENCE_SIDE:g} mm (10-20 mm is usual)", "reference_size", MAX_REFERENCE_SIDE)
        for name in ("cut_colour", "score_colour", "engrave_colour"):
            if not _COLOUR.fullmatch(getattr(self, name)):
                raise CutFileError(f"bad {name.replace('_', ' ')} {excerpt(getattr(self, name))}: give #rrggbb, "
                                   "e.g. #ff0000", name)
        if not 0 <= self.kerf <= 2:
            raise CutFileError(f"a kerf of {self.kerf:g} mm is out of range: use 0 to 2 mm (typically 0.1-0.2 mm)",
                               "kerf", 2)
        if not 0 < self.hairline <= 1:
            raise CutFileError(f"a hairline of {self.hairline:g} mm is out of range: use more than 0, at most 1 mm",
                               "hairline", 1)
        if not self.kerf <= self.gap <= 50:
            raise CutFileError(f"a gap of {self.gap:g} mm between cut paths must be at least the kerf "
                               f"({self.kerf:g} mm) and at most 50 mm", "gap", 50)


DEFAULT_CUT_SPEC = CutSpec()  # the conventions a cut file follows unless told otherwise


def parse_colour(text: str) -> str:
    """A colour as '#rrggbb' from '#RRGGBB', 'rrggbb' or 'R,G,B' (0-255 each)."""
    value = text.strip().lower()
    parts = value.split(",")
    if len(parts) == 3 and all(re.fullmatch(r"\s*[0-9]{1,3}\s*", p) and int(p) <= 255 for p in parts):
        return "#" + "".join(f"{int(p):02x}" for p in parts)
    value = value if value.startswith("#") else "#" + value
    if not _COLOUR.fullmatch(value):
        raise CutFileError(f"bad colour {excerpt(text)}: give #rrggbb or R,G,B, e.g. #ff0000 or 255,0,0")
    return value


def kerf_outline(points, kerf: float) -> list[tuple[float, float]]:
    """The cut path for an outline: every edge moved outward by half the kerf, so that the part
    comes out at its nominal size once the beam has burnt away its width."""
    return offset_convex(points, kerf / 2)


def cut_scene(width: float, height: float) -> Scene:
    """An empty cut-file page: the cut, score and engrave layers as labelled (Inkscape) layers."""
    scene = Scene(width, height)
    for name, label in LAYER_LABELS.items():
        scene.layer(name).label = label
    return scene


def reference_square(x: float, y: float, spec: CutSpec) -> tuple[Polygon, list[Item]]:
    """The cut path of the reference square (spec.reference_side) with its top-left corner at (x, y) (grown
    by half the kerf like every part) and its engraved label: its side and the kerf, sized to fit inside."""
    side = spec.reference_side
    square = [(x, y), (x + side, y), (x + side, y + side), (x, y + side)]
    path = Polygon(tuple(kerf_outline(square, spec.kerf)),
                   Style(fill=None, stroke=spec.cut_colour, stroke_width=spec.hairline))
    lines = (f"{side:g} mm", f"kerf {spec.kerf:g} mm")
    size = min(LABEL_SIZE, 0.8 * side / max(text_width(line) for line in lines), side / 4)
    label: list[Item] = [Text(x + side / 2, y + side / 2 + dy * size * 0.75, line, size, fill=spec.engrave_colour,
                              middle=True) for dy, line in zip((-1, 1), lines)]
    return path, label


@dataclass
class CutLayout:
    """The cut-file pages (one scene per bed) and where every piece went."""

    scenes: list[Scene]
    placements: list[Placement]


def reference_box(bed: Sheet, spec: CutSpec) -> Rect | None:
    """Where the reference square goes on every bed (top-left of the usable area), kerf included."""
    if not spec.reference:
        return None
    area = bed.printable
    grown = spec.reference_side + spec.kerf
    if grown > min(area.width, area.height):
        raise CutFileError(f"the {spec.reference_side:g} mm reference square does not fit a {area.width:g} x "
                           f"{area.height:g} mm bed area: use a larger {mention('bed')}, a smaller "
                           f"{mention('reference_size')} or {mention('no_reference', True)}", "reference_size")
    return Rect(area.x, area.y, grown, grown)


def cut_layout(pieces: list[Piece], faces: Faces, bed: Sheet, spec: CutSpec = DEFAULT_CUT_SPEC) -> CutLayout:
    """Pieces packed on beds for cutting: a cut layer of kerf-compensated outlines (and the reference
    square), and an engrave layer of the numbers."""
    look = faces.look
    path_outline = kerf_outline(look.outline, spec.kerf)
    box = reference_box(bed, spec)
    keep_out = (box,) if box else ()
    pages = pack_shapes(len(pieces), path_outline, bed.printable, spec.gap, spec.nest,
                        f"{look.width:g} mm {look.shape} tile", keep_out)
    scenes: list[Scene] = []
    placements: list[Placement] = []
    queue = iter(pieces)
    cut_style = Style(fill=None, stroke=spec.cut_colour, stroke_width=spec.hairline)
    for slots in pages:
        scene = cut_scene(bed.width, bed.height)
        cut, engrave = scene.layer(CUT_LAYER), scene.layer(ENGRAVE_LAYER)
        if box:
            path, label = reference_square(box.x + spec.kerf / 2, box.y + spec.kerf / 2, spec)
            cut.items.append(path)
            engrave.items.extend(label)
        for slot in slots:
            piece = next(queue)
            cut.items.append(Polygon(tuple(place_outline(path_outline, slot)), cut_style))
            if spec.engrave:
                engrave.items.extend(faces.labels(piece, slot, spec.engrave_colour))
            placements.append(Placement(piece, slot, len(scenes)))
        scenes.append(scene)
    return CutLayout(scenes, placements)

