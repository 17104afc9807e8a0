"""One sheet plan for every piece: tiles, wild tiles, blockers and markers on the same sheets, CLI and kit."""

import json
from collections import Counter

import pytest

from modlinseq_print.kits.build import build_kit
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.markers import MarkerFaces
from modlinseq_print.printables.pieces import PieceFaces, with_markers
from modlinseq_print.printables.tile_sheets import SheetOptions, build_sheets
from modlinseq_print.printables.tiles import Piece, TileFaces, TileLook, offset_convex, tile_set
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Polygon, Text
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.theme import get_theme

THEME = get_theme("green")
A4 = make_sheet("a4")


def standard_pieces():
    return with_markers(tile_set(13, 10, wild=4), "8-20")


def test_tiles_wild_and_markers_fill_two_duplex_a4_sheets():
    pieces = standard_pieces()
    sheets = build_sheets(pieces, PieceFaces(TileLook(), THEME, pieces), A4, SheetOptions(layout="duplex"))
    assert len(sheets.document.pages) == 4  # fronts, backs, fronts, backs
    kinds = Counter(p.piece.kind for p in sheets.placements)
    assert kinds == {"number": 130, "wild": 4, "marker": 13}
    assert {p.slot.page for p in sheets.placements if p.piece.kind == "marker"} == {1}


def fills(scene, layer="tiles"):
    return Counter(i.style.fill for i in scene.layer(layer).items if isinstance(i, Polygon) and i.style.fill)


def test_markers_keep_their_colour_on_a_mixed_sheet_and_its_backs():
    pieces = standard_pieces()
    sheets = build_sheets(pieces, PieceFaces(TileLook(), THEME, pieces), A4, SheetOptions(layout="duplex"))
    fronts, backs = (sheets.document.pages[i].scene for i in (2, 3))
    on_sheet = Counter(p.piece.kind for p in sheets.placements if p.slot.page == 1)
    assert fills(fronts)[THEME.marker_fill] == on_sheet["marker"] == 13
    assert fills(fronts)[THEME.wild_fill] == 4
    assert fills(fronts)[THEME.tile_fill] == on_sheet["number"]
    assert fills(backs)[THEME.marker_fill] == 13  # a marker's back is the marker colour
    assert fills(backs)[THEME.tile_fill] == on_sheet["number"] + on_sheet["wild"]


def test_a_mixed_gutter_fold_sheet_mirrors_every_back_across_the_fold():
    pieces = with_markers(tile_set(7, 5, wild=2), "7")
    sheets = build_sheets(pieces, PieceFaces(TileLook(back_text="MODLINSEQ"), THEME, pieces), A4,
                          SheetOptions(layout="gutter-fold"))
    assert len(sheets.document.pages) == 1  # the starter's 38 pieces: one sheet, no sheet for the marker
    fold = sheets.fold
    for placement in sheets.placements:
        assert placement.back_page == placement.page == 0
        assert placement.back == fold.mirror_slot(placement.slot)
    marker = next(p for p in sheets.placements if p.piece.kind == "marker")
    assert marker.slot.page == 0 and fills(sheets.document.pages[0].scene, "backs")[THEME.marker_fill] == 1


def inside(point, polygon):
    """True when a point lies inside a convex polygon (either winding)."""
    signs = set()
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) <= 1


@pytest.mark.parametrize("width, shape", [(25.0, "pentagon"), (15.0, "pentagon"), (20.0, "house")])
@pytest.mark.parametrize("faces_class, pieces", [(TileFaces, [Piece("number", 7)]),
                                                 (MarkerFaces, [Piece("marker", 7)])])
def test_back_text_stays_inside_the_safe_zone(width, shape, faces_class, pieces):
    look = TileLook(width=width, shape=shape, back_text="MODLINSEQ")
    faces = faces_class(look, THEME, [7] if faces_class is MarkerFaces else ["7"])
    slot = Slot(0, 50.0, 50.0, 0)
    texts = [i for i in faces.back(pieces[0], slot) if isinstance(i, Text)]
    assert len(texts) == 1 and texts[0].text == "MODLINSEQ"
    text = texts[0]
    half_width = text_width(text.text, look.font, text.size) / 2
    half_height = cap_height(look.font) * text.size / 2
    safe = [(slot.x + x, slot.y + y) for x, y in offset_convex([(-x, y) for x, y in look.outline], -look.safe_margin)]
    corners = [(text.x + dx, text.y + dy) for dx in (-half_width, half_width) for dy in (-half_height, half_height)]
    assert all(inside(corner, safe) for corner in corners)
    assert text.size > width / 10  # and it is not shrunk to nothing


