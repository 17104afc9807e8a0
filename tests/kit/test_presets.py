"""Kit presets: every template loads; unknown keys and bad values name the key and the file."""

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.kits.piece_counts import kit_copies, kit_marker_range, sized_copies
from modlinseq_print.kits.preset_loading import load_preset, preset_names
from modlinseq_print.kits.presets import PresetError
from cli_helpers import assert_one_line_error


def test_shipped_presets():
    assert {"standard", "standard-letter", "starter", "bonus-malus", "tess-3"} <= set(preset_names())
    standard = load_preset("standard")
    assert (standard.modulus, standard.board.spec, kit_copies(standard), standard.tiles.wild) == (13, "hex:9", 10, 4)
    assert (kit_marker_range(standard), standard.paper) == ((8, 20), "a4")
    assert load_preset("standard-letter").paper == "letter"
    starter = load_preset("starter")
    assert (starter.modulus, starter.board.spec, starter.tiles.copies) == (7, "hex:6", 5)
    assert load_preset("bonus-malus").board.pattern == "bonus-malus"
    tess = load_preset("tess-3")
    assert (tess.board.spec, tess.modulus, tess.board.wrap) == ("tess:3", 20, "tess")


def write(tmp_path, text):
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_file_preset_takes_defaults(tmp_path):
    preset = load_preset(write(tmp_path, 'modulus = 11\n[board]\nspec = "hex:5"\n'))
    assert preset.name == "mine" and preset.modulus == 11 and preset.tiles.copies is None  # sized from the board
    assert kit_copies(preset) == sized_copies(11, len(parse_board("hex:5").cells), preset.tiles.wild)


