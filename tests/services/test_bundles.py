"""Service bundles: a folder and a ZIP per service, their files checked against the specification table (names,
exact pixel sizes, page sizes and order, PDF/X, output intent and ink limit, slug sizes, nicks, spacing of cut
lines and the art's bleed past them, measured in the images)."""

import math
import re
import struct
import subprocess
import sys
import tomllib
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
from modlinseq_print.render.output_intents import OUTPUT_INTENTS
from modlinseq_print.render.png_resolution import png_dpi
from modlinseq_print.render.preflight import preflight
from modlinseq_print.services.bundles import zip_bytes
from modlinseq_print.services.punchout import cut_spacing
from modlinseq_print.services.specs import MM_PER_IN, SERVICES_FILE, services

CARD_SERVICES = [name for name, s in services().items() if "cards" in s.products]
PIECE_SERVICES = [name for name, s in services().items() if "pieces" in s.products]


def pixels(path):
    return struct.unpack(">II", path.read_bytes()[16:24])


def test_the_table_has_four_services_each_with_sources_and_steps_and_consistent_sizes():
    assert set(services()) == {"thegamecrafter", "drivethrucards", "printplay", "makeplayingcards"}
    for service in services().values():
        for product in service.products.values():
            assert product.sources and all(s.startswith(("https://", "http://")) for s in product.sources)
            assert len(product.steps) >= 3
            if product.method == "images":  # trim, bleed and dpi give the template's exact pixels
                assert image_frame(product.trim, product.bleed, product.dpi).pixels == product.pixels
            if product.method == "punchout":
                assert tuple(round(v * product.dpi) for v in product.slug_in) == product.pixels


#: The values of the table that are not a rule of the service (what a product is and how we describe it).
NOT_RULES = {"product", "method", "colour", "colour_notes", "sources", "steps", "cite"}
#: Values no source we read gives: Print & Play's card size and resolution (the page says so).
OUR_CHOICE = {("printplay", "cards"): {"trim_in", "dpi", "pixels"}}


def test_every_rule_in_the_table_cites_a_source_the_readme_lists():
    table = tomllib.loads(SERVICES_FILE.read_text(encoding="utf-8"))
    cited = 0
    for service in services().values():
        for product in service.products.values():
            assert set(product.cite.values()) <= set(product.sources)  # every citation is listed in the README
            rules = set(table[service.name][product.kind]) - NOT_RULES - OUR_CHOICE.get((service.name, product.kind),
                                                                                           set())
            assert rules == set(product.cite), (service.name, product.kind, rules ^ set(product.cite))
            cited += len(product.cite)
    assert cited >= 25
    punchout = services()["thegamecrafter"].products["pieces"]
    assert punchout.bleed == pytest.approx(3.175) and "community.thegamecrafter.com" in punchout.cite["bleed_in"]
    assert services()["drivethrucards"].products["cards"].output_intent == "swop"


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
    assert sorted(p.name for p in folder.iterdir()) == sorted(faces + [product.back_name, "README.txt"])
    back = Image.open(folder / product.back_name).convert("RGB")
    assert back.getpixel((0, 0)) == back.getpixel((back.size[0] - 1, back.size[1] - 1))  # the field fills the bleed


CARDS = [f"{rank}-{suit}" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")
         for suit in ("clubs", "diamonds", "hearts", "spades")]
SLUGS = ["README.txt"] + [f"slug-{n}-{side}" for n in (1, 2, 3) for side in ("back.png", "cut.svg", "front.png")]


@pytest.mark.parametrize("name, files", [
    ("thegamecrafter", [f"card-{card}.png" for card in CARDS] + ["back-1.png", "README.txt"]),
    ("makeplayingcards", [f"card-{card}.png" for card in CARDS] + ["back-1.png", "README.txt"]),
    ("printplay", [f"card-{card}-FRONT.png" for card in CARDS] + ["BACK.png", "README.txt"]),
    ("drivethrucards", ["cards.pdf", "README.txt"]),
])
def test_a_deck_bundle_holds_exactly_the_upload_files_and_a_readme(decks, name, files):
    assert len(files) == len(set(files))
    assert sorted(p.name for p in (decks / f"deck-{name}").iterdir()) == sorted(files)
    with zipfile.ZipFile(decks / f"deck-{name}.zip") as archive:
        assert sorted(archive.namelist()) == sorted(f"deck-{name}/{file}" for file in files)


