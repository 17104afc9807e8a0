"""The command line's words for the fields lower layers name in their errors: each field as the flag that sets it.

A lower layer's FieldError names fields as the library does (`errors.mention`); the command that ran words
each as the option of its parser with that destination (`--paper a3`, `--no-labels`), a field whose option
goes by another name through FLAGS, and any other field (a kit preset's key, say) as the error's own words.
"""

from __future__ import annotations

import argparse

from modlinseq_print.errors import FieldError, ModlinseqError, Words

#: The flags of fields whose option's destination has another name: the first of them the command has.
FLAGS = {
    "press.bleed": ("--press-bleed",), "press.dieline_name": ("--dieline-name",),
    "press.die_spacing": ("--die-spacing",), "press.pdfx": ("--pdfx",), "press.output_intent": ("--output-intent",),
    "product": ("--service",),
    "range": ("--markers",), "cut_colour": ("--cut-color",), "engrave_colour": ("--engrave-color",),
    "score_colour": ("--score-color",),
}


class FlagError(ModlinseqError):
    """An error about options the command line alone has, worded with their flags."""


def options_by_dest(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """Every option of the parser and of its registered subcommands, by destination (the first one of each) and
    by each of its option strings."""
    found: dict[str, argparse.Action] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for subparser in action.choices.values():
                found = options_by_dest(subparser) | found
        elif action.option_strings:
            for name in (action.dest, *action.option_strings):
                found.setdefault(name, action)
    return found


def option_word(action: argparse.Action, value: object = None) -> str:
    """The option that gives the value: '--paper a3', '--fit', '--no-labels' (for labels=False)."""
    flags = [flag for flag in action.option_strings if flag.startswith("--")] or action.option_strings
    if action.nargs == 0:  # a switch: the one that sets the value asked for
        if isinstance(action, argparse.BooleanOptionalAction) and value is False:
            return next((flag for flag in flags if flag.startswith("--no-")), flags[-1])
        return flags[0]
    return flags[0] if value is None else f"{flags[0]} {value}"


def flag_words(parser: argparse.ArgumentParser, otherwise: Words) -> Words:
    """Words for the fields of an error from this parser's options (and FLAGS); `otherwise` for the rest."""
    options = options_by_dest(parser)

    def word(name: str, value: object = None) -> str:
        action = options.get(name) or next((options[flag] for flag in FLAGS.get(name, ()) if flag in options), None)
        return otherwise(name, value) if action is None else option_word(action, value)
    return word


def flagged(error: FieldError, parser: argparse.ArgumentParser) -> str:
    """The error's message with its fields worded as the parser's flags: '--press-bleed: a press bleed of ...'
    (a kit preset's keys stay keys: `lang` in a preset file is not the kit command's --lang)."""
    return error.worded(flag_words(parser, error.words)) if error.library_names else str(error)


def chosen_actions(parser: argparse.ArgumentParser, args: argparse.Namespace):
    """(parser, action) for every argument of the command that ran: its parser's own and those of the
    subcommands chosen in args, down to the last."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            chosen = action.choices.get(getattr(args, action.dest, None) or "")
            if chosen is not None:
                yield from chosen_actions(chosen, args)
        else:
            yield parser, action


def refuse_empty_values(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """One rule for every option and argument of every command: a value given empty (or only blanks) is
    refused in one line, never read as the default or as 'none'."""
    for owner, action in chosen_actions(parser, args):
        value = getattr(args, action.dest, None)
        if action.nargs == 0 or not isinstance(value, str) or value.strip() or value == action.default:
            continue
        name = option_word(action) if action.option_strings else f"the {action.dest.replace('_', ' ')} argument"
        optional = not action.required and (action.option_strings or action.nargs == "?")
        leave = f", or leave out {name} for its default" if action.option_strings and optional else (
            ", or leave it out for the default" if optional else "")
        raise FlagError(f"{name} is empty: give a value{leave} (see {owner.prog} --help)")
