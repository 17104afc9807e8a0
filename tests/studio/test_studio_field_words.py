"""The studio names the fields of its errors as its forms label them (the command line names flags, the library
keywords: tests/test_field_words.py), on each page, for a representative set of fields."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from modlinseq_print.studio.field_words import form_labels, kit_labels, page_labels
from studio_client import assert_one_line_error

BASE_KIT = {"name": "standard", "values": {}}


def test_every_page_control_has_its_label():
    board = page_labels("board.html")
    assert {key: board[key] for key in ("board", "tile_width", "paper", "margin", "overlap", "fit", "labels",
                                        "modulus")} == {
        "board": "Start from", "tile_width": "Tile width", "paper": "Paper", "margin": "Margin",
        "overlap": "Overlap", "fit": "scale to one sheet", "labels": "addresses", "modulus": "Modulus to print"}
    position = page_labels("position.html")
    assert (position["board"], position["modulus"], position["crop"]) == ("Board", "Modulus", "Crop")
    assert (kit_labels()["tiles.width"], kit_labels()["tile_width"], kit_labels()["board.cell_size"]) == \
        ("Tile width", "Tile width", "Cell size")
    assert (form_labels("kit.html")["material"], form_labels("kit.html")["hand"]) == ("Laser sheet", "Rack for")
    for page in ("board.html", "position.html", "kit.html"):  # every named control of a page has words
        html = (resources.files("modlinseq_print.studio") / "static" / page).read_text(encoding="utf-8")
        names = set(re.findall(r'<(?:input|select)[^>]*\bname="([\w.]+)"', html)) - {"viewport"}
        assert names and names <= set(page_labels(page)), page


@pytest.mark.parametrize("path, body, key, says", [
    ("/api/board/pages", {"paper": "a9"}, "paper", '"Paper": unknown paper \'a9\''),
    ("/api/board/pages", {"margin": "500mm"}, "margin", 'use a smaller "Margin" or larger "Paper"'),
    ("/api/board/preview", {"board": "hex:x"}, "board", '"Start from": can\'t read \'hex:x\' as a board'),
    ("/api/board/preview", {"tile_width": "0mm"}, "tile_width", '"Tile width": bad tile width 0 mm'),
    ("/api/board/preview", {"modulus": 1}, "modulus", '"Modulus to print" must be from 2 to 999, got 1'),
    ("/api/board/preview", {"board": "hex:9", "labels": True, "cell_size": "3mm"}, "cell_size",
     'use "Cell size" 28.00mm or more, or a smaller "Tile width"'),
    ("/api/board/download?format=pdf", {"paper": "poster", "fit": True}, "fit",
     '"scale to one sheet" needs a sheet size: use "Paper" set to a4 (or another paper) with "scale to one sheet"'),
    ("/api/board/download?format=png&dpi=1", {"board": "hex:2"}, "dpi", "dpi must be from 30 to 600, got 1"),
    ("/api/position/check", {"board": "hex:x", "modulus": 13}, "board", '"Board": can\'t read \'hex:x\' as a board'),
    ("/api/position/check", {"board": "hex:4", "modulus": 1}, "modulus", '"Modulus" must be from 2 to 10000, got 1'),
    ("/api/pieces3d/picture", {**BASE_KIT, "view": "laser-rack", "solid": {"material": "50mm"}}, "material",
     '"Laser sheet": a material 50 mm thick is out of range'),
    ("/api/pieces3d/picture", {**BASE_KIT, "view": "rack", "solid": {"hand": 99}}, "hand",
     '"Rack for" must be from 1 to'),
])
def test_an_error_names_the_field_as_the_page_labels_it(client, path, body, key, says):
    answer = client.post(path, body)
    message = assert_one_line_error(answer, 400, says)
    assert answer.json()["key"] == key and len(message) < 300  # not cut to fit
    assert not re.search(r"(?<![\w-])--[a-z]", message), message


@pytest.mark.parametrize("values, key, says", [
    ({"board.cell_size": "3mm"}, "board.cell_size",
     'a 25 mm pentagon tile does not fit a 3 mm cell with 1.5 mm clearance: use "Cell size" 28.00mm or more, or a '
     'smaller "Tile width"'),
    ({"tiles.width": "1mm"}, "tiles.width", "a tile width of 1 mm is not practical: use 5 to 200 mm"),
    ({"board.spec": "hex:x"}, "board.spec", "can't read 'hex:x' as a board"),
    ({"modulus": 100}, "modulus", "must be from 2 to 99, got 100"),
    ({"paper": "a9"}, "paper", "unknown paper 'a9'"),
    ({"margin": "500mm"}, "margin", 'use a smaller "Margin" or larger "Paper"'),
    ({"tiles.gutter": "4mm"}, "tiles.gutter",
     'use "Tile sheet layout" set to gutter-fold or drop "Gutter beside the fold"'),
    ({"exercises.count": 600}, "exercises.count", "bad count 600: give 0 to 500 problems"),
])
def test_the_kit_form_shows_the_error_under_its_field_in_the_form_s_words(client, values, key, says):
    answer = client.post("/api/kit/validate", {"name": "custom", "values": values}).json()
    assert answer["ok"] is False and answer["key"] == key, answer
    assert says in answer["error"], answer
    assert not answer["error"].startswith(("the preset", "key")), answer  # its field's label is right above it
    assert "\n" not in answer["error"] and len(answer["error"]) < 300
