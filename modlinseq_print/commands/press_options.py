"""The command line's words for press-ready PDFs: --press and its options, read into a plain PressOptions.

The render layer takes plain values and raises errors that name the field at fault (press.bleed, ...); the
command line names the flag instead ("--press-bleed: a press bleed of 25 mm is out of range: use 0 to 20 mm ...").
"""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.spec_flags import add_option, flag_of
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.options import DIELINE_BOARD, PRESS, PRESS_GROUP, press_options
from modlinseq_print.render.press import PressOptions

#: The options that only a press-ready PDF takes, by their names (the parser's dests) and flags.
_PRESS_ONLY = tuple((option.name, flag_of(option)) for option in (*PRESS_GROUP.options, DIELINE_BOARD)
                    if option is not PRESS)


class PressOptionError(ModlinseqError):
    """A press option given on the command line that cannot be used."""


def add_press_arguments(parser: argparse.ArgumentParser, *, bleed_alias: bool = False, board: bool = False) -> None:
    """Add --press and its options; `bleed_alias` also names the page bleed --bleed (for commands without a
    piece bleed of their own), `board` adds --dieline-board."""
    group = parser.add_argument_group("press-ready PDF")
    for option in PRESS_GROUP.options:
        add_option(group, option, *(["--bleed"] if bleed_alias and option.name == "press_bleed" else []))
    if board:
        add_option(group, DIELINE_BOARD)


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
    return press_options(vars(args))
