"""The shipped fonts: names and aliases, metrics read from the TTFs, outlines, missing glyphs, embedding."""

import re
import subprocess

import pytest
from fontTools.ttLib import TTFont

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.render.fonts import ALIASES, FACES, FONT_DIR, FontError, canonical, cap_height, face
from modlinseq_print.render.glyphs import glyph_path, text_outline
from modlinseq_print.render.output import page_paths, write_output
from modlinseq_print.render.pdf_writer import document_to_pdf
from modlinseq_print.render.png_writer import scene_to_png
from modlinseq_print.render.scene import Document, Layer, Page, Scene, Text
from modlinseq_print.render.sfnt import read_metrics
from modlinseq_print.render.svg_writer import scene_to_svg
from modlinseq_print.render.text_metrics import text_width

GREEK_CYRILLIC = "Ε → Β ≤ é Привет"


def one_text(text, font="sans", size=5.0):
    return Scene(100, 40, [Layer("main", [Text(50, 20, text, size, font=font)])])


def test_every_face_and_alias_is_shipped_with_its_licence():
    assert set(ALIASES.values()) <= set(FACES)
    assert {canonical(alias) for alias in ("Helvetica", "Helvetica-Bold", "Courier", "Times-Roman")} == \
        {"sans", "sans-bold", "mono", "serif"}
    for name, file in FACES.items():
        assert (FONT_DIR / file).exists() and face(name).units_per_em == 2048
    assert "SIL OPEN FONT LICENSE Version 1.1" in (FONT_DIR / "LICENSE.txt").read_text()
    with pytest.raises(FontError, match="unknown font 'Arial'"):
        text_width("x", "Arial")


def test_metrics_are_the_font_files_own():
    ttf = TTFont(FONT_DIR / FACES["sans-bold"])
    scale = 1000 / ttf["head"].unitsPerEm
    advances = sum(ttf["hmtx"][ttf.getBestCmap()[ord(c)]][0] for c in "E37 Привет")
    assert text_width("E37 Привет", "Helvetica-Bold", 2.0) == pytest.approx(advances * scale * 2.0 / 1000)
    assert cap_height("sans-bold") == ttf["OS/2"].sCapHeight / ttf["head"].unitsPerEm
    assert text_width("≤", "Helvetica", 1000) == pytest.approx(1124 * scale)  # 549 in 1/1000 em, not AFM's 549 vs 556
    assert text_width("é", "Times-Roman", 1000) == text_width("e", "Times-Roman", 1000)


def test_the_metrics_reader_reads_what_fonttools_reads():
    for name, file in FACES.items():
        ttf = TTFont(FONT_DIR / file)
        order, best, advances = ttf.getGlyphOrder(), ttf.getBestCmap(), ttf["hmtx"].metrics
        metrics = read_metrics(FONT_DIR / file)
        assert {ord(char): order[glyph] for char, glyph in metrics.cmap.items()} == best, name
        assert metrics.advances == tuple(advances[glyph][0] for glyph in order), name
        assert (metrics.units_per_em, metrics.cap_height) == (ttf["head"].unitsPerEm, ttf["OS/2"].sCapHeight), name
        scale = 1000 / ttf["head"].unitsPerEm
        assert face(name).widths == {chr(code): advances[glyph][0] * scale for code, glyph in best.items()}, name
        assert face(name).missing_width == advances[".notdef"][0] * scale, name


def test_font_covers_latin_greek_and_cyrillic():
    for font in FACES:
        for text in ("AZaz09éßŁœ", "ΑΩαωΈ", "АЯаяЁё", "–—…“”•≤≥±×÷→"):
            assert all(char in face(font).widths for char in text), (font, text)


def test_text_outline_spans_the_measured_width_and_cap_height():
    item = Text(10.0, 20.0, "HE", 10.0, anchor="start")
    points = [p for contour in text_outline(item) for p in contour]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    assert min(ys) == pytest.approx(20.0 - cap_height("sans") * 10.0, abs=0.01) and max(ys) == pytest.approx(20.0)
    right = 10.0 + text_width("HE", "sans", 10.0)
    assert 10.0 < min(xs) < 11.0 and right - 1.0 < max(xs) < right
    turned = text_outline(Text(10.0, 20.0, "HE", 10.0, anchor="start", rotate=90))
    # turned 90 degrees clockwise about (x, y): the baseline runs down the page, the capitals stand to the right
    assert max(x for c in turned for x, _ in c) == pytest.approx(10.0 + cap_height("sans") * 10.0, abs=0.01)
    assert max(y for c in turned for _, y in c) == pytest.approx(20.0 + max(xs) - 10.0, abs=0.01)
    assert glyph_path("sans", " ") == "" and glyph_path("sans", "E").startswith("M")


