"""`kit`: one command from a preset to a complete print-and-play PDF."""

from __future__ import annotations

import argparse

from modlinseq_print.api import kit
from modlinseq_print.commands.common import removed_note
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.commands.service_option import add_service_argument, write_service_bundle
from modlinseq_print.commands.press_options import add_press_arguments, press_from_args
from modlinseq_print.commands.numbers import COUNT
from modlinseq_print.kits.build import KIT_STEPS, kit_stem
from modlinseq_print.kits.preset_loading import chosen_preset, preset_names
from modlinseq_print.progress import Progress
from modlinseq_print.options import EXERCISES, KIT_LANG, PAGE_FORMATS, PRESET, WORKSHEET_SEED
from modlinseq_print.render.output import format_for


def register(sub: argparse._SubParsersAction) -> None:
    """Add the kit command."""
    parser = sub.add_parser("kit", help="a complete print-and-play kit (PDF) from a preset")
    parser.add_argument("preset", nargs="?", default=PRESET.default,
                        help=f"a preset name ({', '.join(preset_names())}) or a FILE.toml (default {PRESET.default})")
    parser.add_argument("-o", "--output", default=None,
                        help="output file (default output/kit-PRESET.pdf, or .svg/.png with --format; "
                             "output/kit-PRESET-LANG.pdf in a language other than English, e.g. "
                             "kit-starter-de.pdf; output/kit-PRESET-press.pdf with --press)")
    parser.add_argument("--format", choices=PAGE_FORMATS, help="output format (default: from the extension of -o)")
    add_option(parser, EXERCISES, type=COUNT)
    add_option(parser, WORKSHEET_SEED)
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    add_press_arguments(parser, bleed_alias=True)
    add_service_argument(parser)
    add_option(parser, KIT_LANG)
    parser.set_defaults(run=run)


def pieces_bundle(preset, service, product, folder) -> list:
    """The kit's pieces (tiles, wild tiles, blockers, markers) as the service's product takes them."""
    from modlinseq_print.i18n import using
    from modlinseq_print.kits.build import kit_faces, kit_pieces
    from modlinseq_print.services.bundles import bundle, punchout_files

    title = f"{preset.title or f'MODLINSEQ {preset.name} kit'} (pieces)"  # the kit's own title names the game
    with using(preset.lang):
        return bundle(folder, service, product, title, punchout_files(product, kit_pieces(preset), kit_faces(preset),
                                                                      title))


def run(args: argparse.Namespace) -> int:
    """Build the kit of a preset and write it (the library's one path: mp.kit)."""
    preset = chosen_preset(args.preset, args.exercises, args.seed, args.lang)
    press_name = "-press" if args.press else ""  # a press file never takes the place of the home-printer kit
    output = args.output or f"output/{kit_stem(preset.name, preset.lang)}{press_name}.{args.format or 'pdf'}"
    kind = format_for(output, args.format)
    press = press_from_args(args)
    if args.service:
        return write_service_bundle(args, "pieces", lambda service, product, folder: pieces_bundle(
            preset, service, product, folder), output)
    bar = Progress(KIT_STEPS, quiet=args.quiet)
    made = kit(preset, progress=bar.step, press=press)
    bar.finish()
    written = made.save(output, format=kind)
    size = sum(path.stat().st_size for path in written)
    print(f"wrote {written[0]}{' ...' if len(written) > 1 else ''}: {made.kit.summary(size)}{removed_note(written)}")
    return 0
