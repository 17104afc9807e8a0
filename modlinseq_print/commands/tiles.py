"""`tiles`: number tiles, wild tiles and blockers on print sheets, with manifests and cutting files."""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.commands.common import removed_note
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.printables.cutfile import HAIRLINE, REFERENCE_SIDE, CutLayout, CutSpec, cut_layout, parse_colour
from modlinseq_print.printables.manifest import manifest_files
from modlinseq_print.printables.per_piece import CSV_NAME, POD_BLEED, POD_DPI, check_folder, images_csv, piece_images
from modlinseq_print.printables.pieces import PieceFaces, with_markers
from modlinseq_print.printables.print_and_cut import mark_sheets, pieces_sheet, print_cut_layout
from modlinseq_print.printables.tile_sheets import (
    DEFAULT_GUTTER, LAYOUTS, SheetOptions, build_sheets, parse_back_offset,
)
from modlinseq_print.printables.tiles import (
    CUT_LINES, DEFAULT_COPIES, DEFAULT_MODULUS, TileLook, read_counts, tile_set,
)
from modlinseq_print.render.output import format_for, page_files, render_pages
from modlinseq_print.render.scene import Document, Page
from modlinseq_print.render.paper import DEFAULT_MARGIN, Sheet, make_sheet, parse_margin, parse_paper
from modlinseq_print.render.press import add_press_arguments, press_from_args
from modlinseq_print.render.theme import THEMES, get_theme
from modlinseq_print.render.imposition import FLIPS, bounding_box
from modlinseq_print.units import parse_length
from modlinseq_print.wording import plural

CUT_MODES = ("print", "bed")
BED_MARGIN = "5mm"
BED_ONLY = (("bed_margin", "--bed-margin"), ("reference_size", "--reference-size"))
SHEET_DPI = 150.0


class OptionError(ModlinseqError):
    """A command-line value that cannot be used."""



def register(sub: argparse._SubParsersAction) -> None:
    """Add the tiles command."""
    parser = sub.add_parser("tiles", help="number tiles, wild tiles and blockers: sheets, manifests, cut files")
    parser.add_argument("--modulus", type=int, default=DEFAULT_MODULUS, help="values 0 to m-1 (default 13)")
    parser.add_argument("--copies", type=int, default=DEFAULT_COPIES, help="tiles of each value (default 10)")
    parser.add_argument("--counts", metavar="FILE", help="per-value counts from a .toml or .csv file (value = count)")
    parser.add_argument("--no-zero", action="store_true", help="leave out the 0 tiles (multiplicative variation)")
    parser.add_argument("--wild", type=int, default=0, metavar="N", help="wild tiles showing # (default 0)")
    parser.add_argument("--blockers", type=int, default=0, metavar="N", help="red tiles for blocked cells (default 0)")
    parser.add_argument("--underline", action="store_true", help="underline 6 and 9")
    parser.add_argument("--markers", metavar="RANGE", default=None,
                        help="also modulus markers, one per modulus of a range such as 8-20, on the same sheets")
    add_sheet_arguments(parser, "output/tiles.pdf")
    parser.set_defaults(run=run)


