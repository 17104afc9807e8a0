"""Press options and geometry: one-line errors for bad --press values, the CMYK preflight, every theme colour's
process value, artwork carried into the bleed (checked in pixels), crop marks, and the board's die outline."""

import subprocess
from dataclasses import replace

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene, outline_loops
from modlinseq_print.render import theme as theme_module
from modlinseq_print.render.pdf_writer import document_to_pdf
from modlinseq_print.render.press import PressError, PressOptions, bleed_items
from modlinseq_print.render.scene import Document, Embed, Page, Polygon, Scene, Style, Text
from modlinseq_print.render.theme import THEMES, ColourError, process_colour


@pytest.mark.parametrize("argv, words", [
    (["tiles", "--press", "--press-bleed", "-1mm"], ["press bleed", "-1mm"]),
    (["tiles", "--press", "--press-bleed", "25mm"], ["press bleed", "0 to 20 mm"]),
    (["board", "--press", "--bleed", "-1mm"], ["press bleed", "-1mm"]),
    (["kit", "--press", "--bleed", "-1mm"], ["press bleed", "-1mm"]),
    (["board", "--press", "--dieline-name", ""], ["--dieline-name is empty"]),
    (["markers", "--press", "--dieline-name", " Die Line"], ["--dieline-name", "' Die Line'", "either end"]),
    (["mod13", "deck", "--press", "--dieline-name", "Schnittlinie\u00e9"], ["bad die-line name"]),
    (["kit", "--press", "--dieline-name", "C" * 41], ["--dieline-name", "41 characters", "at most 40"]),
    (["tiles", "--press", "--dieline-name", "Cut\tContour"], ["--dieline-name", "printable ASCII"]),
    (["tiles", "--pdfx", "1a"], ["--pdfx", "add --press"]),
    (["tiles", "--output-intent", "swop"], ["--output-intent", "add --press"]),
    (["tiles", "--press", "--die-spacing", "-2mm"], ["die spacing"]),
    (["tiles", "--dieline-name", "Dieline"], ["--dieline-name", "add --press"]),
    (["board", "--dieline-board"], ["--dieline-board", "add --press"]),
    (["board", "--bleed", "3mm"], ["--press-bleed", "add --press"]),
])
def test_bad_press_options_are_one_line_errors_and_write_nothing(cli, tmp_path, argv, words):
    result = cli(*argv, "-o", tmp_path / "out" / "x.pdf")
    assert_one_line_error(result, *words, folder=tmp_path / "out")


def test_an_unknown_printing_condition_is_refused_in_the_library_words():
    with pytest.raises(PressError) as caught:
        PressOptions(output_intent="gracol")
    assert caught.value.field == "press.output_intent" and "fogra39 or swop" in str(caught.value)


@pytest.mark.parametrize("argv", [["tiles"], ["board"], ["mod13", "deck"]])
def test_press_output_must_be_a_pdf(cli, tmp_path, argv):
    result = cli(*argv, "--press", "-o", tmp_path / "out" / "x.svg")
    assert_one_line_error(result, "--press writes a press-ready PDF", "SVG", folder=tmp_path / "out")


def test_preflight_names_a_colour_with_no_cmyk_value(cli, tmp_path, monkeypatch):
    monkeypatch.setitem(THEMES, "green", replace(THEMES["green"], tile_fill="#123456"))
    result = cli("tiles", "--press", "-o", tmp_path / "out" / "tiles.pdf")
    assert_one_line_error(result, "#123456", "no CMYK value", folder=tmp_path / "out")
    assert cli("tiles", "-o", tmp_path / "rgb.pdf").status == 0  # RGB output still takes any colour


@pytest.mark.parametrize("name", THEMES)
def test_every_theme_colour_has_a_process_value(name):
    theme = THEMES[name]
    for field in ("board_fill", "cell_stroke", "bonus_fill", "mark", "label", "pseudo_fill", "pseudo_mark",
                  "tile_fill", "tile_stroke", "tile_text", "wild_fill", "marker_fill", "marker_text", "blocked_fill"):
        c, m, y, k = process_colour(getattr(theme, field))
        assert all(0 <= v <= 1 for v in (c, m, y, k))


def test_greys_print_on_black_alone_and_black_is_not_rich():
    assert process_colour("#000000") == (0, 0, 0, 1)
    assert process_colour("#ffffff") == (0, 0, 0, 0)
    assert process_colour("#808080") == (0, 0, 0, pytest.approx(0.498, abs=0.001))
    assert process_colour("#FFD54F") == (0, 0.15, 0.75, 0)
    with pytest.raises(ColourError, match="#abcdef"):
        process_colour("#abcdef")
    assert set(theme_module.CMYK) >= {t.tile_fill for t in THEMES.values() if len({*t.tile_fill[1:]}) > 1}


