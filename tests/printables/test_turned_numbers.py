"""Numbers that read as another turned round (6 and 9, 16 and 91, 66 and 99...) get a bar under them by default:
the marked set against an independent rotation, the bars on the tile sheets (under exactly those numbers, on
tiles turned for nesting too), the "all" and "none" choices, and the same bar on the 3D pieces."""

import pytest

import modlinseq_print as mp
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.printables.tile_sheets import SheetOptions, build_sheets
from modlinseq_print.printables.tiles import MAX_MODULUS, Piece, TileError, TileLook, tile_set
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Polygon, Text

TURN = str.maketrans("01689", "01986")


def reads_turned(value: int) -> str | None:
    """The test's own rotation: the digits reversed and turned, or None when a digit has no turned form."""
    text = str(value)
    if set(text) - set("01689"):
        return None
    return text[::-1].translate(TURN)


def expected(modulus: int) -> set[int]:
    """Values whose turned reading is another value of the range, written as tiles write it (no leading 0)."""
    out = set()
    for value in range(modulus):
        reading = reads_turned(value)
        if reading is None or (len(reading) > 1 and reading[0] == "0"):
            continue
        if int(reading) != value and int(reading) < modulus:
            out.add(value)
    return out


def bars_under_numbers(items) -> dict[str, int]:
    """For each number text, how many four-point bars lie just under it (below it as the text is turned)."""
    texts = [i for i in items if isinstance(i, Text) and i.text.isdigit()]
    bars = [i for i in items if isinstance(i, Polygon) and len(i.points) == 4]
    found: dict[str, int] = {}
    for bar in bars:
        bx = sum(x for x, _ in bar.points) / 4
        by = sum(y for _, y in bar.points) / 4
        near = min(texts, key=lambda t: (t.x - bx) ** 2 + (t.y - by) ** 2)
        down = 1.0 if near.rotate % 360 == 0 else -1.0
        offset = (by - near.y) * down  # how far below the capitals' middle, as the text is turned
        assert abs(bx - near.x) < 0.01 and near.size * 0.3 < offset < near.size * 0.8, (near.text, bx, by)
        width = max(x for x, _ in bar.points) - min(x for x, _ in bar.points)
        assert 0.3 * near.size * len(near.text) < width < 0.7 * near.size * len(near.text)
        found[near.text] = found.get(near.text, 0) + 1
    return found


def test_the_maximum_modulus_is_999():
    assert MAX_MODULUS == 999
    with pytest.raises(TileError):
        tile_set(MAX_MODULUS + 1, 1)


@pytest.mark.parametrize("modulus, count", [(13, 2), (99, 12), (999, 80)])
def test_the_marked_values_are_those_that_read_as_another_turned_round(modulus, count):
    faces = mp.tiles(modulus, 1).faces.tiles
    assert faces.marked == expected(modulus)
    assert len(faces.marked) == count
    assert {6, 9} <= faces.marked and not faces.marked & {0, 1, 8, 11, 69, 88, 96 if modulus < 97 else 0}


def test_the_ends_of_the_rule():
    assert mp.tiles(9, 1).faces.tiles.marked == set()  # 6 would read 9, which modulus 9 has not
    assert mp.tiles(10, 1).faces.tiles.marked == {6, 9}
    assert 16 not in mp.tiles(91, 1).faces.tiles.marked and 16 in mp.tiles(92, 1).faces.tiles.marked
    marked = mp.tiles(999, 1).faces.tiles.marked
    assert {10, 60, 90, 100, 910} & marked == set()  # their readings start with 0: no tile shows 01, 06 or 019
    assert {16, 91, 66, 99, 68, 89, 86, 98, 106, 901, 199, 661} <= marked
    assert {101, 181, 609, 689, 808, 916} & marked == set()  # they read the same turned round


