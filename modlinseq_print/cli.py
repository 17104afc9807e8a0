"""The command line: a thin layer that parses arguments, calls the library and reports errors in one line.

Command modules are imported lazily: `--help` lists the commands of commands/table.py, and only the chosen
command's module is imported and its parser built (`python -m modlinseq_print --help` alone is printed by
commands/main_help.py, without argparse). Any unexpected exception is reported in one line as
an internal error (exit 70); the global option --debug shows its traceback instead.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from typing import NoReturn

from modlinseq_print import __version__, interrupts
from modlinseq_print.collector import collector_paused
from modlinseq_print.commands.table import COMMANDS, DEBUG, DESCRIPTION, HELP, PROG, VERSION
from modlinseq_print.errors import FieldError, ModlinseqError, one_line
from modlinseq_print.i18n import using
from modlinseq_print.inputs import EXCERPT, clip, excerpt

EXIT_INTERNAL = 70
EXIT_INTERRUPTED = 130
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'")  # a quoted value in an argparse message, e.g. invalid choice: 'x'


def shorten_quotes(message: str) -> str:
    """The message with every quoted value longer than inputs.EXCERPT characters cut to an excerpt."""
    return _QUOTED.sub(lambda m: m.group(0) if len(m.group(1)) <= EXCERPT else excerpt(m.group(1)), message)


class OneLineParser(argparse.ArgumentParser):
    """An ArgumentParser whose usage errors are one line and exit status 2, quoting little of the input, and start
    as every other error does ("modlinseq-print: error: "), the command named in the help they point to."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, one_line(f"{PROG}: error: {shorten_quotes(message)} (see {self.prog} --help)") + "\n")

    def parse_args(self, args=None, namespace=None):  # untyped, as argparse's overloads cannot be matched by one
        """As argparse's, but unrecognised arguments are named by excerpts, at most three of them."""
        parsed, extra = self.parse_known_args(args, namespace)
        if extra:
            more = f" and {len(extra) - 3} more" if len(extra) > 3 else ""
            self.error("unrecognized arguments: " + " ".join(clip(word) for word in extra[:3]) + more)
        return parsed


def build_parser(chosen: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every command is listed; the chosen one (all, with '*') is fully registered."""
    parser = OneLineParser(prog=PROG, description=DESCRIPTION, add_help=False)
    parser.add_argument("-h", "--help", action="help", help=HELP)
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}", help=VERSION)
    parser.add_argument("--debug", action="store_true", help=DEBUG)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    sub.required = True
    for name, summary in COMMANDS.items():
        if chosen in (name, "*"):
            importlib.import_module(f"modlinseq_print.commands.{name}").register(sub)
        else:
            sub.add_parser(name, help=summary, add_help=False)
    return parser


def chosen_command(argv: list[str]) -> str | None:
    """The command named in argv (the first word that is one), or None."""
    return next((word for word in argv if word in COMMANDS), None)


def value_options(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string, in the parser and its subcommands, that takes a value."""
    found: set[str] = set()
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


def safe_output() -> None:
    """Let reports print any path: characters the terminal's encoding cannot show become escapes."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a text file's; a replaced stream may lack it
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass


def internal_error(command: str, error: BaseException, debug: bool) -> int:
    """Report an unexpected exception in one line (a traceback with --debug); exit status 70."""
    if debug:
        import traceback

        traceback.print_exception(type(error), error, error.__traceback__, file=sys.stderr)
    if isinstance(error, MemoryError):
        what = "out of memory: the input asks for more than this computer can hold; try a smaller size"
    elif isinstance(error, RecursionError):
        what = "input nested too deeply to process"
    else:
        what = f"{type(error).__name__}: {one_line(error, 120)}"
    print(one_line(f"{PROG}: internal error in {command}: {what} (this is a bug; rerun with --debug for the "
                   "traceback)"), file=sys.stderr)
    return EXIT_INTERNAL


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status (130 after Ctrl-C, whenever it comes: nothing is written)."""
    safe_output()
    try:
        with interrupts.watching():
            status = _run(argv)
            interrupts.check()  # a Ctrl-C that something swallowed still ends the run as interrupted
            return status
    except KeyboardInterrupt:
        return interrupted()


def interrupted() -> int:
    """Report Ctrl-C in one line; exit status 130."""
    print(f"{PROG}: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def flagged_message(error: FieldError, parser: argparse.ArgumentParser) -> str:
    """The error with the fields it names worded as the parser's flags (commands/flags.py)."""
    from modlinseq_print.commands.flags import flagged  # lazily: only an error needs it

    return flagged(error, parser)


def refuse_empty_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """An empty value, in any option of any command, is one line (commands/flags.py)."""
    from modlinseq_print.commands.flags import refuse_empty_values as refuse

    refuse(parser, args)


def _run(argv: list[str] | None) -> int:
    """Parse the arguments, import the chosen command and run it; errors become one line and a status."""
    argv = [str(a) for a in (sys.argv[1:] if argv is None else argv)]
    command = chosen_command(argv)
    try:
        with collector_paused():  # the command's module and the libraries it loads: all stay (see collector.py)
            parser = build_parser(command)
        args = parser.parse_args(join_negative_values(argv, value_options(parser)))
    except SystemExit as stop:  # usage errors, --help and --version
        return int(stop.code or 0)
    try:
        refuse_empty_values(parser, args)
        with using(getattr(args, "lang", None)):  # the printed text's language; messages stay English
            return args.run(args) or 0
    except ModlinseqError as error:
        interrupts.check()  # an error that a Ctrl-C caused is reported as the interruption, in one line
        message = flagged_message(error, parser) if isinstance(error, FieldError) else str(error)
        print(one_line(f"{PROG}: error: {message}"), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except (Exception, RecursionError, MemoryError) as error:
        interrupts.check()  # the error may be a Ctrl-C that Python wrapped (see interrupts.check)
        return internal_error(command or "?", error, args.debug)
