"""Mod 13 printables measured from their output: 63 x 88 mm cards, nine to a page, backs, values, reference cards."""

import re
import subprocess
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from modlinseq_print.games.mod13 import OPERATIONS, WORKED_EXAMPLE
from modlinseq_print.printables.mod13 import DeckOptions, deck_document, reference_document, suit_items
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Text
from modlinseq_print.render.svg_writer import scene_to_svg
from cli_helpers import assert_one_line_error
from render_helpers import SVG, _apply, flatten

CUT_GREY = "#9e9e9e"


def svg_polygons(svg_bytes):
    """Every polygon outside <defs> with its absolute points and its stroke (inherited from groups)."""
    found = []

    def walk(element, matrix, stroke):
        tag = element.tag.replace(SVG, "")
        if tag == "defs":
            return
        matrix = _apply(element.get("transform"), matrix)
        stroke = element.get("stroke", stroke)
        if tag == "polygon":
            tx, ty, s = matrix
            points = [tuple(map(float, p.split(","))) for p in element.get("points").split()]
            found.append(([(tx + s * x, ty + s * y) for x, y in points], stroke))
        for child in element:
            walk(child, matrix, stroke)

    walk(ET.fromstring(svg_bytes), (0.0, 0.0, 1.0), None)
    return found


def card_boxes(svg_bytes):
    """(x, y, width, height) of every grey cut outline."""
    boxes = []
    for points, stroke in svg_polygons(svg_bytes):
        if stroke == CUT_GREY and len(points) == 4:
            xs, ys = [x for x, _ in points], [y for _, y in points]
            boxes.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    return boxes


