"""Tiles, wild tiles, blockers and modulus markers as solids: the sheets' outline extruded, the face text on top.

Each piece is a body and, except for blockers and sunk text, a second part: its text, raised on the top
face, or inlaid flush into it as a separate solid. Number tiles and wild tiles are the light filament with
dark text; markers and blockers take the dark filament (with light text), so that markers contrast with
the tiles, as the rules ask, with the same two filaments. Solids are built once per kind and text and
shared by every copy: the time grows with the number of distinct faces, not of pieces.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass

from modlinseq_print.errors import FieldError, ModlinseqError, mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.options import NOZZLE, NUMBER, PIECE_STYLE, PIECE_THICKNESS, RELIEF, SOLIDS, TOP_CHAMFER
from modlinseq_print.printables.tiles import DEFAULT_SAFE, MAX_WIDTH, MIN_WIDTH, Piece, TileLook
from modlinseq_print.solids import kernel
from modlinseq_print.solids.labels import CUES, FaceLabels, label_key
from modlinseq_print.solids.mesh import Mesh

NUMBER_STYLES = NUMBER.choices
THICKNESS = PIECE_THICKNESS  # mm: flat tiles for a rack, standing tiles like dominoes
MIN_THICKNESS, MAX_THICKNESS = 1.0, 40.0
MIN_RELIEF, MAX_RELIEF = 0.4, 5.0  # two layers of 0.2 mm at least
MIN_FLOOR = 1.0  # mm of body kept under sunk or inlaid text
DEFAULT_CHAMFER = 0.4  # mm, the bottom chamfer unless one is given: a third of the thickness on thinner tiles
MAX_CHAMFER = 1.5  # mm, and at most a third of the thickness
MIN_NOZZLE, MAX_NOZZLE = 0.1, 1.2
LIGHT, DARK = 1, 2  # the two filaments
DARK_BODIED = ("marker", "blocker")
ROUGH_STEPS = 4  # the first, rough measure of every face's strokes, to within ROUGH_STEP
ROUGH_STEP = kernel.STROKE_LIMIT / 2 ** ROUGH_STEPS
WIDTH_STEP = 0.1  # mm: the narrowest tile a set's text prints at is found to this step


class SolidError(FieldError):
    """Solid options that cannot make a printable piece (its field: the one at fault, if any)."""


@dataclass(frozen=True)
class SolidSpec:
    """How a piece is made: thickness (mm), text style (raised, sunk or inlay) and its relief or depth, the
    chamfers of the bottom and top edges (the bottom one by default_chamfer when None), the nozzle width (the
    thinnest stroke printed) and the 6/9 cue."""

    thickness: float = THICKNESS[PIECE_STYLE.default]
    number: str = NUMBER.default
    relief: float = RELIEF.value(None)  # type: ignore[assignment]
    chamfer: float | None = None
    top_chamfer: float = TOP_CHAMFER.value(None)  # type: ignore[assignment]
    nozzle: float = NOZZLE.value(None)  # type: ignore[assignment]
    cue: str = "none"

    def __post_init__(self) -> None:
        if self.number not in NUMBER_STYLES:
            raise SolidError(f"unknown number style {excerpt(self.number)}: use one of {', '.join(NUMBER_STYLES)}",
                             "number", NUMBER_STYLES)
        if self.cue not in CUES:
            raise SolidError(f"unknown 6/9 cue {excerpt(self.cue)}: use one of {', '.join(CUES)}")
        check_thickness(self.thickness)
        if self.chamfer is None:
            object.__setattr__(self, "chamfer", default_chamfer(self.thickness))
        _within(self.nozzle, MIN_NOZZLE, MAX_NOZZLE, "a nozzle width", "e.g. 0.4mm", "nozzle")
        _within(self.relief, MIN_RELIEF, MAX_RELIEF, "a relief", "e.g. 0.6mm; at least two layers", "relief")
        highest = max_chamfer(self.thickness)
        for value, what, field in ((self.bottom_chamfer, "a bottom chamfer", "chamfer"),
                                   (self.top_chamfer, "a top chamfer", "top_chamfer")):
            _within(value, 0.0, highest, what, f"e.g. {min(DEFAULT_CHAMFER, highest):g}mm, or 0 for none", field)
        self._check_relief()

    @property
    def bottom_chamfer(self) -> float:
        """The bottom chamfer in mm: the one given, else default_chamfer's (which __post_init__ settles)."""
        return default_chamfer(self.thickness) if self.chamfer is None else self.chamfer

    def _check_relief(self) -> None:
        if self.number == "raised":
            if self.relief > self.thickness:
                raise SolidError(f"a relief of {self.relief:g} mm is thicker than the {self.thickness:g} mm tile: "
                                 f"use a {mention('relief')} of at most {self.thickness:g} mm or a thicker tile "
                                 f"({mention('thickness')})", "relief", self.thickness)
            return
        deepest = round(self.thickness - MIN_FLOOR, 6)
        if deepest < MIN_RELIEF:
            thinnest = MIN_FLOOR + MIN_RELIEF
            raise SolidError(f"{self.number} text needs a tile at least {thinnest:g} mm thick ({MIN_RELIEF:g} mm deep "
                             f"over a {MIN_FLOOR:g} mm floor), not {self.thickness:g} mm: use a {mention('thickness')} "
                             f"of {thinnest:g} mm or more, or raised text", "thickness", thinnest)
        if self.relief > deepest:
            raise SolidError(f"{self.number} text {self.relief:g} mm deep leaves {self.floor:g} mm of the "
                             f"{self.thickness:g} mm tile under it, less than the {MIN_FLOOR:g} mm floor: use a depth "
                             f"({mention('relief')}) of at most {deepest:g} mm or a thicker tile "
                             f"({mention('thickness')})", "relief", deepest)

    @property
    def floor(self) -> float:
        """The body left under sunk or inlaid text, in mm (the whole thickness under raised text)."""
        return self.thickness if self.number == "raised" else round(self.thickness - self.relief, 6)

    @property
    def top(self) -> float:
        """The height of the piece's highest point: the top of raised text, else the top face."""
        return self.thickness + (self.relief if self.number == "raised" else 0.0)


