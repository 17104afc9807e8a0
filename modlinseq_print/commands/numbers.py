"""The command line's number types: argparse types that read whole numbers and decimals with the library's
parsers (inputs.parse_int, inputs.parse_float), so that every command checks a count the same way."""

from __future__ import annotations

import argparse

from modlinseq_print.inputs import clip, parse_float, parse_int


def argument_type(parse, low: float | None = None, says: str = "", above: bool = False, high: float | None = None):
    """An argparse type: `parse` (parse_int or parse_float) of the text, at least `low` when given (more than
    `low` with `above`) and at most `high` when given; its errors become argparse's one-line usage errors naming
    the option."""
    def convert(text: str):
        try:
            value = parse(text, "the value", ValueError)
        except ValueError as problem:
            raise argparse.ArgumentTypeError(str(problem)) from None
        if (low is not None and (value <= low if above else value < low)) or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{clip(text.strip())} is out of range: give {says}")
        return value
    convert.__name__ = "whole number" if parse is parse_int else "number"
    return convert


WHOLE = argument_type(parse_int)
COUNT = argument_type(parse_int, 0, "0 or more")
POSITIVE = argument_type(parse_int, 1, "1 or more")
DECIMAL = argument_type(parse_float)
#: A resolution in dots per inch: more than 0 (whether the image it makes is at least a pixel, and not too
#: many, render.resolution.check_resolution says for each image).
DPI = argument_type(parse_float, 0, "a resolution above 0 dots per inch, e.g. 150", above=True)
