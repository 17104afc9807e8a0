"""The files of a run of 3D pieces: a 3MF per plate, or an STL per plate and filament, a manifest, a picture.

Everything is made in memory first, as (path, bytes) pairs, so that a failure leaves nothing behind (the
caller writes them with fileio.write_files_atomic). One plate is NAME.3mf; several are NAME-1.3mf,
NAME-2.3mf, ... STL files are NAME-filament1.stl and NAME-filament2.stl for one plate, NAME-filament1-1.stl,
... for several. Numbered files of the same names left by an earlier, bigger run are removed with the write.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from modlinseq_print.inputs import excerpt
from modlinseq_print.options import SOLID_FORMATS
from modlinseq_print.printables.tiles import Piece, TileLook
from modlinseq_print.render.output import page_files, page_paths
from modlinseq_print.solids import manifest
from modlinseq_print.solids.labels import label_key
from modlinseq_print.solids.mesh import Mesh, box_mesh, joined
from modlinseq_print.solids.pieces import DARK, LIGHT, PieceSolids, SolidError, SolidSpec, piece_name
from modlinseq_print.solids.plates import Plate, filament_change, plan_plates
from modlinseq_print.solids.preview import View, render_png
from modlinseq_print.solids.stl import stl_bytes
from modlinseq_print.solids.threemf import Filament, Instance, threemf_bytes

FORMATS = SOLID_FORMATS
MAX_FACES = 200  # different faces in one run (each is its own solid; a standard set has 27)
THUMBNAIL = (256, 256)
DEFAULT_COLOURS = ("#ffd54f", "#222222")  # light and dark filaments: the sheets' tile yellow, near black
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
BED_COLOUR, BED_THICKNESS = "#9aa3ad", 1.5  # the printer's bed in pictures
PLATE_VIEW = View(azimuth=-18.0, elevation=58.0)

Files = list[tuple[Path, bytes | None]]


@dataclass(frozen=True)
class PrintJob:
    """How a run is printed: the bed (width, depth in mm), the spacing of pieces, the layer heights the
    slicer will use (for the filament change) and the two filaments' display colours."""

    bed: tuple[float, float] = (256.0, 256.0)
    spacing: float = 3.0
    layer: float = 0.2
    first_layer: float = 0.2
    colours: tuple[str, str] = DEFAULT_COLOURS

    def __post_init__(self) -> None:
        for value, what, field in ((self.layer, "a layer height", "layer_height"),
                                   (self.first_layer, "a first layer height", "first_layer_height")):
            if not 0.05 <= value <= 1.0:
                raise SolidError(f"{what} of {value:g} mm is out of range: use 0.05 to 1 mm, e.g. 0.2mm", field, 1.0)
        for colour in self.colours:
            if not _COLOUR.fullmatch(colour):
                raise SolidError(f"bad filament colour {excerpt(colour)}: give two colours #rrggbb, "
                                 "e.g. #ffd54f,#222222", "colors")

    @property
    def filaments(self) -> list[Filament]:
        """The two filaments: light (tile bodies, marker text) and dark (tile text, marker bodies)."""
        return [Filament(LIGHT, "light: tile bodies, marker text", self.colours[0].lower()),
                Filament(DARK, "dark: tile text, marker and blocker bodies", self.colours[1].lower())]


@dataclass
class PieceRun:
    """The solids and plates of one run, ready to write in either format."""

    solids: PieceSolids
    plates: list[Plate]
    job: PrintJob
    stroke: float

    def instances(self, plate: Plate) -> list[Instance]:
        """The plate's pieces as 3MF instances, named 'tile 7 #3' by their order on the plate."""
        seen: dict[str, int] = {}
        out = []
        for placed in plate.placed:
            name = piece_name(placed.piece)
            seen[name] = seen.get(name, 0) + 1
            out.append(Instance(self.solids.model(placed.piece), f"{name} #{seen[name]}", placed.x, placed.y,
                                placed.turn))
        return out

    def meshes(self, plate: Plate, filament: int) -> list[Mesh]:
        """The parts of one filament on a plate, moved to their places."""
        return [part.mesh.moved(p.x, p.y, 0.0, p.turn) for p in plate.placed
                for part in self.solids.model(p.piece).parts if part.filament == filament]

    def picture(self, plate: Plate, size: tuple[int, int]) -> bytes:
        """A shaded picture of a plate's pieces on the bed."""
        colours = {f.number: f.colour for f in self.job.filaments}
        bed = box_mesh((0.0, 0.0, -BED_THICKNESS), (*self.job.bed, 0.0))
        return render_png([(bed, BED_COLOUR)] + [(mesh, colours[k]) for k in (LIGHT, DARK)
                                                 for mesh in self.meshes(plate, k)], *size, view=PLATE_VIEW)

    def piece_picture(self, piece: Piece, size: tuple[int, int] = (600, 450)) -> bytes:
        """A shaded picture of one piece, close up."""
        colours = {f.number: f.colour for f in self.job.filaments}
        return render_png([(part.mesh, colours[part.filament]) for part in self.solids.model(piece).parts], *size)

    @property
    def change(self) -> tuple[float, int]:
        """The height and layer before which a single-extruder printer changes filament for raised text."""
        return filament_change(self.solids.spec.thickness, self.job.layer, self.job.first_layer)