@pytest.mark.parametrize("writer", [document_to_pdf, lambda d: scene_to_svg(d.pages[0].scene),
                                    lambda d: scene_to_png(d.pages[0].scene, 30)])
def test_a_character_the_font_lacks_is_a_one_line_error(writer):
    with pytest.raises(FontError) as caught:
        writer(Document([Page(one_text("snow ☃ man"))]))
    assert str(caught.value).startswith("the font has no glyph for '☃' (U+2603) in the text 'snow ☃ man'")
    assert "\n" not in str(caught.value) and isinstance(caught.value, ModlinseqError)


def test_missing_glyph_in_a_title_leaves_no_file(cli, tmp_path):
    out = tmp_path / "t.pdf"
    result = cli("board", "--board", "hex:2", "--title", "snow ☃", "-o", out)
    assert result.status == 2 and "U+2603" in result.err and not out.exists()


def test_pdf_embeds_the_fonts_and_reads_back_greek_cyrillic_and_whole_labels(cli, tmp_path, require_tool):
    pdffonts, pdftotext = require_tool("pdffonts"), require_tool("pdftotext")
    out = tmp_path / "t.pdf"
    assert cli("board", "--board", "hex:4", "--paper", "poster", "--title", GREEK_CYRILLIC, "-o", out).status == 0
    table = subprocess.run([pdffonts, str(out)], check=True, capture_output=True, text=True).stdout.splitlines()[2:]
    assert len(table) == 2 and all(re.search(r"TrueType\s+\S+\s+yes\s+yes\s+yes", row) for row in table)
    text = subprocess.run([pdftotext, str(out), "-"], check=True, capture_output=True, text=True).stdout
    assert GREEK_CYRILLIC in text
    words = set(text.split())
    addresses = {board.address(cell) for board in [parse_board("hex:4")] for cell in board.cells}
    assert addresses <= words and not set("ABEHMPT") & words  # labels are whole ('E10', not 'E 10')


def test_outputs_are_byte_identical_run_to_run():
    document = Document([Page(one_text(GREEK_CYRILLIC)), Page(one_text("E37 ≤ 1", "Courier-Bold"))])
    assert document_to_pdf(document) == document_to_pdf(document)
    assert scene_to_svg(document.pages[1].scene) == scene_to_svg(document.pages[1].scene)


def test_svg_draws_each_glyph_once_and_labels_texts():
    svg = scene_to_svg(Scene(100, 40, [Layer("main", [Text(10, 10 + k, "E37", 2.0) for k in range(5)])])).decode()
    assert svg.count("<path ") == 3 and svg.count('aria-label="E37"') == 5 and "<text" not in svg


def test_png_records_its_resolution(tmp_path):
    from PIL import Image

    png = scene_to_png(one_text("A0"), 120)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[37:41] == b"pHYs"
    path = tmp_path / "a.png"
    path.write_bytes(png)
    with Image.open(path) as image:
        assert image.info["dpi"] == pytest.approx((120, 120), abs=0.02) and image.size == (472, 189)


def test_a_name_without_an_extension_gets_the_formats():
    assert [p.name for p in page_paths("out/kitpng", 2, "png")] == ["kitpng-1.png", "kitpng-2.png"]
    assert page_paths("out/kit", 1, "pdf")[0].name == "kit.pdf" and page_paths("b.PNG", 1, "png")[0].name == "b.PNG"
    assert page_paths("out/x.tmp", 1, "svg")[0].name == "x.tmp"  # an extension of the user's own is kept


def test_kit_as_png_is_named_png(cli, tmp_path, monkeypatch):
    from modlinseq_print import api

    asked = []

    def write_first_page(document, path, kind, dpi=150, press=None):  # all 11 pages would take half a minute
        asked.append((str(path), kind))
        return write_output(Document(document.pages[:1]), tmp_path / page_paths(path, 2, kind)[0].name, kind)

    monkeypatch.setattr(api, "write_output", write_first_page)  # the kit command writes through mp.kit
    monkeypatch.chdir(tmp_path)
    assert cli("kit", "starter", "--format", "png", "--quiet").status == 0
    assert asked == [("output/kit-starter.png", "png")] and (tmp_path / "kit-starter-1.png").exists()
