"""The command line's options made from the option definitions (modlinseq_print/options.py): each option's flag
is its name with dashes (`tile_width` is `--tile-width`), its default, choices and help text are the
definition's own."""

from __future__ import annotations

import argparse
from typing import Any

from modlinseq_print.commands.numbers import DECIMAL, WHOLE
from modlinseq_print.options import Group, Option


def flag_of(option: Option) -> str:
    """The option's flag: '--tile-width' for tile_width."""
    return "--" + option.name.replace("_", "-")


def help_of(option: Option) -> str:
    """The help text: what the option does and its default ('tile width, any unit (default 25mm)'); an option
    left out unless given (a switch that is off, a value with no default) says no default."""
    shown = option.shown_default
    return option.help if shown is None else f"{option.help} (default{shown})"


def add_option(parser: argparse.ArgumentParser | argparse._ArgumentGroup, option: Option, *aliases: str,
               **extra: object) -> argparse.Action:
    """Add one option to a parser, as its definition says; `aliases` are more flags for it ('-m'), and `extra`
    what only the command line has (a stricter `type` such as COUNT, `nargs`, `const`, `metavar`)."""
    names = (flag_of(option), *aliases)
    if option.kind == "switch":
        action: type[argparse.Action] | str = argparse.BooleanOptionalAction if option.default else "store_true"
        switch: dict[str, Any] = {"help": help_of(option), **extra}
        return parser.add_argument(*names, action=action, default=option.default, **switch)
    found: dict[str, Any] = {"choices": option.choices} if option.kind == "choice" else {}
    if option.placeholder:
        found["metavar"] = option.placeholder
    if option.kind in ("whole", "number"):
        found["type"] = WHOLE if option.kind == "whole" else DECIMAL
    found.update({"default": option.default, "help": help_of(option)}, **extra)
    return parser.add_argument(*names, **found)


def add_options(parser: argparse.ArgumentParser | argparse._ArgumentGroup, group: Group,
                leave_out: tuple[str, ...] = ()) -> None:
    """Add every option of a group (but those named in `leave_out`) to a parser."""
    for option in group.options:
        if option.name not in leave_out:
            add_option(parser, option)
