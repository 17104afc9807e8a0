"""Arguments and helpers shared by several commands."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.i18n import using
from modlinseq_print.commands.numbers import DPI
from modlinseq_print.options import BOARD_SPEC, DPI as OPTION_DPI, KIT_LANG, LANG, PAGE_FORMATS, PAPER, PATTERN
from modlinseq_print.wording import plural


def add_board_arguments(parser: argparse.ArgumentParser, pattern: bool = True, required: bool = False) -> None:
    """Add --board SPEC (required where a default board would give a wrong answer) and, optionally, --pattern."""
    if required:
        parser.add_argument("--board", required=True, metavar=BOARD_SPEC.placeholder,
                            help=f"the board the game is played on: {BOARD_SPEC.help} (required)")
    else:
        add_option(parser, BOARD_SPEC)
    if pattern:
        add_option(parser, PATTERN)


def board_from_args(args: argparse.Namespace) -> Board:
    """The board named by --board."""
    return parse_board(args.board)


def add_dpi_argument(parser: argparse.ArgumentParser) -> None:
    """Add --dpi, the resolution of PNG output (checked against the image's size when the pages are known)."""
    add_option(parser, OPTION_DPI, type=DPI)


def add_page_arguments(parser: argparse.ArgumentParser, default_output: str, margin: str = "10mm") -> None:
    """Add -o, --format, --dpi, --paper and --margin, as every command that prints pages takes them."""
    parser.add_argument("-o", "--output", default=default_output,
                        help=f"output file .pdf, .svg or .png (default {default_output}); "
                             "SVG/PNG of several pages write NAME-1.svg, NAME-2.svg, ...")
    parser.add_argument("--format", choices=PAGE_FORMATS, help="output format (default: from the extension of -o)")
    add_dpi_argument(parser)
    add_option(parser, PAPER)
    parser.add_argument("--margin", default=margin, help=f"blank paper edge kept clear of print (default {margin})")


def write_document(document, args: argparse.Namespace, summary: str, progress=None) -> int:
    """Write the document where -o says and report the files in one line; `progress` is called after each page."""
    from modlinseq_print.commands.press_options import press_from_args
    from modlinseq_print.render.output import format_for, write_output

    written = write_output(document, args.output, format_for(args.output, args.format), args.dpi,
                           press_from_args(args), progress)
    print(f"wrote {file_names(written)}: {summary}{removed_note(written)}")
    return 0


def file_names(paths) -> str:
    """Up to three paths by name, more as 'FIRST ... LAST'."""
    paths = list(paths)
    return ", ".join(str(p) for p in paths) if len(paths) <= 3 else f"{paths[0]} ... {paths[-1]}"


def removed_note(written, kind: str = "page") -> str:
    """What the write did to files it found: '; replaced N existing files' when it wrote over files that were
    there before, and '; removed N stale pages ...' (or the files of another `kind`: plates, images) when it
    removed files of its set an earlier run left and this one does not write."""
    note = ""
    replaced = getattr(written, "replaced", [])
    if replaced:
        note += f"; replaced {plural(len(replaced), 'existing file')}"
        note += f" ({file_names(replaced)})" if len(replaced) < len(written) else ""
    removed = getattr(written, "removed", [])
    if removed:
        note += f"; removed {plural(len(removed), 'stale ' + kind)} of an earlier run ({file_names(removed)})"
    return note


def write_pages(pages, args: argparse.Namespace, title: str, lang: str | None = None) -> int:
    """Number the pages ('page N of M', in `lang`) and write them to -o in the chosen format."""
    from modlinseq_print.render.marks import number_pages
    from modlinseq_print.render.paper import make_sheet
    from modlinseq_print.render.scene import Document

    with using(lang):
        number_pages(pages, make_sheet(args.paper, args.margin))
    return write_document(Document(pages, title), args, plural(len(pages), "page"))


def add_lang_argument(parser: argparse.ArgumentParser, default: str | None = LANG.default) -> None:
    """--lang: the language of the printed text (addresses and MSA names stay as they are); `default` None for a
    command whose preset names the language (the option KIT_LANG)."""
    add_option(parser, LANG if default is not None else KIT_LANG)
