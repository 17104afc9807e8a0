"""The rules sheet that teaches: every modulus 2-99 in every language fits its pages, the example game behind
its diagrams is legal and does what the captions say, the table of hands follows the tile count."""

from __future__ import annotations

import math
import re

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.i18n import LANGUAGES, using
from modlinseq_print.printables.reference import reference_pages
from modlinseq_print.printables.rules_sheet import ReferenceSpec, blocked_caption, example_for, worked_rows
from modlinseq_print.render.scene import Embed, Text
from modlinseq_print.rules.examples import WANTS, blocking_lines, example_game, lesson_start
from modlinseq_print.rules.position import analyse
from modlinseq_print.rules.setup import hand_sizes
from modlinseq_print.rules.transcript import build_position
from modlinseq_print.rules.start import start_position
from text_fit_helpers import fit_problems

A4, MARGIN = (210.0, 297.0), 16.0


def _fits(pages) -> list[str]:
    frame = (MARGIN, MARGIN, A4[0] - MARGIN, A4[1] - MARGIN)
    return [f"page {n}: {p}" for n, page in enumerate(pages, 1) for p in fit_problems(page, frame)]


def _texts(pages) -> list[str]:
    return [item.text for page in pages for item in page.items() if isinstance(item, Text)]


def test_every_modulus_from_2_to_99_prints_every_sequence_and_every_line_fits():
    for modulus in range(2, 100):
        pages = reference_pages(ReferenceSpec(modulus), *A4, MARGIN)
        assert _fits(pages) == [], modulus
        texts = _texts(pages)
        rows = [t for t in texts if re.fullmatch(rf"M{modulus}-S\d+-A\d+", t)]
        expected = sum(math.gcd(s, modulus) for s in range(1, modulus // 2 + 1))
        assert len(rows) == expected, modulus  # one row per sequence, as tables 2B and 2C
        spread = sum(any(re.fullmatch(rf"M{modulus}-S\d+-A\d+", t) for t in _texts([page])) for page in pages)
        if spread > 1:
            assert any(t.startswith(f"Every sequence of modulus {modulus} (continued)") for t in texts)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_a_spread_of_moduli_fits_in_every_language(lang):
    for modulus in (2, 7, 24, 50, 99):
        spec = ReferenceSpec(modulus, wrap="lines", pattern="bonus-malus", wild=4, blockers=True)
        with using(lang):
            assert _fits(reference_pages(spec, *A4, MARGIN)) == [], (lang, modulus)


def test_a_long_period_wraps_and_the_table_continues_under_a_heading():
    pages = reference_pages(ReferenceSpec(99), *A4, MARGIN)
    assert len(pages) == 8
    first = next(n for n, page in enumerate(pages) if any(isinstance(i, Text) and i.text.startswith(
        "Every sequence of modulus 99 (as tables") for i in page.items()))
    assert first == 2
    for page in pages[first + 1:]:
        texts = [i.text for i in page.items() if isinstance(i, Text)]
        assert texts[0] == "Every sequence of modulus 99 (continued)"
        assert "one period of the sequence" in texts
    lines = [t for t in _texts(pages) if t.startswith("… 0 ~ 1 ~ 2")]
    assert len(lines) == 1 and lines[0].endswith("~")  # M99-S1-A0's period wraps onto further lines


def test_the_sheet_has_three_cropped_diagrams_drawn_by_the_position_renderer():
    spec = ReferenceSpec(13)
    pages = reference_pages(spec, *A4, MARGIN)
    figures = [item for page in pages for layer in page.layers if layer.name == "figures" for item in layer.items]
    assert len(figures) == 4 and all(isinstance(f, Embed) for f in figures)
    reading, figures = figures[0], figures[1:]  # the "Reading the board" box's picture: the 19 cells of hex:2
    assert sorted(t for t, _size in _printed_labels(reading.scene)) == sorted(
        parse_board("hex:2").address(c) for c in parse_board("hex:2").cells)
    board = parse_board("hex:9")
    for figure in figures:
        drawn = [i for i in figure.scene.items() if isinstance(i, Embed)][0].scene  # the board inside the figure
        assert drawn.width < 200.0 and {layer.name for layer in drawn.layers} >= {"cells", "tiles", "highlight"}
    assert all(f.scene.width * f.scale <= (A4[0] - 2 * MARGIN - 8.0) / 2 + 0.01 for f in figures)  # in a column
    assert len(board.cells) == 271


@pytest.mark.parametrize("modulus", [2, 3, 4, 7, 12, 13, 20, 24, 50, 97, 99])
@pytest.mark.parametrize("spec, marker, pattern", [("hex:9", False, None), ("hex:9", True, "bonus-malus"),
                                                   ("tess:3", True, None), ("hex:6", True, None)])
def test_the_example_game_is_legal_and_does_what_its_captions_say(modulus, spec, marker, pattern):
    board = parse_board(spec)
    game = example_game(lesson_start(board, modulus, None, marker), pattern)
    for turn in game.cover:
        assert turn.result.legal and turn.after.legal
        # the transcript alone, replayed from scratch, gives the same position
        again, _ = build_position("; ".join(t.transcript for t in game.cover[:game.cover.index(turn) + 1]),
                                  start_position(spec, modulus, marker=marker))
        assert again.tiles == turn.after.position.tiles
    if modulus > 2:  # a constant sequence cannot be avoided modulo 2; every other modulus gets the whole lesson
        assert all(all(want(turn) for want in wants) for turn, wants in zip(game.lesson, WANTS))
    assert len(game.cover) >= 10 and len(game.cover[-1].after.position.tiles) >= 20


def test_the_captions_quote_the_engine():
    spec = ReferenceSpec(13)
    game = example_for(spec)
    worked = game.lesson[2]
    rows = worked_rows(worked)
    assert rows[1][0] == "primary" and rows[-1] == ["the turn", "", "", f"{worked.result.points} points"]
    assert sum(int(row[3].split()[0]) for row in rows[1:-1]) == worked.result.points
    assert any(row[0] == "secondary" and row[2] == "3 tiles" and row[3] == "1 point" for row in rows)
    caption = blocked_caption(game)
    position = game.lesson[-1].after.position
    blocked = [position.board.address(c) for c in analyse(position).blocked]
    said = re.search(r"(\S+) is now blocked \(red\): no number there makes (.+) and (.+) one sequence", caption)
    assert said and said.group(1) in blocked
    cell = position.board.parse_address(said.group(1))
    [line] = [line for line in blocking_lines(position, cell) if not line.allows]
    assert said.group(2) == " ~ ".join(position.notation(c) for c in line.before)


def test_hands_follow_the_tile_count():
    assert [(h.players, h.hand, h.smallest, h.largest) for h in hand_sizes(134)] == [
        (2, 7, 4, 10), (3, 7, 4, 10), (4, 7, 4, 10), (5, 7, 4, 10), (6, 7, 4, 10)]
    assert [(h.players, h.hand, h.largest) for h in hand_sizes(37)] == [(2, 7, 9), (3, 6, 6), (4, 4, 4)]
    assert hand_sizes(15) == []  # too few for two players with a stock: the sheet says so in words
    pages = reference_pages(ReferenceSpec(7, tiles=15), *A4, MARGIN)
    assert "enough for two players with hands of a few tiles" in " ".join(_texts(pages))


def test_a_board_too_small_for_the_example_draws_it_on_an_order_9_board():
    game = example_for(ReferenceSpec(13, board="hex:2"))
    assert game.start.board.spec == "hex:9"
    game = example_for(ReferenceSpec(13, board="square:9x9"))
    assert game.start.board.spec == "hex:9"


def _printed_labels(scene, scale: float = 1.0, inside: str = "") -> list[tuple[str, float]]:
    """Every cell-address label of the scene (a Text in a layer named 'labels', at any depth) with its font size
    in mm as printed: its size times the scales of the figures it is drawn in."""
    found = []
    for layer in scene.layers:
        for item in layer.items:
            if isinstance(item, Embed):
                found += _printed_labels(item.scene, scale * item.scale, layer.name)
            elif isinstance(item, Text) and layer.name == "labels":
                found.append((item.text, item.size * scale))
    return found


@pytest.mark.parametrize("paper", [A4, (215.9, 279.4), (148.0, 210.0)], ids=["A4", "Letter", "A5"])
@pytest.mark.parametrize("lang", ["en", "el", "ru"])
def test_every_address_in_a_diagram_prints_at_least_2_5_mm_and_the_captions_cells_are_labelled(paper, lang):
    spec = ReferenceSpec(13, wild=4)
    with using(lang):
        pages = reference_pages(spec, *paper, 12.0)
    figures = [item for page in pages for layer in page.layers if layer.name == "figures" for item in layer.items]
    labels = [label for figure in figures for label in _printed_labels(figure.scene, figure.scale)]
    assert labels and min(size for _text, size in labels) >= 2.5 - 1e-6
    assert len(labels) == len([label for page in pages for label in _printed_labels(page)])  # all in figures
    named = {"A0", "B1", "B2", "M1", "M2", "H5"}  # figure 1's line through A0; figure 3's blocked cells
    diagrams = [label for figure in figures[1:] for label in _printed_labels(figure.scene, figure.scale)]
    assert named <= {text for text, _size in diagrams}
    assert len(diagrams) <= 30  # only the cells a caption names, not the whole board (271 cells)


def _words(pages) -> str:
    """The pages' text as one string, lines joined by spaces (a wrapped paragraph reads as written)."""
    return " ".join(_texts(pages))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reading_box_and_every_question_are_on_the_sheet_in_every_language(lang):
    from modlinseq_print.printables import rules_text as words
    from modlinseq_print.wording import _

    with using(lang):
        text = _words(reference_pages(ReferenceSpec(13, wild=4), *A4, MARGIN))
        plain = _words(reference_pages(ReferenceSpec(13, wild=0), *A4, MARGIN))
        wanted = [_(words.READING_HEAD), _(words.READING_CELLS), _(words.READING_CAPTION), _(words.READING_MARKER),
                  _(words.FAQ_HEAD), *(_(paragraph) for paragraph in words.END)]
        questions = [(_(q), _(a)) for q, a in words.FAQ]
        wild = _(words.FAQ_WILD[0])
    for sentence in wanted + [part for qa in questions for part in qa]:
        assert sentence in text, (lang, sentence)
    assert 5 <= len(questions) <= 8
    assert wild in text and wild not in plain  # the wild tile's question only in a kit with wild tiles
    assert all(q in plain for q, _a in questions if q != wild)
    if lang == "en":  # one tile of the first turn read aloud, and the turn and its line written out
        said = re.search(r"(\d+)([A-Z]\d+) reads: the \1 goes on cell \2\.", text)
        assert said and "as 9B2, 11B1, 0A0, 2M1. " in text and ": 9 ~ 11 ~ 0 ~ 2." in text
        assert "you may not pass" in text and "or chooses not to" not in text
