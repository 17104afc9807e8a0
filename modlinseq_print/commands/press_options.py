"""The command line's words for press-ready PDFs: --press and its options, read into a plain PressOptions.

The render layer takes plain values and raises errors that name the field at fault (press.bleed, ...); the
command line names the flag instead ("--press-bleed: a press bleed of 25 mm is out of range: use 0 to 20 mm ...").
"""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.output_intents import DEFAULT_OUTPUT_INTENT, OUTPUT_INTENTS
from modlinseq_print.render.press import (
    DEFAULT_BLEED, DEFAULT_DIE_SPACING, DEFAULT_DIELINE, DEFAULT_PDFX, MAX_DIELINE_NAME, PDFX_LEVELS, PressOptions,
)
from modlinseq_print.units import parse_length

_PRESS_ONLY = (("press_bleed", "--press-bleed"), ("dieline_name", "--dieline-name"),
               ("die_spacing", "--die-spacing"), ("pdfx", "--pdfx"), ("output_intent", "--output-intent"),
               ("dieline_board", "--dieline-board"))


class PressOptionError(ModlinseqError):
    """A press option given on the command line that cannot be used."""


def add_press_arguments(parser: argparse.ArgumentParser, *, bleed_alias: bool = False, board: bool = False) -> None:
    """Add --press and its options; `bleed_alias` also names the page bleed --bleed (for commands without a
    piece bleed of their own), `board` adds --dieline-board."""
    group = parser.add_argument_group("press-ready PDF")
    group.add_argument("--press", action="store_true",
                       help="a press-ready PDF/X file: CMYK only, an output intent, TrimBox and BleedBox, crop marks, "
                            "die lines as a spot colour")
    names = ["--press-bleed"] + (["--bleed"] if bleed_alias else [])
    group.add_argument(*names, dest="press_bleed", default=None, metavar="LENGTH",
                       help=f"bleed past the trim of every page (default {DEFAULT_BLEED:g}mm)")
    group.add_argument("--dieline-name", default=None, metavar="NAME",
                       help=f"spot colour (and layer) name of the die lines, up to {MAX_DIELINE_NAME} printable "
                            f"ASCII characters (default {DEFAULT_DIELINE})")
    group.add_argument("--die-spacing", default=None, metavar="LENGTH",
                       help=f"least space between die-cut pieces (default {DEFAULT_DIE_SPACING:g}mm)")
    group.add_argument("--pdfx", choices=tuple(PDFX_LEVELS), default=None,
                       help="PDF/X level: 4 (PDF/X-4, the default) or 1a (PDF/X-1a:2003: PDF 1.4, no layers)")
    group.add_argument("--output-intent", choices=tuple(OUTPUT_INTENTS), default=None,
                       help="the printing condition the file is prepared for, with its profile embedded: fogra39 "
                            "(coated offset, ISO 12647-2; the default) or swop (SWOP web offset on grade 5 coated "
                            "paper, CGATS TR 005)")
    if board:
        group.add_argument("--dieline-board", action="store_true", help="a die line around the board's outline")


def press_from_args(args: argparse.Namespace) -> PressOptions | None:
    """The press options of --press (None without it, and with --service, which refuses them all); one-line
    errors for bad values or press options given without --press. Reads `args`, never changes it."""
    if getattr(args, "service", None):
        for dest, flag in (("press", "--press"), *_PRESS_ONLY):
            if getattr(args, dest, None) not in (None, False):
                raise PressOptionError(f"--service writes the files (and the bleed) the service asks for: "
                                       f"leave out {flag}")
        return None
    if not getattr(args, "press", False):
        for dest, flag in _PRESS_ONLY:
            if getattr(args, dest, None) not in (None, False):
                raise PressOptionError(f"{flag} sets up a press-ready PDF: add --press, or leave out {flag}")
        return None
    output = getattr(args, "output", None)
    kind = getattr(args, "format", None) or (Path(output).suffix.lower().lstrip(".") if output else "pdf")
    if kind != "pdf":
        raise PressOptionError(f"--press writes a press-ready PDF, not {kind.upper()}: name the output .pdf")
    return PressOptions(
        bleed=DEFAULT_BLEED if args.press_bleed is None else parse_length(args.press_bleed, "press bleed"),
        dieline_name=DEFAULT_DIELINE if args.dieline_name is None else args.dieline_name,
        die_spacing=DEFAULT_DIE_SPACING if args.die_spacing is None else parse_length(args.die_spacing, "die spacing"),
        pdfx=args.pdfx or DEFAULT_PDFX, output_intent=args.output_intent or DEFAULT_OUTPUT_INTENT)

