"""The project's own exception types; the CLI turns them into one-line errors.

A value's error names the value as a field (`mention`), never as a command-line option: the command line
words it as its flag, the studio as its form field's label, the library as its keyword argument (paper='a3')
and a kit preset as its key (board.paper = "a3").
"""

from __future__ import annotations

import json
import re
from typing import Callable

#: How a field is mentioned inside a message: \x1f NAME [\x1e JSON-VALUE] \x1f.
_MENTION = re.compile("\x1f([a-z_][a-z0-9_.]*)(?:\x1e([^\x1f]*))?\x1f")

#: A front end's word for a field mentioned with the value it suggests (None: no value).
Words = Callable[[str, object], str]
#: No message is longer than this many characters (its quotes of user input are at most inputs.EXCERPT each).
MAX_MESSAGE = 300


def one_line(message: object, limit: int = MAX_MESSAGE) -> str:
    """The message on one line, at most `limit` characters ('...' where it is cut): as every front end shows
    an error."""
    text = " ".join(str(message).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


class ModlinseqError(Exception):
    """Base class for every error a user can cause and fix."""


class AddressError(ModlinseqError):
    """A cell address or tile token that cannot be parsed."""


class PatternError(ModlinseqError):
    """An unknown cell pattern, or one that does not apply to the board."""


def mention(name: str, value: object = None) -> str:
    """A field named inside a FieldError's message, with the value the message suggests for it (a word, a
    number, True or False) if any; each front end writes its own word there."""
    return f"\x1f{name}\x1f" if value is None else f"\x1f{name}\x1e{json.dumps(value)}\x1f"


def keyword_word(name: str, value: object = None) -> str:
    """The library's word for a field: its keyword argument (`fit=True`, `paper='a3'`)."""
    return name if value is None else f"{name}={value!r}"


def toml_literal(value: object) -> str:
    """A TOML literal for a bool, a number or a string."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value) if isinstance(value, (int, float)) else json.dumps(str(value), ensure_ascii=False)


def preset_word(name: str, value: object = None) -> str:
    """A kit preset's word for a field: its key (`board.paper = "a3"`)."""
    return name if value is None else f"{name} = {toml_literal(value)}"


class FieldError(ModlinseqError):
    """An error in one value: `field` names it as the library does (None: no one value), `limit` gives its
    bound, and the message names fields with `mention`, so that a command line can name its flags, a form
    its labels and the library its keywords. str() is the message in `words` (the library's by default)."""

    #: The fields are the library's names, which each front end words its own way; a kit preset's errors name
    #: its keys instead, which stay keys everywhere but in the studio's kit form.
    library_names = True

    def __init__(self, message: str, field: str | None = None, limit: object = None, words: Words = keyword_word):
        self.template, self.field, self.limit, self.words = message, field, limit, words
        super().__init__(self.worded(words))

    @property
    def mentioned(self) -> list[str]:
        """The fields the message names, in order."""
        return [match.group(1) for match in _MENTION.finditer(self.template)]

    def worded(self, words: Words) -> str:
        """The message with every field in `words`; the field at fault leads it when the message does not
        name it ('dpi: bad resolution ...')."""
        def word(match: re.Match) -> str:
            raw = match.group(2)
            try:
                value = None if raw is None else json.loads(raw)
            except ValueError:
                value = raw
            return words(match.group(1), value)

        text = _MENTION.sub(word, self.template)
        if self.field and self.field not in self.mentioned:
            text = f"{words(self.field, None)}: {text}"
        return text

    def renamed(self, rename: Callable[[str], str]) -> str:
        """The message with its fields renamed (as a kit preset's keys, say), fields still to be worded."""
        def rename_mark(match: re.Match) -> str:
            return f"\x1f{rename(match.group(1))}{match.group(0)[1 + len(match.group(1)):]}"

        return _MENTION.sub(rename_mark, self.template)

    def named(self, names: dict[str, str]) -> FieldError:
        """The same error with some fields renamed: {"paper": "bed"} when the paper parsed was a cutter bed's."""
        def rename(name: str) -> str:
            return names.get(name, name)

        return self.edited(lambda template: self.renamed(rename), rename(self.field) if self.field else None)

    def edited(self, edit: Callable[[str], str], field: str | None = None) -> FieldError:
        """The same error (of its own class) with its message changed by `edit` and, if given, another field."""
        changed = type(self).__new__(type(self))  # whatever its own constructor takes
        changed.__dict__.update(self.__dict__)
        changed.template, changed.field = edit(self.template), field or self.field
        changed.args = (changed.worded(changed.words),)
        return changed


class BoardSpecError(FieldError):
    """A board spec (hex:N, rect:CxR, tess:N, square:CxR, file:PATH) that is not valid."""

    def __init__(self, message: str, field: str | None = "board", limit: object = None):
        super().__init__(message, field, limit)


class UnitError(FieldError):
    """A length that cannot be parsed, or one out of range."""
