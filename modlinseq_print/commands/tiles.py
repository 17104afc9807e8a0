"""`tiles`: number tiles, wild tiles and blockers on print sheets, with manifests and cutting files."""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.common import add_lang_argument, removed_note
from modlinseq_print.i18n import using
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.commands.numbers import COUNT, DPI
from modlinseq_print.inputs import excerpt
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.options import PAPER, PIECE_FORMATS, THEME, TILE_SHAPE, TILE_WIDTH
from modlinseq_print.options_pieces import (
    BACK_OFFSET, BACK_TEXT, BLOCKERS, COPIES, CROP_MARKS, CUT_MODE, CUTTER, FLIP, GAP, GUTTER, KERF, LAYOUT, LOOK,
    MARGIN, MARKERS, MODULUS, SHEET_ORIENTATION, UNDERLINE, WILD,
)
from modlinseq_print.printables.cutfile import HAIRLINE, REFERENCE_SIDE, CutSpec, parse_colour
from modlinseq_print.printables.per_piece import POD_BLEED
from modlinseq_print.kits.piece_files import (
    Files, OptionError, PieceOutput, PieceRequest, bed_size, output_kind, piece_files, piece_output,
)
from modlinseq_print.printables.pieces import PieceFaces, set_with_markers
from modlinseq_print.printables.tile_sheets import DEFAULT_GUTTER, LAYOUTS, SheetOptions, parse_back_offset
from modlinseq_print.printables.tiles import (
    TileLook, read_counts,
)
from modlinseq_print.commands.service_option import add_service_argument, write_service_bundle
from modlinseq_print.commands.press_options import add_press_arguments, press_from_args
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.theme import get_theme
from modlinseq_print.units import parse_length
from modlinseq_print.wording import plural

BED_ONLY = ("bed_margin", "reference_size")  # the options that need bed mode


def register(sub: argparse._SubParsersAction) -> None:
    """Add the tiles command."""
    parser = sub.add_parser("tiles", help="number tiles, wild tiles and blockers: sheets, manifests, cut files")
    add_option(parser, MODULUS)
    add_option(parser, COPIES, type=COUNT)
    parser.add_argument("--counts", metavar="FILE", help="per-value counts from a .toml or .csv file (value = count)")
    parser.add_argument("--no-zero", action="store_true", help="leave out the 0 tiles (multiplicative variation)")
    for option in (WILD, BLOCKERS):
        add_option(parser, option, type=COUNT, metavar="N")
    add_option(parser, UNDERLINE, nargs="?", const=UNDERLINE.default)
    add_option(parser, MARKERS)
    add_sheet_arguments(parser, "output/tiles.pdf")
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def add_sheet_arguments(parser: argparse.ArgumentParser, default_output: str) -> None:
    """Arguments shared by tiles and markers: output, paper, tile look, layout (fronts, duplex, gutter-fold), cut."""
    parser.add_argument("-o", "--output", default=default_output,
                        help=f"output file: .pdf, .svg, .png, or .dxf for the cut paths (default {default_output})")
    parser.add_argument("--format", choices=PIECE_FORMATS, help="output format (default: from -o)")
    parser.add_argument("--dpi", type=DPI, default=None,
                        help="PNG resolution (default 150 for sheets, 300 for --per-piece images)")
    for option in (PAPER, MARGIN, SHEET_ORIENTATION, THEME, TILE_WIDTH, TILE_SHAPE, GAP, *LOOK.options[:3]):
        add_option(parser, option)
    add_option(parser, CROP_MARKS)
    parser.add_argument("--no-nest", action="store_true", help="keep every tile point up (no alternate orientation)")
    add_option(parser, LAYOUT)
    parser.add_argument("--duplex", action="store_true", help="the same as --layout duplex")
    for option in (GUTTER, BACK_TEXT, BACK_OFFSET):
        add_option(parser, option)
    add_cut_arguments(parser)
    add_service_argument(parser)


def add_cut_arguments(parser: argparse.ArgumentParser) -> None:
    """Arguments of the cutting file (print-and-cut or bed nesting), duplex flipping and per-piece images."""
    add_option(parser, FLIP)
    parser.add_argument("--cut-file", metavar="PATH",
                        help="also write a cutting file (.svg, or .dxf for the cut paths)")
    for option in (CUT_MODE, CUTTER, KERF):
        add_option(parser, option)
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


