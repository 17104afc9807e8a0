"""`pieces3d`: number tiles, wild tiles, blockers and modulus markers as solids for 3D printers (3MF or STL).

A command of its own rather than a format of `tiles`: the sheets' options (paper, bleed, duplex, cut files,
press) mean nothing for solids, and solids need their own (thickness, relief, bed, nozzle); one run makes
tiles and markers together, on plates, from a preset or from the same set options as `tiles`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.common import file_names, removed_note
from modlinseq_print.commands.spec_flags import add_options
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.geometry.layout import TILE_SHAPES
from modlinseq_print.commands.numbers import COUNT, WHOLE
from modlinseq_print.inputs import excerpt
from modlinseq_print.options import SOLID_FORMATS, SOLIDS, THICKNESS
from modlinseq_print.printables.tiles import Piece, TileLook, read_counts
from modlinseq_print.units import parse_length, parse_size
from modlinseq_print.wording import plural



def register(sub: argparse._SubParsersAction) -> None:
    """Add the pieces3d command."""
    parser = sub.add_parser("pieces3d", help="tiles and markers as solids for 3D printers: 3MF or STL plates")
    parser.add_argument("--preset", metavar="NAME", help="take the set (counts, width, shape, markers) from a preset "
                        "name or FILE.toml; the set options below override it")
    parser.add_argument("--modulus", type=WHOLE, default=None, help="values 0 to m-1 (default 13)")
    parser.add_argument("--copies", type=COUNT, default=None, help="tiles of each value (default 10)")
    parser.add_argument("--counts", metavar="FILE", help="per-value counts from a .toml or .csv file (value = count)")
    parser.add_argument("--no-zero", action="store_true", help="leave out the 0 tiles (multiplicative variation)")
    parser.add_argument("--wild", type=COUNT, default=None, metavar="N", help="wild tiles showing # (default 0)")
    parser.add_argument("--blockers", type=COUNT, default=None, metavar="N", help="plain tiles for blocked cells "
                        "(default 0)")
    parser.add_argument("--markers", metavar="RANGE", default=None,
                        help="also modulus markers, one per modulus of a range such as 8-20")
    parser.add_argument("--tile-width", default=None, help="tile width, any unit (default 25mm; 1in also common)")
    parser.add_argument("--tile-shape", choices=TILE_SHAPES, default=None, help="pentagon (default) or house")
    add_solid_arguments(parser)
    parser.add_argument("-o", "--output", default="output/pieces.3mf",
                        help="output file: .3mf (a file per plate) or .stl (a file per plate and filament) "
                             "(default output/pieces.3mf)")
    parser.add_argument("--format", choices=SOLID_FORMATS, help="output format (default: from -o)")
    parser.add_argument("--preview", metavar="PNG", help="also write a shaded picture of the first plate")
    parser.set_defaults(run=run)


def add_solid_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the solids and of the plates they are printed on."""
    add_options(parser, SOLIDS)
    cue = parser.add_mutually_exclusive_group()
    cue.add_argument("--underline", action="store_true", help="underline 6 and 9")
    cue.add_argument("--dot", action="store_true", help="a dot after 6 and 9")
    parser.add_argument("--bed", default="256x256mm", help="printer bed, width x depth (default 256x256mm)")
    parser.add_argument("--spacing", default="3mm", help="space between pieces on the bed (default 3mm)")
    parser.add_argument("--layer-height", default="0.2mm", help="the slicer's layer height, for the filament "
                        "change written in the manifest (default 0.2mm)")
    parser.add_argument("--first-layer-height", default="0.2mm", help="the slicer's first layer height "
                        "(default 0.2mm)")
    parser.add_argument("--colors", default="#ffd54f,#222222", metavar="LIGHT,DARK",
                        help="display colours of the two filaments in the files and pictures "
                             "(default #ffd54f,#222222)")


class Pieces3dError(ModlinseqError):
    """Options of pieces3d that cannot be used together."""


def thickness_from_args(args: argparse.Namespace) -> float:
    """The tiles' thickness in mm: --thickness, else by --style."""
    from modlinseq_print.solids.pieces import style_thickness

    return style_thickness(args.style, THICKNESS.value(args.thickness))  # type: ignore[arg-type]


def spec_from_args(args: argparse.Namespace, preset_underline: bool = False):
    """The solid spec from the options."""
    from modlinseq_print.solids.pieces import solid_spec

    cue = "underline" if args.underline or (preset_underline and not args.dot) else "dot" if args.dot else "none"
    return solid_spec(vars(args), cue)


def job_from_args(args: argparse.Namespace):
    """The print job (bed, spacing, layers, colours) from the options."""
    from modlinseq_print.solids.files import PrintJob

    colours = tuple(part.strip() for part in args.colors.split(","))
    if len(colours) != 2:
        raise Pieces3dError(f"--colors takes two colours, light and dark, e.g. #ffd54f,#222222; got "
                            f"{excerpt(args.colors)}")
    return PrintJob(bed=parse_size(args.bed, "bed"), spacing=parse_length(args.spacing, "spacing"),
                    layer=parse_length(args.layer_height, "layer height"),
                    first_layer=parse_length(args.first_layer_height, "first layer height"), colours=colours)


def piece_set(args: argparse.Namespace) -> tuple[list[Piece], TileLook, bool]:
    """The pieces, their look (width and shape) and whether the preset underlines 6 and 9."""
    from modlinseq_print.kits.piece_sets import chosen_set

    preset = None
    if args.preset:
        from modlinseq_print.kits.preset_loading import load_preset

        preset = load_preset(args.preset)
    chosen = chosen_set(preset, modulus=args.modulus, copies=args.copies,
                        counts=read_counts(args.counts) if args.counts else None, no_zero=args.no_zero, wild=args.wild,
                        blockers=args.blockers, markers=args.markers, width=args.tile_width, shape=args.tile_shape)
    from modlinseq_print.solids.pieces import solid_look

    return chosen.pieces, solid_look(parse_length(chosen.width, "tile width"), chosen.shape), chosen.underline


def output_format(path: str, fmt: str | None) -> str:
    """3mf or stl: --format when given (it must agree with the name), else the extension of -o."""
    from modlinseq_print.render.output import format_for

    return format_for(path, fmt, SOLID_FORMATS)


def check_preview(path: str | None) -> None:
    """A picture must be a .png file."""
    if path is not None and Path(path).suffix.lower() != ".png":
        raise Pieces3dError(f"--preview writes a PNG picture: name it .png, e.g. output/pieces.png (got "
                            f"{excerpt(path)})")


def run(args: argparse.Namespace) -> int:
    """Build the pieces' solids, lay them on plates and write the plates, the manifest and the picture."""
    fmt = output_format(args.output, args.format)
    check_preview(args.preview)
    pieces, look, underline = piece_set(args)  # a bad preset is refused before the 3D libraries load (a second)
    from modlinseq_print.solids import kernel

    kernel.manifold3d()  # the optional extra, or one line saying how to install it
    spec, job = spec_from_args(args, underline), job_from_args(args)

    from modlinseq_print.solids.files import piece_run, run_files

    run_ = piece_run(pieces, look, spec, job)
    written = write_files_atomic(run_files(run_, args.output, fmt, args.preview))
    change = ""
    if spec.number == "raised":
        height, layer = run_.change
        change = f"; one extruder: change filament before layer {layer} (Z {height:.2f} mm)"
    print(f"wrote {file_names(written)}: {plural(len(pieces), 'piece')} on {plural(len(run_.plates), 'plate')}"
          f"{change}{removed_note(written, 'file')}")
    return 0