@pytest.mark.parametrize("argv, folder, first_line", [
    (["mod13", "deck", "--service", "thegamecrafter"], "deck-thegamecrafter",
     "MODLINSEQ Mod 13 deck for The Game Crafter: Poker Deck"),
    (["mod13", "deck", "--service", "drivethrucards"], "deck-drivethrucards",
     "MODLINSEQ Mod 13 deck for DriveThruCards: Poker-size cards (2.5 x 3.5 in)"),
    (["mod13", "deck", "--service", "printplay"], "deck-printplay",
     "MODLINSEQ Mod 13 deck for Print & Play Productions: Poker-size cards"),
    (["mod13", "deck", "--service", "makeplayingcards"], "deck-makeplayingcards",
     "MODLINSEQ Mod 13 deck for MakePlayingCards: Poker-size custom cards"),
    (["tiles", "--service", "thegamecrafter"], "x-thegamecrafter",
     "MODLINSEQ tiles for The Game Crafter: Custom Large Punchout"),
    (["markers", "--service", "thegamecrafter"], "x-thegamecrafter",
     "MODLINSEQ modulus markers for The Game Crafter: Custom Large Punchout"),
    (["kit", "standard", "--service", "thegamecrafter"], "x-thegamecrafter",
     "MODLINSEQ: standard kit (pieces) for The Game Crafter: Custom Large Punchout"),
])
def test_the_readme_title_names_the_game_once_the_service_and_the_product(decks, tmp_path, argv, folder, first_line):
    if folder.startswith("deck-"):
        readme = decks / folder / "README.txt"
    else:
        assert main([*argv, "-o", str(tmp_path / "x.pdf")]) == 0
        readme = tmp_path / folder / "README.txt"
    line = readme.read_text(encoding="utf-8").splitlines()[0]
    assert line == first_line and line.count("MODLINSEQ") == 1


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


def icc_description(icc: bytes) -> str:
    """The text of an ICC v2 profile's description tag ('desc', textDescriptionType)."""
    count = struct.unpack(">I", icc[128:132])[0]
    for n in range(count):
        signature, offset, _ = struct.unpack(">4sII", icc[132 + 12 * n:144 + 12 * n])
        if signature == b"desc":
            length = struct.unpack(">I", icc[offset + 8:offset + 12])[0]
            return icc[offset + 12:offset + 11 + length].decode("ascii")
    return ""


def test_drivethrucards_names_the_swop_condition_and_embeds_its_profile(decks, tmp_path):
    """The DriveThruCards file is prepared for SWOP, a press file for FOGRA39 unless --output-intent says
    otherwise; the preflight command passes each."""
    swop, fogra = OUTPUT_INTENTS["swop"], OUTPUT_INTENTS["fogra39"]
    assert swop.profile != fogra.profile and len(swop.profile) > 100_000
    assert swop.profile[12:20] == b"prtrCMYK" and swop.profile[8] == 2  # an ICC v2 CMYK output profile
    assert "CGATS TR 005" in icc_description(swop.profile) and "FOGRA39" in icc_description(fogra.profile)
    deck = decks / "deck-drivethrucards" / "cards.pdf"
    assert main(["mod13", "deck", "--press", "--pdfx", "1a", "-o", str(tmp_path / "press.pdf")]) == 0
    assert main(["mod13", "deck", "--press", "--output-intent", "swop", "-o", str(tmp_path / "swop.pdf")]) == 0
    for path, intent in ((deck, swop), (tmp_path / "press.pdf", fogra), (tmp_path / "swop.pdf", swop)):
        with pikepdf.open(path) as pdf:
            (entry,) = pdf.Root.OutputIntents
            assert str(entry.OutputConditionIdentifier) == intent.identifier
            assert str(entry.RegistryName) == "http://www.color.org"
            assert str(entry.Info) == intent.info and str(entry.OutputCondition) == intent.condition
            assert entry.DestOutputProfile.read_bytes() == intent.profile
        result = subprocess.run([sys.executable, "-m", "modlinseq_print", "preflight", str(path), "--max-ink", "240"],
                                capture_output=True, text=True)  # the command, as a user runs it
        assert result.returncode == 0 and "result: PASS" in result.stdout, result.stdout + result.stderr
        assert re.search(rf"PASS +output intent +{intent.identifier},", result.stdout)
    assert swop.identifier == "CGATS TR 005" and fogra.identifier == "FOGRA39"
    readme = (decks / "deck-drivethrucards" / "README.txt").read_text()
    assert "CGATS TR 005" in readme and "US Web Coated (SWOP) v2" in readme and swop.profile_file in readme


def cut_shapes(svg_path):
    """Each piece's nicked cut line: runs of three polylines, joined back into (parts, closed outline)."""
    polylines = [[tuple(map(float, p.split(","))) for p in pts.split()]
                 for pts in re.findall(r'<polyline points="([^"]+)"', svg_path.read_text())]
    return [polylines[i:i + 3] for i in range(0, len(polylines), 3)]


@pytest.mark.parametrize("argv, count", [(["tiles"], 130),
                                         (["kit", "standard"], len(kit_pieces(load_preset("standard"))))])