def test_the_old_marker_back_text_would_have_crossed_the_cut():
    look = TileLook(back_text="MODLINSEQ")
    marker = MarkerFaces(look, THEME, [7])
    assert text_width("MODLINSEQ", look.font, marker.size * 0.34) > look.width - 2 * look.safe_margin
    assert text_width("MODLINSEQ", look.font, marker.back_size) <= look.width - 2 * look.safe_margin


def test_tiles_with_markers_through_the_cli(tmp_path, cli):
    out = tmp_path / "pieces.pdf"
    result = cli("tiles", "--wild", "4", "--markers", "8-20", "--duplex", "-o", out)
    assert result.status == 0 and "147 pieces" in result.out
    manifest = json.loads((tmp_path / "pieces.manifest.json").read_text(encoding="utf-8"))
    assert manifest["totals"]["marker"] == {str(m): 1 for m in range(8, 21)}
    assert (manifest["total"], manifest["sheets"], manifest["pages_used"]) == (147, 2, 3)  # page 3: sheet 2 fronts
    markers = [row for row in manifest["pieces"] if row["kind"] == "marker"]
    assert {row["sheet"] for row in markers} == {2} and {row["back_page"] for row in markers} == {4}
    csv_text = (tmp_path / "pieces.manifest.csv").read_text(encoding="utf-8")
    assert csv_text.count("\nmarker,") == 13 and "total marker,20" in csv_text


def test_tiles_with_a_bad_marker_range_is_a_one_line_error(tmp_path, cli):
    from cli_helpers import assert_one_line_error

    result = cli("tiles", "--markers", "20-8", "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "bad range '20-8'", folder=tmp_path)


def test_the_cut_file_engraves_the_markers_text(tmp_path, cli):
    out = tmp_path / "t.svg"
    result = cli("tiles", "--copies", "1", "--markers", "9-10", "--cut-mode", "bed", "--cut-file", tmp_path / "cut.svg",
                 "-o", out)
    assert result.status == 0
    cut = (tmp_path / "cut.svg").read_text(encoding="utf-8")
    assert cut.count('aria-label="mod"') == 2 and cut.count('aria-label="= 0"') == 2  # outlined text


def test_the_starter_kit_prints_its_marker_on_the_tile_sheet():
    steps = []
    kit = build_kit(load_preset("starter"), progress=steps.append)  # the library reports steps, draws no bar
    assert steps == ["simulated games", "reference card", "board pages", "tiles and markers", "cover",
                     "page numbers"]
    section = next(s for s in kit.sections if s.title == "Tiles and modulus markers")
    assert len(section.pages) == 1
    assert Counter(p.piece.kind for p in kit.placements) == {"number": 35, "wild": 2, "marker": 1}
    assert {p.slot.page for p in kit.placements} == {0}


def test_a_kit_with_the_board_on_a3_and_the_pieces_on_a4(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text('paper = "letter"\n[board]\npaper = "a3"\nmargin = "5mm"\n[tiles]\npaper = "a4"\nbleed = "2mm"\n'
                    'crop_marks = true\ngap = "5mm"\n', encoding="utf-8")
    kit = build_kit(load_preset(str(path)))
    sizes = {s.title: {(round(p.scene.width, 1), round(p.scene.height, 1)) for p in s.pages} for s in kit.sections}
    assert sizes["Rules and reference card"] == {(215.9, 279.4)}
    assert {tuple(sorted(size)) for size in sizes["Board"]} == {(297.0, 420.0)}
    assert sizes["Tiles and modulus markers"] == {(210.0, 297.0)}
    assert kit.sections[2].margin == 5.0
    cover = kit.document.pages[0].scene
    assert (cover.width, cover.height) == (215.9, 279.4)
    # the bleed, the gap and the crop marks reach the sheets
    fronts = kit.document.pages[kit.piece_page].scene
    on_first = sum(p.slot.page == 0 for p in kit.placements)
    bleeds = [i for i in fronts.layer("tiles").items if isinstance(i, Polygon) and i.style.stroke is None
              and i.style.fill == THEME.tile_fill]
    assert len(bleeds) == on_first < 86  # fewer than the 86 of the default 2 mm gap and no bleed
    assert any(i.style.stroke == "#000000" and not i.closed for i in fronts.layer("marks").items
               if isinstance(i, Polygon))


def test_every_count_of_points_is_worded(cli):
    status, out, _ = cli("check", "--board", "hex:4", "-m", "7", "6B1, 1A0, 3M1")
    assert status == 0 and "3 tiles, 1 point;" in out and "1 points" not in out
