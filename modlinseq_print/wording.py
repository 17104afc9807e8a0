"""Small helpers for the words of messages: counts with the right plural, in the language in use."""

from modlinseq_print.i18n import _, capitals, ngettext, number  # noqa: F401  (the entry point for translated text)


def plural(count: int, word: str, many: str | None = None) -> str:
    """'1 tile', '2 tiles' (or the given plural form): a count and its noun, translated when a
    language other than English is in use ("{n} word" / "{n} words" in the catalogue)."""
    many = many or word + "s"
    form = ngettext(f"{{n}} {word}", f"{{n}} {many}", count)
    return form.replace("{n}", str(count))
