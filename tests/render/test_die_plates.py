"""The die-line plate of every press-ready file, as a RIP sees it: Ghostscript's tiffsep device separates each
page into its inks, and the CutContour plate must show the outlines of the pieces meant to be cut and nothing
else. The expected outlines come from the scenes the PDF writer was given (every die polygon, through
symbols and embedded scenes), drawn at the same resolution; pictures of pieces (the kit's cover, the rules'
diagrams) are art and must leave the plate empty."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFilter

from modlinseq_print.cli import main
from modlinseq_print.render import pdf_writer
from modlinseq_print.render.press import PressOptions
from modlinseq_print.render.scene import Embed, Polygon, Scene, Use
from tool_helpers import require_tool

DPI = 50
PX_PER_MM = DPI / 25.4
REACH = 2  # pixels: how far a plate's ink may lie from the expected outline (a hairline's anti-aliasing)
COMMANDS = {
    "kit": ["kit", "standard", "--quiet"],
    "tiles": ["tiles"],
    "markers": ["markers"],
    "board": ["board", "--dieline-board"],
    "box": ["box"],
    "deck": ["mod13", "deck", "--backs"],
    "reference": ["mod13", "reference"],
}


Clip = tuple[float, float, float, float] | None  # x0, y0, x1, y1 in page mm


def die_outlines(scene: Scene, x: float = 0.0, y: float = 0.0, scale: float = 1.0, clip: Clip = None):
    """Every die polygon a scene draws, in its page's millimetres: (points, closed, the clip it is drawn in)."""
    for item in scene.items():
        yield from _item_dies(scene, item, x, y, scale, clip)


def _item_dies(scene: Scene, item, x: float, y: float, scale: float, clip: Clip):
    if isinstance(item, Polygon) and item.style.die:
        yield [(x + px * scale, y + py * scale) for px, py in item.points], item.closed, clip
    elif isinstance(item, Use):
        for inner in scene.symbols[item.symbol]:
            yield from _item_dies(scene, inner, x + item.x * scale, y + item.y * scale, scale, clip)
    elif isinstance(item, Embed):
        if item.clip is not None:
            left, top = (x + item.clip[0] * scale, y + item.clip[1] * scale)
            box = (left, top, left + item.clip[2] * scale, top + item.clip[3] * scale)
            clip = box if clip is None else (max(clip[0], box[0]), max(clip[1], box[1]),
                                             min(clip[2], box[2]), min(clip[3], box[3]))
        yield from die_outlines(item.scene, x + item.x * scale, y + item.y * scale, scale * item.scale, clip)


def expected_plate(scene: Scene, press: PressOptions, size: tuple[int, int]) -> np.ndarray:
    """A page's die outlines drawn one pixel wide where the press-ready page puts its trim (the slug in), each
    inside the clip it is drawn in."""
    def px(value: float) -> float:
        return (press.slug + value) * PX_PER_MM

    drawn: dict[Clip, Image.Image] = {}
    for points, closed, clip in die_outlines(scene):
        if clip not in drawn:
            drawn[clip] = Image.new("L", size, 0)
        pixels = [(px(x), px(y)) for x, y in points]
        ImageDraw.Draw(drawn[clip]).line(pixels + (pixels[:1] if closed else []), fill=255, width=1)
    plate = np.zeros((size[1], size[0]), dtype=bool)
    for clip, image in drawn.items():
        lines = np.asarray(image) > 0
        if clip is not None:
            window = np.zeros_like(lines)
            top, bottom, left, right = (round(px(v)) for v in (clip[1], clip[3], clip[0], clip[2]))
            window[max(0, top):bottom + 1, max(0, left):right + 1] = True  # a line on the clip's edge half shows
            lines &= window
        plate |= lines
    return plate


def near(mask: np.ndarray) -> np.ndarray:
    """The mask grown by REACH pixels in every direction."""
    grown = Image.fromarray(mask.astype(np.uint8) * 255).filter(ImageFilter.MaxFilter(2 * REACH + 1))
    return np.asarray(grown) > 0


def plates(pdf, folder, gs: str) -> list[np.ndarray | None]:
    """Each page's CutContour plate as a mask of inked pixels (None where the page has no such plate)."""
    subprocess.run([gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{DPI}",
                    f"-sOutputFile={folder}/p%03d.tif", str(pdf)], check=True, timeout=300)
    found = []
    for number in range(1, len(list(folder.glob("p[0-9][0-9][0-9].tif"))) + 1):
        plate = folder / f"p{number:03d}(CutContour).tif"
        found.append(np.asarray(Image.open(plate).convert("L")) < 128 if plate.exists() else None)
    return found


