"""The command line: a thin layer that parses arguments, calls the library and reports errors in one line."""

from __future__ import annotations

import argparse
import importlib
import sys

from modlinseq_print import __version__
from modlinseq_print.errors import ModlinseqError

PROG = "modlinseq-print"
#: Command modules under modlinseq_print.commands; each has register(subparsers).
COMMANDS = ("describe", "board", "tiles", "markers", "check", "score", "position", "kit", "reference", "worksheet",
            "mod13", "coprimality")


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser with every command registered."""
    parser = OneLineParser(prog=PROG, description="Printables and a rules engine for the MODLINSEQ game.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"modlinseq_print.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as stop:  # usage errors, --help and --version
        return int(stop.code or 0)
    try:
        return args.run(args) or 0
    except ModlinseqError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
