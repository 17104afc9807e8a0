"""Per-piece images fit for upload: no printed cut line on any face (checked in pixels, against a sheet that
does print it), whole-pixel sizes with the art centred, a CSV that pairs every face with its back and
quantity, and sheets that --per-piece leaves exactly as they were."""

import csv
import io

import pytest
from PIL import Image

CUT_COLOUR = (0x8D, 0x6E, 0x00)  # the green theme's tile_stroke: the printed cut line of tiles and markers


def cut_line_pixels(image: Image.Image) -> int:
    """Pixels of the cut line's colour: dark yellow with no blue (text edges over yellow keep some blue)."""
    rgb = image.convert("RGB")
    return sum(1 for r, g, b in rgb.get_flattened_data()
               if abs(r - CUT_COLOUR[0]) < 25 and abs(g - CUT_COLOUR[1]) < 25 and b < 15)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    from modlinseq_print.cli import main

    folder = tmp_path_factory.mktemp("pp")
    assert main(["tiles", "--modulus", "5", "--copies", "2", "--wild", "2", "--blockers", "1", "--markers", "8-9",
                 "-o", str(folder / "t.png"), "--dpi", "100", "--per-piece", str(folder / "img")]) == 0
    return folder


def rows(folder):
    return list(csv.DictReader(open(folder / "img" / "pieces.csv")))


def test_no_face_prints_a_cut_line_and_the_sheet_does(run):
    faces = [r["file"] for r in rows(run) if r["side"] == "face"]
    assert {"number-0.png", "wild.png", "blocker.png", "marker-8.png"} <= set(faces)
    for name in faces:
        assert cut_line_pixels(Image.open(run / "img" / name)) == 0, name
    assert cut_line_pixels(Image.open(run / "t.png")) > 500  # the printed sheet keeps its solid cut lines


def test_images_are_whole_pixels_of_trim_plus_bleed_with_the_art_centred(run):
    for row in rows(run):
        image = Image.open(run / "img" / row["file"]).convert("RGBA")
        trim_w, trim_h, bleed = (float(row[k]) for k in ("trim_width_mm", "trim_height_mm", "bleed_mm"))
        dpi = float(row["dpi"])
        expected = (round((trim_w + 2 * bleed) / 25.4 * dpi), round((trim_h + 2 * bleed) / 25.4 * dpi))
        assert image.size == expected == (int(row["width_px"]), int(row["height_px"]))
        assert min(a for *_, a in image.get_flattened_data()) == 255  # no half-covered edge row or column
        if row["side"] == "back" or row["file"] == "blocker.png":
            continue
        grey = image.convert("L").point(lambda v: 255 if v < 250 else 0)  # the printed footprint
        left, top, right, bottom = grey.getbbox()
        assert abs(left - (image.size[0] - right)) <= 1 and abs(top - (image.size[1] - bottom)) <= 1


def test_the_csv_pairs_every_face_with_its_back_and_quantity(run):
    table = rows(run)
    backs = {r["file"]: int(r["quantity"]) for r in table if r["side"] == "back"}
    pairs = [(r["file"], r["back"], int(r["quantity"])) for r in table if r["side"] == "face"]
    assert {f for f, _, _ in pairs} == {"number-0.png", "number-1.png", "number-2.png", "number-3.png",
                                        "number-4.png", "wild.png", "blocker.png", "marker-8.png", "marker-9.png"}
    tile_back = dict((f, b) for f, b, _ in pairs)["number-0.png"]
    assert dict((f, b) for f, b, _ in pairs)["wild.png"] == tile_back  # wild tiles share the tiles' back
    assert len({b for f, b, _ in pairs if f.startswith("marker")} | {tile_back}) == 2
    for back, total in backs.items():
        assert sum(q for _, b, q in pairs if b == back) == total
    assert sum(backs.values()) == 5 * 2 + 2 + 1 + 2  # every piece has one back
    assert all(b in backs for _, b, _ in pairs)


def test_per_piece_leaves_the_sheets_as_they_were(tmp_path, cli):
    assert cli("tiles", "-o", tmp_path / "a.pdf").status == 0
    assert cli("tiles", "-o", tmp_path / "b.pdf", "--per-piece", tmp_path / "img").status == 0
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    assert (tmp_path / "a.manifest.csv").read_text() == (tmp_path / "b.manifest.csv").read_text()
    assert {r["bleed_mm"] for r in csv.DictReader(io.StringIO((tmp_path / "img" / "pieces.csv").read_text()))} == \
        {"3.175"}


def test_a_resolution_that_makes_no_pixel_is_one_line(tmp_path, cli):
    from cli_helpers import assert_one_line_error

    result = cli("tiles", "-o", tmp_path / "t.pdf", "--per-piece", tmp_path / "img", "--dpi", "0.1")
    assert_one_line_error(result, "pixels", folder=tmp_path)