def test_options_check_their_values():
    with pytest.raises(PressError):
        PressOptions(bleed=-0.1)
    with pytest.raises(PressError) as error:
        PressOptions(dieline_name="Die\u00e9Line")
    assert (error.value.field, error.value.limit) == ("press.dieline_name", 40)
    with pytest.raises(PressError) as error:
        PressOptions(die_spacing=51)
    assert (error.value.field, error.value.limit) == ("press.die_spacing", 50)
    with pytest.raises(PressError):
        PressOptions(pdfx="3")
    assert PressOptions(dieline_name="Thru-cut").dieline_name == "Thru-cut"
    assert PressOptions(dieline_name="Die#Line /1").dieline_name == "Die#Line /1"  # escaped in the PDF
    assert PressOptions().slug == pytest.approx(11.0)


def test_crop_marks_sit_at_the_trim_corners_outside_the_bleed():
    press = PressOptions(bleed=3.0)
    marks = press.crop_marks(100.0, 50.0)
    assert len(marks) == 8
    for (x0, y0), (x1, y1) in marks:
        assert x0 == x1 or y0 == y1  # in line with a trim edge
        for x, y in ((x0, y0), (x1, y1)):
            outside = max(-x, x - 100.0, -y, y - 50.0)
            assert 3.0 < outside <= press.slug  # beyond the bleed, on the paper
        assert {x0, x1} & {0.0, 100.0} or {y0, y1} & {0.0, 50.0}


def test_artwork_on_the_trim_gets_strips_into_the_bleed_and_nothing_else_does():
    band = Polygon(((0, 0), (100, 0), (100, 20), (0, 20)), Style(fill="#3a9a4b", stroke="#000000"))
    inner = Polygon(((10, 30), (20, 30), (20, 40)), Style(fill="#ffd54f"))
    point = Polygon(((50, 50), (60, 60), (40, 60)), Style(fill="#ffd54f"))  # touches the bottom at one point
    items = bleed_items([band, inner, point, Embed(Scene(10, 10), clip=(0, 30, 100, 20))], 100.0, 50.0, 3.0)
    strips = [i for i in items if isinstance(i, Polygon) and i not in (band, inner, point)]
    assert len(strips) == 3  # top, left and right of the band
    xs = sorted(x for s in strips for x, _ in s.points)
    ys = sorted(y for s in strips for _, y in s.points)
    assert xs[0] == -3 and xs[-1] == 103 and ys[0] == -3
    assert all(s.style == Style(fill="#3a9a4b", stroke=None) for s in strips)
    embed = next(i for i in items if isinstance(i, Embed))
    assert embed.clip == (-3, 30, 106, 23)


def test_bleed_is_filled_in_pixels_and_the_marks_lie_outside_it(tmp_path, require_tool):
    require_tool("pdftoppm")
    scene = Scene(100, 60)
    scene.add(Polygon(((0, 0), (100, 0), (100, 20), (0, 20)), Style(fill="#000000", stroke=None)))
    scene.add(Text(50, 40, "x", 5))
    path = tmp_path / "b.pdf"
    path.write_bytes(document_to_pdf(Document([Page(scene)]), PressOptions(bleed=3.0)))
    subprocess.run(["pdftoppm", "-r", "254", "-gray", "-png", str(path), str(tmp_path / "p")], check=True)
    from PIL import Image  # Pillow comes with cairosvg

    image = Image.open(tmp_path / "p-1.png").convert("L")
    px = lambda x_mm, y_mm: image.getpixel((round((x_mm + 11) * 10), round((y_mm + 11) * 10)))  # noqa: E731
    assert image.size[0] == pytest.approx(1220, abs=1) and image.size[1] == pytest.approx(820, abs=1)  # 10 px/mm
    assert px(50, 10) < 20 and px(50, -2.5) < 20 and px(-2.5, 10) < 20  # band, and its bleed above and left
    assert px(50, -4) > 235 and px(-4, 10) > 235  # nothing beyond the bleed but marks
    assert px(50, 62.5) > 235  # the bottom has no artwork on the trim, so no bleed
    darkest = lambda x_mm, y_mm: min(px(x_mm + dx, y_mm + dy) for dx in (-0.1, 0, 0.1) for dy in (-0.1, 0, 0.1))  # noqa
    assert darkest(0, -7) < 160 and darkest(-7, 0) < 160  # hairline crop marks in line with the trim edges
    assert darkest(1, -7) > 235 and darkest(-7, 1) > 235


def test_board_outline_is_one_loop_enclosing_every_cell():
    drawing = board_scene(parse_board("hex:3"), BoardStyle(die_outline=True))
    cells = [drawing.corners(cell) for cell in drawing.board.cells]
    loops = outline_loops(cells)
    assert len(loops) == 1

    def area(points):
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))) / 2

    assert area(list(loops[0])) == pytest.approx(sum(area(c) for c in cells), rel=1e-6)
    die = [i for i in drawing.scene.layer("dieline").items]
    assert len(die) == 1 and die[0].style.die and not die[0].style.stroke


def test_board_outline_keeps_a_hole_as_its_own_loop():
    square = [[(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)] for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    loops = outline_loops(square)
    assert sorted(len(loop) for loop in loops) == [4, 12]
