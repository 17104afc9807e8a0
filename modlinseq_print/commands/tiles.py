"""`tiles`: number tiles, wild tiles and blockers on print sheets, with manifests and cutting files."""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.printables.cutfile import HAIRLINE, CutSpec, cut_layout, parse_colour
from modlinseq_print.printables.manifest import manifest_files
from modlinseq_print.printables.tile_sheets import DEFAULT_GUTTER, LAYOUTS, SheetOptions, build_sheets
from modlinseq_print.printables.tiles import (
    CUT_LINES, DEFAULT_COPIES, DEFAULT_MODULUS, TileFaces, TileLook, read_counts, tile_set,
)
from modlinseq_print.render.output import format_for, page_paths, render_pages
from modlinseq_print.render.paper import DEFAULT_MARGIN, Sheet, make_sheet, parse_margin, parse_paper
from modlinseq_print.render.press import add_press_arguments, press_from_args
from modlinseq_print.render.theme import THEMES, get_theme
from modlinseq_print.units import parse_length
from modlinseq_print.wording import plural


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
    add_sheet_arguments(parser, "output/tiles.pdf")
    parser.set_defaults(run=run)


def add_sheet_arguments(parser: argparse.ArgumentParser, default_output: str) -> None:
    """Arguments shared by tiles and markers: output, paper, tile look, layout (fronts, duplex, gutter-fold), cut."""
    parser.add_argument("-o", "--output", default=default_output,
                        help=f"output file: .pdf, .svg, .png, or .dxf for the cut paths (default {default_output})")
    parser.add_argument("--format", choices=("pdf", "svg", "png", "dxf"), help="output format (default: from -o)")
    parser.add_argument("--dpi", type=float, default=150.0, help="PNG resolution (default 150)")
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
    parser.add_argument("--bleed", default="0mm", help="background printed past the cut line, e.g. 3mm (default 0)")
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
    parser.add_argument("--cut-file", metavar="PATH", help="also write a cutting file (.svg, or .dxf for the cut paths)")
    parser.add_argument("--kerf", default="0mm", help="laser kerf: cut paths grow by half of it (default 0)")
    parser.add_argument("--cut-color", default="#ff0000", help="cut stroke colour (default #ff0000, RGB 255,0,0)")
    parser.add_argument("--engrave-color", default="#000000", help="engrave colour (default #000000)")
    parser.add_argument("--hairline", default=f"{HAIRLINE}mm", help="cut stroke width (default 0.025mm)")
    parser.add_argument("--bed", default=None, help="cutter bed size, e.g. 600x400mm (default: the paper)")
    parser.add_argument("--bed-margin", default="5mm", help="margin kept clear on the bed (default 5mm)")
    parser.add_argument("--no-engrave", action="store_true", help="cut file without the engrave layer")
    parser.add_argument("--no-reference", action="store_true", help="cut file without the 100 mm reference square")
    add_press_arguments(parser)


def look_from_args(args: argparse.Namespace, underline: bool = False) -> TileLook:
    """The tile look from the shared arguments."""
    return TileLook(width=parse_length(args.tile_width, "tile width"), shape=args.tile_shape, underline=underline,
                    bleed=parse_length(args.bleed, "bleed"), cut_line=args.cut_lines, back_text=args.back_text,
                    safe=parse_length(args.safe, "safe zone") if args.safe is not None else None)


def parse_offset(text: str) -> tuple[float, float]:
    """(x, y) in mm from 'X,Y' such as '1.5mm,-0.5mm' or '2,0'."""
    parts = text.split(",")
    if len(parts) != 2:
        raise OptionError(f"bad back offset {text!r}: give X,Y, e.g. 1.5mm,-0.5mm")
    return (parse_length(parts[0], "back offset", allow_negative=True),
            parse_length(parts[1], "back offset", allow_negative=True))


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
                        gutter=gutter_from_args(args, layout), back_offset=parse_offset(args.back_offset),
                        crop_marks=args.crop_marks, title=title)


