"""`rack`: a rack for a hand of tiles, 3D-printed (3MF or STL) or laser-cut from sheet material (SVG or DXF).

One command for both, chosen by the output's extension, because both are sized the same way: from the
tile's width, shape and thickness and the number of tiles in a hand.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.common import file_names, removed_note
from modlinseq_print.commands.pieces3d import Pieces3dError, check_preview, thickness_from_args
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.commands.numbers import COUNT
from modlinseq_print.inputs import excerpt
from modlinseq_print.options import PIECE_STYLE, THICKNESS
from modlinseq_print.printables.rack import DEFAULT_HAND, MAX_COPIES, RackSize, check_copies
from modlinseq_print.printables.cutfile import HAIRLINE, REFERENCE_SIDE
from modlinseq_print.printables.rack_laser import LASER_BED, LASER_OPTIONS, PRINTER_BED
from modlinseq_print.printables.tiles import TileLook
from modlinseq_print.render.paper import check_paper_size
from modlinseq_print.units import parse_length, parse_size
from modlinseq_print.wording import plural

FORMATS = ("3mf", "stl", "svg", "dxf")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the rack command."""
    parser = sub.add_parser("rack", help="a rack for a hand of tiles: 3D-printed (3MF, STL) or laser-cut (SVG, DXF)")
    parser.add_argument("--preset", metavar="NAME", help="take the tile width and shape from a preset or FILE.toml")
    parser.add_argument("--hand", type=COUNT, default=DEFAULT_HAND, help=f"tiles in a hand (default {DEFAULT_HAND})")
    parser.add_argument("--copies", type=COUNT, default=1,
                        help=f"racks, one per player (default 1, at most {MAX_COPIES})")
    parser.add_argument("--tile-width", default=None, help="tile width, any unit (default 25mm)")
    parser.add_argument("--tile-shape", choices=TILE_SHAPES, default=None, help="pentagon (default) or house")
    add_option(parser, PIECE_STYLE)
    add_option(parser, THICKNESS)
    parser.add_argument("-o", "--output", default="output/rack.3mf",
                        help="output: .3mf or .stl to 3D-print, .svg or .dxf to laser-cut (default output/rack.3mf)")
    parser.add_argument("--format", choices=FORMATS, help="output format (default: from -o)")
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


def rack_format(path: str, fmt: str | None) -> str:
    """3mf, stl, svg or dxf: --format (agreeing with the name), else the extension of -o."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if fmt and suffix in FORMATS and suffix != fmt:
        raise Pieces3dError(f"--format {fmt} contradicts the file name {excerpt(path)}: name it .{fmt} or leave "
                            "out --format")
    if (fmt or suffix) not in FORMATS:
        raise Pieces3dError(f"cannot tell the rack's format from {excerpt(path)}: name it .3mf or .stl to print, "
                            ".svg or .dxf to cut, or give --format")
    return fmt or suffix


def rack_size(args: argparse.Namespace) -> tuple[RackSize, TileLook]:
    """The rack's size from the tile (width, shape, thickness) and the hand, and the tiles' look."""
    width, shape = args.tile_width, args.tile_shape
    if args.preset:
        from modlinseq_print.kits.preset_loading import load_preset

        tiles = load_preset(args.preset).tiles
        width, shape = width or tiles.width, shape or tiles.shape
    from modlinseq_print.solids.pieces import solid_look

    look = solid_look(parse_length(width or "25mm", "tile width"), shape or "pentagon")
    return RackSize.for_tiles(look, thickness_from_args(args), args.hand), look


def laser_options(args: argparse.Namespace, fmt: str) -> dict:
    """The laser options, defaults filled in; a one-line error when one is given for a printed rack."""
    given = [name for name, default in LASER_OPTIONS.items() if getattr(args, name) not in (None, False)]
    if given and fmt not in ("svg", "dxf"):
        flag = "--" + given[0].replace("_", "-")
        raise Pieces3dError(f"{flag} is an option of the laser-cut rack, and -o names a {fmt.upper()} to print: "
                            f"write -o NAME.svg or NAME.dxf, or drop {flag}")
    return {name: default if getattr(args, name) is None else getattr(args, name)
            for name, default in LASER_OPTIONS.items()}


def run(args: argparse.Namespace) -> int:
    """Make the rack (or racks) and write them, with the optional picture."""
    fmt = rack_format(args.output, args.format)
    laser = laser_options(args, fmt)
    check_preview(args.preview)
    copies = check_copies(args.copies)
    size, look = rack_size(args)
    bed = check_paper_size(parse_size(args.bed or (LASER_BED if fmt in ("svg", "dxf") else PRINTER_BED), "bed"),
                           args.bed or "")
    spacing = parse_length(args.spacing, "spacing")
    if fmt in ("svg", "dxf"):
        files = laser_files(args, laser, size, look, fmt, bed, spacing, copies)
    else:
        files = printed_files(args, size, look, fmt, bed, spacing, copies)
    written = write_files_atomic(files)
    print(f"wrote {file_names(written)}: {plural(copies, 'rack')} for {plural(size.hand, 'tile')}, "
          f"{size.length:.0f} mm inside{removed_note(written, 'file')}")
    return 0


def printed_files(args, size: RackSize, look: TileLook, fmt: str, bed, spacing: float, copies: int):
    """The 3D-printed rack's plates (3MF, or STL) and picture."""
    from modlinseq_print.solids import kernel

    kernel.manifold3d()
    from modlinseq_print.solids.rack_files import rack_plate_files

    return rack_plate_files(size, look, copies, bed, spacing, args.output, fmt, args.preview)


def laser_files(args, laser: dict, size: RackSize, look: TileLook, fmt: str, bed, spacing: float, copies: int):
    """The laser-cut rack's bed files (SVG or DXF) and the picture of the assembled rack."""
    from modlinseq_print.printables.rack_laser import laser_cut_spec
    from modlinseq_print.solids.rack_files import laser_rack_files

    material, spec = laser_cut_spec(laser, spacing)
    if args.preview:
        from modlinseq_print.solids import kernel

        kernel.manifold3d()
    return laser_rack_files(size, look, material, spec, copies, bed, args.output, fmt, args.preview)