def add_sheet_arguments(parser: argparse.ArgumentParser, default_output: str) -> None:
    """Arguments shared by tiles and markers: output, paper, tile look, layout (fronts, duplex, gutter-fold), cut."""
    parser.add_argument("-o", "--output", default=default_output,
                        help=f"output file: .pdf, .svg, .png, or .dxf for the cut paths (default {default_output})")
    parser.add_argument("--format", choices=("pdf", "svg", "png", "dxf"), help="output format (default: from -o)")
    parser.add_argument("--dpi", type=float, default=None,
                        help="PNG resolution (default 150 for sheets, 300 for --per-piece images)")
    parser.add_argument("--paper", default="a4",
                        help="a4, letter, a3, tabloid, legal or WxH, e.g. 300x200mm (default a4)")
    parser.add_argument("--margin", default=f"{DEFAULT_MARGIN:g}mm", help="unprintable margin (default 10mm)")
    parser.add_argument("--orientation", choices=("portrait", "landscape"), default="portrait",
                        help="sheet orientation (default portrait)")
    parser.add_argument("--theme", choices=tuple(THEMES), default="green", help="colours (default green)")
    parser.add_argument("--tile-width", default="25mm", help="tile width, any unit (default 25mm; 1in also common)")
    parser.add_argument("--tile-shape", choices=TILE_SHAPES, default="pentagon",
                        help="pentagon (point up, default) or house")
    parser.add_argument("--gap", default="2mm", help="space between cut lines (default 2mm)")
    parser.add_argument("--bleed", default=None,
                        help="background printed past the cut line, e.g. 3mm (default 0; 1/8in with --per-piece)")
    parser.add_argument("--safe", default=None, help="keep the number this far inside the cut (default: bleed, >= 1.5mm)")
    parser.add_argument("--cut-lines", choices=CUT_LINES, default="solid", help="printed cut lines (default solid)")
    parser.add_argument("--crop-marks", action="store_true", help="crop marks outside the tiles")
    parser.add_argument("--no-nest", action="store_true", help="keep every tile point up (no alternate orientation)")
    parser.add_argument("--layout", choices=LAYOUTS, default=None,
                        help="fronts (default): fronts only; duplex: a mirrored backs page after each fronts "
                             "page; gutter-fold: fronts and their backs on one sheet, mirrored across a fold line")
    parser.add_argument("--duplex", action="store_true", help="the same as --layout duplex")
    parser.add_argument("--gutter", default=None,
                        help=f"gutter-fold: space kept clear on each side of the fold (default {DEFAULT_GUTTER:g}mm)")
    parser.add_argument("--back-text", default="", help="short text on every back (default: plain)")
    parser.add_argument("--back-offset", default="0,0", metavar="X,Y",
                        help="duplex: shift of the backs, e.g. 1.5mm,-0.5mm, or -1mm,0")
    add_cut_arguments(parser)


