"""`position`: draw a position as the rules' figures do: tiles, blocked cells in red, a legend of sequences."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import add_dpi_argument, add_lang_argument
from modlinseq_print.commands.rules_common import add_rules_arguments, start_position, transcript_text
from modlinseq_print.commands.spec_flags import add_option, add_options
from modlinseq_print.options_play import CROP_MARGIN, DIAGRAM_WIDTH, LEGEND
from modlinseq_print.printables.position import PositionStyle, diagram_style, position_document, position_scene
from modlinseq_print.commands.numbers import COUNT
from modlinseq_print.i18n import using
from modlinseq_print.render.output import format_for, write_output
from modlinseq_print.options import LABELS, PAGE_FORMATS, THEME, TILE_SHAPE, TITLE, Group
from modlinseq_print.rules.position import analyse
from modlinseq_print.rules.transcript import build_position
from modlinseq_print.units import parse_length
from modlinseq_print.wording import plural

DEFAULT_OUTPUT = "output/position.svg"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the position command."""
    parser = sub.add_parser("position", help="draw a position: board, tiles, blocked cells and a legend of sequences")
    add_rules_arguments(parser, pattern=True)
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT,
                        help=f"output file .svg, .pdf or .png (default {DEFAULT_OUTPUT})")
    parser.add_argument("--format", choices=PAGE_FORMATS, help="output format (default: from the extension of -o)")
    add_dpi_argument(parser)
    parser.add_argument("--crop", action=argparse.BooleanOptionalAction, default=None,
                        help="draw only the part of the board around the tiles (--no-crop: the whole board; "
                             "default: crop when the tiles and the cells around them fill at most half the board)")
    add_option(parser, CROP_MARGIN, type=COUNT)
    add_option(parser, LEGEND)
    parser.add_argument("--modulus-note", nargs="?", const="auto", default=None, metavar="CELL",
                        help="write the modulus in a free cell (the first free one, or CELL), as figure 1A does")
    parser.add_argument("--no-blocked", action="store_true", help="do not mark the blocked cells in red")
    add_option(parser, THEME)
    add_option(parser, DIAGRAM_WIDTH)
    add_options(parser, Group("diagram", (TILE_SHAPE, LABELS, TITLE)))
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def style_from_args(args: argparse.Namespace) -> PositionStyle:
    """The diagram style from the command-line options."""
    return diagram_style(parse_length(args.tile_width, "tile width"), args.crop, args.crop_margin, args.legend,
                         args.modulus_note, not args.no_blocked, theme=args.theme, tile_shape=args.tile_shape,
                         labels=args.labels, pattern=args.pattern, title=args.title)


def run(args: argparse.Namespace) -> int:
    """Judge the position, draw it and write the figure."""
    kind = format_for(args.output, args.format)
    style = style_from_args(args)
    position, _ = build_position(transcript_text(args), start_position(args))
    analysis = analyse(position)
    with using(args.lang):
        drawing = position_scene(analysis, style)
    written = write_output(position_document(drawing), args.output, kind, args.dpi)
    verdict = "legal" if analysis.legal else "ILLEGAL"
    print(f"wrote {written[0]}: {plural(len(position.tiles), 'tile')}, "
          f"{plural(len(drawing.legend_rows), 'sequence')} listed, "
          f"{plural(len(analysis.blocked), 'blocked cell')}, {verdict}; figure {drawing.scene.width:g} x "
          f"{drawing.scene.height:.1f} mm")
    return 0