def piece_run(pieces: list[Piece], look: TileLook, spec: SolidSpec, job: PrintJob) -> PieceRun:
    """Check the pieces can be printed (count, bed, strokes, the floor under sunk text), lay them on plates and
    prepare their solids."""
    faces = len({label_key(piece) for piece in pieces})
    if faces > MAX_FACES:
        raise SolidError(f"these pieces have {faces} different faces, more than one run makes ({MAX_FACES}): make "
                         "the set in several runs, e.g. a range of values each with a counts file")
    solids = PieceSolids(look, spec, pieces)
    plates = plan_plates(pieces, look.outline, job.bed, job.spacing)
    stroke = solids.check_strokes(pieces)
    solids.floor(pieces)
    return PieceRun(solids, plates, job, stroke)


def plate_name(plate: Plate, count: int) -> str:
    """The title of a plate: 'MODLINSEQ pieces, plate 2 of 3'."""
    return f"MODLINSEQ pieces, plate {plate.number} of {count}"


def numbered_files(path: str | Path, payloads: list, fmt: str, earlier: bool = True) -> Files:
    """A file per plate (NAME.ext for one, NAME-1.ext, NAME-2.ext, ... for several); with `earlier`, also the
    numbered files of an earlier, bigger run to remove, which looks into the folder (a server, which opens no
    folder a request names, passes False)."""
    if earlier:
        return page_files(path, payloads, fmt)
    return list(zip(page_paths(path, len(payloads), fmt), payloads)) if payloads else []


def threemf_files(run: PieceRun, path: str | Path, earlier: bool = True) -> Files:
    """One 3MF per plate (with a thumbnail), and the stale numbered 3MF files of an earlier run to remove."""
    payloads = [threemf_bytes(run.instances(plate), run.job.filaments, plate_name(plate, len(run.plates)),
                              run.picture(plate, THUMBNAIL)) for plate in run.plates]
    return numbered_files(path, payloads, "3mf", earlier)


def stl_paths(path: str | Path, filament: int) -> Path:
    """The base name of one filament's STL files: NAME-filamentK.stl."""
    target = Path(path)
    return target.with_name(f"{target.stem}-filament{filament}.stl")


def stl_files(run: PieceRun, path: str | Path, earlier: bool = True) -> Files:
    """An STL per plate and filament (none for a filament a run does not use), stale ones to remove."""
    files: Files = []
    for filament in (LIGHT, DARK):
        meshes = [joined(run.meshes(plate, filament)) for plate in run.plates]
        if not any(len(mesh.triangles) for mesh in meshes):  # only removes the files of an earlier run
            if earlier:
                files += [(stl_paths(path, filament), None)] + page_files(stl_paths(path, filament), [], "stl")
            continue
        payloads = [stl_bytes(mesh, f"{plate_name(plate, len(run.plates))}, filament {filament}")
                    if len(mesh.triangles) else None for plate, mesh in zip(run.plates, meshes)]
        files += numbered_files(stl_paths(path, filament), payloads, "stl", earlier)  # None: not on that plate
    return files


def run_files(run: PieceRun, path: str | Path, fmt: str, preview: str | None = None, earlier: bool = True) -> Files:
    """Every file of a run: the plates in the format, the CSV and JSON manifests, the optional picture (and,
    with `earlier`, an earlier run's numbered files to remove)."""
    if fmt not in FORMATS:
        raise SolidError(f"unknown 3D format {excerpt(fmt)}: use one of {', '.join(FORMATS)}")
    files = threemf_files(run, path, earlier) if fmt == "3mf" else stl_files(run, path, earlier)
    written = [name for name, data in files if data is not None]
    files += manifest.manifest_files(path, run, written, fmt)
    if preview:
        files.append((Path(preview), run.picture(run.plates[0], (900, 700))))
    return files