def look_from_args(args: argparse.Namespace, underline: str = UNDERLINE.default) -> TileLook:
    """The tile look of the sheets from the shared arguments (their bleed: --bleed, else none)."""
    return TileLook(width=parse_length(args.tile_width, "tile width"), shape=args.tile_shape, underline=underline,
                    bleed=0.0 if args.bleed is None else parse_length(args.bleed, "bleed"), cut_line=args.cut_lines,
                    back_text=args.back_text,
                    safe=parse_length(args.safe, "safe zone") if args.safe is not None else None)


def per_piece_bleed_from_args(args: argparse.Namespace) -> float:
    """The bleed of per-piece images in mm: --bleed, else 1/8 in (services need it); the sheets keep theirs."""
    return POD_BLEED if args.bleed is None else parse_length(args.bleed, "bleed")


def layout_from_args(args: argparse.Namespace) -> str:
    """The layout from --layout, or --duplex (its alias for duplex); fronts when neither is given."""
    if args.duplex and args.layout not in (None, "duplex"):
        raise OptionError(f"--duplex asks for the duplex layout but --layout asks for {args.layout}: "
                          "give one of them")
    return args.layout or ("duplex" if args.duplex else LAYOUTS[0])


def gutter_from_args(args: argparse.Namespace, layout: str) -> float:
    """The gutter beside the fold in mm: --gutter, which only a gutter-fold layout has."""
    if args.gutter is None:
        return DEFAULT_GUTTER
    if layout != "gutter-fold":
        raise OptionError(f"--gutter {excerpt(args.gutter)} is the space beside the fold of a gutter-fold sheet, "
                          f"and the {layout} layout has no fold: add --layout gutter-fold or drop --gutter")
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


def check_paper_and_bed(args: argparse.Namespace) -> None:
    """--paper, --margin and --bed (whenever given, with a cut file or not) checked before any piece is made: a
    side over the largest paper or bed (render.paper.MAX_PAPER_SIDE) or a bad size is one line, at once."""
    make_sheet(args.paper, args.margin, args.orientation)
    if args.bed is not None:
        bed_size(args.bed)


def output_from_args(args: argparse.Namespace, title: str) -> PieceOutput:
    """Where and how to write the pieces, from the shared arguments (the one builder the library shares)."""
    options = options_from_args(args, title)
    cut = bool(args.cut_file) or output_kind(args.output, args.format) == "dxf"
    return piece_output(PieceRequest(
        path=args.output, options=options, fmt=args.format, paper=args.paper, margin=args.margin,
        orientation=args.orientation, dpi=args.dpi, cut_file=args.cut_file, cut_mode=args.cut_mode,
        cut_spec=cut_spec_from_args(args) if cut else None, bed=args.bed, bed_margin=args.bed_margin,
        bed_only=tuple(name for name in BED_ONLY if getattr(args, name) is not None), per_piece=args.per_piece,
        per_piece_bleed=per_piece_bleed_from_args(args), press=press_from_args(args), cutter=args.cutter))


def make_outputs(pieces, faces, args, title: str) -> Files:
    """Every file to write (None: a stale file of the run to remove), rendered in memory first so that a failure
    leaves nothing behind."""
    return piece_files(pieces, faces, output_from_args(args, title))


def report(written: list[Path], pieces) -> None:
    """One line naming every file written and the piece count, like the other commands' reports."""
    print(f"wrote {', '.join(str(path) for path in written)}: {plural(len(pieces), 'piece')}{removed_note(written)}")


def write_pieces(pieces, faces, args: argparse.Namespace, title: str) -> int:
    """Write the sheets, manifests and cut file of the pieces, or with --service the service's bundle."""
    if args.service:
        from modlinseq_print.services.bundles import bundle, punchout_files

        def make(service, product, folder):
            with using(args.lang):
                return bundle(folder, service, product, title, punchout_files(product, pieces, faces, title))

        return write_service_bundle(args, "pieces", make)
    with using(args.lang):
        outputs = make_outputs(pieces, faces, args, title)
    written = write_files_atomic(outputs)
    report(written, pieces)
    return 0


def run(args: argparse.Namespace) -> int:
    """Build the tile set (and markers, with --markers) and write the sheets, manifests and cut file."""
    press_from_args(args)  # the press options, checked before anything is drawn
    check_paper_and_bed(args)
    look = look_from_args(args, args.underline)
    counts = read_counts(args.counts) if args.counts else None
    pieces = set_with_markers(args.modulus, args.copies, args.no_zero, counts, args.wild, args.blockers,
                              args.markers)
    faces = PieceFaces(look, get_theme(args.theme), pieces)
    title = "MODLINSEQ tiles and markers" if args.markers else "MODLINSEQ tiles"
    return write_pieces(pieces, faces, args, title)
