"""Per-piece images: pixel size (trim + 2 x bleed) x dpi, the pHYs resolution, one image per distinct face."""

import csv
import struct

import pytest

from modlinseq_print.render.png_resolution import png_dpi, with_dpi
from cli_helpers import assert_one_line_error


def png_pixels(path):
    data = path.read_bytes()
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_tiles_one_png_per_distinct_face_and_back_sized_trim_plus_bleed(tmp_path, cli):
    folder = tmp_path / "pieces"
    assert cli("tiles", "-o", tmp_path / "t.pdf", "--per-piece", folder, "--modulus", "5", "--copies", "3",
               "--wild", "2", "--blockers", "1").status == 0
    rows = list(csv.DictReader(open(folder / "pieces.csv")))
    assert [(r["file"], r["side"], r["quantity"]) for r in rows] == [
        *[(f"number-{v}.png", "face", "3") for v in range(5)], ("wild.png", "face", "2"),
        ("blocker.png", "face", "1"), ("back-1.png", "back", "17"), ("back-2.png", "back", "1")]
    bleed = 25.4 / 8  # 1/8 in by default
    width, height = 25.0, float(rows[0]["trim_height_mm"])
    assert float(rows[0]["trim_width_mm"]) == 25.0 and 23 < height < 24.5 and float(rows[0]["bleed_mm"]) == 3.175
    expected = (round((width + 2 * bleed) / 25.4 * 300), round((height + 2 * bleed) / 25.4 * 300))
    assert expected == (370, 356)
    for row in rows:
        assert png_pixels(folder / row["file"]) == expected == (int(row["width_px"]), int(row["height_px"]))
        assert png_dpi((folder / row["file"]).read_bytes()) == pytest.approx((300, 300), abs=0.01)
    assert sorted(p.name for p in folder.iterdir()) == sorted([r["file"] for r in rows] + ["pieces.csv"])


def test_markers_at_a_given_dpi_and_bleed(tmp_path, cli):
    folder = tmp_path / "m"
    assert cli("markers", "-o", tmp_path / "m.pdf", "--per-piece", folder, "--range", "8-10", "--dpi", "150",
               "--bleed", "2mm", "--tile-width", "30mm").status == 0
    rows = list(csv.DictReader(open(folder / "pieces.csv")))
    assert [r["file"] for r in rows] == ["marker-8.png", "marker-9.png", "marker-10.png", "back-1.png"]
    trim_height = float(rows[0]["trim_height_mm"])
    for row in rows:
        assert png_pixels(folder / row["file"]) == (round(34 / 25.4 * 150), round((trim_height + 4) / 25.4 * 150))
        assert png_dpi((folder / row["file"]).read_bytes()) == pytest.approx((150, 150), abs=0.02)


def test_faces_differ_and_print_no_cut_line(tmp_path, cli):
    folder = tmp_path / "p"
    assert cli("tiles", "-o", tmp_path / "t.pdf", "--per-piece", folder, "--modulus", "3", "--copies", "1").status == 0
    images = [(folder / f"number-{v}.png").read_bytes() for v in range(3)]
    assert len(set(images)) == 3


def test_with_dpi_replaces_a_resolution_and_keeps_the_image():
    one = with_dpi(with_dpi(b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + bytes(17), 72), 600)
    assert one.count(b"pHYs") == 1 and png_dpi(one) == pytest.approx((600, 600), abs=0.02)


@pytest.mark.parametrize("argv, message", [
    (["--per-piece", "FILE"], "is a file"),
    (["--per-piece", "DIR", "--dpi", "0"], "resolution above 0"),
    (["--per-piece", "DIR", "--dpi", "0.01"], "0 x 0 pixels, less than one pixel a side: use --dpi 0.43 or more"),
    (["--per-piece", "DIR", "--dpi", "9000"], "more than a PNG here may have"),
])
def test_bad_per_piece_input_is_one_line(tmp_path, cli, argv, message):
    (tmp_path / "taken").write_text("x")
    argv = [a.replace("FILE", str(tmp_path / "taken")).replace("DIR", str(tmp_path / "d")) for a in argv]
    result = cli("tiles", "-o", tmp_path / "t.pdf", *argv)
    assert_one_line_error(result, message, folder=tmp_path, keep=["taken"], usage="above 0" in message)


def test_mod13_deck_one_png_per_card_and_a_back(tmp_path, cli):
    folder = tmp_path / "cards"
    assert cli("mod13", "deck", "-o", tmp_path / "deck.pdf", "--per-piece", folder, "--dpi", "100",
               "--bleed", "0.12in").status == 0
    rows = list(csv.DictReader(open(folder / "pieces.csv")))
    assert len(rows) == 53 and rows[0]["file"] == "card-A-spades.png" and rows[-1]["file"] == "back-1.png"
    assert sum(int(r["quantity"]) for r in rows if r["side"] == "face") == int(rows[-1]["quantity"]) == 52
    size = (round((63 + 2 * 3.048) / 25.4 * 100), round((88 + 2 * 3.048) / 25.4 * 100))
    for row in (rows[0], rows[25], rows[-1]):
        assert png_pixels(folder / row["file"]) == size
        assert png_dpi((folder / row["file"]).read_bytes()) == pytest.approx((100, 100), abs=0.02)
    assert (tmp_path / "deck.pdf").read_bytes().startswith(b"%PDF")


def test_mod13_deck_bleed_without_per_piece_is_one_line(tmp_path, cli):
    assert_one_line_error(cli("mod13", "deck", "-o", tmp_path / "d.pdf", "--bleed", "3mm"), "--per-piece",
                          folder=tmp_path)