@pytest.mark.parametrize("text, words", [
    ('colour = "red"\n', "unknown key 'colour'"),
    ('[board]\nshape = "hex:9"\n', "unknown key 'board.shape'"),
    ('[tiles]\ncopies = "ten"\n', "key tiles.copies must be a whole number"),
    ('[tiles]\ncopies = -1\n', "key tiles.copies: must not be negative"),
    ('modulus = 1\n', "key modulus: must be from 2"),
    ('[board]\nspec = "hex:-2"\n', "key board.spec"),
    ('[board]\npattern = "dots"\n', "key board.pattern"),
    ('[tiles]\nwidth = "wide"\n', "key tiles.width"),
    ('[markers]\nrange = "eight"\n', "key markers.range"),
    ('[tiles]\nlayout = "folded"\n', "tiles.layout: unknown layout 'folded': use one of fronts, duplex, gutter-fold"),
    ('[tiles]\nlayout = true\n', "key tiles.layout must be a string"),
    ('[tiles]\nlayout = "gutter-fold"\nwidth = "140mm"\n', "key tiles.layout: a 140 mm pentagon tile does not fit"),
    ('[tiles]\nbleed = "-1mm"\n', "key tiles.bleed: bad tiles.bleed '-1mm': it must not be negative"),
    ('[tiles]\nbleed = "9mm"\n', "key tiles.bleed: a bleed of 9 mm does not suit a 25 mm tile"),
    ('[tiles]\nsafe = "8mm"\n', "key tiles.safe: a safe zone of 8 mm"),
    ('[tiles]\ngap = "60mm"\n', "key tiles.gap: a gap of 60 mm"),
    ('[tiles]\ncrop_marks = "yes"\n', "key tiles.crop_marks must be true or false"),
    ('[tiles]\ncut_lines = "dotted"\n', "key tiles.cut_lines: unknown value 'dotted'"),
    ('[tiles]\nback_offset = "1mm"\n', "key tiles.back_offset: bad back offset '1mm'"),
    ('[tiles]\nback_offset = "1mm,0"\nlayout = "fronts"\n', "key tiles.back_offset: a back offset corrects"),
    ('[tiles]\nback_offset = "30mm,0"\n', "key tiles.back_offset: a back offset of 30,0 mm is too large"),
    ('[tiles]\ngutter = "8mm"\n', "key tiles.gutter: a gutter is the space beside the fold"),
    ('[tiles]\nlayout = "gutter-fold"\ngutter = "80mm"\n', "key tiles.gutter: a gutter of 80 mm"),
    ('[tiles]\npaper = "poster"\n', "key tiles.paper: a kit is printed on sheets"),
    ('[tiles]\npaper = "a9"\n', "key tiles.paper"),
    ('[tiles]\npaper = "100x150mm"\nwidth = "90mm"\n',
     "key tiles.width: a 90.0 x 85.6 mm 90 mm pentagon tile does not fit"),
    ('[tiles]\nmargin = "110mm"\n', "key tiles.margin"),
    ('[board]\npaper = "poster"\n', "key board.paper: a kit is printed on sheets"),
    ('[board]\nmargin = "1km"\n', "key board.margin"),
    ('[board]\noverlap = "90mm"\n', "key board.overlap: an overlap of 90 mm leaves too little"),
    ('[board]\norientation = "sideways"\n', "key board.orientation: unknown value 'sideways'"),
    ('[board]\npaper = "100x150mm"\n[tiles]\nwidth = "120mm"\n', "key tiles.width: a board cell of"),
    ('[markers]\ncopies = -2\n', "key markers.copies: must not be negative"),
    ('[tiles]\nbleed = "3mm"\nsize = 2\n', "unknown key 'tiles.size'"),
    ('modulus = \n', "not valid TOML"),
    ('board = 3\n', "board must be a table"),
])
def test_bad_presets_name_key_and_file(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(PresetError) as info:
        load_preset(path)
    message = str(info.value)
    assert words in message and path in message and "\n" not in message


def test_unknown_preset_name_lists_the_choices():
    with pytest.raises(PresetError, match="unknown preset 'deluxe'.*standard"):
        load_preset("deluxe")


@pytest.mark.parametrize("tiles, layout", [
    ("", "duplex"), ("backs = true\n", "duplex"), ("backs = false\n", "fronts"),
    ('layout = "gutter-fold"\n', "gutter-fold"), ('backs = true\nlayout = "fronts"\n', "fronts"),
    ('backs = false\nlayout = "duplex"\n', "duplex"),
])
def test_tile_layout_from_backs_and_layout(tmp_path, tiles, layout):
    assert load_preset(write(tmp_path, f"[tiles]\n{tiles}")).tiles.sheet_layout == layout


def test_the_starter_kit_folds():
    assert load_preset("starter").tiles.sheet_layout == "gutter-fold"
    assert load_preset("standard").tiles.sheet_layout == "duplex"


def test_every_key_a_kit_user_needs(tmp_path):
    preset = load_preset(write(tmp_path, """
paper = "letter"
[board]
paper = "a3"
margin = "5mm"
overlap = "12mm"
orientation = "landscape"
[tiles]
paper = "a4"
margin = "6mm"
gap = "3mm"
bleed = "2mm"
safe = "2.5mm"
cut_lines = "dashed"
crop_marks = true
nest = false
underline = true
back_offset = "1.5mm,-0.5mm"
[markers]
copies = 2
"""))
    board, tiles = preset.board, preset.tiles
    assert (board.paper, board.margin, board.overlap, board.orientation) == ("a3", "5mm", "12mm", "landscape")
    assert (tiles.paper, tiles.margin, tiles.gap, tiles.bleed, tiles.safe) == ("a4", "6mm", "3mm", "2mm", "2.5mm")
    assert (tiles.cut_lines, tiles.crop_marks, tiles.nest, tiles.underline) == ("dashed", True, False, "ambiguous")
    assert (tiles.back_offset, preset.markers.copies) == ("1.5mm,-0.5mm", 2)


def test_templates_folder_is_the_shipped_presets():
    """templates/ is the user-facing copy of the presets and example files the package ships."""
    from pathlib import Path

    from modlinseq_print.kits.presets import TEMPLATES

    templates = Path(__file__).resolve().parents[2] / "templates"
    shipped = {p.name: p.read_bytes() for p in TEMPLATES.iterdir() if p.is_file()}
    assert {p.name: p.read_bytes() for p in templates.iterdir() if p.is_file()} == shipped
    assert {"standard.toml", "board-mask.txt", "coprimality-example.txt"} <= set(shipped)


def test_the_loader_returns_lengths_in_mm_and_ready_sheets(tmp_path):
    from modlinseq_print.kits.build import tile_look
    from modlinseq_print.kits.measures import measure
    from modlinseq_print.render.paper import Sheet

    preset = load_preset("standard")
    m = preset.measures
    assert (m.tile_width, m.clearance, m.gap, m.bleed, m.back_offset) == (25.0, 1.5, 2.0, 0.0, (0.0, 0.0))
    assert isinstance(m.board_sheet, Sheet) and m.board_sheet.margin == 6.0 and m.text_sheet.margin == 10.0
    assert measure(preset) is m  # build reads them, it does not parse the strings again
    assert tile_look(preset, m).width == 25.0
    path = tmp_path / "p.toml"
    path.write_text('margin = "1in"\n[tiles]\nwidth = "1in"\nmargin = "0mm"\n')
    m = load_preset(str(path)).measures
    assert (m.tile_width, m.text_sheet.margin, m.pieces_sheet.margin, m.board_sheet.margin) == (25.4, 25.4, 0.0, 6.0)


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
