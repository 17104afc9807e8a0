"""The PDF writer, inspected through qpdf's JSON and poppler: sizes, UserUnit, outlines, fonts, forms, text."""

import json
import subprocess

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.pdf_writer import PT_PER_MM, document_to_pdf, user_unit
from modlinseq_print.render.scene import Document, Page, Scene
from modlinseq_print.render.pagination_pages import paginated_document, poster_document

EMBEDDED = {"/AAAAAA+ModlinseqSans-Regular", "/AAAAAA+ModlinseqSans-Bold"}


def pdf_objects(qpdf, path):
    """Every object of a PDF as qpdf JSON: {'obj:N 0 R': {...}}."""
    out = subprocess.run([qpdf, "--json=2", "--json-key=qpdf", str(path)], check=True, capture_output=True).stdout
    return json.loads(out)["qpdf"][1]


def check(qpdf, path):
    result = subprocess.run([qpdf, "--check", str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.fixture(scope="module")
def hex9():
    return board_scene(parse_board("hex:9"), BoardStyle(pattern="bonus"))


def test_tiled_pdf_passes_qpdf_with_true_page_sizes_outlines_and_embedded_fonts(tmp_path, require_tool, hex9):
    qpdf = require_tool("qpdf")
    document, plan = paginated_document(hex9.scene, make_sheet("a4"), "hex:9", keep_whole=hex9.cell_boxes())
    path = tmp_path / "board.pdf"
    path.write_bytes(document_to_pdf(document))
    check(qpdf, path)
    objects = pdf_objects(qpdf, path)
    values = [o.get("value") or o.get("stream", {}).get("dict", {}) for o in objects.values()]
    pages = [v for v in values if isinstance(v, dict) and v.get("/Type") == "/Page"]
    assert len(pages) == len(document.pages)
    sheets = [plan.sheet] + [plan.sheet_of(p) for p in plan.pages]  # the assembly page, then each page as turned
    expected = sorted((round(s.width * PT_PER_MM, 2), round(s.height * PT_PER_MM, 2)) for s in sheets)
    assert sorted((round(float(p["/MediaBox"][2]), 2), round(float(p["/MediaBox"][3]), 2)) for p in pages) == expected
    fonts = [v for v in values if isinstance(v, dict) and v.get("/Type") == "/Font"]
    assert {f["/BaseFont"] for f in fonts} == EMBEDDED  # subsets of the shipped TrueType fonts
    descriptors = [objects[f"obj:{f['/FontDescriptor'].replace(' R', '')} R"]["value"] for f in fonts]
    assert all("/FontFile2" in d for d in descriptors) and all("/ToUnicode" in f for f in fonts)
    titles = [v["/Title"] for v in values if isinstance(v, dict) and "/Title" in v and "/Parent" in v]
    assert titles[0] == "u:Assembly" and len(titles) == len(document.pages)
    forms = [v for v in values if isinstance(v, dict) and v.get("/Subtype") == "/Form"]
    assert len(forms) <= 6  # cell, bonus, the board scene, and little else: drawn once, used everywhere


def test_poster_lists_every_address_and_matches_the_board_size(tmp_path, require_tool, hex9):
    pdftotext = require_tool("pdftotext")
    qpdf = require_tool("qpdf")
    path = tmp_path / "poster.pdf"
    path.write_bytes(document_to_pdf(poster_document(hex9.scene, 10.0, "hex:9")))
    check(qpdf, path)
    text = subprocess.run([pdftotext, str(path), "-"], check=True, capture_output=True, text=True).stdout
    words = set(text.split())
    addresses = {hex9.board.address(c) for c in hex9.board.cells}
    assert len(addresses) == 271 and addresses <= words


def test_pages_past_200_inches_use_userunit_and_still_measure_true(tmp_path, require_tool):
    qpdf = require_tool("qpdf")
    scene = Scene(6000.0, 300.0)
    assert user_unit(6000.0, 300.0) == 2 and user_unit(5080.0, 100.0) == 1
    path = tmp_path / "long.pdf"
    path.write_bytes(document_to_pdf(Document([Page(scene)])))
    check(qpdf, path)
    assert path.read_bytes().startswith(b"%PDF-1.6")
    page = next(o["value"] for o in pdf_objects(qpdf, path).values()
                if isinstance(o.get("value"), dict) and o["value"].get("/Type") == "/Page")
    unit = page["/UserUnit"]
    assert page["/MediaBox"][2] <= 14400
    assert page["/MediaBox"][2] * unit / PT_PER_MM == pytest.approx(6000.0, abs=0.05)


def test_drawing_lands_where_the_scene_says(tmp_path, require_tool):
    """Rendered at 1 pixel per mm: a cell centre is board green, the margin is white (checks the y flip)."""
    pdftoppm = require_tool("pdftoppm")
    drawing = board_scene(parse_board("hex:1"), BoardStyle(labels=False))
    document = poster_document(drawing.scene, 10.0, "hex:1")
    path = tmp_path / "tiny.pdf"
    path.write_bytes(document_to_pdf(document))
    subprocess.run([pdftoppm, "-r", "25.4", str(path), str(tmp_path / "px")], check=True)
    data = (tmp_path / "px-1.ppm").read_bytes()
    width, height, _, pixels = _ppm(data)
    assert (width, height) == (round(document.pages[0].scene.width), round(document.pages[0].scene.height))
    for cell in drawing.board.cells:
        x, y = drawing.centre(cell)
        px, py = int(x + 10), int(y + 10 - 6)  # above the centre, clear of any mark
        assert pixels[py][px] == (0x3A, 0x9A, 0x4B), cell
    assert pixels[2][2] == (255, 255, 255)


def _ppm(data):
    """Width, height, maxval and rows of (r, g, b) from a binary PPM."""
    parts = data.split(maxsplit=4)
    width, height, depth = int(parts[1]), int(parts[2]), int(parts[3])
    raw = parts[4]
    rows = [[tuple(raw[(r * width + c) * 3:(r * width + c) * 3 + 3]) for c in range(width)] for r in range(height)]
    return width, height, depth, rows


def test_identical_input_gives_identical_bytes(hex9):
    first = document_to_pdf(poster_document(hex9.scene, 10.0, "hex:9"))
    again = board_scene(parse_board("hex:9"), BoardStyle(pattern="bonus"))
    assert first == document_to_pdf(poster_document(again.scene, 10.0, "hex:9"))
    assert b"(D:20000101000000+00'00')" in first  # reportlab's invariant date, not today's


def test_nested_symbols_texts_and_clipped_embeds_render_in_place(tmp_path, require_tool):
    """A symbol placing another symbol, and an embed clipped to a window: pixels at 1 px per mm."""
    from modlinseq_print.render.scene import Circle, Embed, Polygon, Style, Use

    pdftoppm = require_tool("pdftoppm")
    inner = Scene(40.0, 40.0)
    inner.define("dot", [Circle(0.0, 0.0, 2.0, Style(fill="#ff0000", stroke=None))])
    inner.define("pair", [Use("dot", 0.0, 0.0), Use("dot", 10.0, 0.0)])
    inner.add(Use("pair", 5.0, 5.0))
    inner.add(Use("pair", 5.0, 25.0))
    page = Scene(100.0, 60.0)
    page.add(Polygon(((0, 0), (100, 0), (100, 60), (0, 60)), Style(fill="#ffffff", stroke=None)))
    page.add(Embed(inner, 50.0, 10.0, 1.0, (50.0, 10.0, 40.0, 20.0)))  # shows only the top pair
    path = tmp_path / "nested.pdf"
    path.write_bytes(document_to_pdf(Document([Page(page)])))
    subprocess.run([pdftoppm, "-r", "25.4", str(path), str(tmp_path / "px")], check=True)
    _, _, _, pixels = _ppm((tmp_path / "px-1.ppm").read_bytes())
    assert pixels[15][55] == (255, 0, 0) and pixels[15][65] == (255, 0, 0)  # both dots of the top pair
    assert pixels[35][55] == (255, 255, 255)  # the bottom pair is clipped away
    assert pixels[15][60] == (255, 255, 255)


def test_the_labels_fast_path_writes_what_the_general_path_writes(monkeypatch):
    from modlinseq_print.render import pdf_text
    from modlinseq_print.render.scene import Layer, Text

    texts = [Text(10 + 3.1 * i, 20 + 0.7 * i, text, 2.8, anchor, "Helvetica", "#123456", middle)
             for i, (text, anchor, middle) in enumerate([
                 ("B26", "middle", True), ("A0", "middle", True), ("E1(x)", "start", False),
                 ("Привет", "middle", True),
                 ("H7", "end", True), ("a\\b", "middle", False), ("M12", "middle", True)])]
    texts.insert(5, Text(40, 40, "P3", 2.8, "middle", "Helvetica", "#123456", True, rotate=30))
    texts.append(Text(50, 50, "T9", 2.8, "middle", "Helvetica-Bold", "#123456", True))  # another run
    document = Document([Page(Scene(100, 100, [Layer("labels", texts)]))])
    fast = document_to_pdf(document)
    monkeypatch.setattr(pdf_text.PlainTexts, "stretch", lambda self, items, index, position, ops: (index, position))
    assert document_to_pdf(document) == fast
