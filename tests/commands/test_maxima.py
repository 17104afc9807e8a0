"""The documented maxima (docs/limits-of-inputs.md): each is accepted at the limit, where that is cheap, and refused one
above it with exit status 2, one line on stderr, no traceback and no file written, before any work is done.
The runs at the limits themselves, timed, are bench/bench_maxima.py's."""

import json

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.geometry.layout import tile_shape
from modlinseq_print.render.imposition import Slot, bounding_box, place_outline, polygons_gap
from modlinseq_print.errors import BoardSpecError
from modlinseq_print.geometry.boards import (MAX_CELLS, MAX_ORDER, MAX_SIDE, MAX_TESS_ORDER, parse_board,
                                             spec_cell_count)


def test_the_maxima():
    assert (MAX_ORDER, MAX_TESS_ORDER, MAX_SIDE, MAX_CELLS) == (150, 55, 250, 67_951)
    assert spec_cell_count("hex:150") == MAX_CELLS == len(parse_board("hex:150").cells)
    assert spec_cell_count("tess:55") == 62_377 and len(parse_board("tess:55").pseudocells) == 984
    assert spec_cell_count("rect:250x250") == spec_cell_count("square:250x250") == 62_500


@pytest.mark.parametrize("spec, cells", [("hex:150", "67951 cells"), ("tess:55", "62377 cells"),
                                         ("rect:250x250", "62500 cells"), ("square:250x1", "250 cells")])
def test_the_largest_boards_are_described(cli, spec, cells):
    result = cli("describe", "--board", spec)
    assert result.status == 0 and cells in result.out, result


@pytest.mark.parametrize("spec, words", [
    ("hex:151", ("from 0 to 150, got 151", "hex:150 is the largest hex board")),
    ("tess:56", ("from 1 to 55, got 56", "tess:55 is the largest tess board")),
    ("rect:251x10", ("from 1 to 250", "250x250 is the largest")),
    ("rect:10x251", ("from 1 to 250",)),
    ("square:251x251", ("from 1 to 250",)),
    ("hex:99999999", ("from 0 to 150",)),
])
def test_one_above_is_refused_before_any_cell_is_built(cli, tmp_path, monkeypatch, spec, words):
    import modlinseq_print.geometry.boards as boards

    def no_cells(*args):
        raise AssertionError("cells were built")

    for name in ("hexagon", "rect_cells", "tess_board"):
        monkeypatch.setattr(boards, name, no_cells)
    assert_one_line_error(cli("describe", "--board", spec), *words)
    assert_one_line_error(cli("board", "--board", spec, "-o", tmp_path / "b.pdf"), *words, folder=tmp_path)