def add_cut_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the cutting file (print-and-cut or bed nesting), duplex flipping and per-piece images."""
    parser.add_argument("--flip", choices=FLIPS, default="long",
                        help="duplex: the edge the printer flips the sheet on, long (default) or short")
    parser.add_argument("--cut-file", metavar="PATH", help="also write a cutting file (.svg, or .dxf for the cut paths)")
    parser.add_argument("--cut-mode", choices=CUT_MODES, default=None,
                        help="print: the cut file matches the printed sheets, with registration marks (default "
                             "with a printed sheet); bed: pieces nested on --bed for blank material (default "
                             "with --bed or a DXF output)")
    parser.add_argument("--kerf", default="0mm", help="laser kerf: cut paths grow by half of it (default 0)")
    parser.add_argument("--cut-color", default="#ff0000", help="cut stroke colour (default #ff0000, RGB 255,0,0)")
    parser.add_argument("--score-color", default="#0000ff", help="score layer colour (default #0000ff)")
    parser.add_argument("--engrave-color", default="#000000", help="engrave colour (default #000000)")
    parser.add_argument("--hairline", default=f"{HAIRLINE}mm", help="cut stroke width (default 0.025mm)")
    parser.add_argument("--bed", default=None, help="bed mode: cutter bed size, e.g. 600x400mm (default: the paper)")
    parser.add_argument("--bed-margin", default=None, help="bed mode: margin kept clear on the bed (default 5mm)")
    parser.add_argument("--no-engrave", action="store_true", help="bed mode: cut file without the engrave layer")
    parser.add_argument("--reference-size", default=None,
                        help=f"bed mode: side of the kerf reference square (default {REFERENCE_SIDE:g}mm)")
    parser.add_argument("--no-reference", action="store_true", help="bed mode: no kerf reference square")
    parser.add_argument("--per-piece", metavar="DIR",
                        help="also write one PNG per distinct face and back, trim plus bleed, and a CSV of "
                             "quantities, for print-on-demand services")
    add_press_arguments(parser)


def look_from_args(args: argparse.Namespace, underline: bool = False) -> TileLook:
    """The tile look from the shared arguments."""
    return TileLook(width=parse_length(args.tile_width, "tile width"), shape=args.tile_shape, underline=underline,
                    bleed=bleed_from_args(args), cut_line=args.cut_lines, back_text=args.back_text,
                    safe=parse_length(args.safe, "safe zone") if args.safe is not None else None)


def bleed_from_args(args: argparse.Namespace) -> float:
    """The bleed in mm: --bleed, else 1/8 in when per-piece images are asked for (services need it), else 0."""
    if args.bleed is not None:
        return parse_length(args.bleed, "bleed")
    return POD_BLEED if getattr(args, "per_piece", None) else 0.0


def layout_from_args(args: argparse.Namespace) -> str:
    """The layout from --layout, or --duplex (its alias for duplex); fronts when neither is given."""
    if args.duplex and args.layout not in (None, "duplex"):
        raise OptionError(f"--duplex asks for the duplex layout but --layout asks for {args.layout}: "
                          "give one of them")
    return args.layout or ("duplex" if args.duplex else "fronts")


def gutter_from_args(args: argparse.Namespace, layout: str) -> float:
    """The gutter beside the fold in mm: --gutter, which only a gutter-fold layout has."""
    if args.gutter is None:
        return DEFAULT_GUTTER
    if layout != "gutter-fold":
        raise OptionError(f"--gutter {args.gutter} is the space beside the fold of a gutter-fold sheet, and the "
                          f"{layout} layout has no fold: add --layout gutter-fold or drop --gutter")
    return parse_length(args.gutter, "gutter")


def options_from_args(args: argparse.Namespace, title: str) -> SheetOptions:
    """Sheet layout options from the shared arguments."""
    layout = layout_from_args(args)
    return SheetOptions(gap=parse_length(args.gap, "gap"), nest=not args.no_nest, layout=layout,
                        gutter=gutter_from_args(args, layout), back_offset=parse_back_offset(args.back_offset),
                        crop_marks=args.crop_marks, title=title, flip=args.flip)


def cut_spec_from_args(args: argparse.Namespace) -> CutSpec:
    """Cut-file conventions from the shared arguments."""
    return CutSpec(kerf=parse_length(args.kerf, "kerf"), cut_colour=parse_colour(args.cut_color),
                   engrave_colour=parse_colour(args.engrave_color), hairline=parse_length(args.hairline, "hairline"),
                   gap=parse_length(args.gap, "gap"), engrave=not args.no_engrave, reference=not args.no_reference,
                   nest=not args.no_nest, score_colour=parse_colour(args.score_color),
                   reference_side=REFERENCE_SIDE if args.reference_size is None else
                   parse_length(args.reference_size, "reference square size"))


def bed_from_args(args: argparse.Namespace, sheet: Sheet) -> Sheet:
    """The cutter bed: --bed (a paper name or size) or the paper, with --bed-margin."""
    width, height = parse_paper(args.bed) if args.bed else (sheet.width, sheet.height)
    margin = parse_margin(args.bed_margin or BED_MARGIN)
    if width <= 2 * margin or height <= 2 * margin:
        raise OptionError(f"a bed margin of {margin:g} mm leaves nothing to cut on a {width:g} x {height:g} mm bed: "
                          "use a smaller --bed-margin or a larger --bed")
    return Sheet(width, height, margin, "bed")


def output_kind(path: str, fmt: str | None) -> str:
    """'dxf' for a DXF, else the print format of the path."""
    if (fmt or Path(path).suffix.lower().lstrip(".")) == "dxf":
        return "dxf"
    return format_for(path, fmt)


def cut_files(layout: CutLayout, path: str, kind: str) -> list[tuple[Path, bytes]]:
    """The cut file pages (SVG or DXF) of a layout and the cut file's own manifest (NAME.cut.manifest.*)."""
    data = render_pages(Document([Page(scene) for scene in layout.scenes]), kind)
    files = page_files(path, data, kind)
    return files + manifest_files(path, layout.placements, cut=True)


def cut_file_kind(path: str) -> str:
    """'svg' or 'dxf' from a cut file's extension."""
    kind = Path(path).suffix.lower().lstrip(".")
    if kind not in ("svg", "dxf"):
        raise OptionError(f"cannot tell the cut file format of {path!r}: name it .svg or .dxf")
    return kind


def cut_mode_from_args(args: argparse.Namespace, kind: str, layout: str) -> str | None:
    """None without a cut file; else 'print' (the cut file matches the printed sheets) or 'bed' (pieces
    nested on a bed): --cut-mode, else bed with --bed or a DXF output (no printed sheet), else print."""
    if not args.cut_file and kind != "dxf":
        return None
    mode = args.cut_mode or ("bed" if args.bed or kind == "dxf" else "print")
    if mode == "print" and kind == "dxf":
        raise OptionError("print-and-cut needs a printed sheet, and -o names a DXF: write the sheet as "
                          ".pdf, .svg or .png and the cut file with --cut-file, or use --cut-mode bed")
    if mode == "print" and args.bed:
        raise OptionError(f"--bed {args.bed} nests pieces on a cutter bed, and print-and-cut cuts the printed "
                          "sheets where they are: drop --bed or add --cut-mode bed")
    given = [flag for name, flag in BED_ONLY if getattr(args, name) is not None]
    if mode == "print" and given:
        raise OptionError(f"{given[0]} sets up bed nesting, and this cut file is print-and-cut (no bed, no "
                          f"reference square): add --cut-mode bed or drop {given[0]}")
    if mode == "print" and layout == "gutter-fold":
        raise OptionError("a gutter-fold sheet is folded before cutting, which loses its registration marks: "
                          "use --layout duplex or fronts for print-and-cut, or --cut-mode bed")
    return mode


