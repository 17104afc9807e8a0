"""Cutting files: kerf compensation measured from the SVG, the reference square, colours, layers and DXF."""

import csv
import math
import os
import subprocess
import sys

import pytest

from modlinseq_print.cli import main
from modlinseq_print.geometry.layout import tile_shape
from modlinseq_print.printables.cutfile import CutFileError, CutSpec, kerf_outline, parse_colour, reference_square
from modlinseq_print.render.dxf_writer import DxfUnavailable, scene_to_dxf
from modlinseq_print.render.imposition import Slot, bounding_box, place_outline
from modlinseq_print.render.scene import Polygon, Scene, Style
from modlinseq_print.render.text_metrics import text_width
from cli_helpers import assert_one_line_error
from sheet_helpers import svg_items
from tool_helpers import require_module


def line_distance(point, a, b):
    (ax, ay), (bx, by) = a, b
    return abs((bx - ax) * (ay - point[1]) - (ax - point[0]) * (by - ay)) / math.hypot(bx - ax, by - ay)


@pytest.fixture(scope="module")
def bed_cut(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cut")
    assert main(["tiles", "-o", str(folder / "sheet.pdf"), "--cut-file", str(folder / "cut.svg"),
                 "--kerf", "0.2mm", "--bed", "600x400mm"]) == 0
    return folder


def test_kerf_grows_every_edge_by_half_the_kerf(bed_cut):
    _, items = svg_items(bed_cut / "cut.svg")
    paths = [i for i in items if i["tag"] == "polygon" and i["layer"] == "cut" and len(i["points"]) == 5]
    rows = [r for r in csv.DictReader(open(bed_cut / "cut.cut.manifest.csv")) if not r["kind"].startswith("total")]
    assert len(paths) == len(rows) == 130
    outline = tile_shape(25.0)
    for path, row in zip(paths, rows):
        nominal = place_outline(outline, Slot(0, float(row["x_mm"]), float(row["y_mm"]), int(row["rotation"])))
        for k, (a, b) in enumerate(zip(nominal, nominal[1:] + nominal[:1])):
            c, d = path["points"][k], path["points"][(k + 1) % 5]
            # both ends of the cut edge lie 0.1 mm (half the 0.2 mm kerf) outside the nominal edge
            assert line_distance(c, a, b) == pytest.approx(0.1, abs=0.002)
            assert line_distance(d, a, b) == pytest.approx(0.1, abs=0.002)
        assert bounding_box(path["points"]).width > 25.0


def test_cut_layer_is_red_hairline_and_engrave_layer_black(bed_cut):
    _, items = svg_items(bed_cut / "cut.svg")
    cut = [i for i in items if i["layer"] == "cut"]
    assert cut and all(i["tag"] == "polygon" and i["stroke"] == "#ff0000" and i["stroke-width"] == "0.025"
                       and i["fill"] == "none" for i in cut)
    engraved = [i for i in items if i["layer"] == "engrave"]
    assert all(i["fill"] == "#000000" for i in engraved)
    numbers = [i["text"] for i in engraved if i["tag"] == "text" and i["text"].isdigit()]
    assert len(numbers) == 130 and sorted(set(numbers), key=int) == [str(v) for v in range(13)]


def test_reference_square_is_20_mm_plus_kerf_and_labelled_inside(bed_cut):
    _, items = svg_items(bed_cut / "cut.svg")
    squares = [i["points"] for i in items if i["layer"] == "cut" and len(i["points"]) == 4]
    assert len(squares) == 1
    box = bounding_box(squares[0])
    assert box.width == pytest.approx(20.2, abs=0.001) and box.height == pytest.approx(20.2, abs=0.001)
    labels = [i for i in items if i["tag"] == "text" and i["layer"] == "engrave" and "mm" in i["text"]]
    assert {i["text"] for i in labels} == {"20 mm", "kerf 0.2 mm"}
    for label in labels:  # inside the square
        assert box.x < label["x"] < box.right and box.y < label["y"] < box.bottom


@pytest.mark.parametrize("side", [5.0, 20.0, 100.0])
def test_reference_labels_fit_inside_their_square(side):
    path, labels = reference_square(0.0, 0.0, CutSpec(kerf=0.15, reference_side=side))
    assert bounding_box(path.points).width == pytest.approx(side + 0.15)
    for label in labels:
        assert text_width(label.text, label.font, label.size) <= 0.8 * side + 1e-9
        assert label.size * 2 < side and 0 < label.y < side


def test_reference_size_is_configurable(tmp_path, cli):
    assert cli("tiles", "-o", tmp_path / "s.pdf", "--cut-file", tmp_path / "c.svg", "--cut-mode", "bed",
               "--reference-size", "1in", "--kerf", "0.1mm").status == 0
    _, items = svg_items(tmp_path / "c-1.svg")
    square = next(i["points"] for i in items if i["layer"] == "cut" and len(i["points"]) == 4)
    assert bounding_box(square).width == pytest.approx(25.4 + 0.1, abs=0.001)


def test_cut_file_pages_each_get_a_reference_and_colours_are_configurable(tmp_path, cli):
    assert cli("tiles", "-o", tmp_path / "s.pdf", "--cut-file", tmp_path / "c.svg", "--cut-mode", "bed",
               "--cut-color", "0,0,255", "--engrave-color", "#00AA00", "--no-engrave").status == 0
    pages = sorted(tmp_path.glob("c-*.svg"))
    assert len(pages) == 2
    total = 0
    for page in pages:
        _, items = svg_items(page)
        assert sum(len(i["points"]) == 4 for i in items if i["layer"] == "cut") == 1
        assert {i["stroke"] for i in items if i["layer"] == "cut"} == {"#0000ff"}
        assert not [i for i in items if i["layer"] == "engrave" and i["text"] and i["text"].isdigit()]
        total += sum(len(i["points"]) == 5 for i in items if i["layer"] == "cut")
    assert total == 130


def test_dxf_holds_the_cut_paths_on_a_red_aci_1_layer_with_extents(tmp_path, cli):
    ezdxf = require_module("ezdxf", "dxf")
    out = tmp_path / "tiles.dxf"
    assert cli("tiles", "-o", out, "--kerf", "0.15mm", "--bed", "600x400mm").status == 0
    document = ezdxf.readfile(out)
    lines = list(document.modelspace())
    assert len(lines) == 131 and {e.dxftype() for e in lines} == {"LWPOLYLINE"}
    # the layer's own colour is ACI 1 (red), no true colour; the entities take their colour BYLAYER
    layer = document.layers.get("CUT")
    assert layer.dxf.color == 1 and not layer.has_dxf_attrib("true_color")
    assert all(e.closed and e.dxf.layer == "CUT" and e.dxf.color == 256 and not e.has_dxf_attrib("true_color")
               for e in lines)
    square = next(e for e in lines if len(e) == 4)
    xs = [p[0] for p in square.get_points()]
    assert max(xs) - min(xs) == pytest.approx(20.15, abs=1e-6)
    assert document.header["$INSUNITS"] == 4
    points = [p[:2] for e in lines for p in e.get_points()]
    low, high = document.header["$EXTMIN"], document.header["$EXTMAX"]
    assert low[0] == pytest.approx(min(x for x, _ in points)) and high[1] == pytest.approx(max(y for _, y in points))
    assert 5.0 <= low[0] and high[0] <= 595.0 and 5.0 <= low[1] and high[1] <= 395.0
    again = tmp_path / "again.dxf"
    assert cli("tiles", "-o", again, "--kerf", "0.15mm", "--bed", "600x400mm").status == 0
    assert out.read_bytes() == again.read_bytes()  # no timestamps, no random GUIDs
    assert (tmp_path / "tiles.cut.manifest.json").exists()


def test_dxf_without_ezdxf_is_a_clear_one_line_error(tmp_path, monkeypatch, cli):
    monkeypatch.setitem(sys.modules, "ezdxf", None)
    scene = Scene(10, 10)
    scene.add(Polygon(((0, 0), (1, 0), (1, 1)), Style()), "cut")
    with pytest.raises(DxfUnavailable, match="pip install"):
        scene_to_dxf(scene)
    result = cli("tiles", "-o", tmp_path / "t.pdf", "--cut-file", tmp_path / "c.dxf")
    assert_one_line_error(result, "ezdxf", folder=tmp_path)


def test_kerf_outline_and_spec_checks():
    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    grown = [c for point in kerf_outline(square, 0.3) for c in point]
    assert grown == pytest.approx([-0.15, -0.15, 10.15, -0.15, 10.15, 10.15, -0.15, 10.15])
    assert parse_colour("255,0,0") == "#ff0000" and parse_colour("FF0000") == "#ff0000"
    with pytest.raises(CutFileError, match="bad colour"):
        parse_colour("red-ish")
    with pytest.raises(CutFileError, match="kerf"):
        CutSpec(kerf=3.0)


def test_dxf_bytes_do_not_depend_on_the_hash_seed(tmp_path):
    """ezdxf writes the CLASS entries of the entity types in use in set order: hash seeds 1 and 4 differed."""
    outputs = []
    for seed in ("1", "4"):
        out = tmp_path / f"seed{seed}.dxf"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-m", "modlinseq_print", "markers", "--range", "8-9", "-o", str(out)],
                       env=env, check=True, capture_output=True, timeout=120)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] and b"AcDbPolyline" in outputs[0]
