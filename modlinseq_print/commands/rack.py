"""`rack`: a rack for a hand of tiles, 3D-printed (3MF or STL) or laser-cut from sheet material (SVG or DXF).

One command for both, chosen by the output's extension, because both are sized the same way: from the
tile's width, shape and thickness and the number of tiles in a hand.
"""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import file_names, removed_note
from modlinseq_print.commands.pieces3d import check_preview
from modlinseq_print.commands.spec_flags import add_option, add_options
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.options import PIECE_STYLE, RACK, RACK_FORMATS, THICKNESS, TILE_SHAPE, TILE_WIDTH
from modlinseq_print.printables.cutfile import HAIRLINE, REFERENCE_SIDE
from modlinseq_print.printables.rack import check_copies
from modlinseq_print.printables.rack_laser import LASER_BED, LASER_OPTIONS, PRINTER_BED
from modlinseq_print.render.output import format_for
from modlinseq_print.wording import plural


def register(sub: argparse._SubParsersAction) -> None:
    """Add the rack command."""
    parser = sub.add_parser("rack", help="a rack for a hand of tiles: 3D-printed (3MF, STL) or laser-cut (SVG, DXF)")
    parser.add_argument("--preset", metavar="NAME", help="take the tile width and shape from a preset or FILE.toml")
    add_options(parser, RACK)
    parser.add_argument("--tile-width", default=None, help=f"tile width, any unit (default {TILE_WIDTH.default})")
    parser.add_argument("--tile-shape", choices=TILE_SHAPE.choices, default=None,
                        help=f"{' or '.join(TILE_SHAPE.choices)} (default {TILE_SHAPE.default})")
    add_option(parser, PIECE_STYLE)
    add_option(parser, THICKNESS)
    parser.add_argument("-o", "--output", default="output/rack.3mf",
                        help="output: .3mf or .stl to 3D-print, .svg or .dxf to laser-cut (default output/rack.3mf)")
    parser.add_argument("--format", choices=RACK_FORMATS, help="output format (default: from -o)")
    parser.add_argument("--bed", default=None, help=f"printer or laser bed (default {PRINTER_BED} to print, "
                        f"{LASER_BED} to cut)")
    parser.add_argument("--spacing", default="3mm", help="space between parts on the bed (default 3mm)")
    parser.add_argument("--preview", metavar="PNG", help="also write a shaded picture of the (assembled) rack")
    laser = parser.add_argument_group("laser-cut rack")
    laser.add_argument("--material", default=None, help="sheet thickness, 1mm to 10mm (default 3mm)")
    laser.add_argument("--kerf", default=None, help="laser kerf: cut paths grow by half of it (default 0; "
                       "typically 0.1-0.2mm)")
    laser.add_argument("--cut-color", default=None, help="cut stroke colour (default #ff0000)")
    laser.add_argument("--engrave-color", default=None, help="engraved part numbers' colour (default #000000)")
    laser.add_argument("--hairline", default=None, help=f"cut stroke width (default {HAIRLINE}mm)")
    laser.add_argument("--no-engrave", action="store_true", help="no engraved part numbers")
    laser.add_argument("--no-reference", action="store_true", help="no kerf reference square")
    laser.add_argument("--reference-size", default=None,
                       help=f"side of the kerf reference square (default {REFERENCE_SIDE:g}mm)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Make the rack (or racks) and write them, with the optional picture: the library's one path."""
    from modlinseq_print.solids.rack import rack_for
    from modlinseq_print.solids.rack_files import RackJob, rack_files

    job = RackJob(path=args.output, fmt=format_for(args.output, args.format, RACK_FORMATS), bed=args.bed,
                  spacing=args.spacing, preview=args.preview,
                  laser={name: getattr(args, name) for name in LASER_OPTIONS})
    check_preview(args.preview)
    copies = check_copies(args.copies)
    tiles = None
    if args.preset:
        from modlinseq_print.kits.preset_loading import load_preset

        tiles = load_preset(args.preset).tiles
    size, look = rack_for(args.hand, vars(args), tiles)
    written = write_files_atomic(rack_files(size, look, copies, job))
    print(f"wrote {file_names(written)}: {plural(copies, 'rack')} for {plural(size.hand, 'tile')}, "
          f"{size.length:.0f} mm inside{removed_note(written, 'file')}")
    return 0