@pytest.fixture(scope="module")
def press_runs(tmp_path_factory):
    """Each command run press-ready: the document its writer was given, its press options, its pages' plates
    and its PDF."""
    gs = require_tool("gs")
    folder = tmp_path_factory.mktemp("plates")
    written = []
    original = pdf_writer.document_to_pdf

    def recording(document, press=None, progress=None):
        written.append((document, press))
        return original(document, press, progress)

    runs = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pdf_writer, "document_to_pdf", recording)
        for name, argv in COMMANDS.items():
            pdf = folder / f"{name}.pdf"
            assert main([*argv, "--press", "-o", str(pdf)]) == 0
            (document, press), = written
            written.clear()
            pages = folder / name
            pages.mkdir()
            runs[name] = document, press, plates(pdf, pages, gs), pdf
    return runs


@pytest.mark.parametrize("name", COMMANDS)
def test_the_cutcontour_plate_is_the_cut_pieces_outlines(press_runs, name):
    document, press, found, _ = press_runs[name]
    assert len(found) == len(document.pages)
    cut_pages = 0
    for number, (page, plate) in enumerate(zip(document.pages, found), start=1):
        size = (round(press.media_size(page.scene.width, page.scene.height)[0] * PX_PER_MM),
                round(press.media_size(page.scene.width, page.scene.height)[1] * PX_PER_MM))
        expected = expected_plate(page.scene, press, size)
        if plate is None:
            assert not expected.any(), f"page {number}: outlines to cut but no CutContour plate"
            continue
        assert plate.shape == expected.shape, f"page {number}"
        strays = plate & ~near(expected)
        missed = expected & ~near(plate)
        assert not strays.any(), f"page {number}: {strays.sum()} plate pixels away from every cut outline"
        assert missed.sum() <= expected.sum() // 200, f"page {number}: {missed.sum()} outline pixels not on the plate"
        cut_pages += expected.any()
    assert cut_pages > 0


def test_the_kit_cover_and_rules_leave_the_plate_empty_and_its_sheets_carry_every_piece(press_runs):
    document, _, found, _ = press_runs["kit"]
    assert found[:3] == [None, None, None]  # the cover, the rules and the reference card: pictures only
    sheets = [page for page in document.pages if page.label != "box"]
    pieces = sum(closed for page in sheets for _, closed, _ in die_outlines(page.scene))
    assert pieces == 130 + 4 + 13  # the standard preset's tiles, wild tiles and modulus markers
    [box] = [page for page in document.pages if page.label == "box"]  # the box's tray and lid, cut as well
    assert sum(closed for _, closed, _ in die_outlines(box.scene)) >= 2
    with_plate = [number for number, plate in enumerate(found, start=1) if plate is not None and plate.any()]
    labels = {number: document.pages[number - 1].label for number in with_plate}
    assert with_plate and all(number > 9 for number in with_plate), labels  # after the 6 board pages


def die_widths(pdf) -> list[float]:
    """The width on paper (pt) of every stroke in a die-line colour block, following each form's placement."""
    import pikepdf

    widths: list[float] = []

    def visit(owner, resources, ctm: np.ndarray, unit: float):
        stack, width, die = [], 1.0, 0
        for operands, op in pikepdf.parse_content_stream(owner):
            op = str(op)
            if op == "q":
                stack.append((ctm, width))
            elif op == "Q":
                ctm, width = stack.pop()
            elif op == "cm":
                a, b, c, d, e, f = (float(v) for v in operands)
                ctm = np.array([[a, b, 0], [c, d, 0], [e, f, 1]]) @ ctm
            elif op == "w":
                width = float(operands[0])
            elif op == "BDC":
                die += 1
            elif op == "EMC":
                die -= 1
            elif op == "S" and die:
                widths.append(width * np.sqrt(abs(np.linalg.det(ctm[:2, :2]))) * unit)
            elif op == "Do":
                form = resources.XObject[operands[0]]
                if form.get("/Subtype") == "/Form":
                    matrix = [float(v) for v in form.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    inner = np.array([[*matrix[0:2], 0], [*matrix[2:4], 0], [*matrix[4:6], 1]]) @ ctm
                    visit(form, form.get("/Resources"), inner, unit)

    for page in pdf.pages:
        visit(page.obj, page.obj.get("/Resources"), np.eye(3), float(page.obj.get("/UserUnit", 1)))
    return widths


@pytest.mark.parametrize("extra", [[], ["--fit"], ["--paper", "poster"]])
def test_a_board_die_line_is_a_quarter_point_on_paper_at_any_scale(tmp_path, extra):
    import pikepdf

    pdf = tmp_path / "board.pdf"
    assert main(["board", "--dieline-board", "--press", *extra, "-o", str(pdf)]) == 0
    with pikepdf.open(pdf) as opened:
        widths = die_widths(opened)
    assert widths and all(abs(width - 0.25) < 0.002 for width in widths), sorted(set(round(w, 4) for w in widths))


def test_every_die_line_of_the_press_files_is_a_quarter_point_on_paper(press_runs):
    import pikepdf

    for name, (_, _, _, pdf) in press_runs.items():
        with pikepdf.open(pdf) as opened:
            widths = die_widths(opened)
        assert widths and all(abs(width - 0.25) < 0.002 for width in widths), (name, sorted(set(widths)))
