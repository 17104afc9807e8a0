"""Errors of the rules engine: malformed transcripts and settings the rules cannot apply."""

from modlinseq_print.errors import FieldError, ModlinseqError


class TranscriptError(ModlinseqError):
    """A transcript that cannot be read: a bad token, a value too large, two tiles on one cell."""


class RulesError(FieldError):
    """A modulus, wrap mode or wild-tile policy that does not fit the position (its field: the one at fault,
    if any)."""