def solid_look(width: float, shape: str = "pentagon") -> TileLook:
    """The look of the sheets' tiles at a width (mm) and shape, for solids: the same outline and text, the text
    as far inside the edge as on the sheets (less on tiles too small for that, which the stroke check judges)."""
    return TileLook(width=width, shape=shape, safe=min(DEFAULT_SAFE, width / 4))


def solid_spec(given: Mapping[str, object], cue: str) -> SolidSpec:
    """The solid spec from what a person gave (by option name, as text or mm; a missing option takes its
    default) and the 6/9 cue: the one way the command line, the library and the studio make it."""
    values = SOLIDS.values(given)
    thickness = style_thickness(values.pop("style"), values.pop("thickness"))  # type: ignore[arg-type]
    return SolidSpec(thickness=thickness, cue=cue, **values)  # type: ignore[arg-type]


def _named(piece: Piece | None) -> str:
    """A piece's name in a message; "pieces" when there is none to name (no piece carries text)."""
    return "pieces" if piece is None else piece_name(piece)


def max_chamfer(thickness: float) -> float:
    """The largest chamfer a tile of `thickness` mm takes: MAX_CHAMFER, at most a third of the thickness (to
    0.01 mm)."""
    return min(MAX_CHAMFER, math.floor(thickness / 3 * 100 + 1e-6) / 100)


def default_chamfer(thickness: float) -> float:
    """The bottom chamfer when none is given: DEFAULT_CHAMFER, or the largest a thinner tile takes."""
    return min(DEFAULT_CHAMFER, max_chamfer(thickness))


def minimum_width(shape: str, spec: SolidSpec, pieces: list[Piece]) -> float | None:
    """The narrowest tile width, to WIDTH_STEP, whose face text the nozzle draws for these pieces, shape and
    spec (None when even MAX_WIDTH does not): found by halving from the whole range of widths, so it is the
    same whatever width was tried, that width prints, and the one a step narrower does not."""
    return _minimum_width(shape, spec, tuple(sorted({label_key(p): p for p in pieces}.values(), key=label_key)))


