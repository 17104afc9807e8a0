"""Service bundles: a folder and a ZIP per service, their files checked against the specification table (names,
exact pixel sizes, page sizes and order, PDF/X and ink limit, slug sizes, nicks and spacing of cut lines)."""

import math
import re
import struct
import subprocess
import zipfile

import pikepdf
import pytest
from PIL import Image

from cli_helpers import assert_one_line_error
from modlinseq_print.cli import main
from modlinseq_print.kits.build import kit_pieces
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.per_piece import image_frame
from modlinseq_print.render.imposition import bounding_box, polygons_gap
from modlinseq_print.render.png_resolution import png_dpi
from modlinseq_print.render.preflight import preflight
from modlinseq_print.services.bundles import zip_bytes
from modlinseq_print.services.specs import MM_PER_IN, services

CARD_SERVICES = [name for name, s in services().items() if "cards" in s.products]
PIECE_SERVICES = [name for name, s in services().items() if "pieces" in s.products]


def pixels(path):
    return struct.unpack(">II", path.read_bytes()[16:24])


def test_the_table_has_four_services_each_with_sources_and_steps_and_consistent_sizes():
    assert set(services()) == {"thegamecrafter", "drivethrucards", "printplay", "makeplayingcards"}
    for service in services().values():
        for product in service.products.values():
            assert product.sources and all(s.startswith("https://") for s in product.sources)
            assert len(product.steps) >= 3
            if product.method == "images":  # trim, bleed and dpi give the template's exact pixels
                assert image_frame(product.trim, product.bleed, product.dpi).pixels == product.pixels
            if product.method == "punchout":
                assert tuple(round(v * product.dpi) for v in product.slug_in) == product.pixels


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    folder = tmp_path_factory.mktemp("decks")
    for name in CARD_SERVICES:
        assert main(["mod13", "deck", "--service", name, "-o", str(folder / "deck.pdf")]) == 0
    return folder


@pytest.mark.parametrize("name", [n for n in CARD_SERVICES if services()[n].products["cards"].method == "images"])
def test_card_images_are_named_and_sized_as_the_service_takes_them(decks, name):
    product = services()[name].products["cards"]
    folder = decks / f"deck-{name}"
    faces = sorted(p.name for p in folder.glob("*.png") if p.name != product.back_name)
    assert len(faces) == 52 and (folder / product.back_name).exists()
    pattern = re.escape(product.face_name).replace(re.escape("{card}"), r"(?:[2-9]|10|A|J|Q|K)-[a-z]+")
    assert all(re.fullmatch(pattern, face) for face in faces)
    for path in folder.glob("*.png"):
        assert pixels(path) == product.pixels
        assert png_dpi(path.read_bytes()) == pytest.approx((product.dpi, product.dpi), abs=0.01)
    assert sorted(p.name for p in folder.iterdir()) == sorted(faces + [product.back_name, "pieces.csv", "README.txt"])
    back = Image.open(folder / product.back_name).convert("RGB")
    assert back.getpixel((0, 0)) == back.getpixel((back.size[0] - 1, back.size[1] - 1))  # the field fills the bleed


def test_drivethrucards_gets_one_pdfx_1a_file_back_before_face_under_240_percent(decks, tmp_path, require_tool):
    product = services()["drivethrucards"].products["cards"]
    pdf_path = decks / "deck-drivethrucards" / "cards.pdf"
    report = preflight(pdf_path, "1a", max_ink=product.max_ink)
    assert report.passed, [c for c in report.checks if not c.passed]
    with pikepdf.open(pdf_path) as pdf:
        assert len(pdf.pages) == 104
        for page in pdf.pages:
            media = [float(v) for v in page.mediabox]
            trim = [float(v) for v in page.obj.TrimBox]
            assert media == pytest.approx([0, 0, 2.75 * 72, 3.75 * 72], abs=0.01)  # trim and bleed, no marks
            assert trim == pytest.approx([9, 9, 9 + 2.5 * 72, 9 + 3.5 * 72], abs=0.01)
    subprocess.run([require_tool("pdftoppm"), "-r", "20", "-gray", "-png", "-f", "1", "-l", "2", str(pdf_path),
                    str(tmp_path / "p")], check=True)
    pages = [Image.open(p).convert("L") for p in sorted(tmp_path.glob("p*.png"))]
    first, second = (sum(page.get_flattened_data()) / (page.size[0] * page.size[1]) for page in pages)
    assert first < 120 < second  # the dark back, then the white face


