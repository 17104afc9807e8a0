"""Coprimality game sheets measured from their SVG: square size, grids per page, labels, turn table, rules."""

import pytest

from modlinseq_print.printables.coprimality import (GameSheetSpec, SheetLayoutError, choose_square, game_sheets,
                                                    grids_per_page, turn_entries)
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.svg_writer import scene_to_svg
from cli_helpers import assert_one_line_error
from render_helpers import flatten, symbol_points

SQUARES = {"square", "border-square"}


def squares_of(svg):
    placements, texts = flatten(svg, SQUARES)
    return placements, texts


def side(points):
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return max(xs) - min(xs), max(ys) - min(ys)


@pytest.mark.parametrize("size, square, paper, grids", [(12, 7.0, "a4", 4), (12, 8.0, "letter", 1), (14, 6.0, "a4", 4),
                                                        (16, 10.0, "a3", 1), (12, 5.0, "a3", 12)])
def test_squares_measure_the_size_asked(size, square, paper, grids):
    sheet = make_sheet(paper)
    spec = GameSheetSpec(size, square)
    assert grids_per_page(sheet, spec) == grids
    svg = scene_to_svg(game_sheets(sheet, spec).pages[0].scene)
    assert side(symbol_points(svg, "square")) == pytest.approx((square, square))
    assert side(symbol_points(svg, "border-square")) == pytest.approx((square, square))
    placements, _ = squares_of(svg)
    assert len(placements) == grids * size * size
    border = sum(name == "border-square" for name, _, _ in placements)
    assert border == grids * (4 * size - 4)
    xs = sorted({round(x, 6) for _, x, _ in placements})
    first_grid = xs[:size]
    steps = {round(b - a, 6) for a, b in zip(first_grid, first_grid[1:])}
    assert steps == {square}
    area = sheet.printable
    for _, x, y in placements:
        assert area.x <= x and x + square <= area.right + 1e-6 and area.y <= y and y + square <= area.bottom + 1e-6


def test_labels_match_the_record_format():
    svg = scene_to_svg(game_sheets(make_sheet("a4"), GameSheetSpec(12)).pages[0].scene)
    placements, texts = squares_of(svg)
    words = [t for t, _, _ in texts]
    assert words.count("a") == 4 and words.count("l") == 4 and words.count("12") >= 4
    top_left = min((y, x) for _, x, y in placements)
    a_label = min((y, x) for t, x, y in texts if t == "a")
    assert a_label[1] == pytest.approx(top_left[1] + 3.5) and a_label[0] < top_left[0]


def test_turn_table_and_rules():
    entries = turn_entries(12)
    assert entries[:5] == [("1", "1-2"), ("2", "3"), ("3", "4-5"), ("4", "6-7"), ("5", "8-11")]
    assert entries[-1] == ("35", "140-149") and len(entries) == 35
    _, texts = squares_of(scene_to_svg(game_sheets(make_sheet("a4"), GameSheetSpec(12)).pages[0].scene))
    words = [t for t, _, _ in texts]
    assert "140-149" in words and "35" in words
    body = " ".join(words)
    assert "upper-left square (a1)" in body and "two filled squares" in body and "border rows" in body
    assert "not coprime" in body and "new grid" in body


def test_default_square_shrinks_for_large_grids():
    sheet = make_sheet("a4")
    assert choose_square(sheet, GameSheetSpec(12)) == 7.0
    assert choose_square(sheet, GameSheetSpec(30)) == 4.5
    with pytest.raises(SheetLayoutError, match="does not fit"):
        choose_square(sheet, GameSheetSpec(12, 20.0))


def test_pages_option(tmp_path, cli):
    result = cli("coprimality", "sheet", "--size", "13", "--square", "0.25in", "--pages", "2",
                 "-o", tmp_path / "sheets.svg")
    assert result.status == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["sheets-1.svg", "sheets-2.svg"]
    svg = (tmp_path / "sheets-2.svg").read_bytes()
    assert side(symbol_points(svg, "square")) == pytest.approx((6.35, 6.35))
    assert "grids of 13 x 13 squares of 6.35 mm" in result.out


@pytest.mark.parametrize("argv, words", [
    (["--size", "11"], "n >= 12"),
    (["--square", "30mm"], "does not fit"),
    (["--square=-3mm"], "must not be negative"),
    (["--pages", "0"], "argument --pages: 0 is out of range: give 1 or more"),
    (["--paper", "b9"], "unknown paper"),
])
def test_bad_sheet_options_are_one_line_exit_2(tmp_path, cli, argv, words):
    assert_one_line_error(cli("coprimality", "sheet", "-o", tmp_path / "s.pdf", *argv), words, folder=tmp_path,
                          usage="argument" in words)


def test_coprimality_sheet_suggests_a_square_that_fits(cli, tmp_path):
    """'or give --square' did not say which size; the hint now names one that fits, and only when one does."""
    result = cli("coprimality", "sheet", "--size", "40", "-o", tmp_path / "s.pdf")
    assert_one_line_error(result, "--square 2mm", folder=tmp_path)
    assert cli("coprimality", "sheet", "--size", "40", "--square", "2mm", "-o", tmp_path / "s.pdf").status == 0
    assert "--square" not in cli("coprimality", "sheet", "--size", "200", "-o", tmp_path / "t.pdf").err