def test_punchout_slugs_hold_every_piece_with_nicks_spacing_and_safe_zone(tmp_path, argv, count):
    product = services()["thegamecrafter"].products["pieces"]
    assert main([*argv, "--service", "thegamecrafter", "-o", str(tmp_path / "x.pdf")]) == 0
    folder = tmp_path / "x-thegamecrafter"
    cuts = sorted(folder.glob("slug-*-cut.svg"))
    assert sorted(folder.glob("slug-*-front.png")) and len(cuts) == len(list(folder.glob("slug-*-back.png")))
    for image in folder.glob("slug-*.png"):
        assert pixels(image) == product.pixels
    slug_w, slug_h = (v * MM_PER_IN for v in product.slug_in)
    safe, nick = (v * MM_PER_IN for v in (product.safe_in, product.nick_in))
    spacing = cut_spacing(product)  # the product's least spacing, or twice the bleed when that is more
    assert spacing == pytest.approx(max(product.spacing_in * MM_PER_IN, 2 * product.bleed)) == pytest.approx(6.35)
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
        for i, a in enumerate(outlines):  # cut lines 1/4 in apart: each piece's 1/8 in bleed stops short of the next
            near = [b for b in outlines[i + 1:] if math.dist(a[0], b[0]) < 60]
            assert all(polygons_gap(a, b) >= spacing - 0.01 for b in near)
        total += len(shapes)
    assert total == count


def art_past_the_cut(front_png, cut_svg, dpi, reach):
    """Measured in the slug's front image: from points along every edge of every cut line (a quarter, half and
    three quarters along), how far the art runs outwards, square to the edge, before the image turns white
    (the empty slug) or ends; runs still in colour after `reach` mm (where a neighbour's bleed meets this
    one) are counted apart. Returns (the distances in mm, the count of runs that met a neighbour)."""
    image = Image.open(front_png).convert("RGB")
    pixels, (width, height) = image.load(), image.size
    scale = dpi / MM_PER_IN  # pixels per mm
    runs, met = [], 0
    for parts in cut_shapes(cut_svg):
        outline = [p for part in parts for p in part]
        turn = 1 if sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1])) > 0 else -1
        for part in parts:
            for (x0, y0), (x1, y1) in zip(part, part[1:]):
                length = math.dist((x0, y0), (x1, y1))
                if length < 2:  # the short ends beside a nick
                    continue
                nx, ny = turn * (y1 - y0) / length, -turn * (x1 - x0) / length  # outwards
                for t in (0.25, 0.5, 0.75):
                    x, y = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
                    for step in range(1, math.ceil(reach * scale) + 1):
                        px, py = int((x + nx * step / scale) * scale), int((y + ny * step / scale) * scale)
                        if not (0 <= px < width and 0 <= py < height) or min(pixels[px, py]) >= 250:
                            runs.append((step - 0.5) / scale)
                            break
                    else:
                        met += 1
    return runs, met


def test_punchout_art_bleeds_an_eighth_of_an_inch_past_every_cut_line(tmp_path):
    product = services()["thegamecrafter"].products["pieces"]
    assert main(["kit", "standard", "--service", "thegamecrafter", "-o", str(tmp_path / "x.pdf")]) == 0
    folder = tmp_path / "x-thegamecrafter"
    runs, met = [], 0
    for cut in sorted(folder.glob("slug-*-cut.svg")):
        found, touching = art_past_the_cut(folder / cut.name.replace("-cut.svg", "-front.png"), cut, product.dpi,
                                           reach=2 * product.bleed + 1.0)
        runs, met = runs + found, met + touching
    assert len(runs) > 1000 and met > 1000  # free edges, and edges whose bleed meets a neighbour's
    pixel = MM_PER_IN / product.dpi
    # The bleed, measured: where the art meets the empty slug, it ends 1/8 in (3.175 mm) past the cut line, to
    # within a pixel, and nowhere nearer; where it meets a neighbour's bleed it runs on past 2 bleeds + 1 mm.
    assert min(runs) == pytest.approx(3.175, abs=pixel)
    assert max(runs) <= 3.175 + 2 * pixel
    assert "art runs 0.125 in (3.17 mm) past its cut line" in (folder / "README.txt").read_text()


@pytest.mark.parametrize("argv, words", [
    (["markers", "--service", "drivethrucards"], ["--service", "DriveThruCards", "Mod 13 deck"]),
    (["kit", "--service", "makeplayingcards"], ["--service", "MakePlayingCards"]),
    (["tiles", "--service", "thegamecrafter", "--press"], ["--service", "leave out --press"]),
    (["mod13", "deck", "--service", "printplay", "--per-piece", "DIR"], ["leave out --per-piece"]),
    (["mod13", "deck", "--service", "printplay", "--bleed", "3mm"], ["leave out --bleed"]),
    (["tiles", "--service", "thegamecrafter", "--tile-width", "12mm"],
     ["--tile-width", "Custom Large Punchout", "3.17 mm past each cut line", "at least 12.7 mm"]),
])
def test_a_bundle_the_service_cannot_take_is_one_line(tmp_path, cli, argv, words):
    argv = [a.replace("DIR", str(tmp_path / "out" / "img")) for a in argv]
    result = cli(*argv, "-o", tmp_path / "out" / "x.pdf")
    assert_one_line_error(result, *words, folder=tmp_path / "out")


def test_an_unknown_service_is_a_usage_error(tmp_path, cli):
    assert_one_line_error(cli("tiles", "--service", "kinkos", "-o", tmp_path / "x.pdf"), "--service", usage=True)