def test_bundles_have_a_readme_a_zip_of_the_same_files_and_are_byte_identical(decks, tmp_path):
    for name in CARD_SERVICES:
        folder = decks / f"deck-{name}"
        readme = (folder / "README.txt").read_text()
        assert services()[name].title in readme and "Upload steps" in readme and "not uploaded" in readme
        for source in services()[name].products["cards"].sources:
            assert source in readme
        with zipfile.ZipFile(decks / f"deck-{name}.zip") as archive:
            names = sorted(archive.namelist())
            assert names == sorted(f"deck-{name}/{p.name}" for p in folder.iterdir())
            for entry in names:
                assert archive.read(entry) == (decks / entry).read_bytes()
    files = [(p.name, p.read_bytes()) for p in (decks / "deck-drivethrucards").iterdir()]
    assert zip_bytes(files, "x") == zip_bytes(list(reversed(files)), "x")  # the ZIP depends on the files alone
    with zipfile.ZipFile(decks / "deck-drivethrucards.zip") as archive:
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    assert main(["mod13", "deck", "--service", "drivethrucards", "-o", str(tmp_path / "deck.pdf")]) == 0
    assert (tmp_path / "deck-drivethrucards.zip").read_bytes() == (decks / "deck-drivethrucards.zip").read_bytes()


def cut_shapes(svg_path):
    """Each piece's nicked cut line: runs of three polylines, joined back into (parts, closed outline)."""
    polylines = [[tuple(map(float, p.split(","))) for p in pts.split()]
                 for pts in re.findall(r'<polyline points="([^"]+)"', svg_path.read_text())]
    return [polylines[i:i + 3] for i in range(0, len(polylines), 3)]


@pytest.mark.parametrize("argv, count", [(["tiles"], 130), (["kit", "standard"], len(kit_pieces(load_preset("standard"))))])
def test_punchout_slugs_hold_every_piece_with_nicks_spacing_and_safe_zone(tmp_path, argv, count):
    product = services()["thegamecrafter"].products["pieces"]
    assert main([*argv, "--service", "thegamecrafter", "-o", str(tmp_path / "x.pdf")]) == 0
    folder = tmp_path / "x-thegamecrafter"
    cuts = sorted(folder.glob("slug-*-cut.svg"))
    assert sorted(folder.glob("slug-*-front.png")) and len(cuts) == len(list(folder.glob("slug-*-back.png")))
    for image in folder.glob("slug-*.png"):
        assert pixels(image) == product.pixels
    slug_w, slug_h = (v * MM_PER_IN for v in product.slug_in)
    safe, spacing, nick = (v * MM_PER_IN for v in (product.safe_in, product.spacing_in, product.nick_in))
    total = 0
    for cut in cuts:
        shapes = cut_shapes(cut)
        outlines = []
        for parts in shapes:
            assert len(parts) == product.nicks
            for a, b in zip(parts, parts[1:] + parts[:1]):  # each gap between parts is one nick wide
                assert math.dist(a[-1], b[0]) == pytest.approx(nick, abs=0.01)
            outline = [p for part in parts for p in part]
            box = bounding_box(outline)
            assert box.x >= safe - 1e-3 and box.y >= safe - 1e-3
            assert box.right <= slug_w - safe + 1e-3 and box.bottom <= slug_h - safe + 1e-3
            outlines.append(outline)
        for i, a in enumerate(outlines):  # cut lines at least 1/8 in apart
            near = [b for b in outlines[i + 1:] if math.dist(a[0], b[0]) < 60]
            assert all(polygons_gap(a, b) >= spacing - 0.01 for b in near)
        total += len(shapes)
    assert total == count


@pytest.mark.parametrize("argv, words", [
    (["markers", "--service", "drivethrucards"], ["--service", "DriveThruCards", "Mod 13 deck"]),
    (["kit", "--service", "makeplayingcards"], ["--service", "MakePlayingCards"]),
    (["tiles", "--service", "thegamecrafter", "--press"], ["--service", "leave out --press"]),
    (["mod13", "deck", "--service", "printplay", "--per-piece", "DIR"], ["leave out --per-piece"]),
    (["mod13", "deck", "--service", "printplay", "--bleed", "3mm"], ["leave out --bleed"]),
])
def test_a_bundle_the_service_cannot_take_is_one_line(tmp_path, cli, argv, words):
    argv = [a.replace("DIR", str(tmp_path / "out" / "img")) for a in argv]
    result = cli(*argv, "-o", tmp_path / "out" / "x.pdf")
    assert_one_line_error(result, *words, folder=tmp_path / "out")


def test_an_unknown_service_is_a_usage_error(tmp_path, cli):
    assert_one_line_error(cli("tiles", "--service", "kinkos", "-o", tmp_path / "x.pdf"), "--service", usage=True)