def sheet_outputs(pieces, faces, args, sheet: Sheet, options: SheetOptions, kind: str,
                  print_cut: bool, press=None) -> tuple[list[tuple[Path, bytes]], list]:
    """The printed sheet files and their manifest, and the placements; for print-and-cut, the pieces keep
    clear of the registration marks printed on every fronts page."""
    sheets = build_sheets(pieces, faces, pieces_sheet(sheet) if print_cut else sheet, options)
    if print_cut:
        mark_sheets(sheets.document, sheets.placements, sheet)
    data = render_pages(sheets.document, kind, SHEET_DPI if args.dpi is None else args.dpi, press)
    files = page_files(args.output, data, kind)
    return files + manifest_files(args.output, sheets.placements), sheets.placements


def make_outputs(pieces, faces, args, title: str) -> list[tuple[Path, bytes]]:
    """Every file to write, rendered in memory first so that a failure leaves nothing behind."""
    press = press_from_args(args)  # in press mode, also widens --gap to the die spacing
    sheet = make_sheet(args.paper, args.margin, args.orientation)
    options = options_from_args(args, title)
    kind = output_kind(args.output, args.format)
    mode = cut_mode_from_args(args, kind, options.layout)
    cut_path, cut_kind = (args.cut_file, cut_file_kind(args.cut_file)) if args.cut_file else (args.output, "dxf")
    spec = cut_spec_from_args(args) if mode else None
    files: list[tuple[Path, bytes]] = []
    if kind != "dxf":
        files, placements = sheet_outputs(pieces, faces, args, sheet, options, kind, mode == "print", press)
        if mode == "print":
            files += cut_files(print_cut_layout(placements, faces.look.outline, sheet, spec), cut_path, cut_kind)
    if mode == "bed":
        files += cut_files(cut_layout(pieces, faces, bed_from_args(args, sheet), spec), cut_path, cut_kind)
    if args.per_piece:
        files += per_piece_files(pieces, faces, args.per_piece, POD_DPI if args.dpi is None else args.dpi)
    return files


def per_piece_files(pieces, faces, folder: str, dpi: float) -> list[tuple[Path, bytes]]:
    """One PNG per distinct face and back of the pieces, trim plus the look's bleed, and their CSV."""
    box = bounding_box(faces.look.outline)
    return image_files(piece_images(pieces, faces), folder, dpi, (box.width, box.height), faces.look.bleed)


def image_files(images, folder: str, dpi: float, trim: tuple[float, float], bleed: float) -> list[tuple[Path, bytes]]:
    """The images as PNGs at `dpi` with their resolution set (pHYs), and pieces.csv, all in `folder`."""
    from modlinseq_print.render.png_resolution import with_dpi
    from modlinseq_print.render.png_writer import png_size, scene_to_png

    path = check_folder(folder)
    files = [(path / image.name, with_dpi(scene_to_png(image.scene, dpi), dpi)) for image in images]
    table = images_csv(images, trim, bleed, dpi, png_size(images[0].scene, dpi))
    return files + [(path / CSV_NAME, table.encode("utf-8"))]


def report(written: list[Path], pieces) -> None:
    """One line naming every file written and the piece count, like the other commands' reports."""
    print(f"wrote {', '.join(str(path) for path in written)}: {plural(len(pieces), 'piece')}{removed_note(written)}")


def run(args: argparse.Namespace) -> int:
    """Build the tile set (and markers, with --markers) and write the sheets, manifests and cut file."""
    press_from_args(args)  # checks the press options and sets the press-mode gap and bleed before the look
    look = look_from_args(args, args.underline)
    counts = read_counts(args.counts) if args.counts else None
    pieces = with_markers(tile_set(args.modulus, args.copies, args.no_zero, counts, args.wild, args.blockers),
                          args.markers)
    faces = PieceFaces(look, get_theme(args.theme), pieces)
    title = "MODLINSEQ tiles and markers" if args.markers else "MODLINSEQ tiles"
    written = write_files_atomic(make_outputs(pieces, faces, args, title))
    report(written, pieces)
    return 0
