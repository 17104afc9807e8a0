"""The project's own exception types; the CLI turns them into one-line errors."""


class ModlinseqError(Exception):
    """Base class for every error a user can cause and fix."""


class AddressError(ModlinseqError):
    """A cell address or tile token that cannot be parsed."""


class BoardSpecError(ModlinseqError):
    """A board spec (hex:N, rect:CxR, tess:N, square:CxR, file:PATH) that is not valid."""


class PatternError(ModlinseqError):
    """An unknown cell pattern, or one that does not apply to the board."""


class UnitError(ModlinseqError):
    """A length that cannot be parsed, or one out of range."""


class FieldError(ModlinseqError):
    """An error in one value: `field` names it as the library does and `limit` gives its bound, so that a
    command line can name its flag and a form its field."""

    def __init__(self, message: str, field: str, limit: object = None):
        super().__init__(message)
        self.field = field
        self.limit = limit
