"""The kit builder's pieces in plastic and wood: shaded pictures drawn on the server, and downloads of the
kit's tiles and markers as 3D-printable plates (3MF or STL) and of a rack (printed: 3MF, STL; laser-cut:
SVG, DXF), each a zip of the files `modlinseq-print pieces3d` and `rack` write, manifests included.

A request carries the kit form (`name`, `values`, read and checked as the kit builder reads them) and the
choices of this part of the page (`solid`): the tiles' style and text, the rack's hand and material. The
solids' own limits (pieces and faces in a run, the nozzle's strokes) are refused in one line like any value.
"""

from __future__ import annotations

from pathlib import Path

from modlinseq_print.kits.build import kit_pieces
from modlinseq_print.printables.cutfile import CutSpec
from modlinseq_print.printables.rack import RackSize
from modlinseq_print.printables.rack_laser import MAX_MATERIAL, MIN_MATERIAL
from modlinseq_print.printables.tiles import Piece
from modlinseq_print.render.imposition import bounding_box
from modlinseq_print.studio.exchange import Reply, Request
from modlinseq_print.studio.feature import Feature
from modlinseq_print.options import HAND, NUMBER, PIECE_STYLE
from modlinseq_print.studio.fields import FieldError, choice, field, text
from modlinseq_print.studio.kit_api import form_preset
from modlinseq_print.studio.uploads import content_type, zip_files
from modlinseq_print.units import parse_length

STYLES = PIECE_STYLE.choices
NUMBERS = NUMBER.choices
VIEWS = ("tile", "marker", "plate", "rack", "laser-rack")
DOWNLOADS = {"pieces-3mf": ("pieces", "3mf"), "pieces-stl": ("pieces", "stl"), "rack-3mf": ("rack", "3mf"),
             "rack-stl": ("rack", "stl"), "rack-svg": ("laser-rack", "svg"), "rack-dxf": ("laser-rack", "dxf")}
PICTURE = (640, 480)


def options(request: Request) -> dict:
    """The choices of the 3D part of the kit builder, and their defaults."""
    return {"styles": list(STYLES), "numbers": list(NUMBERS), "views": list(VIEWS), "downloads": list(DOWNLOADS),
            "hand": {"default": HAND.default, "low": HAND.low, "high": HAND.high},
            "material": {"default": "3mm", "low_mm": MIN_MATERIAL, "high_mm": MAX_MATERIAL}}


def _solid_choices(request: Request) -> dict:
    """The `solid` object of a request, its fields checked."""
    solid = request.body.get("solid", {})
    if not isinstance(solid, dict):
        raise FieldError("solid must be an object of the 3D choices (style, number, hand, material)")
    return {"style": field(solid, PIECE_STYLE), "number": field(solid, NUMBER),
            "hand": field(solid, HAND),
            "material": parse_length(text(solid, "material", "3mm") or "3mm", "material thickness")}


def _kit(request: Request):
    """The form's preset, its pieces, the solids' look and spec, and the request's 3D choices."""
    from modlinseq_print.solids.pieces import solid_look, solid_spec

    preset = form_preset(request)
    chosen = _solid_choices(request)
    look = solid_look(preset.measures.tile_width, preset.tiles.shape)
    spec = solid_spec(chosen, "none" if preset.tiles.underline == "none" else "underline")
    return preset, kit_pieces(preset), look, spec, chosen


def _rack_size(look, spec, chosen) -> RackSize:
    return RackSize(look.width, bounding_box(look.outline).height, spec.thickness, chosen["hand"])


def _piece_run(pieces, look, spec):
    from modlinseq_print.solids.files import PrintJob, piece_run

    return piece_run(pieces, look, spec, PrintJob())


