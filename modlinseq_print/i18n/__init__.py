"""Translated printed text: the language in use, its catalogue, plurals and decimal numbers.

Printables call `_()` (and `wording.plural`) with the English text; the English text is the message id,
so English output needs no catalogue. The language is set for a whole build with `using(lang)`.
"""

from __future__ import annotations

import contextlib
import contextvars
import gettext
from functools import cache
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.i18n.po import read_po
from modlinseq_print.inputs import excerpt

LANGUAGES = ("en", "de", "fr", "es", "el", "ru")
LOCALE = Path(__file__).parent / "locale"
DECIMAL_COMMA = {"de", "fr", "es", "el", "ru"}
_current = contextvars.ContextVar("lang", default="en")
MISSING: set[tuple[str, str]] = set()  # (lang, msgid) asked for but not in the catalogue (tests read it)


def plural_index(lang: str, n: int) -> int:
    """Which plural form a count takes, by the rule in the catalogue's Plural-Forms header."""
    return _plural_rule(lang)(n)


@cache
def _plural_rule(lang: str):
    header = catalogue(lang).get("", "")
    for line in str(header).splitlines():
        if line.startswith("Plural-Forms:"):
            return gettext.c2py(line.partition("plural=")[2].rstrip().rstrip(";"))
    return lambda n: int(n != 1)


class LanguageError(ModlinseqError):
    """A language the catalogues do not have."""


def check_language(lang: str) -> str:
    """The language code, or a LanguageError naming the languages."""
    if lang not in LANGUAGES:
        raise LanguageError(f"unknown language {excerpt(str(lang))}: use one of {', '.join(LANGUAGES)}")
    return lang


@cache
def catalogue(lang: str) -> dict[str, str | tuple[str, ...]]:
    """The messages of a language (empty for English)."""
    path = LOCALE / f"{lang}.po"
    return read_po(path) if lang != "en" and path.exists() else {}


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
    if lang == "en":
        return msgid
    found = catalogue(lang).get(msgid)
    if not isinstance(found, str) or not found:
        MISSING.add((lang, msgid))
        return msgid
    return found


def ngettext(singular: str, many: str, n: int) -> str:
    """The form of a message that goes with the count n."""
    lang = current()
    if lang != "en":
        forms = catalogue(lang).get(singular)
        if isinstance(forms, tuple) and forms:
            return forms[min(plural_index(lang, n), len(forms) - 1)]
        MISSING.add((lang, singular))
    return singular if n == 1 else many


def number(value: float, spec: str) -> str:
    """A number formatted with `spec` (e.g. '.1f'), with a decimal comma where the language writes one."""
    text = format(value, spec)
    return text.replace(".", ",") if current() in DECIMAL_COMMA else text


def capitals(text: str) -> str:
    """Text in capitals as the language in use writes them: Greek drops its accent (tonos) in capitals, keeping
    the diaeresis; other languages keep their accents."""
    upper = text.upper()
    if current() != "el":
        return upper
    import unicodedata

    return unicodedata.normalize("NFC", unicodedata.normalize("NFD", upper).replace("\u0301", ""))
