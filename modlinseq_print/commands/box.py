"""`box` and `mod13 box`: boxes folded from card for a kit's tiles and markers and for the Mod 13 deck, printed
plain, press-ready (die and crease lines) or for print-and-cut (registration marks and a cut file)."""

from __future__ import annotations

import argparse
from dataclasses import replace

from modlinseq_print.commands.common import (
    add_dpi_argument, add_lang_argument, add_page_arguments, file_names, removed_note,
)
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.i18n import using
from modlinseq_print.options import PAGE_FORMATS, PRESET
from modlinseq_print.options_pieces import CUTTER
from modlinseq_print.commands.numbers import DECIMAL, POSITIVE
from modlinseq_print.kits.build import kit_box
from modlinseq_print.kits.measures import measure
from modlinseq_print.kits.piece_files import check_cutter, cut_file_kind
from modlinseq_print.kits.preset_loading import load_preset, preset_names
from modlinseq_print.printables.box_pages import box_cut_file
from modlinseq_print.printables.cutters import get_cutter
from modlinseq_print.printables.box_sets import DECK_CARDS, BoxSet, deck_box
from modlinseq_print.printables.boxes import DEFAULT_CARD, DEFAULT_PLAY
from modlinseq_print.render.output import format_for, page_files, render_pages
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.commands.press_options import add_press_arguments, press_from_args
from modlinseq_print.render.scene import Document, Page
from modlinseq_print.units import parse_length


def register(sub: argparse._SubParsersAction) -> None:
    """Add the box command."""
    parser = sub.add_parser("box", help="a box with a lid for a kit's tiles and markers, folded from card")
    parser.add_argument("preset", nargs="?", default=PRESET.default,
                        help=f"the kit whose pieces it holds: a preset name ({', '.join(preset_names())}) or a "
                             "FILE.toml (default standard)")
    parser.add_argument("-o", "--output", default=None,
                        help="output file .pdf, .svg or .png (default output/box-PRESET.pdf)")
    parser.add_argument("--format", choices=PAGE_FORMATS, help="output format (default: from -o)")
    add_dpi_argument(parser)
    parser.add_argument("--card", type=DECIMAL, default=None, metavar="G",
                        help="weight of the card in g/m², 120 to 450: the pieces' and the box's thickness "
                             "(default: the preset's [box] card, 300)")
    parser.add_argument("--play", default=None, metavar="LENGTH",
                        help="room around the stacked pieces, 1 to 2 mm (default: the preset's [box] play, 1.5mm)")
    add_cut_arguments(parser)
    add_lang_argument(parser, default=None)
    parser.set_defaults(run=run)


def add_cut_arguments(parser: argparse.ArgumentParser) -> None:
    """--cut-file and --cutter for print-and-cut, and the press options."""
    parser.add_argument("--cut-file", metavar="PATH",
                        help="print-and-cut: registration marks on the page and the cut (and score) lines in "
                             "this .svg or .dxf file")
    parser.add_argument("--cutter", choices=CUTTER.choices, default=None,
                        help="print-and-cut: the cutter whose marks and area the page follows (default silhouette)")
    add_press_arguments(parser)


def register_mod13(actions: argparse._SubParsersAction) -> None:
    """Add `mod13 box`."""
    parser = actions.add_parser("box", help="a tuck box for the Mod 13 deck, folded from card")
    add_page_arguments(parser, "output/mod13-box.pdf", "8mm")
    parser.add_argument("--cards", type=POSITIVE, default=DECK_CARDS, metavar="N",
                        help=f"cards it holds, 1 to 200 (default {DECK_CARDS})")
    parser.add_argument("--card", type=DECIMAL, default=DEFAULT_CARD, metavar="G",
                        help=f"weight of the box's card in g/m², 120 to 450 (default {DEFAULT_CARD})")
    parser.add_argument("--deck-card", type=DECIMAL, default=None, metavar="G",
                        help="weight of the cards' card in g/m² (default: as --card)")
    parser.add_argument("--play", default=f"{DEFAULT_PLAY:g}mm", metavar="LENGTH",
                        help=f"room around the deck, 1 to 2 mm (default {DEFAULT_PLAY:g}mm)")
    add_cut_arguments(parser)
    add_lang_argument(parser)
    parser.set_defaults(run=run_mod13)


def _mode(args: argparse.Namespace, sheet) -> tuple[str, object]:
    """The output mode (plain, press or print-and-cut) and the press options; the cutter is checked by the rule
    the tile sheets follow (kits.piece_files.check_cutter)."""
    press = press_from_args(args)
    if args.cut_file and press is not None:
        cutter = get_cutter(args.cutter)
        hint = (f" ({cutter.label} cuts the die lines of a press-ready file: give --press alone, without "
                "--cut-file and --cutter)") if cutter.press else ""
        raise ModlinseqError(f"--cut-file makes a print-and-cut sheet and --press a press-ready file: give one of "
                             f"them{hint}")
    check_cutter(args.cutter, "print" if args.cut_file else None, format_for(args.output, args.format), press, sheet)
    if args.cut_file:
        cut_file_kind(args.cut_file)
        return "print-and-cut", None
    return ("press" if press is not None else "plain"), press


def run(args: argparse.Namespace) -> int:
    """Build the box for a preset's pieces and write it."""
    preset = load_preset(args.preset)
    box = replace(preset.box, **{k: v for k, v in (("card", args.card), ("play", args.play)) if v is not None})
    preset = replace(preset, box=box, lang=args.lang or preset.lang, measures=None)
    args.output = args.output or f"output/box-{preset.name}.{args.format or 'pdf'}"
    mode, press = _mode(args, measure(preset).pieces_sheet)
    with using(preset.lang):
        made = kit_box(preset, mode=mode, cutter=_cutter(args))
    return _write(made, args, press, mode, measure(preset).pieces_sheet)


def _cutter(args: argparse.Namespace):
    """The print-and-cut cutter of --cutter (None: the default one)."""
    return get_cutter(args.cutter) if args.cutter else None


def run_mod13(args: argparse.Namespace) -> int:
    """Build the tuck box and write it."""
    sheet = make_sheet(args.paper, args.margin)
    mode, press = _mode(args, sheet)
    play = parse_length(args.play, "play")
    with using(args.lang):
        made = deck_box(args.cards, args.card, play, sheet, mode, deck_grams=args.deck_card, cutter=_cutter(args))
    return _write(made, args, press, mode, sheet)


def _write(made: BoxSet, args: argparse.Namespace, press, mode: str, sheet) -> int:
    """Write the page (and the cut file) all or nothing, and report it in one line."""
    kind = format_for(args.output, args.format)
    page = Page(made.scene, bookmark="box")
    files = page_files(args.output, render_pages(Document([page], "MODLINSEQ box"), kind, args.dpi, press), kind)
    if mode == "print-and-cut":
        cut = render_pages(Document([Page(box_cut_file(made.parts, sheet, cutter=_cutter(args)))], "cut file"),
                           cut_file_kind(args.cut_file))
        files.append((args.cut_file, cut[0]))
    written = write_files_atomic(files)
    length, width, depth = made.inner
    print(f"wrote {file_names(written)}: a box for {made.holds}, inside {length:.1f} x {width:.1f} x {depth:.1f} mm"
          f"{removed_note(written)}")
    return 0

