"""--service NAME: the files a print-on-demand service's upload form takes, in a folder and a ZIP beside -o."""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.common import removed_note
from modlinseq_print.commands.flags import FlagError
from modlinseq_print.commands.press_options import press_from_args
from modlinseq_print.fileio import write_files_atomic
from modlinseq_print.services.specs import get_service, services

#: Options that shape other output than a service's bundle: refused with --service (and the press options, by
#: press_options.press_from_args).
_OTHER_OUTPUT = (("cut_file", "--cut-file"), ("per_piece", "--per-piece"),
                 ("cutter", "--cutter"), ("backs", "--backs"), ("bleed", "--bleed"))


def add_service_argument(parser: argparse.ArgumentParser) -> None:
    """Add --service NAME."""
    parser.add_argument("--service", choices=tuple(services()), default=None, metavar="NAME",
                        help=f"write the files a print-on-demand service's upload form takes, in a folder and a ZIP "
                             f"named after -o: {', '.join(services())}")


def bundle_folder(output: str, service: str) -> Path:
    """The bundle's folder: the output without its extension, then the service's name (output/tiles-thegamecrafter)."""
    path = Path(output)
    return path.with_name(f"{path.stem}-{service}")


def write_service_bundle(args: argparse.Namespace, kind: str, make, output: str | None = None) -> int:
    """Check the options, build the bundle with make(service, product, folder) next to `output` (default -o)
    and write it all or nothing."""
    press_from_args(args)  # the press options: refused beside --service, as every command refuses them
    for dest, flag in _OTHER_OUTPUT:
        if getattr(args, dest, None) not in (None, False):
            raise FlagError(f"--service writes the files (and the bleed) the service asks for: leave out {flag}")
    service = get_service(args.service)
    product = service.product(kind)
    folder = bundle_folder(output or args.output, args.service)
    files = make(service, product, folder)
    written = write_files_atomic(files)
    archive = written[-1]
    print(f"wrote {folder}/ ({len(written) - 1} files) and {archive}: {product.product} for {service.title}"
          f"{removed_note(written)}")
    return 0
