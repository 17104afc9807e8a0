"""The command line: a thin layer that parses arguments, calls the library and reports errors in one line."""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from modlinseq_print import __version__
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.i18n import using

PROG = "modlinseq-print"
#: Command modules under modlinseq_print.commands; each has register(subparsers).
COMMANDS = ("describe", "board", "tiles", "markers", "check", "score", "position", "kit", "reference", "worksheet",
            "mod13", "coprimality", "calibrate", "studio")


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


def value_options(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string, in the parser and its subcommands, that takes a value."""
    found = set()
    for action in parser._actions:
        if action.option_strings and action.nargs != 0:
            found.update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for subparser in action.choices.values():
                found |= value_options(subparser)
    return found


def join_negative_values(argv: list[str], options: set[str]) -> list[str]:
    """Write `--margin -5mm` as `--margin=-5mm`, so a negative length reaches its option (and its error)."""
    joined: list[str] = []
    for token in argv:
        if joined and joined[-1] in options and re.match(r"-[0-9.]", token):
            joined[-1] = f"{joined[-1]}={token}"
        else:
            joined.append(token)
    return joined


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser.parse_args(join_negative_values([str(a) for a in argv], value_options(parser)))
    except SystemExit as stop:  # usage errors, --help and --version
        return int(stop.code or 0)
    try:
        with using(getattr(args, "lang", None)):  # the printed text's language; messages stay English
            return args.run(args) or 0
    except ModlinseqError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