def _one_piece(preset, pieces: list[Piece], kind: str) -> Piece:
    """The piece a close-up shows: the kit's modulus marker (or its first), or a tile of 7 (or the highest)."""
    if kind == "marker":
        markers = [p for p in pieces if p.kind == "marker"]
        if not markers:
            raise FieldError("this kit has no modulus markers: include them (markers.include) to see one")
        return next((p for p in markers if p.value == preset.modulus), markers[0])
    numbers = [p for p in pieces if p.kind == "number"]
    if not numbers:
        raise FieldError("this kit has no number tiles to show")
    return next((p for p in numbers if p.value == 7), numbers[-1])


def picture(request: Request) -> Reply:
    """A shaded PNG of the kit's pieces as solids: a tile, a marker, the first plate, or a rack holding a hand."""
    from modlinseq_print.solids import kernel

    kernel.manifold3d()
    view = choice(request.body, "view", VIEWS, "tile")
    preset, pieces, look, spec, chosen = _kit(request)
    if view in ("tile", "marker"):
        piece = _one_piece(preset, pieces, view)
        run = _piece_run([piece], look, spec)
        return Reply(run.piece_picture(piece, PICTURE), content_type("png"))
    if view == "plate":
        run = _piece_run(pieces, look, spec)
        return Reply(run.picture(run.plates[0], PICTURE), content_type("png"))
    from modlinseq_print.printables.rack_laser import check_material, rack_parts
    from modlinseq_print.solids.rack_files import laser_rack_picture, printed_rack_picture

    size = _rack_size(look, spec, chosen)
    values = [p.value for p in pieces if p.kind == "number"]  # the hand in the rack is of the kit's own tiles
    if view == "rack":
        return Reply(printed_rack_picture(size, look, PICTURE, values), content_type("png"))
    material = check_material(chosen["material"])
    return Reply(laser_rack_picture(size, look, rack_parts(size, material), material, PICTURE, values),
                 content_type("png"))


def download(request: Request) -> Reply:
    """A zip of the kit's 3D plates (3MF or STL, with the manifests) or of a rack (3MF, STL, SVG or DXF)."""
    kind = choice(request.body, "kind", tuple(DOWNLOADS), "pieces-3mf")
    what, fmt = DOWNLOADS[kind]
    preset, pieces, look, spec, chosen = _kit(request)
    name = f"{preset.name}-{what}"
    if what == "pieces":
        from modlinseq_print.solids import kernel
        from modlinseq_print.solids.files import run_files

        kernel.manifold3d()
        files = run_files(_piece_run(pieces, look, spec), f"{name}.{fmt}", fmt, earlier=False)
    else:
        files = _rack_files(_rack_size(look, spec, chosen), look, chosen["material"], what, name, fmt)
    named = [(Path(path).name, data) for path, data in files if data is not None]
    return Reply(zip_files(named), content_type("zip"), f"{name}-{fmt}.zip")


def _rack_files(size: RackSize, look, material: float, what: str, name: str, fmt: str):
    """The files of one rack: printed (3MF, STL) or laser-cut (SVG, DXF, kerf 0, the reference square)."""
    from modlinseq_print.solids.rack_files import laser_rack_files, rack_plate_files

    if what == "laser-rack":
        from modlinseq_print.printables.rack_laser import check_material

        return laser_rack_files(size, look, material=check_material(material), spec=CutSpec(), copies=1,
                                bed=(600.0, 400.0), path=f"{name}.{fmt}", fmt=fmt, preview=None, earlier=False)
    from modlinseq_print.solids import kernel

    kernel.manifold3d()
    return rack_plate_files(size, look, copies=1, bed=(256.0, 256.0), spacing=3.0, path=f"{name}.{fmt}", fmt=fmt,
                            preview=None, earlier=False)


FEATURE = Feature(
    routes={("GET", "/api/pieces3d/options"): options, ("POST", "/api/pieces3d/picture"): picture,
            ("POST", "/api/pieces3d/download"): download},
    form="kit.html", heavy=frozenset({"/api/pieces3d/picture", "/api/pieces3d/download"}),
    budgets={"/api/pieces3d/picture": 60.0, "/api/pieces3d/download": 120.0})