def _mask(rows: int, cols: int) -> str:
    """A rows x cols parallelogram of cells as an ASCII mask, A0 at the top left."""
    lines = [" " * r + " ".join("A" if (r, c) == (0, 0) else "." for c in range(cols)) for r in range(rows)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("kind", ["mask", "addresses"])
def test_file_boards_hold_at_most_the_cells_of_hex_150(cli, tmp_path, kind):
    path = tmp_path / "board.txt"
    if kind == "mask":
        path.write_text(_mask(271, 251))  # 68,021 cells
    else:
        from modlinseq_print.geometry.addresses import address_of
        from modlinseq_print.geometry.hexgrid import Cell, hexagon

        cells = sorted(hexagon(MAX_ORDER), key=lambda c: (c.r, c.q)) + [Cell(-MAX_ORDER - 1, 0)]
        path.write_text(" ".join(address_of(c) for c in cells) + "\n")  # one cell past hex:150
    assert_one_line_error(cli("describe", "--board", f"file:{path}"), "has more than 67,951 cells",
                          "as many as hex:150", folder=tmp_path, keep=["board.txt"])


def test_a_file_board_of_exactly_the_maximum_is_read(tmp_path):
    from modlinseq_print.geometry.addresses import address_of
    from modlinseq_print.geometry.hexgrid import hexagon

    path = tmp_path / "board.txt"
    path.write_text(" ".join(address_of(c) for c in hexagon(MAX_ORDER)) + "\n")
    assert len(parse_board(f"file:{path}").cells) == MAX_CELLS
    path.write_text(_mask(271, 250) + "\n")  # 67,750 cells
    assert len(parse_board(f"file:{path}").cells) == 271 * 250


def test_a_preset_and_the_library_keep_the_same_maxima(cli, tmp_path):
    import modlinseq_print as mp

    preset = tmp_path / "p.toml"
    preset.write_text('[board]\nspec = "hex:151"\n')
    assert_one_line_error(cli("kit", preset, "-o", tmp_path / "k.pdf"), "key board.spec", "from 0 to 150",
                          folder=tmp_path, keep=["p.toml"])
    with pytest.raises(BoardSpecError, match="from 1 to 55"):
        mp.board("tess:56")


def test_a_board_of_more_than_1500_pages_is_refused_before_it_is_drawn(cli, tmp_path, monkeypatch):
    import modlinseq_print.commands.board as board_command

    def no_drawing(*args):
        raise AssertionError("the board was drawn")

    monkeypatch.setattr(board_command, "board_scene", no_drawing)
    assert_one_line_error(cli("board", "--board", "hex:150", "--paper", "a5", "-o", tmp_path / "b.pdf"),
                          "needs at least 1,714 'a5' pages", "1,500", "--paper poster", "--fit", folder=tmp_path)


def test_the_planned_page_count_is_checked_before_anything_is_written(cli, tmp_path, monkeypatch):
    """The area bound lets a board through whose plan takes more pages; the plan is checked before writing."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables import board_pages
    from modlinseq_print.render.paper import make_sheet

    assert board_pages.least_pages(parse_board("hex:9"), 28.0, make_sheet("a4", 6.0)) == 4
    monkeypatch.setattr(board_pages, "MAX_SHEETS", 5)
    for out in ("b.pdf", "b.svg"):
        assert_one_line_error(cli("board", "--board", "hex:9", "-o", tmp_path / out),
                              "takes 6 'a4' pages", "more than the 5 printed", folder=tmp_path)
    assert cli("board", "--board", "hex:9", "--paper", "poster", "-o", tmp_path / "p.pdf").status == 0
    assert cli("board", "--board", "hex:9", "--fit", "-o", tmp_path / "f.pdf").status == 0


@pytest.mark.parametrize("argv, words", [
    (["worksheet", "-n", "501"], "give 1 to 500 problems"),
    (["kit", "starter", "--exercises", "501"], "give 0 to 500 problems"),
    (["kit", "PRESET"], "key exercises.count: bad count 100000000: give 0 to 500 problems"),
])
def test_at_most_500_exercises_wherever_they_are_asked_for(cli, tmp_path, argv, words):
    (tmp_path / "p.toml").write_text("[exercises]\ncount = 100000000\n")
    argv = [str(tmp_path / "p.toml") if word == "PRESET" else word for word in argv]
    assert_one_line_error(cli(*argv, "-o", tmp_path / "out.pdf"), words, folder=tmp_path, keep=["p.toml"])


def test_the_library_keeps_the_same_bound():
    from modlinseq_print.rules.errors import RulesError
    from modlinseq_print.rules.exercises import MAX_EXERCISES, make_worksheet

    assert MAX_EXERCISES == 500 and len(make_worksheet(MAX_EXERCISES, 1, 13)) == 500
    with pytest.raises(RulesError, match="give 0 to 500"):
        make_worksheet(MAX_EXERCISES + 1, 1, 13)


LONG = "q" * 500


@pytest.mark.parametrize("argv", [
    ["describe", "--pattern", LONG],
    ["board", "--theme", LONG],
    ["describe", LONG, LONG, "b", "c", "d"],
    ["tiles", "--copies", "9" + LONG],
    ["tiles", "--gutter", LONG],
    ["board", "-o", "b.pdf", "--format", LONG],
    ["describe", "--board", f"hex:{LONG}"],
])
def test_messages_quote_at_most_40_characters_of_a_value(cli, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    result = cli(*argv)
    assert result.status == 2 and result.err.count("\n") == 1 and "q" * 41 not in result.err, result.err
    assert "q" * 39 + "'..." in result.err or "q" * 39 + "..." in result.err  # an excerpt, cut
    assert len(result.err) <= 301


def test_no_message_is_longer_than_300_characters(cli, tmp_path, monkeypatch):
    import modlinseq_print.commands.describe as describe
    from modlinseq_print.errors import one_line
    from modlinseq_print.errors import ModlinseqError

    def long_problem(args):
        raise ModlinseqError("a long problem,\n" + "word " * 200)

    monkeypatch.setattr(describe, "board_from_args", long_problem)
    err = cli("describe").err
    assert err.count("\n") == 1 and len(err) == 301 and err.endswith("wo...\n")
    assert one_line("a\nb  c") == "a b c" and len(one_line("z" * 1000)) == 300


def test_a_per_piece_folder_name_too_long_is_one_line(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(cli("tiles", "--per-piece", "p" * 300, "-o", "t.pdf"), "cannot use --per-piece",
                          "File name too long", folder=tmp_path)


@pytest.mark.parametrize("argv, words", [
    (["tiles", "--bed", "99999x99999mm"], ("--bed: paper size '99999x99999mm' is too large", "5000 mm")),
    (["tiles", "--bed", "nonsense"], ("--bed: unknown paper",)),
    (["tiles", "--bed", "poster"], ("--bed poster",)),
    (["markers", "--bed", "5001x10mm"], ("--bed: paper size", "at most 5000 mm")),
    (["tiles", "--paper", "99999999x99999999mm"], ("paper size", "at most 5000 mm")),
    (["tiles", "--bed", "99999x99999mm", "--cut-file", "c.dxf"], ("--bed: paper size",)),
])
def test_paper_and_bed_are_checked_whenever_given_before_any_piece_is_made(cli, tmp_path, monkeypatch, argv, words):
    import modlinseq_print.commands.tiles as tiles

    def no_pieces(*args):
        raise AssertionError("pieces were made")

    monkeypatch.setattr(tiles, "set_with_markers", no_pieces)
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(cli(*argv, "-o", "t.pdf"), *words, folder=tmp_path)


def test_the_largest_bed_is_accepted_and_its_pieces_are_placed(cli, tmp_path):
    result = cli("tiles", "--bed", "5000x5000mm", "--modulus", "2", "--copies", "1", "-o", tmp_path / "t.dxf")
    assert result.status == 0, result
    pieces = json.loads((tmp_path / "t.cut.manifest.json").read_text())["pieces"]
    assert [(piece["value"], piece["sheet"], piece["page"]) for piece in pieces] == [(0, 1, 1), (1, 1, 1)]
    outlines = [place_outline(tile_shape(25.0), Slot(0, piece["x_mm"], piece["y_mm"], piece["rotation"]))
                for piece in pieces]
    for outline in outlines:  # on the bed, past the reference square in its top-left corner
        box = bounding_box(outline)
        assert 0 < box.x and box.x + box.width < 5000 and 0 < box.y and box.y + box.height < 5000
    assert polygons_gap(*outlines) >= 1.9  # two pieces a kerf-safe gap apart, not one on the other


def test_a_kit_board_keeps_the_same_page_maximum(cli, tmp_path, monkeypatch):
    from modlinseq_print.printables import board_pages

    preset = tmp_path / "p.toml"
    preset.write_text('[board]\nspec = "hex:150"\npaper = "a5"\n')
    assert_one_line_error(cli("kit", preset, "-o", tmp_path / "k.pdf"), "key board.paper",
                          "needs at least 1,714 'a5' pages", 'board.paper = "a3"', folder=tmp_path, keep=["p.toml"])
    monkeypatch.setattr(board_pages, "MAX_SHEETS", 5)  # hex:9 passes the area bound (4) and plans 6 pages
    assert_one_line_error(cli("kit", "standard", "--quiet", "-o", tmp_path / "k.pdf"), "takes 6 'a4' pages",
                          folder=tmp_path, keep=["p.toml"])
