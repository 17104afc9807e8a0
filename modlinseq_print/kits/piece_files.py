"""The files of a run of pieces (tiles, markers): printed sheets and their manifest, cut files, per-piece images.

Everything is rendered in memory first, as (path, bytes) pairs, so that a failure leaves nothing behind:
the caller writes them with `fileio.write_files_atomic`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.options import PAPER
from modlinseq_print.options_pieces import CUT_MODE, CUTTER, MARGIN, SHEET_ORIENTATION
from modlinseq_print.printables.cutfile import CutLayout, CutSpec, cut_layout
from modlinseq_print.printables.manifest import manifest_files
from modlinseq_print.printables.per_piece import (
    CSV_NAME, POD_BLEED, POD_DPI, check_folder, check_run, image_frame, images_csv, piece_images, print_faces,
)
from modlinseq_print.printables.cutters import Cutter, CutterError, cut_sheet, get_cutter, pieces_sheet
from modlinseq_print.printables.print_and_cut import mark_sheets, print_cut_layout
from modlinseq_print.printables.tile_sheets import SheetOptions, build_sheets
from modlinseq_print.render.imposition import bounding_box
from modlinseq_print.render.output import format_for, page_files, render_pages
from modlinseq_print.render.scene import Document, Page
from modlinseq_print.render.press import PressOptions
from modlinseq_print.render.paper import (PaperError, Sheet, is_poster, make_sheet, parse_margin,
                                          parse_paper)

CUT_MODES = CUT_MODE.choices
BED_MARGIN = "5mm"
SHEET_DPI = 150.0

Files = list[tuple[Path, bytes | None]]  # None: a stale file of the run to remove (render.output.page_files)


class OptionError(FieldError):
    """Piece output options that cannot be used together (its field: the one to change)."""


@dataclass(frozen=True)
class PieceOutput:
    """Where and how a run of pieces is written: the sheets' file and format, paper and layout, and the
    optional cut file (mode "print" matches the printed sheets, "bed" nests the pieces on `bed`) and
    per-piece images folder. `dpi` None: 150 for sheets, 300 for per-piece images."""

    path: str
    kind: str  # "pdf", "svg", "png", or "dxf" for the cut paths alone
    sheet: Sheet
    options: SheetOptions
    dpi: float | None = None
    cut_mode: str | None = None
    cut_path: str | None = None  # None: the cut paths go to `path` (a DXF)
    cut_spec: CutSpec | None = None
    bed: Sheet | None = None
    per_piece: str | None = None
    press: PressOptions | None = None  # for a press-ready PDF
    per_piece_bleed: float = POD_BLEED  # mm of background past the cut on every per-piece image
    cutter: Cutter | None = None  # print-and-cut: the cutter's marks and area (None: Silhouette's)


@dataclass(frozen=True, kw_only=True)
class PieceRequest:
    """What a person asked of a run of pieces' files, as given (lengths as text or mm; each option's default
    is its definition's, options_pieces.PIECE_SHEETS): the sheets' `path` and `fmt`, their layout (`options`),
    paper, margin, orientation and `dpi`; the cut file and its `cut_mode`, `cut_spec` (used when a cut file or a
    DXF output is asked for), `bed` and `bed_margin`; `bed_only` names the bed-only options given (bed_margin,
    reference_size: they need bed mode); `per_piece` a folder of images with their bleed; `press` asks for a
    press-ready PDF; `cutter` names the print-and-cut profile (data/cutters.toml)."""

    path: str
    options: SheetOptions
    fmt: str | None = None
    paper: str = PAPER.default
    margin: str | float = MARGIN.default
    orientation: str = SHEET_ORIENTATION.default
    dpi: float | None = None
    cut_file: str | None = None
    cut_mode: str | None = CUT_MODE.default
    cut_spec: CutSpec | None = None
    bed: str | None = None
    bed_margin: str | None = None
    bed_only: tuple[str, ...] = ()
    per_piece: str | None = None
    per_piece_bleed: float = POD_BLEED
    press: PressOptions | None = None
    cutter: str | None = CUTTER.default


def piece_output(request: PieceRequest) -> PieceOutput:
    """Where and how a run of pieces is written, checked: the one builder the command line and the library
    share."""
    r = request
    sheet = make_sheet(r.paper, r.margin, r.orientation)
    kind = output_kind(r.path, r.fmt)
    if r.press is not None and kind != "pdf":
        raise OptionError(f"a press-ready file is a PDF, not {kind.upper()}: name the output .pdf", "press")
    mode = choose_cut_mode(kind, r.cut_file, r.cut_mode, r.bed, list(r.bed_only), r.options.layout)
    if r.cut_file:
        cut_file_kind(r.cut_file)
    spec = (r.cut_spec or CutSpec(gap=r.options.gap, nest=r.options.nest)) if mode else None
    profile = check_cutter(r.cutter, mode, kind, r.press, sheet)
    return PieceOutput(str(r.path), kind, sheet, r.options, r.dpi, mode,
                       None if r.cut_file is None else str(r.cut_file), spec,
                       bed_sheet(sheet, r.bed, r.bed_margin) if mode == "bed" else None,
                       None if r.per_piece is None else str(r.per_piece), r.press, r.per_piece_bleed, profile)


def check_cutter(name: str | None, mode: str | None, kind: str, press, sheet: Sheet) -> Cutter | None:
    """The print-and-cut profile named (Silhouette's by default in print mode), checked against the run: a
    profile needs print-and-cut; image-taking software needs PNG or SVG sheets; a RIP needs a press-ready PDF;
    the paper must lie in the cutter's area."""
    if mode != "print":
        if name is not None and press is not None and get_cutter(name).press:  # its RIP reads the press file
            raise CutterError(f"{get_cutter(name).label} cuts the die lines of the press-ready file as it is: give "
                              f"{mention('press')} alone, without {mention('cutter')}", "cutter", None)
        if name is not None:
            raise CutterError(f"a cutter profile sets up print-and-cut, and this run has "
                              f"{'bed nesting' if mode else 'no cut file'}: add a cut file (SVG) in print mode",
                              "cutter", mode)
        return None
    cutter = get_cutter(name)
    if cutter.images and kind not in ("png", "svg"):
        raise CutterError(f"{cutter.label} takes images: write the sheets as PNG or SVG, not {kind.upper()}",
                          "output", ("png", "svg"))
    if cutter.press and press is None:
        raise CutterError(f"{cutter.label} cuts the CutContour die lines of a press-ready PDF: make the sheets one",
                          "press", True)
    cut_sheet(cutter, sheet)
    return cutter


def cutter_faces(faces, out: PieceOutput):
    """For software that takes images (it cuts each shape's outline and adds its own bleed): the faces
    without bleed or printed cut line and the sheets without footer; otherwise both as they are."""
    if out.cutter is None or not out.cutter.images:
        return faces, out
    plain = faces.with_look(replace(faces.look, bleed=0.0, cut_line="none"))
    return plain, replace(out, options=replace(out.options, footer=False))


def press_spaced(faces, out: PieceOutput):
    """In press mode, the faces with their bleed and the output with its gap widened for the die
    (PressOptions.sheet_spacing); otherwise both as they are."""
    if out.press is None:
        return faces, out
    gap, bleed = out.press.sheet_spacing(out.options.gap, faces.look.bleed, faces.look.width)
    options = replace(out.options, gap=gap)
    spec = replace(out.cut_spec, gap=gap) if out.cut_spec is not None else None
    return faces.with_look(replace(faces.look, bleed=bleed)), replace(out, options=options, cut_spec=spec)


def output_kind(path: str, fmt: str | None = None) -> str:
    """'dxf' for a DXF, else the print format of the path."""
    if (fmt or Path(path).suffix.lower().lstrip(".")) == "dxf":
        return "dxf"
    return format_for(path, fmt)


def cut_file_kind(path: str) -> str:
    """'svg' or 'dxf' from a cut file's extension."""
    kind = Path(path).suffix.lower().lstrip(".")
    if kind not in ("svg", "dxf"):
        raise OptionError(f"cannot tell the cut file format of {excerpt(path)}: name it .svg or .dxf", "cut_file")
    return kind


def bed_size(bed: str) -> tuple[float, float]:
    """A cutter bed's (width, height) in mm from a paper name or size (never poster); errors name the bed."""
    if is_poster(bed):
        raise OptionError(f"{mention('bed', 'poster')}: a cutter bed has a fixed size; give a paper name or a size "
                          "such as 600x400mm", "bed")
    try:
        return parse_paper(bed)
    except PaperError as error:
        raise error.named({"paper": "bed"}) from None


def bed_sheet(sheet: Sheet, bed: str | None = None, bed_margin: str | None = None) -> Sheet:
    """The cutter bed: `bed` (a paper name or size) or the paper, with its margin (default 5 mm)."""
    width, height = bed_size(bed) if bed else (sheet.width, sheet.height)
    margin = parse_margin(bed_margin or BED_MARGIN)
    if width <= 2 * margin or height <= 2 * margin:
        raise OptionError(f"a bed margin of {margin:g} mm leaves nothing to cut on a {width:g} x {height:g} mm bed: "
                          f"use a smaller {mention('bed_margin')} or a larger {mention('bed')}", "bed_margin",
                          min(width, height) / 2)
    return Sheet(width, height, margin, "bed")


def choose_cut_mode(kind: str, cut_file: str | None, requested: str | None, bed: str | None,
                    bed_only: list[str], layout: str) -> str | None:
    """None without a cut file; else 'print' (the cut file matches the printed sheets) or 'bed' (pieces
    nested on a bed): `requested`, else bed with a bed or a DXF output (no printed sheet), else print.
    `bed_only` names the fields of the bed-only options given (they need bed mode); without a cut file none of
    them may be."""
    bed_mode, cut_file_field = mention("cut_mode", "bed"), mention("cut_file")
    if not cut_file and kind != "dxf":
        unused = [field for field, value in (("bed", bed), ("cut_mode", requested)) if value] + bed_only
        if unused:
            raise OptionError(f"{mention(unused[0])} sets up a cut file, and none is asked for: add "
                              f"{mention('cut_file', 'NAME.svg')} (or write {mention('output', 'NAME.dxf')}) or drop "
                              f"{mention(unused[0])}", unused[0])
        return None
    mode = requested or ("bed" if bed or kind == "dxf" else "print")
    if mode == "print" and kind == "dxf":
        raise OptionError(f"print-and-cut needs a printed sheet, and {mention('output')} names a DXF: write the sheet "
                          f"as .pdf, .svg or .png and the cut file with {cut_file_field}, or use {bed_mode}",
                          "cut_mode")
    if mode == "print" and bed:
        raise OptionError(f"{mention('bed', bed)} nests pieces on a cutter bed, and print-and-cut cuts the printed "
                          f"sheets where they are: drop {mention('bed')} or add {bed_mode}", "bed")
    if mode == "print" and bed_only:
        raise OptionError(f"{mention(bed_only[0])} sets up bed nesting, and this cut file is print-and-cut (no bed, no "
                          f"reference square): add {bed_mode} or drop {mention(bed_only[0])}", bed_only[0])
    if mode == "print" and layout == "gutter-fold":
        raise OptionError(f"a gutter-fold sheet is folded before cutting, which loses its registration marks: use "
                          f"{mention('layout', 'duplex')} or fronts for print-and-cut, or {bed_mode}", "layout")
    return mode


def cut_files(layout: CutLayout, path: str, kind: str) -> Files:
    """The cut file pages (SVG or DXF) of a layout and the cut file's own manifest (NAME.cut.manifest.*)."""
    data = render_pages(Document([Page(scene) for scene in layout.scenes]), kind)
    files = page_files(path, data, kind)
    return files + manifest_files(path, layout.placements, cut=True)


def sheet_files(pieces, faces, out: PieceOutput, print_cut: bool) -> tuple[Files, list]:
    """The printed sheet files and their manifest, and the placements; for print-and-cut, the pieces keep
    clear of the registration marks printed on every fronts page."""
    cutter = out.cutter or get_cutter(None)
    sheets = build_sheets(pieces, faces, pieces_sheet(cutter, out.sheet) if print_cut else out.sheet, out.options)
    if print_cut:
        mark_sheets(sheets.document, sheets.placements, cut_sheet(cutter, out.sheet), cutter)
    background = None if print_cut and cutter.images else "#ffffff"  # image-taking software cuts the opaque shapes
    data = render_pages(sheets.document, out.kind, SHEET_DPI if out.dpi is None else out.dpi, out.press,
                        background=background)
    files = page_files(out.path, data, out.kind)
    return files + manifest_files(out.path, sheets.placements), sheets.placements


def piece_files(pieces, faces, out: PieceOutput) -> Files:
    """Every file of a run of pieces: sheets and manifest, cut file and its manifest, per-piece images."""
    cut_path, cut_kind = (out.cut_path, cut_file_kind(out.cut_path)) if out.cut_path else (out.path, "dxf")
    # the plain look, not the press one
    images = per_piece_files(pieces, faces, out, out.per_piece) if out.per_piece else []
    faces, out = press_spaced(*cutter_faces(faces, out))
    files: Files = []
    spec = out.cut_spec
    if out.kind != "dxf":
        files, placements = sheet_files(pieces, faces, out, out.cut_mode == "print")
        if out.cut_mode == "print":
            assert spec is not None  # piece_output gives every cut mode its conventions
            layout = print_cut_layout(placements, faces.look.outline, out.sheet, spec, out.cutter)
            files += cut_files(layout, cut_path, cut_kind)
    if out.cut_mode == "bed":
        assert spec is not None
        bed = out.bed or bed_sheet(out.sheet)
        files += cut_files(cut_layout(pieces, faces, bed, spec), cut_path, cut_kind)
    return files + images


def per_piece_files(pieces, faces, out: PieceOutput, folder: str) -> Files:
    """One PNG per distinct face and back of the pieces, trim plus the per-piece bleed in whole pixels, and
    their CSV, in the per-piece folder."""
    box = bounding_box(faces.look.outline)
    frame = image_frame((box.width, box.height), out.per_piece_bleed, POD_DPI if out.dpi is None else out.dpi)
    return image_files(piece_images(pieces, print_faces(faces, frame.bleed), frame), folder, frame)


def image_files(images, folder: str, frame) -> Files:
    """The images as PNGs at the frame's dpi with their resolution set (pHYs), and pieces.csv, in `folder`."""
    from modlinseq_print.render.png_writer import scene_to_png

    path = check_folder(folder)  # the frame's pixels were checked when it was made (per_piece.image_frame)
    check_run(len(images), frame)
    files: Files = [(path / image.name, scene_to_png(image.scene, frame.dpi)) for image in images]
    return files + [(path / CSV_NAME, images_csv(images, frame).encode("utf-8"))]