@pytest.fixture(scope="module")
def a4_deck():
    return deck_document(make_sheet("a4", "5mm"), DeckOptions(signed=True, backs=True, back_offset=(2.0, -1.0)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_cards_measure_63_by_88_nine_to_a_page(paper):
    sheet = make_sheet(paper, "5mm")
    document = deck_document(sheet)
    counts = []
    for page in document.pages:
        boxes = card_boxes(scene_to_svg(page.scene))
        counts.append(len(boxes))
        for x, y, w, h in boxes:
            assert w == pytest.approx(63.0, abs=0.01) and h == pytest.approx(88.0, abs=0.01)
            assert sheet.printable.x - 1e-6 <= x and x + w <= sheet.printable.right + 1e-6
            assert sheet.printable.y - 1e-6 <= y and y + h <= sheet.printable.bottom + 1e-6
    assert counts == [9, 9, 9, 9, 9, 7]


def test_values_mod_13_and_signed_values(a4_deck):
    fronts = [page.scene for page in a4_deck.pages if page.label.startswith("fronts")]
    texts = [item for scene in fronts for item in scene.items() if isinstance(item, Text)]
    values = [t.text for t in texts if t.size == 13.0]
    assert values == [str(v % 13) for v in range(1, 14)] * 4
    signed = Counter(t.text for t in texts if t.text.startswith("or "))
    assert signed == {f"or {v}": 4 for v in range(-6, 0)}
    ranks = Counter(t.text for t in texts if t.size == 6.5)
    assert ranks == {rank: 8 for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")}
    plain = deck_document(make_sheet("a4", "5mm"))
    assert not [i for p in plain.pages for i in p.scene.items() if isinstance(i, Text) and i.text.startswith("or ")]


def test_suits_are_vector_symbols_in_their_colours(a4_deck):
    first = a4_deck.pages[0].scene
    assert {"spades-20", "spades-4.5", "spades-4.5-down"} <= set(first.symbols)
    placements, _ = flatten(scene_to_svg(first), set(first.symbols))
    assert Counter(name for name, _, _ in placements) == {"spades-20": 9, "spades-4.5": 9, "spades-4.5-down": 9}
    assert all(item.style.fill == "#c62828" for item in suit_items("hearts", 10))
    assert all(item.style.fill == "#111111" for item in suit_items("clubs", 10))
    assert not any(ch in "♠♥♦♣" for page in a4_deck.pages for i in page.scene.items()
                   if isinstance(i, Text) for ch in i.text)


def test_backs_follow_fronts_mirrored_with_the_offset(a4_deck):
    assert [p.label for p in a4_deck.pages[:4]] == ["fronts 1", "backs 1", "fronts 2", "backs 2"]
    width = a4_deck.pages[0].scene.width
    fronts = sorted(card_boxes(scene_to_svg(a4_deck.pages[0].scene)))
    backs = []
    for item in a4_deck.pages[1].scene.layer("cards").items:
        if getattr(item, "style", None) and item.style.fill == "#1e3a8a":
            xs, ys = [x for x, _ in item.points], [y for _, y in item.points]
            backs.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    assert len(backs) == 9
    expected = sorted((width - x - w + 2.0, y - 1.0, w, h) for x, y, w, h in fronts)
    for back, want in zip(sorted(backs), expected):
        assert back == pytest.approx(want, abs=1e-6)


def test_crop_marks_stay_outside_the_cards_and_inside_the_margins():
    sheet = make_sheet("letter", "5mm")
    scene = deck_document(sheet).pages[0].scene
    boxes = card_boxes(scene_to_svg(scene))
    marks = [item for item in scene.layer("marks").items if len(getattr(item, "points", ())) == 2
             and not getattr(item, "closed", True)]
    assert len(marks) >= 12
    area = sheet.printable
    for mark in marks:
        (x1, y1), (x2, y2) = mark.points
        assert x1 == x2 or y1 == y2
        for x, y in mark.points:
            assert area.x - 1e-6 <= x <= area.right + 1e-6 and area.y - 1e-6 <= y <= area.bottom + 1e-6
            assert not any(bx < x < bx + w and by < y < by + h for bx, by, w, h in boxes)
    cut_xs = {round(x, 3) for x, _, _, _ in boxes} | {round(x + w, 3) for x, _, w, _ in boxes}
    vertical = {round(m.points[0][0], 3) for m in marks if m.points[0][0] == m.points[1][0]}
    assert cut_xs <= vertical


def test_reference_cards(tmp_path, cli, require_tool):
    document = reference_document(make_sheet("a4"))
    assert len(document.pages) == 1
    boxes = card_boxes(scene_to_svg(document.pages[0].scene))
    assert [(round(w, 3), round(h, 3)) for *_, w, h in boxes] == [(148.0, 105.0)] * 2
    path = tmp_path / "reference.pdf"
    assert cli("mod13", "reference", "-o", path).status == 0
    text = subprocess.run([require_tool("pdftotext"), "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    squeezed = text.replace(" ", "")
    for op in OPERATIONS:
        assert f"'{op.phrase}'" in text and op.formula.replace(" ", "") in squeezed
    assert "5 - 36 + 12 = -19 = 7" in text and "on 2, 4, play 6" in text and "?" not in text
    played = re.findall(r"(\d+)\s+'([a-zA-Z0-9 ]+)'", text.split("a worked example")[1])
    assert sorted(played) == sorted((str(card), phrase) for card, phrase in WORKED_EXAMPLE[2:])


def test_deck_cli_pdf_pages_and_text(tmp_path, cli, require_tool):
    path = tmp_path / "deck.pdf"
    assert cli("mod13", "deck", "-o", path, "--backs", "--paper", "letter", "--signed").status == 0
    info = subprocess.run([require_tool("pdfinfo"), str(path)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Pages:\s+12$", info, re.MULTILINE)
    text = subprocess.run([require_tool("pdftotext"), "-f", "1", "-l", "1", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "mod 13" in text and "or -6" in text and "?" not in text


def test_deck_png_shows_red_suits(tmp_path, cli):
    from PIL import Image

    assert cli("mod13", "deck", "-o", tmp_path / "deck.png", "--dpi", "30").status == 0
    hearts = Image.open(tmp_path / "deck-2.png").convert("RGB")   # sheet 2: 10-K of spades, A-5 of hearts
    red = sum(1 for r, g, b in hearts.get_flattened_data() if r > 150 and g < 90 and b < 90)
    spades = Image.open(tmp_path / "deck-1.png").convert("RGB")
    assert red > 500 and not any(r > 150 and g < 90 and b < 90 for r, g, b in spades.get_flattened_data())


@pytest.mark.parametrize("argv, words", [
    (["--paper", "60x80mm"], "does not fit"),
    (["--back-offset", "1mm"], "bad back offset"),
    (["--margin", "-2mm"], "margin"),
    (["-o", "deck.txt"], "cannot tell the format"),
])
def test_deck_bad_options_are_one_line_exit_2(tmp_path, cli, argv, words):
    result = cli("mod13", "deck", "-o", tmp_path / "deck.pdf", *argv)
    assert_one_line_error(result, words, usage=True, folder=tmp_path)  # "--margin -2mm" is a usage error