@functools.lru_cache(maxsize=16)
def _minimum_width(shape: str, spec: SolidSpec, faces: tuple[Piece, ...]) -> float | None:
    """minimum_width of one piece of each face (computed once for a shape, spec and set of faces)."""
    def prints(step: int) -> bool:
        return PieceSolids(solid_look(round(step * WIDTH_STEP, 1), shape), spec, list(faces)).printable(list(faces))

    low, high = round(MIN_WIDTH / WIDTH_STEP), round(MAX_WIDTH / WIDTH_STEP)
    if not prints(high):
        return None
    if prints(low):
        return MIN_WIDTH
    while high - low > 1:  # prints(high) and not prints(low)
        middle = (low + high) // 2
        low, high = (low, middle) if prints(middle) else (middle, high)
    return round(high * WIDTH_STEP, 1)


def check_thickness(thickness: float) -> float:
    """A tile thickness in mm, or a one-line SolidError."""
    _within(thickness, MIN_THICKNESS, MAX_THICKNESS, "a thickness", "e.g. 3mm for flat tiles or 9mm for standing ones",
            "thickness")
    return thickness


def style_thickness(style: str, thickness: float | None) -> float:
    """The tiles' thickness in mm: `thickness` when given, else the `style`'s ("flat" or "standing"), checked."""
    if style not in THICKNESS:
        raise ModlinseqError(f"unknown style {style!r}: use one of {', '.join(THICKNESS)}")
    return check_thickness(THICKNESS[style] if thickness is None else thickness)


def _within(value: float, low: float, high: float, what: str, hint: str, field: str) -> None:
    if not low <= value <= high:
        raise SolidError(f"{what} of {value:g} mm is out of range: use {low:g} to {high:g} mm, {hint}", field,
                         (low, high))


@dataclass(frozen=True, eq=False)
class Part:
    """One part of a piece: a name, its mesh (centred on the tile's box, z from 0) and its filament (1 or 2)."""

    name: str
    mesh: Mesh
    filament: int


@dataclass(frozen=True, eq=False)
class PieceModel:
    """A piece as parts, body first, shared by every copy of the same kind and text."""

    name: str
    parts: tuple[Part, ...]


def piece_name(piece: Piece) -> str:
    """'tile 7', 'wild tile', 'blocker', 'marker mod 13'."""
    return {"number": f"tile {piece.label}", "wild": "wild tile", "blocker": "blocker",
            "marker": f"marker mod {piece.label}"}[piece.kind]


def body_filament(piece: Piece) -> int:
    """The filament of a piece's body: dark for markers and blockers, light for tiles and wild tiles."""
    return DARK if piece.kind in DARK_BODIED else LIGHT


