"""A kit's pieces follow its board and modulus when the preset leaves the counts out: tiles about half the
board's cells in equal copies of each value, markers of the rules' range or ending at the kit's modulus."""

from collections import Counter
from dataclasses import replace

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.kits.build import kit_pieces, piece_section
from modlinseq_print.kits.game_settings import kit_has_marker
from modlinseq_print.kits.piece_counts import BOARD_SHARE, RULES_RANGE, kit_copies, marker_moduli, sized_copies
from modlinseq_print.kits.preset_loading import load_preset, preset_from_text
from modlinseq_print.kits.presets import MarkersSection, TilesSection

MODULI = (2, 7, 8, 13, 20, 21, 24, 50, 99)


def _standard(modulus, **tiles):
    preset = load_preset("standard")
    return replace(preset, modulus=modulus, tiles=replace(preset.tiles, **tiles), measures=None)


@pytest.mark.parametrize("modulus", MODULI)
def test_the_tiles_are_equal_copies_of_every_value_about_half_the_board(modulus):
    preset = _standard(modulus)
    cells = len(parse_board(preset.board.spec).cells)
    pieces = kit_pieces(preset)
    numbers = Counter(p.value for p in pieces if p.kind == "number")
    wild = sum(p.kind == "wild" for p in pieces)
    assert sorted(numbers) == list(range(modulus))  # every value, at least one of each
    assert len(set(numbers.values())) == 1  # in equal quantities
    copies = numbers[0]
    stock = copies * modulus + wild
    # the nearest whole number of copies: one copy more or fewer is farther from half the board
    best = abs(stock - cells * BOARD_SHARE)
    assert copies == 1 or best <= abs(stock - modulus - cells * BOARD_SHARE)
    assert best <= abs(stock + modulus - cells * BOARD_SHARE)


def test_the_standard_kit_keeps_its_ten_copies_and_markers_8_to_20():
    """Left unset, the counts give the standard kit what its preset used to say: 130 tiles, markers 8-20."""
    preset = load_preset("standard")
    assert preset.tiles.copies is None and preset.markers.range is None
    pieces = kit_pieces(preset)
    assert Counter(p.value for p in pieces if p.kind == "number") == {v: 10 for v in range(13)}
    assert [p.value for p in pieces if p.kind == "marker"] == list(range(RULES_RANGE[0], RULES_RANGE[1] + 1))


@pytest.mark.parametrize("modulus", MODULI)
def test_the_markers_include_the_kits_own_modulus_and_no_more_than_the_rules_range(modulus):
    preset = _standard(modulus)
    moduli = [p.value for p in kit_pieces(preset) if p.kind == "marker"]
    low, high = RULES_RANGE
    assert modulus in moduli and moduli == sorted(set(moduli))
    assert len(moduli) <= high - low + 1
    if low <= modulus <= high:
        assert (moduli[0], moduli[-1]) == RULES_RANGE  # the rules' own range
    else:
        assert max(moduli) == modulus  # none needs tiles the kit lacks
    assert kit_has_marker(preset, modulus, parse_board(preset.board.spec))


def test_a_count_the_preset_gives_wins():
    preset = _standard(99, copies=3)
    preset = replace(preset, markers=MarkersSection(range="9-13"))
    pieces = kit_pieces(preset)
    assert Counter(p.value for p in pieces if p.kind == "number")[98] == 3
    assert [p.value for p in pieces if p.kind == "marker"] == [9, 10, 11, 12, 13]
    assert kit_copies(replace(preset, tiles=TilesSection(copies=0))) == 0


def test_a_preset_file_without_the_counts_reads_them_as_unset(tmp_path):
    path = tmp_path / "big.toml"
    text = 'modulus = 50\n[board]\nspec = "hex:9"\n'
    preset = preset_from_text(text, path)
    assert (preset.tiles.copies, preset.markers.range) == (None, None)
    cells = len(parse_board("hex:9").cells)
    assert kit_copies(preset) == sized_copies(50, cells, preset.tiles.wild) >= 1
    assert marker_moduli(50) == (50 - (RULES_RANGE[1] - RULES_RANGE[0]), 50)


def test_the_modulus_99_kit_prints_fewer_tile_sheets_than_ten_copies_would():
    """The sheets hold the pieces counted, and sizing from the board saves most of ten copies' sheets."""
    sized = _standard(99)
    section, _sheets, counts = piece_section(sized)
    assert counts == dict(Counter(p.kind for p in kit_pieces(sized)), blocker=0)
    ten, _sheets, ten_counts = piece_section(_standard(99, copies=10))
    assert counts["number"] < len(parse_board(sized.board.spec).cells) < ten_counts["number"]
    assert len(section.pages) < len(ten.pages)
