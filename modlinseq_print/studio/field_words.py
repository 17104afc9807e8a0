"""The studio's words for the fields errors name: the label of the form field that sets each, on the page the
request came from, so that a message reads as the form does ('use a smaller "Margin" or larger "Paper"').

A page's labels are read from its own HTML (the text of the <label> around each named control), the kit
form's from the preset definition (kit_form.py); a field the page does not show keeps the error's own word.
"""

from __future__ import annotations

from functools import cache
from html.parser import HTMLParser
from importlib import resources

from modlinseq_print.errors import FieldError, ModlinseqError, Words, keyword_word
from modlinseq_print.geometry.boards import FILE_HINT
from modlinseq_print.kits.preset_keys import PRESET_KEYS
from modlinseq_print.studio.kit_form import form_sections

KIT_PAGE = "kit.html"  # the kit form is drawn from the preset definition, not written in the page


class _LabelReader(HTMLParser):
    """Each named control's label: the words of the <label> around it, a <select>'s options left out."""

    def __init__(self) -> None:
        super().__init__()
        self.labels: dict[str, str] = {}
        self._words: list[str] | None = None
        self._name: str | None = None
        self._inside_select = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        name = dict(attrs).get("name")
        if tag == "label":
            self._words, self._name = [], None
        elif tag in ("input", "select", "textarea") and name and self._words is not None:
            self._name = name
        self._inside_select += tag == "select"

    def handle_endtag(self, tag: str) -> None:
        self._inside_select -= tag == "select"
        if tag == "label" and self._words is not None:
            text = " ".join("".join(self._words).split())
            if self._name and text:
                self.labels.setdefault(self._name, text)
            self._words = None

    def handle_data(self, data: str) -> None:
        if self._words is not None and not self._inside_select:
            self._words.append(data)


@cache
def page_labels(page: str) -> dict[str, str]:
    """The labels of a studio page's named controls, read from its HTML once."""
    reader = _LabelReader()
    reader.feed((resources.files("modlinseq_print.studio") / "static" / page).read_text(encoding="utf-8"))
    return reader.labels


@cache
def kit_labels() -> dict[str, str]:
    """The kit form's labels by preset key, and by the field each key sets (tile_width: "Tile width")."""
    labels = {field["key"]: field["label"] for section in form_sections() for field in section["fields"]}
    return labels | {field: labels[key] for field, key in PRESET_KEYS.items() if key in labels}


def form_labels(page: str | None) -> dict[str, str]:
    """Every label a page's messages may use: its own controls', then (on the kit page, or as a fallback
    elsewhere) the kit form's."""
    if page is None:
        return {}
    own = page_labels(page)
    return own | kit_labels() if page == KIT_PAGE else kit_labels() | own


def label_words(labels: dict[str, str], otherwise: Words) -> Words:
    """Words for fields as the form's labels: '"Margin"', '"Paper" set to a3', a box ticked or not: '"scale to
    one sheet"', '"addresses" unticked'."""
    def word(name: str, value: object = None) -> str:
        label = labels.get(name)
        if label is None:
            return otherwise(name, value)
        if value is None or value is True:
            return f'"{label}"'
        return f'"{label}" unticked' if value is False else f'"{label}" set to {value}'
    return word


def page_words(page: str | None, otherwise: Words = keyword_word) -> Words:
    """Words for fields as a page labels them (`otherwise` for the rest)."""
    return label_words(form_labels(page), otherwise)


def studio_message(error: ModlinseqError, page: str | None) -> tuple[str, str | None]:
    """An error's line with its fields worded as the page's labels, and the request key at fault (if known)."""
    if isinstance(error, FieldError) and not error.library_names:  # a preset's keys, whatever the page
        text, key = error.worded(label_words(kit_labels(), error.words)), error.field
    elif isinstance(error, FieldError):
        text, key = error.worded(page_words(page, error.words)), error.field
    else:
        text, key = str(error), getattr(error, "key", None)
    return text.replace(FILE_HINT, ""), key  # the studio reads no file named in a request
