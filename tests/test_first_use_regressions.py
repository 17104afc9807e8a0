"""Regressions found by following the README as a first-time user: one test per problem."""

import pytest
from cli_helpers import assert_one_line_error
from rules_helpers import judge

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, BoardStyleError, board_scene
from modlinseq_print.printables.position import PositionStyle, PositionStyleError, position_scene
from modlinseq_print.printables.tiles import TileError, read_counts
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.theme import get_theme
from modlinseq_print.render.tiling import best_plan


def test_describe_cell_accepts_a_pseudocell_it_lists(cli):
    """`describe --json` lists tess pseudocells; `--cell` on one of them used to say it is not on the board."""
    result = cli("describe", "--board", "tess:2", "--cell", "T15", "--cell", "A0")
    assert result.status == 0, result
    assert result.out.splitlines() == ["T15: q=-5 r=1, centre (-126, 24.249) mm, pseudocell standing for E10",
                                       "A0: q=0 r=0, centre (0, 0) mm, bonus"]
    assert_one_line_error(cli("describe", "--board", "tess:2", "--cell", "B40"), "not on board tess:2")


def test_describe_summary_says_one_cell(cli):
    """hex:0 has one cell, not '1 cells'."""
    assert cli("describe", "--board", "hex:0").out.startswith("board hex:0: 1 cell on a hex grid\n")


def test_label_size_too_large_for_the_cell_is_an_error(cli, tmp_path):
    """An explicit --label-size used to be drawn whatever its size, running out of the cells."""
    with pytest.raises(BoardStyleError, match=r"use --label-size [0-9.]+mm or less"):
        board_scene(parse_board("hex:1"), BoardStyle(label_size=50.0))
    with pytest.raises(BoardStyleError, match="does not fit"):
        board_scene(parse_board("square:2x2"), BoardStyle(label_size=40.0))
    board_scene(parse_board("hex:9"), BoardStyle(label_size=2.5))  # a size that fits still works
    result = cli("board", "--board", "hex:1", "--label-size", "50mm", "-o", tmp_path / "b.pdf")
    assert_one_line_error(result, "label does not fit", folder=tmp_path)


@pytest.mark.parametrize("line, key, words", [
    ('paper = "b5"', "paper", "unknown paper"),
    ('paper = "poster"', "paper", "printed on sheets"),
    ('paper = "10x10mm"', "margin", "nothing printable"),
    ('theme = "pink"', "theme", "unknown theme"),
    ('[tiles]\nshape = "circle"', "tiles.shape", "unknown tile shape"),
    ('[tiles]\nwidth = "300mm"', "tiles.width", "not practical"),
    ('[tiles]\nwidth = "200mm"', "tiles.width", "does not fit a page"),
    ('[board]\ncell_size = "10mm"', "board.cell_size", "does not fit"),
    ('[markers]\nrange = "20-8"', "markers.range", "lowest modulus comes first"),
])
def test_bad_preset_values_name_the_file_and_key(cli, tmp_path, line, key, words):
    """These values used to fail later with a message naming neither (poster even named an internal function)."""
    preset = tmp_path / "mine.toml"
    preset.write_text(line + "\n", encoding="utf-8")
    result = cli("kit", preset, "--quiet", "-o", tmp_path / "kit.pdf")
    assert_one_line_error(result, f"mine.toml: key {key}: ", words, folder=tmp_path, keep=["mine.toml"])


def test_preset_marker_range_may_be_one_modulus(cli, tmp_path):
    """`range = "13"` is a range for the markers command, so the preset takes it too."""
    preset = tmp_path / "one.toml"
    preset.write_text('[board]\nspec = "hex:2"\n[markers]\nrange = "13"\n', encoding="utf-8")
    result = cli("kit", preset, "--quiet", "-o", tmp_path / "kit.pdf")
    assert result.status == 0 and (tmp_path / "kit.pdf").exists(), result


def test_counts_at_the_top_and_under_counts_are_merged(tmp_path):
    """Top-level counts next to a [counts] table used to be ignored without a word."""
    mixed = tmp_path / "mixed.toml"
    mixed.write_text("0 = 12\n[counts]\n5 = 3\n", encoding="utf-8")
    assert read_counts(mixed) == {0: 12, 5: 3}
    twice = tmp_path / "twice.toml"
    twice.write_text("0 = 12\n[counts]\n0 = 3\n", encoding="utf-8")
    with pytest.raises(TileError, match="value 0 is given twice"):
        read_counts(twice)


