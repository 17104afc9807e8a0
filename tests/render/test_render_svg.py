"""The SVG writer: size in mm, layers, symbols and composite runs, embeds with clips, compactness."""

import xml.etree.ElementTree as ET

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.render.png_writer import PngError, png_size, scene_to_png
from modlinseq_print.render.scene import Circle, Embed, Polygon, Scene, Style, Text, Use
from modlinseq_print.render.svg_writer import fmt, scene_to_svg
from render_helpers import SVG, flatten, mm_size


def small_scene():
    scene = Scene(100.0, 60.0)
    scene.define("dot", [Circle(0.0, 0.0, 1.0, Style(fill="#ff0000", stroke=None))])
    for k in range(9):
        scene.add(Use("dot", 10.0 + 7.5 * k, 20.0), "dots")
    scene.add(Polygon(((0, 0), (10, 0), (10, 10)), Style(fill="#00ff00", dash=(1.0, 0.5))), "shapes")
    scene.add(Text(50.0, 50.0, "Hello <&>", 4.0, middle=True), "words")
    scene.add(Text(20.0, 30.0, "turned", 3.0, rotate=90.0), "words")
    return scene


def test_size_in_mm_with_matching_viewbox_and_layer_groups():
    svg = scene_to_svg(small_scene())
    assert mm_size(svg) == ((100.0, 60.0), (0.0, 0.0, 100.0, 60.0))
    root = ET.fromstring(svg)
    assert [g.get("id") for g in root if g.tag == SVG + "g"] == ["dots", "shapes", "words"]
    assert b'stroke-dasharray="1 0.5"' in svg and b"Hello &lt;&amp;&gt;" in svg
    assert b"rotate(90 20 30)" in svg


def test_runs_of_uses_keep_their_positions_through_composite_symbols():
    svg = scene_to_svg(small_scene())
    placements, _ = flatten(svg, {"dot"})
    assert sorted(x for _, x, _ in placements) == pytest.approx([10.0 + 7.5 * k for k in range(9)])
    assert all(y == 20.0 for _, _, y in placements)
    assert svg.count(b'<use xlink:href="#dot') < 9 + 2 * 4  # 9 = 8 + 1, through composites of 2, 4 and 8


def test_embed_is_a_clipped_translated_group_with_deterministic_ids():
    inner = small_scene()
    page = Scene(200.0, 100.0)
    page.add(Embed(inner, 5.0, 6.0, 0.5, (0.0, 0.0, 30.0, 30.0)), "board")
    page.add(Embed(inner, 50.0, 6.0), "board")
    svg = scene_to_svg(page)
    assert svg == scene_to_svg(page)
    assert b'<clipPath id="clip1"><rect height="30" width="30" x="0" y="0"/></clipPath>' in svg
    assert b'transform="translate(5 6) scale(0.5)"' in svg
    assert svg.count(b'<g id="scene1">') == 1  # the embedded scene is written once
    placements, _ = flatten(svg, {"scene1-dot"})
    assert (5.0 + 0.5 * 10.0, 6.0 + 0.5 * 20.0) in [(x, y) for _, x, y in placements]


def test_numbers_are_compact():
    assert [fmt(v) for v in (1.0, 0.1234, -0.0001, 12.5, 1e-9)] == ["1", "0.123", "0", "12.5", "0"]


def test_big_board_svg_stays_small():
    drawing = board_scene(parse_board("hex:40"), BoardStyle(pattern="bonus"))
    svg = scene_to_svg(drawing.scene)
    cells = 3 * 40 * 41 + 1
    # Labels are glyph outlines (one <use> per glyph, ~35 bytes), so a cell with its label costs ~200 bytes:
    # hex:100 (30,301 cells) stays under 7.5 MB (1.5 MB when labels were live <text> in a system font).
    assert len(svg) / cells < 225
    assert svg.count(b"<path ") < 40  # each glyph's outline is written once
    placements, texts = flatten(svg, {"cell", "bonus", "malus"})
    assert len(placements) == len(texts) == cells


def test_png_has_the_size_of_the_page_at_the_dpi():
    scene = small_scene()
    png = scene_to_png(scene, 50.8)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == png_size(scene, 50.8) == (200, 120)
    with pytest.raises(PngError, match="dpi"):
        scene_to_png(Scene(6000.0, 100.0), 300.0)