@pytest.mark.parametrize("modulus", [13, 99, 999])
def test_the_sheets_draw_a_bar_under_exactly_the_marked_numbers(modulus):
    run = mp.tiles(modulus, 1)
    sheets = build_sheets(run.pieces, run.faces, make_sheet("a4"), SheetOptions(title="t"))
    found: dict[str, int] = {}
    for page in sheets.document.pages:
        for text, count in bars_under_numbers(page.scene.layer("tiles").items).items():
            found[text] = found.get(text, 0) + count
    items = [i for page in sheets.document.pages for i in page.scene.layer("tiles").items]
    assert set(found) == {str(v) for v in expected(modulus)} and set(found.values()) == {1}
    turned = [t for t in items if isinstance(t, Text) and t.rotate % 360 == 180 and t.text in found]
    assert turned or modulus < 99  # nested tiles point down: their bars are under the turned numbers


@pytest.mark.parametrize("underline, marked", [("all", set(range(99))), ("none", set()),
                                                (True, expected(99)), (False, set())])
def test_all_none_and_the_old_true_and_false(underline, marked):
    run = mp.tiles(99, 1, underline=underline)
    assert run.faces.tiles.marked == marked
    items = [i for p in run.pieces for i in run.faces.face(p, Slot(0, 50.0, 50.0, 0))]
    assert len([i for i in items if isinstance(i, Polygon) and len(i.points) == 4]) == len(marked)


def test_an_unknown_underline_is_refused_in_one_line():
    with pytest.raises(TileError, match="unknown underline 'some': use one of ambiguous, all, none"):
        TileLook(underline="some")


def test_the_tiles_command_takes_the_choice(tmp_path, cli):
    from sheet_helpers import svg_items

    for argv, bars in (((), 2), (("--underline",), 2), (("--underline", "all"), 13), (("--underline", "none"), 0)):
        out = tmp_path / "tiles.svg"
        assert cli("tiles", "-o", out, "--copies", "1", *argv).status == 0
        _, items = svg_items(out)
        assert len([i for i in items if i["tag"] == "polygon" and i["layer"] == "tiles"
                    and len(i["points"]) == 4]) == bars, argv


def test_a_preset_chooses_and_old_booleans_still_load(tmp_path):
    from modlinseq_print.kits.preset_loading import load_preset

    for value, loaded in (('"all"', "all"), ('"none"', "none"), ("true", "ambiguous"), ("false", "none")):
        path = tmp_path / "p.toml"
        path.write_text(f"[tiles]\nunderline = {value}\n", encoding="utf-8")
        assert load_preset(str(path)).tiles.underline == loaded
    path.write_text('[tiles]\nunderline = "some"\n', encoding="utf-8")
    with pytest.raises(ModlinseqError, match="tiles.underline"):
        load_preset(str(path))
    assert load_preset("standard").tiles.underline == "ambiguous"


def _lowest(contours) -> float:
    return min(y for contour in contours for _, y in contour)


@pytest.mark.parametrize("modulus", [13, 99, 999])
def test_3d_labels_carry_a_bar_under_the_same_numbers(modulus):
    from modlinseq_print.solids.labels import FaceLabels
    from modlinseq_print.solids.pieces import solid_look

    pieces = tile_set(modulus, 1)
    barred, plain = FaceLabels(solid_look(25.0), pieces, "underline"), FaceLabels(solid_look(25.0), pieces, "none")
    extra = {v for v in range(modulus)
             if len(barred.contours(Piece("number", v))) - len(plain.contours(Piece("number", v))) == 1}
    assert extra == expected(modulus)
    six, five = _lowest(barred.contours(Piece("number", 6))), _lowest(barred.contours(Piece("number", 5)))
    assert six < five - 0.1 * barred.faces.tiles.size  # y grows upward: the bar reaches below the number


def test_3d_pieces_mark_them_by_default():
    solids = mp.pieces3d(99, 1)
    assert solids.spec.cue == "underline"
    assert mp.pieces3d(99, 1, cue="none").spec.cue == "none"
    pytest.importorskip("manifold3d", reason="3D solids need the optional extra manifold3d")
    from modlinseq_print.solids.pieces import PieceSolids

    made = PieceSolids(solids.look, solids.spec, solids.pieces)
    low = {v: made.model(Piece("number", v)).parts[1].mesh.bounds[0][1] for v in (16, 15, 91, 92)}
    assert low[16] < low[15] - 1.0 and low[91] < low[92] - 1.0  # the bar under 16 and 91 reaches lower