def test_modulus_note_is_readable_and_never_under_a_mark():
    """The note was dark green on a green cell, and on a bonus cell it was drawn over the '+'."""
    analysis = judge("hex:6", 20, "17A0 ~ 1 ~ 5 ~ 9E4")
    bonus = BoardStyle(pattern="bonus")
    drawing = position_scene(analysis, PositionStyle(board=bonus, note_cell="auto"))
    address = drawing.board.board.address(drawing.note_cell)
    assert address not in {"A0", "B6", "E12"}  # the first free cell in reading order that is plain
    note = next(layer for layer in drawing.board.scene.layers if layer.name == "note")
    assert {item.fill for item in note.items} == {get_theme("green").label}
    with pytest.raises(PositionStyleError, match="B6 is a bonus cell"):
        position_scene(analysis, PositionStyle(board=bonus, note_cell="B6"))


def test_bed_margin_error_names_the_bed_options(cli, tmp_path):
    """A bed too small for its margin used to be reported as paper: 'use a smaller margin or larger paper'."""
    result = cli("tiles", "--bed", "10x10mm", "--cut-file", tmp_path / "cut.svg", "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "--bed-margin", "--bed", folder=tmp_path)


def test_coprimality_sheet_suggests_a_square_that_fits(cli, tmp_path):
    """'or give --square' did not say which size; the hint now names one that fits, and only when one does."""
    result = cli("coprimality", "sheet", "--size", "40", "-o", tmp_path / "s.pdf")
    assert_one_line_error(result, "--square 2mm", folder=tmp_path)
    assert cli("coprimality", "sheet", "--size", "40", "--square", "2mm", "-o", tmp_path / "s.pdf").status == 0
    assert "--square" not in cli("coprimality", "sheet", "--size", "200", "-o", tmp_path / "t.pdf").err


def test_one_of_a_kind_is_singular(cli, tmp_path):
    """'1 tiles on', '1 pieces' and 'all 1 cards' read badly."""
    assert cli("check", "-m", "13", "4B2").out.startswith("1 tile on hex:9")
    assert "the card after the first two is legal" in cli("mod13", "check", "5", "4", "3").out
    result = cli("markers", "--range", "9", "-o", tmp_path / "m.pdf")
    assert result.out.startswith("wrote ") and result.out.rstrip().endswith(": 1 piece") and result.err == ""


def test_alignment_marks_keep_off_the_cell_labels():
    """On the standard kit's board pages targets covered addresses (E13, B41, E7 on page 1)."""
    drawing = board_scene(parse_board("hex:9"), BoardStyle(modulus=13))
    options = dict(keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    sheet = make_sheet("a4")

    def covered(plan):
        labels = drawing.label_boxes()
        return [point for page in plan.pages for point in page.marks
                if any(Rect(point[0] - 3.5, point[1] - 3.5, 7.0, 7.0).intersects(box) for box in labels)]

    assert covered(best_plan(drawing.scene.width, drawing.scene.height, sheet, **options))  # the old placement
    plan = best_plan(drawing.scene.width, drawing.scene.height, sheet, avoid=drawing.label_boxes(), **options)
    assert plan.pages and not covered(plan)
    for page in plan.pages:  # still two marks per shared edge, inside the page
        assert all(page.window.x - 1e-6 <= x <= page.window.right + 1e-6 for x, _ in page.marks)


def test_board_modulus_note_needs_a_game_modulus(cli, tmp_path):
    """`board --modulus 1` printed "modulus 1", a game with one tile value; every other command asks for 2 or more."""
    assert_one_line_error(cli("board", "--modulus", "1", "-o", tmp_path / "b.pdf"), "bad modulus 1", folder=tmp_path)
    assert cli("board", "--board", "hex:1", "--modulus", "2", "-o", tmp_path / "b.pdf").status == 0


@pytest.mark.parametrize("command", [["tiles"], ["markers"], ["mod13", "deck"]])
def test_a_negative_back_offset_needs_no_equals_sign(command, cli, tmp_path):
    """`--back-offset -1mm,0` used to be taken for an option by argparse; the CLI now joins it to its option."""
    text = " ".join(cli(*command, "--help").out.split())
    assert "-1mm,0" in text
    if command != ["mod13", "deck"]:
        assert "sheet orientation (default portrait)" in text and "(default a4)" in text
    result = cli(*command, "--duplex" if command != ["mod13", "deck"] else "--backs", "--back-offset", "-1mm,0",
                 "-o", tmp_path / "out.pdf")
    assert result.status == 0, result.err
