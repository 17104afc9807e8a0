"""A player reads player words: no page of any shipped preset's kit, in any language, prints the program's own
words (board specs, options, preset keys, choice values), and the rules' abbreviations only on a page that
explains them. The text is every Text item of every page (through symbols and embedded figures), the pages'
bookmarks and the document's title, as the PDF carries them."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from modlinseq_print.i18n import LANGUAGES, _, using
from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.preset_loading import load_preset, preset_names
from modlinseq_print.render.scene import Embed, Scene, Text, Use

#: The program's words, as patterns, each with why a player must never meet it. Rules terms stay allowed:
#: "tess-3" (the rules' own name of that board, page 6, section 14), "A0", "modulus", "bonus", "malus".
PROGRAM_WORDS: list[tuple[str, str]] = [
    (r"\b(?:hex|rect|tess|square|file):", "a board spec (hex:9): the page names the board's shape"),
    (r"--", "a command-line option (--lang)"),
    (r"\b(?:board|tiles|markers|box|exercises|measures)\.[a-z_]+", "a preset key (tiles.nest)"),
    (r"\b[a-z]+_[a-z_]+\b", "an identifier with an underscore (back_text, no_zero)"),
    (r"\.toml\b|\bpreset\b|\bspec\b", "the program's files and terms (preset, spec)"),
    (r"\b(?:True|False|None|null)\b", "a program value"),
    (r"\b(?:gutter-fold|bonus-malus|cut-mode|print-and-cut)\b", "a choice as the options spell it"),
    (r"\bwrap (?:none|lines|tess)\b", "a wrap choice as the options spell it"),
]
#: Abbreviations and terms of the rules that may appear only on a page that explains them (or the page before,
#: when a table runs on, as the list of every sequence of modulus 20 does in Greek): the word, and the (English)
#: text whose translation marks the explanation.
DEFINED_ON_PAGE: list[tuple[str, str]] = [("MSA", "MSA notation")]
#: English only: a term whose definition is one sentence of the rules sheet.
DEFINED_IN_ENGLISH: list[tuple[str, str]] = [("frozen", "is frozen:")]


def scene_texts(scene: Scene) -> list[str]:
    """Every line of text a scene draws, through symbols and embedded scenes."""
    found: list[str] = []

    def walk(items, owner: Scene) -> None:
        for item in items:
            if isinstance(item, Text):
                found.append(item.text)
            elif isinstance(item, Use):
                walk(owner.symbols.get(item.symbol, ()), owner)
            elif isinstance(item, Embed):
                walk([i for layer in item.scene.layers for i in layer.items], item.scene)

    walk([i for layer in scene.layers for i in layer.items], scene)
    return found


@pytest.fixture(scope="module", params=LANGUAGES)
def kits(request) -> tuple[str, dict[str, list[str]]]:
    """One language's kits, built once for this module: preset name -> the text of each page (its title and
    bookmarks on the first)."""
    lang = request.param
    pages: dict[str, list[str]] = {}
    for name in preset_names():
        preset = load_preset(name)
        kit = build_kit(replace(preset, lang=lang))
        texts = ["\n".join(scene_texts(page.scene) + [page.bookmark or ""]) for page in kit.document.pages]
        texts[0] += "\n" + kit.document.title
        pages[name] = texts
    return lang, pages


def test_every_shipped_preset_is_checked():
    assert {"standard", "standard-letter", "starter", "tess-3", "bonus-malus"} <= set(preset_names())


def test_no_page_prints_a_program_word(kits):
    lang, pages = kits
    found = [f"{name} page {number}: {match.group(0)!r} ({why})"
             for name, texts in pages.items() for number, text in enumerate(texts, start=1)
             for pattern, why in PROGRAM_WORDS for match in re.finditer(pattern, text)]
    assert not found, f"{lang}: " + "; ".join(found[:20])


def test_the_rules_words_appear_only_where_they_are_explained(kits):
    lang, pages = kits
    with using(lang):
        marks = [(word, _(definition)) for word, definition in DEFINED_ON_PAGE]
    if lang == "en":
        marks += DEFINED_IN_ENGLISH
    found = [f"{name} page {number}: {word!r} without {definition!r}"
             for name, texts in pages.items() for number, text in enumerate(texts, start=1)
             for word, definition in marks if re.search(rf"\b{word}\b", text)
             and definition not in text and definition not in (texts[number - 2] if number > 1 else "")]
    assert not found, f"{lang}: " + "; ".join(found[:20])


def test_the_board_is_named_by_its_shape(kits):
    lang, pages = kits
    with using(lang):
        hexagon, tess = _("hexagon of order {order}").format(order=9), _("tess-{order}").format(order=3)
    cover = pages["standard"][0]
    assert hexagon in cover and "hex:" not in cover
    assert tess in pages["tess-3"][0]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("spec, words", [("hex:4", ("hexagon of order {order}", {"order": 4})),
                                         ("rect:7x5", ("near-rectangle of {columns} × {rows} cells",
                                                       {"columns": 7, "rows": 5})),
                                         ("square:6x6", ("square grid of {columns} × {rows} cells",
                                                         {"columns": 6, "rows": 6}))])
def test_the_board_command_s_pages_name_the_shape(spec, words, lang):
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import BoardStyle, board_scene
    from modlinseq_print.printables.board_pages import board_document

    with using(lang):
        document, _summary = board_document(board_scene(parse_board(spec), BoardStyle()), "a4")
        shape = _(words[0]).format(**words[1])
    text = "\n".join("\n".join(scene_texts(page.scene)) for page in document.pages)
    assert shape in text and spec.split(":")[0] + ":" not in text
    assert not [m.group(0) for pattern, _why in PROGRAM_WORDS for m in re.finditer(pattern, text)]
