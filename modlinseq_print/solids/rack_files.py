"""The files of racks: printed (a 3MF, one object per rack, or an STL per plate) or laser-cut (an SVG or DXF
per bed), and their pictures. The laser-cut rack's files need no solids; only its picture does."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from modlinseq_print.printables.rack import RackSize
from modlinseq_print.printables.rack_laser import (
    LASER_BED, PRINTER_BED, laser_choices, laser_cut_spec, rack_cut_scenes, rack_parts,
)
from modlinseq_print.render.output import render_pages
from modlinseq_print.render.paper import Sheet, check_paper_size
from modlinseq_print.render.scene import Document, Page
from modlinseq_print.printables.tiles import TileLook
from modlinseq_print.solids import kernel
from modlinseq_print.solids.files import DEFAULT_COLOURS, THUMBNAIL, numbered_files
from modlinseq_print.solids.mesh import Mesh, joined
from modlinseq_print.solids.pieces import DARK, LIGHT
from modlinseq_print.solids.plates import check_extent
from modlinseq_print.solids.preview import View, render_png
from modlinseq_print.solids.rack import (
    laser_rack_meshes, rack_model, rack_plates, rack_profile, rack_solid, tiles_in_rack,
)
from modlinseq_print.solids.stl import stl_bytes
from modlinseq_print.solids.threemf import Filament, Instance, threemf_bytes
from modlinseq_print.units import parse_length, parse_size

RACK_FILAMENT = Filament(LIGHT, "rack", "#7d8794")
LASER_BED_MARGIN = 5.0  # mm kept clear along a laser bed's edges
WOOD = "#d9b382"
PICTURE = (900, 700)
RACK_VIEW = View(azimuth=-32.0, elevation=32.0)


def rack_picture(size: RackSize, look: TileLook, rack: list[tuple[Mesh, str]], corner: tuple[float, float],
                 pixels: tuple[int, int] = PICTURE, values=None) -> bytes:
    """A picture of a rack (its meshes, x from 0 along the rack) holding a hand of tiles (of `values`, a kit's
    tile numbers; modulus 13's when None)."""
    colours = dict(zip((LIGHT, DARK), DEFAULT_COLOURS))
    tiles = [(mesh, colours[filament]) for mesh, filament in tiles_in_rack(size, look, corner, values)]
    return render_png(rack + tiles, *pixels, view=RACK_VIEW)


def printed_rack_picture(size: RackSize, look: TileLook, pixels: tuple[int, int] = PICTURE, values=None) -> bytes:
    """A picture of the printed rack in use, holding a hand of `values` (a kit's tile numbers)."""
    profile = rack_profile(size)
    return rack_picture(size, look, [(kernel.to_mesh(rack_solid(size)), RACK_FILAMENT.colour)], profile[4], pixels,
                        values)


def laser_rack_picture(size: RackSize, look: TileLook, parts, material: float,
                       pixels: tuple[int, int] = PICTURE, values=None) -> bytes:
    """A picture of the laser-cut rack, assembled, in use, holding a hand of `values` (a kit's tile numbers)."""
    corner = parts[0].pose.origin[1:]
    return rack_picture(size, look, [(mesh, WOOD) for mesh in laser_rack_meshes(parts, material)], corner, pixels,
                        values)


def rack_plate_files(size: RackSize, look: TileLook, *, copies: int, bed: tuple[float, float], spacing: float,
                     path: str, fmt: str, preview: str | None, earlier: bool = True) -> list[tuple[Path, bytes | None]]:
    """The racks laid on plates and written as 3MF or STL, one file per plate, with the optional picture."""
    model = rack_model(size)
    plates = rack_plates(size, copies, bed, spacing)
    mesh = model.parts[0].mesh

    def placed(plate):
        return [mesh.moved(x, y, 0.0, turn) for x, y, turn in plate]

    for number, plate in enumerate(plates, start=1):
        low, high = joined(placed(plate)).bounds
        check_extent(number, (low[0], low[1], high[0], high[1]), bed, "racks")
    pictures = [render_png([(m, RACK_FILAMENT.colour) for m in placed(plate)], *THUMBNAIL) for plate in plates]
    if fmt == "3mf":
        payloads = [threemf_bytes([Instance(model, f"{model.name} #{k + 1}", x, y, turn)
                                   for k, (x, y, turn) in enumerate(plate)], [RACK_FILAMENT],
                                  f"MODLINSEQ rack, plate {n} of {len(plates)}", picture)
                    for n, (plate, picture) in enumerate(zip(plates, pictures), start=1)]
    else:
        payloads = [stl_bytes(joined(placed(plate)), f"MODLINSEQ rack, plate {n}")
                    for n, plate in enumerate(plates, start=1)]
    files = numbered_files(path, payloads, fmt, earlier)
    if preview:
        files.append((Path(preview), printed_rack_picture(size, look)))
    return files


def laser_rack_files(size: RackSize, look: TileLook, *, material: float, spec, copies: int,
                     bed: tuple[float, float], path: str, fmt: str, preview: str | None,
                     earlier: bool = True) -> list[tuple[Path, bytes | None]]:
    """The laser-cut racks' beds as SVG or DXF pages (cut and engrave layers, `spec` a CutSpec) and the optional
    picture of one rack, assembled, holding a hand (`earlier`: as for numbered_files)."""
    parts = rack_parts(size, material)
    scenes, _placed = rack_cut_scenes(parts, copies, Sheet(bed[0], bed[1], LASER_BED_MARGIN, "bed"), spec)
    files = numbered_files(path, render_pages(Document([Page(scene) for scene in scenes]), fmt), fmt, earlier)
    if preview:
        files.append((Path(preview), laser_rack_picture(size, look, parts, material)))
    return files


@dataclass(frozen=True, kw_only=True)
class RackJob:
    """How racks are written: the file and its format (one of options.RACK_FORMATS), the bed (None: the printer's or
    the laser's default), the space between parts, the picture (a .png, or None) and the laser-cut rack's
    options as given (None or missing: their defaults; refused for a rack to print)."""

    path: str
    fmt: str
    bed: str | None = None
    spacing: str | float = "3mm"
    preview: str | None = None
    laser: Mapping[str, object] = field(default_factory=dict)


def rack_files(size: RackSize, look: TileLook, copies: int, job: RackJob):
    """The files of `copies` racks as the job says: plates to 3D-print or bed files to laser-cut, with the
    picture; the one path the command line and the library take."""
    laser = laser_choices(job.laser, job.fmt, Path(job.path).name)
    cut = job.fmt in ("svg", "dxf")
    bed_text = str(job.bed or (LASER_BED if cut else PRINTER_BED))
    bed = check_paper_size(parse_size(bed_text, "bed"), bed_text)
    spacing = parse_length(job.spacing, "spacing")
    if not cut:
        kernel.manifold3d()
        return rack_plate_files(size, look, copies=copies, bed=bed, spacing=spacing, path=job.path, fmt=job.fmt,
                                preview=job.preview)
    material, spec = laser_cut_spec(laser, spacing)
    if job.preview:
        kernel.manifold3d()
    return laser_rack_files(size, look, material=material, spec=spec, copies=copies, bed=bed, path=job.path,
                            fmt=job.fmt, preview=job.preview)
