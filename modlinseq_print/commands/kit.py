"""`kit`: one command from a preset to a complete print-and-play PDF."""

from __future__ import annotations

import argparse
from dataclasses import replace

from modlinseq_print.commands.common import add_lang_argument
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.kit.build import build_kit
from modlinseq_print.kit.preset_loading import load_preset, preset_names
from modlinseq_print.render.output import format_for, formats, write_output
from modlinseq_print.render.press import add_press_arguments, press_from_args


def register(sub: argparse._SubParsersAction) -> None:
    """Add the kit command."""
    parser = sub.add_parser("kit", help="a complete print-and-play kit (PDF) from a preset")
    parser.add_argument("preset", nargs="?", default="standard",
                        help=f"a preset name ({', '.join(preset_names())}) or a FILE.toml (default standard)")
    parser.add_argument("-o", "--output", default=None, help="output file (default output/kit-PRESET.pdf, or .svg/.png with --format)")
    parser.add_argument("--format", choices=formats(), help="output format (default: from the extension of -o)")
    parser.add_argument("--exercises", type=int, default=None, metavar="N",
                        help="add a worksheet of N practice problems with answers (default: the preset's count)")
    parser.add_argument("--seed", type=int, default=None, help="seed for the worksheet problems (default: the preset's)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_press_arguments(parser)
    add_lang_argument(parser, default=None)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Build the kit of a preset and write it."""
    preset = load_preset(args.preset)
    if args.exercises is not None and not 0 <= args.exercises <= 500:
        raise ModlinseqError(f"bad --exercises {args.exercises}: give 0 to 500 problems")
    if args.seed is not None:
        preset = replace(preset, exercises=replace(preset.exercises, seed=args.seed))
    output = args.output or f"output/kit-{preset.name}.{args.format or 'pdf'}"
    kind = format_for(output, args.format)
    press = press_from_args(args)
    if args.lang:
        preset = replace(preset, lang=args.lang)
    kit = build_kit(preset, args.exercises, quiet=args.quiet, press=press)
    written = write_output(kit.document, output, kind, press=press)
    parts = ", ".join(f"{(s.name or s.title).lower()} {len(s.pages)}" for s in kit.sections)
    size = sum(path.stat().st_size for path in written)
    print(f"wrote {written[0]}{' ...' if len(written) > 1 else ''}: {len(kit.document.pages)} pages "
          f"(cover 1, {parts}), {size / 1024:.0f} KB")
    return 0
