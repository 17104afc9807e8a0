"""Kit presets: every template loads; unknown keys and bad values name the key and the file."""

import pytest

from modlinseq_print.kit.preset_loading import load_preset, preset_names
from modlinseq_print.kit.presets import PresetError


def test_shipped_presets():
    assert {"standard", "standard-letter", "starter", "bonus-malus", "tess-3"} <= set(preset_names())
    standard = load_preset("standard")
    assert (standard.modulus, standard.board.spec, standard.tiles.copies, standard.tiles.wild) == (13, "hex:9", 10, 4)
    assert (standard.markers.range, standard.paper) == ("8-20", "a4")
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
    assert preset.name == "mine" and preset.modulus == 11 and preset.tiles.copies == 10


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
