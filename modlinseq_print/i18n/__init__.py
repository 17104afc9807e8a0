"""Translated printed text: the language in use, its catalogue, plurals and decimal numbers.

Printables call `_()` (and `wording.plural`) with the English text; the English text is the message id,
so English output needs no catalogue. The language is set for a whole build with `using(lang)`. The
catalogues are the standard library's gettext reading the .mo files compiled from locale/*.po when the
package is built (catalogues.py).
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
from functools import cache
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import excerpt

LANGUAGES = ("en", "de", "fr", "es", "el", "ru")
LOCALE = Path(__file__).parent / "locale"
#: The decimal symbol of each language, as CLDR (the Unicode locale data) gives it; a test checks the table
#: against Babel's copy of CLDR, so the runtime needs neither Babel nor the system's locales.
DECIMAL_SYMBOL = {"en": ".", "de": ",", "fr": ",", "es": ",", "el": ",", "ru": ","}
_current = contextvars.ContextVar("lang", default="en")
MISSING: set[tuple[str, str]] = set()  # (lang, msgid) asked for but not in the catalogue (tests read it)


class LanguageError(ModlinseqError):
    """A language the catalogues do not have."""


def check_language(lang: str) -> str:
    """The language code, or a LanguageError naming the languages."""
    if lang not in LANGUAGES:
        raise LanguageError(f"unknown language {excerpt(str(lang))}: use one of {', '.join(LANGUAGES)}")
    return lang


class _Missing(gettext.NullTranslations):
    """The fallback of a catalogue: notes each message the catalogue lacks, and gives the English text."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        MISSING.add((self.lang, message))
        return message

    def ngettext(self, singular: str, many: str, n: int) -> str:
        MISSING.add((self.lang, singular))
        return singular if n == 1 else many


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language (locale/LANG.mo; English needs none): its messages and, from its
    Plural-Forms header, its plural rule."""
    if check_language(lang) == "en":
        return gettext.NullTranslations()
    try:
        with open(LOCALE / f"{lang}.mo", "rb") as handle:
            found = gettext.GNUTranslations(handle)
    except FileNotFoundError:
        raise LanguageError(f"the {lang} catalogue is not compiled (locale/{lang}.mo is missing): install "
                            "modlinseq-print with pip, which compiles the catalogues") from None
    found.add_fallback(_Missing(lang))
    return found


def current() -> str:
    """The language in use."""
    return _current.get()


@contextlib.contextmanager
def using(lang: str | None):
    """Print in `lang` (None or "en": English) inside the with block."""
    token = _current.set(check_language(lang or "en"))
    try:
        yield
    finally:
        _current.reset(token)


def _(msgid: str) -> str:
    """The text in the language in use."""
    lang = current()
    return msgid if lang == "en" else translations(lang).gettext(msgid)


def ngettext(singular: str, many: str, n: int) -> str:
    """The form of a message that goes with the count n, by the catalogue's plural rule."""
    lang = current()
    if lang == "en":
        return singular if n == 1 else many
    return translations(lang).ngettext(singular, many, n)


def number(value: float, spec: str) -> str:
    """A number formatted with `spec` (e.g. '.1f'), with the decimal symbol of the language in use."""
    return format(value, spec).replace(".", DECIMAL_SYMBOL[current()])


def capitals(text: str) -> str:
    """Text in capitals as the language in use writes them: Greek drops its accent (tonos) in capitals, keeping
    the diaeresis; other languages keep their accents."""
    upper = text.upper()
    if current() != "el":
        return upper
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", upper).replace("\u0301", ""))
