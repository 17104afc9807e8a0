"""The PDF, the SVG and the PNG of a page look the same: poppler's picture of the PDF against cairosvg's of the
SVG and against our PNG writer's.

All come from the same shipped font (embedded in the PDF, outlines in the SVG and the PNG), so text lands on the
same pixels; the test also proves it would notice a text moved by half a millimetre or drawn in another font.
"""

import subprocess
from dataclasses import replace

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import board_scene
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.pdf_writer import document_to_pdf
from modlinseq_print.render.scene import Document, Layer, Page, Scene, Text
from modlinseq_print.render.png_writer import scene_to_png
from modlinseq_print.render.svg_writer import scene_to_svg
from modlinseq_print.render.pagination_pages import paginated_document

DPI = 100  # one pixel is 0.25 mm
TOLERANCE = 0.002  # of the inked pixels, the share that may differ strongly once both pictures are softened


def reference_page() -> Scene:
    return reference_pages(ReferenceSpec(7, wrap="none", pattern="none", wild=0, markers=False), 210, 297)[0]


def board_page() -> Scene:
    drawing = board_scene(parse_board("hex:4"))
    document, _ = paginated_document(drawing.scene, make_sheet("a4"), "hex:4", keep_whole=drawing.cell_boxes())
    return document.pages[0].scene


def pdf_picture(scene, pdftoppm, tmp_path):
    from PIL import Image

    path = tmp_path / "page.pdf"
    path.write_bytes(document_to_pdf(Document([Page(scene)])))
    subprocess.run([pdftoppm, "-r", str(DPI), "-png", "-singlefile", str(path), str(tmp_path / "pdf")], check=True)
    return Image.open(tmp_path / "pdf.png").convert("L")


def svg_picture(scene):
    """The scene's SVG rasterised by an SVG reader (cairosvg).

    The SVG is given a name (`url`), as a file read from disk has: cairosvg then reads each glyph a text uses
    once instead of searching the whole document for it at every letter, the same pixels in under half the time.
    """
    import io

    import cairosvg
    from PIL import Image

    return Image.open(io.BytesIO(cairosvg.svg2png(bytestring=scene_to_svg(scene), url="file:///page.svg", dpi=DPI,
                                                     background_color="#ffffff"))).convert("L")


def png_picture(scene):
    """The scene drawn by our PNG writer."""
    import io

    from PIL import Image

    return Image.open(io.BytesIO(scene_to_png(scene, DPI))).convert("L")


def mismatch(first, second) -> float:
    """Pixels differing by more than a quarter of full scale, as a fraction of the pixels inked in either picture.

    Both pictures are first softened by a 1-pixel blur: poppler hints glyphs and cairo does not, so their
    edges differ by a pixel's shade everywhere; a text moved by 2 pixels or drawn in another font still shows.
    """
    from PIL import ImageChops, ImageFilter

    width, height = min(first.width, second.width), min(first.height, second.height)
    first, second = (picture.crop((0, 0, width, height)).filter(ImageFilter.GaussianBlur(1))
                     for picture in (first, second))
    differing = sum(ImageChops.difference(first, second).histogram()[64:])
    inked = sum(ImageChops.darker(first, second).histogram()[:216])
    return differing / inked


def changed_texts(scene: Scene, **changes) -> Scene:
    """The scene with every top-level text changed (moved or in another font)."""
    layers = [Layer(layer.name, [replace(i, **{k: f(i) for k, f in changes.items()}) if isinstance(i, Text) else i
                                 for i in layer.items]) for layer in scene.layers]
    return Scene(scene.width, scene.height, layers, scene.symbols)


def moved(scene: Scene) -> Scene:
    return changed_texts(scene, x=lambda t: t.x + 0.5)


def in_serif(scene: Scene) -> Scene:
    return changed_texts(scene, font=lambda t: "serif-bold" if "bold" in t.font.lower() else "serif")


@pytest.mark.parametrize("picture", [svg_picture, png_picture], ids=["svg", "png"])
@pytest.mark.parametrize("make_scene", [reference_page, board_page], ids=["reference card", "board page"])
def test_pdf_svg_and_png_pictures_agree_and_would_show_a_moved_text_or_another_font(make_scene, picture,
                                                                                     require_tool, tmp_path):
    pdftoppm = require_tool("pdftoppm")
    scene = make_scene()
    assert sum(isinstance(i, Text) for i in scene.items()) >= 5
    from_pdf = pdf_picture(scene, pdftoppm, tmp_path)
    assert from_pdf.size == pytest.approx((round(scene.width / 25.4 * DPI), round(scene.height / 25.4 * DPI)), abs=1)
    assert mismatch(from_pdf, picture(scene)) < TOLERANCE
    if picture is svg_picture and make_scene is reference_page:
        return  # cairosvg takes seconds over this page's 2,660 glyphs: the board page shows what it would notice
    assert mismatch(from_pdf, picture(moved(scene))) > 5 * TOLERANCE
    assert mismatch(from_pdf, picture(in_serif(scene))) > 5 * TOLERANCE
