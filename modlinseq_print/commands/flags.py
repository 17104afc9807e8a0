"""The command line's words for the fields lower layers name in their errors: FieldError.field -> a flag."""

from __future__ import annotations

from contextlib import contextmanager

from modlinseq_print.errors import FieldError, ModlinseqError

#: The flag of each field a lower layer's FieldError can name.
FLAGS = {
    "bleed": "--press-bleed", "dieline_name": "--dieline-name", "die_spacing": "--die-spacing", "pdfx": "--pdfx",
    "page": "--pdfx", "paper": "--paper", "margin": "--margin", "cutter": "--cutter", "press": "--press",
    "format": "-o", "service": "--service", "product": "--service", "base_url": "--base-url",
}


class FlagError(ModlinseqError):
    """A lower layer's error about one value, worded with the flag that gives it."""


def flagged(error: FieldError) -> FlagError:
    """The error worded with the flag of its field: '--press-bleed: a press bleed of 25 mm is ...'."""
    return FlagError(f"{FLAGS.get(error.field, error.field)}: {error}")


@contextmanager
def flag_errors():
    """Re-raise any FieldError from the work inside worded with its flag."""
    try:
        yield
    except FieldError as error:
        raise flagged(error) from None
