"""`tts`: a Tabletop Simulator saved object of a preset (board, pieces in bags, the Mod 13 deck) and its images."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path

from modlinseq_print.commands.common import add_lang_argument, removed_note
from modlinseq_print.options import PRESET
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.i18n import using
from modlinseq_print.kits.preset_loading import load_preset, preset_names


def register(sub: argparse._SubParsersAction) -> None:
    """Add the tts command."""
    parser = sub.add_parser("tts", help="a Tabletop Simulator saved object: board, pieces in bags, Mod 13 deck")
    parser.add_argument("preset", nargs="?", default=PRESET.default,
                        help=f"a preset name ({', '.join(preset_names())}) or a FILE.toml (default standard)")
    parser.add_argument("-o", "--output", default=None, metavar="DIR",
                        help="folder for the JSON and its images (default output/tts-PRESET)")
    parser.add_argument("--base-url", default=None, metavar="URL",
                        help="name each image URL/NAME: the web address where you will put the files of the "
                             "images folder (default: file:/// paths on this computer)")
    parser.add_argument("--signed", action="store_true", help="the deck's cards also show their -6..-1 value")
    add_lang_argument(parser, default=None)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Render the images, write the saved object and its images, and report them in one line."""
    from modlinseq_print.services.tts import check_base_url, export_files
    from modlinseq_print.services.tts_export import build_export

    if args.base_url is not None:
        check_base_url(args.base_url)
    preset = load_preset(args.preset)
    if args.lang:
        preset = replace(preset, lang=args.lang)
    folder = Path(args.output or f"output/tts-{preset.name}")
    with using(preset.lang):
        export = build_export(preset, args.signed)
        files = export_files(export, folder, args.base_url)
    written = write_files_atomic(files)
    print(f"wrote {written[0]} and {len(written) - 1} images in {folder / 'images'}: board, "
          f"{len(export.pieces)} pieces in bags, a 52-card Mod 13 deck{removed_note(written, 'image')}")
    return 0