def cut_spec_from_args(args: argparse.Namespace) -> CutSpec:
    """Cut-file conventions from the shared arguments."""
    return CutSpec(kerf=parse_length(args.kerf, "kerf"), cut_colour=parse_colour(args.cut_color),
                   engrave_colour=parse_colour(args.engrave_color), hairline=parse_length(args.hairline, "hairline"),
                   gap=parse_length(args.gap, "gap"), engrave=not args.no_engrave, reference=not args.no_reference,
                   nest=not args.no_nest)


def bed_from_args(args: argparse.Namespace, sheet: Sheet) -> Sheet:
    """The cutter bed: --bed (a paper name or size) or the paper, with --bed-margin."""
    width, height = parse_paper(args.bed) if args.bed else (sheet.width, sheet.height)
    margin = parse_margin(args.bed_margin)
    if width <= 2 * margin or height <= 2 * margin:
        raise OptionError(f"a bed margin of {margin:g} mm leaves nothing to cut on a {width:g} x {height:g} mm bed: "
                          "use a smaller --bed-margin or a larger --bed")
    return Sheet(width, height, margin, "bed")


def output_kind(path: str, fmt: str | None) -> str:
    """'dxf' for a DXF, else the print format of the path."""
    if (fmt or Path(path).suffix.lower().lstrip(".")) == "dxf":
        return "dxf"
    return format_for(path, fmt)


def cut_payloads(pieces, faces, args, sheet: Sheet, path: str, kind: str) -> list[tuple[Path, bytes]]:
    """The cut file pages (SVG or DXF) and their manifest."""
    layout = cut_layout(pieces, faces, bed_from_args(args, sheet), cut_spec_from_args(args))
    if kind == "dxf":
        from modlinseq_print.render.dxf_writer import scene_to_dxf

        data = [scene_to_dxf(scene) for scene in layout.scenes]
    else:
        from modlinseq_print.render.svg_writer import scene_to_svg

        data = [scene_to_svg(scene) for scene in layout.scenes]
    files = list(zip(page_paths(path, len(data), kind), data))
    return files + manifest_files(path, layout.placements)


def cut_file_kind(path: str) -> str:
    """'svg' or 'dxf' from a cut file's extension."""
    kind = Path(path).suffix.lower().lstrip(".")
    if kind not in ("svg", "dxf"):
        raise OptionError(f"cannot tell the cut file format of {path!r}: name it .svg or .dxf")
    return kind


def make_outputs(pieces, faces, args, title: str) -> list[tuple[Path, bytes]]:
    """Every file to write, rendered in memory first so that a failure leaves nothing behind."""
    press = press_from_args(args)  # in press mode, also widens --gap to the die spacing
    sheet = make_sheet(args.paper, args.margin, args.orientation)
    options = options_from_args(args, title)
    kind = output_kind(args.output, args.format)
    cut_kind = cut_file_kind(args.cut_file) if args.cut_file else None
    if kind == "dxf":
        files = cut_payloads(pieces, faces, args, sheet, args.output, "dxf")
    else:
        sheets = build_sheets(pieces, faces, sheet, options)
        data = render_pages(sheets.document, kind, args.dpi, press)
        files = list(zip(page_paths(args.output, len(data), kind), data))
        files += manifest_files(args.output, sheets.placements)
    if cut_kind:
        files += cut_payloads(pieces, faces, args, sheet, args.cut_file, cut_kind)
    return files


def report(written: list[Path], pieces) -> None:
    """One line naming every file written and the piece count, like the other commands' reports."""
    print(f"wrote {', '.join(str(path) for path in written)}: {plural(len(pieces), 'piece')}")


def run(args: argparse.Namespace) -> int:
    """Build the tile set and write the sheets, manifests and cut file."""
    press_from_args(args)  # checks the press options and sets the press-mode gap and bleed before the look
    look = look_from_args(args, args.underline)
    counts = read_counts(args.counts) if args.counts else None
    pieces = tile_set(args.modulus, args.copies, args.no_zero, counts, args.wild, args.blockers)
    faces = TileFaces(look, get_theme(args.theme), sorted({p.label for p in pieces if p.kind != "blocker"}))
    written = write_files_atomic(make_outputs(pieces, faces, args, "MODLINSEQ tiles"))
    report(written, pieces)
    return 0