class PieceSolids:
    """Builds the solids of a set of pieces of one look and spec, once per kind and text, and checks that
    the text's strokes are printable with the nozzle."""

    def __init__(self, look: TileLook, spec: SolidSpec, pieces: list[Piece]):
        self.look = look
        self.spec = spec
        self.labels = FaceLabels(look, pieces, spec.cue)
        self.outline = [(x, -y) for x, y in look.outline]
        self._models: dict[tuple[str, str], PieceModel] = {}
        self._regions: dict[tuple[str, str], object] = {}
        self._body = None

    def region(self, piece: Piece):
        """The face text of a piece as a region (cached per kind and text)."""
        key = label_key(piece)
        if key not in self._regions:
            self._regions[key] = kernel.region(self.labels.contours(piece))
        return self._regions[key]

    def faces(self, pieces: list[Piece]) -> list[Piece]:
        """One piece of each face with text (blockers have none)."""
        return list({label_key(p): p for p in pieces if p.kind != "blocker"}.values())

    def printable(self, pieces: list[Piece]) -> bool:
        """True when a round pen as wide as the nozzle draws the text of every face (see kernel.drawable)."""
        return all(kernel.drawable(self.region(p), self.spec.nozzle / 2) for p in self.faces(pieces))

    def thinnest_stroke(self, pieces: list[Piece]) -> tuple[float, Piece | None]:
        """The thinnest stroke of any face text of the pieces, and a piece that has it: every face measured
        roughly, then the thinnest ones precisely."""
        faces = self.faces(pieces)
        if not faces:
            return float("inf"), None
        rough = {label_key(p): kernel.thinnest_stroke(self.region(p), steps=ROUGH_STEPS) for p in faces}
        close = min(rough.values()) + ROUGH_STEP  # a rough measure is at most ROUGH_STEP under the true one
        exact = [(kernel.thinnest_stroke(self.region(p)), p) for p in faces if rough[label_key(p)] <= close]
        return min(exact, key=lambda pair: pair[0])

    def check_strokes(self, pieces: list[Piece]) -> float:
        """The thinnest stroke, or a one-line SolidError, when the nozzle cannot draw the text, that names the
        narrowest tile width that can (minimum_width)."""
        stroke, piece = self.thinnest_stroke(pieces)
        if self.printable(pieces):
            return stroke
        narrowest = minimum_width(self.look.shape, self.spec, pieces)
        advice = (f"use a tile width of at least {narrowest:g} mm or a finer nozzle" if narrowest is not None else
                  f"no tile up to {MAX_WIDTH:g} mm prints it: use a finer nozzle")
        raise SolidError(f"at a tile width of {self.look.width:g} mm the text of the {_named(piece)} has strokes "
                         f"{stroke:.3f} mm thin, under the {self.spec.nozzle:g} mm nozzle: {advice}")

    def floor(self, pieces: list[Piece]) -> float:
        """The least body under the text of any of the pieces, in mm: the spec's floor, less where text comes
        nearer the edge than the bottom chamfer (the chamfer rises 1 mm a mm inward); a one-line SolidError when
        it is under MIN_FLOOR for sunk or inlaid text."""
        spec = self.spec
        chamfer = spec.bottom_chamfer
        if spec.number == "raised" or chamfer == 0:
            return spec.floor
        nearest = min(((kernel.clearance(self.region(p), self.outline, chamfer), p) for p in self.faces(pieces)),
                      key=lambda pair: pair[0], default=(chamfer, None))
        floor = round(spec.floor - (chamfer - nearest[0]), 3)
        if floor < MIN_FLOOR:
            raise SolidError(f"the text of the {_named(nearest[1])} comes {nearest[0]:.2f} mm from the edge, over "
                             f"the {chamfer:g} mm bottom chamfer, leaving {floor:g} mm under it, less than the "
                             f"{MIN_FLOOR:g} mm floor: use a smaller {mention('chamfer')}, a shallower "
                             f"{mention('relief')} or raised text", "chamfer", nearest[0])
        return floor

    def body(self):
        """The plain body: the outline extruded to the thickness, chamfered."""
        if self._body is None:
            spec = self.spec
            self._body = kernel.prism(self.outline, spec.thickness, spec.bottom_chamfer, spec.top_chamfer)
        return self._body

    def model(self, piece: Piece) -> PieceModel:
        """The parts of a piece (built once per kind and text)."""
        key = label_key(piece)
        if key not in self._models:
            self._models[key] = PieceModel(piece_name(piece), tuple(self._parts(piece)))
        return self._models[key]

    def solids(self, piece: Piece) -> tuple[object, object | None]:
        """The body and the text part of a piece as solids (the text part None when there is none)."""
        body, spec = self.body(), self.spec
        if piece.kind == "blocker":
            return body, None
        text = self.region(piece)
        if spec.number == "raised":
            return body, kernel.extrude(text, spec.thickness, spec.thickness + spec.relief)
        cutter = kernel.extrude(text, spec.thickness - spec.relief, spec.thickness + 1.0)
        inlay = None if spec.number == "sunk" else kernel.intersection(body, cutter)
        return kernel.difference(body, cutter), inlay

    def _parts(self, piece: Piece) -> list[Part]:
        body, text = self.solids(piece)
        filament = body_filament(piece)
        parts = [Part(piece_name(piece), kernel.to_mesh(body), filament)]
        if text is not None and not kernel.is_empty(text):
            parts.append(Part(f"{piece_name(piece)} text", kernel.to_mesh(text), LIGHT + DARK - filament))
        return parts
