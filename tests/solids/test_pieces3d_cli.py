"""The pieces3d command: a preset's set on plates with its manifest and picture, STL per filament and plate,
and bad input as one line, exit status 2, no file written."""

import builtins
import json
import re

import pytest

from cli_helpers import assert_one_line_error, files_in
from solids_helpers import mesh_objects, png_pixels, read_3mf


def test_the_standard_preset_makes_its_147_pieces_on_plates_with_a_manifest(tmp_path, cli):
    result = cli("pieces3d", "--preset", "standard", "-o", tmp_path / "set.3mf", "--preview", tmp_path / "set.png")
    assert result.status == 0, result.err
    assert "147 pieces on 3 plates" in result.out and "before layer 16 (Z 3.20 mm)" in result.out
    assert files_in(tmp_path) == ["set-1.3mf", "set-2.3mf", "set-3.3mf", "set.manifest.csv", "set.manifest.json",
                                  "set.png"]
    manifest = json.loads((tmp_path / "set.manifest.json").read_text())
    assert manifest["total"] == 147
    assert manifest["totals"]["number"] == {str(v): 10 for v in range(13)}
    assert manifest["totals"]["wild"] == {"": 4} and len(manifest["totals"]["marker"]) == 13
    assert manifest["text"]["thinnest_stroke_mm"] >= manifest["text"]["nozzle_mm"] == 0.4
    plates = manifest["plates"]
    assert [p["files"] for p in plates] == [["set-1.3mf"], ["set-2.3mf"], ["set-3.3mf"]]
    assert [p["bodies"] for p in plates] == ["light", "light", "dark"]
    assert plates[0]["single_extruder"]["change"] == {"to_filament": 2, "before_layer": 16, "at_z_mm": 3.2}
    assert plates[2]["single_extruder"]["filament"] == 2  # markers start dark, then the light text
    for plate in plates:
        model, _ = read_3mf(tmp_path / plate["files"][0])
        assert len(mesh_objects(model)) == plate["pieces"] == sum(plate["holds"].values())
    csv_rows = (tmp_path / "set.manifest.csv").read_text().splitlines()
    assert csv_rows[0] == "plate,kind,value,x_mm,y_mm,rotation,count" and len(csv_rows) == 1 + 147 + 13 + 1 + 13


def test_the_picture_shows_light_tiles_with_dark_numbers(tmp_path, cli):
    assert cli("pieces3d", "--modulus", "5", "--copies", "2", "-o", tmp_path / "p.3mf", "--preview",
               tmp_path / "p.png", "--bed", "90x90mm").status == 0
    pixels = png_pixels((tmp_path / "p.png").read_bytes()).reshape(-1, 3).astype(int)
    yellow = (pixels[:, 0] > 180) & (pixels[:, 1] > 140) & (pixels[:, 2] < 120)
    dark = pixels.max(axis=1) < 60
    bed = (abs(pixels[:, 0] - pixels[:, 2]) < 40) & (pixels[:, 2] > 100) & (pixels[:, 2] < 200)
    assert yellow.mean() > 0.1 and dark.mean() > 0.005 and bed.mean() > 0.1
    assert png_pixels((tmp_path / "p.png").read_bytes()).shape == (700, 900, 3)


def test_stl_output_writes_one_file_per_filament_and_removes_stale_plates(tmp_path, cli):
    (tmp_path / "t-filament1-5.stl").write_bytes(b"an earlier run's fifth plate")
    result = cli("pieces3d", "--modulus", "3", "--copies", "1", "--markers", "9", "-o", tmp_path / "t.stl",
                 "--bed", "60x60mm")
    assert result.status == 0, result.err
    assert "removed" in result.out
    names = files_in(tmp_path)
    assert "t-filament1-5.stl" not in names
    assert {"t-filament1-1.stl", "t-filament2-1.stl", "t-filament1-2.stl", "t-filament2-2.stl"} <= set(names)


@pytest.mark.parametrize("number", ["raised", "sunk", "inlay"])
@pytest.mark.parametrize("style", ["flat", "standing"])
def test_every_style_and_number_makes_a_readable_file(tmp_path, cli, number, style):
    result = cli("pieces3d", "--modulus", "2", "--copies", "1", "--style", style, "--number", number, "--dot",
                 "-o", tmp_path / "s.3mf")
    assert result.status == 0, result.err
    model, warnings = read_3mf(tmp_path / "s.3mf")
    assert warnings == [] and len(mesh_objects(model)) == 2
    z = max(v.Coordinates[2] for o in mesh_objects(model) for v in o.GetVertices())
    expected = (3.0 if style == "flat" else 9.0) + (0.6 if number == "raised" else 0.0)
    assert z == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("argv, words", [
    (["--thickness", "0.5mm"], "thickness of 0.5 mm"),
    (["--relief", "4mm"], "thicker than the 3 mm tile"),
    (["--number", "inlay", "--relief", "2.5mm"], "leaves 0.5 mm of the 3 mm tile under it"),
    (["--thickness", "1mm", "--chamfer", "0.4mm"], "use 0 to 0.33 mm, e.g. 0.33mm"),
    (["--bed", "20x20mm"], "does not fit a 20 x 20 mm bed"),
    (["--bed", "5000x5000mm"], "out of range"),
    (["--bed", "abc"], "bad bed"),
    (["--tile-width", "5mm"], "under the 0.4 mm nozzle"),
    (["--tile-width", "12mm", "--wild", "1"], "the wild tile has strokes"),
    (["--tile-width", "300mm"], "not practical"),
    (["--nozzle", "2mm"], "nozzle width"),
    (["--spacing", "0mm"], "spacing"),
    (["--layer-height", "0mm"], "layer height"),
    (["--colors", "red"], "two colours"),
    (["--colors", "#12345,#000000"], "bad filament colour"),
    (["-o", "p.obj"], "cannot tell the format of 'p.obj' from its extension: name it .3mf or .stl, or give --format"),
    (["-o", "p.stl", "--format", "3mf"], "contradicts"),
    (["--preview", "p.jpg"], "PNG"),
    (["--copies", "100"], "at most 1000"),
    (["--modulus", "201"], "201 different faces"),
    (["--preset", "nosuchpreset"], "unknown preset"),
    (["--relief", "nan"], "relief"),
])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, cli, argv, words):
    result = cli("pieces3d", "--modulus", "13", "--copies", "1", "-o", tmp_path / "p.3mf", *argv)
    assert_one_line_error(result, words, folder=tmp_path)


def test_without_manifold3d_the_command_says_how_to_install_it(tmp_path, cli, monkeypatch):
    real_import = builtins.__import__

    def no_manifold(name, *args, **kwargs):
        if name == "manifold3d":
            raise ImportError("No module named 'manifold3d'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_manifold)
    for argv in (["pieces3d", "-o", tmp_path / "p.3mf"], ["rack", "-o", tmp_path / "r.3mf"],
                 ["rack", "-o", tmp_path / "r.svg", "--preview", tmp_path / "r.png"]):
        assert_one_line_error(cli(*argv), "in a checkout: .venv/bin/pip install -e '.[3d]'", folder=tmp_path)
    assert cli("rack", "-o", tmp_path / "r.svg").status == 0  # the laser-cut rack needs no solids


def test_a_bad_preset_is_refused_before_the_3d_libraries_load(tmp_path):
    """Loading manifold3d takes about half a second of CPU: a preset that cannot be read is refused first."""
    import subprocess
    import sys

    preset = tmp_path / "p.toml"
    preset.write_text("[t.a.a.a]\n" * 3_000)
    code = ("import sys; from modlinseq_print.cli import main\n"
            "try:\n    status = main(['pieces3d', '--preset', sys.argv[1], '-o', sys.argv[2]])\n"
            "except SystemExit as end:\n    status = end.code\n"
            "print(status, 'manifold3d' in sys.modules)\n")
    run = subprocess.run([sys.executable, "-c", code, str(preset), str(tmp_path / "p.3mf")], capture_output=True,
                         text=True, timeout=120)
    assert run.stdout.split() == ["2", "False"], (run.stdout, run.stderr)
    assert "names 12,000 parts of tables" in run.stderr and files_in(tmp_path) == ["p.toml"]


def test_a_failed_run_keeps_an_earlier_file(tmp_path, cli):
    earlier = tmp_path / "p.3mf"
    earlier.write_bytes(b"earlier")
    result = cli("pieces3d", "-o", earlier, "--tile-width", "5mm")
    assert_one_line_error(result, "nozzle", folder=tmp_path, keep=["p.3mf"])
    assert earlier.read_bytes() == b"earlier"


@pytest.mark.parametrize("argv", [
    ["--thickness", "1mm", "--relief", "0.4mm", "--chamfer", "0mm"],
    ["--thickness", "1mm"],
    ["--thickness", "1mm", "--chamfer", "0.33mm", "--top-chamfer", "0.33mm", "--relief", "1mm"],
    ["--thickness", "1.4mm", "--number", "sunk", "--relief", "0.4mm"],
    ["--number", "sunk", "--relief", "2mm"],
    ["--thickness", "40mm", "--relief", "5mm", "--number", "inlay", "--top-chamfer", "1.5mm"],
    ["--style", "standing", "--chamfer", "1.5mm", "--underline"],
    ["--tile-width", "5mm", "--nozzle", "0.1mm", "--bed", "30x30mm", "--spacing", "1mm"],
    ["--tile-width", "200mm", "--nozzle", "1.2mm", "--bed", "1000x1000mm", "--spacing", "50mm"],
    ["--tile-width", "1in", "--tile-shape", "house", "--layer-height", "0.05mm", "--first-layer-height", "1mm"],
    ["--layer-height", "1mm", "--first-layer-height", "0.05mm", "--colors", "#FFFFFF,#000000", "--no-zero"],
])
def test_the_ends_of_every_range_work(tmp_path, cli, argv):
    result = cli("pieces3d", "--modulus", "3", "--copies", "1", "-o", tmp_path / "e.3mf", *argv)
    assert result.status == 0, result.err
    model, warnings = read_3mf(tmp_path / "e.3mf")
    assert warnings == [] and all(o.IsManifoldAndOriented() for o in mesh_objects(model))


@pytest.mark.parametrize("argv, help_of", [
    (["pieces3d", "--style", "lying"], "pieces3d"),
    (["pieces3d", "--copies", "x"], "pieces3d"),
    (["pieces3d", "--underline", "--dot"], "pieces3d"),
    (["pieces3d", "--thickness"], "pieces3d"),
    (["rack", "--hand", "x"], "rack"),
    (["tiles", "--tile-shape", "round"], "tiles"),
    (["simulate", "--games", "x"], "simulate"),
    (["mod13", "shuffle"], "mod13"),
    (["pieces3d", "--bogus"], ""),  # unknown words are the program's to name
])
def test_argument_errors_start_as_every_other_error_does(cli, tmp_path, argv, help_of):
    result = cli(*argv)
    assert_one_line_error(result, folder=tmp_path)
    see = f"(see modlinseq-print {help_of} --help)".replace("  ", " ")
    assert result.err.startswith("modlinseq-print: error: ") and result.err.rstrip().endswith(see), result.err


def test_a_library_error_and_an_argument_error_of_pieces3d_start_alike(cli, tmp_path):
    library = cli("pieces3d", "--thickness", "0.5mm", "-o", tmp_path / "p.3mf")
    argument = cli("pieces3d", "--style", "lying", "-o", tmp_path / "p.3mf")
    assert library.err.split(":")[:2] == argument.err.split(":")[:2] == ["modlinseq-print", " error"]


@pytest.mark.parametrize("command, name", [("pieces3d", "m.3mf"), ("tiles", "m.pdf")])
def test_markers_asked_for_count_when_there_are_no_tiles(tmp_path, cli, command, name):
    result = cli(command, "--copies", "0", "--markers", "8-20", "-o", tmp_path / name)
    assert result.status == 0, result.err
    assert "13 pieces" in result.out
    manifest = json.loads((tmp_path / "m.manifest.json").read_text())
    assert manifest["total"] == 13 and sorted(map(int, manifest["totals"]["marker"])) == list(range(8, 21))
    assert set(manifest["totals"]) == {"marker"}


def test_no_tiles_and_no_markers_is_still_nothing_to_print(tmp_path, cli):
    result = cli("pieces3d", "--copies", "0", "-o", tmp_path / "p.3mf")
    assert_one_line_error(result, "nothing to print", "--copies", folder=tmp_path)


def test_the_width_advice_is_the_same_from_any_width_and_following_it_works(tmp_path, cli):
    advice = set()
    for width in ("11mm", "12mm"):
        result = cli("pieces3d", "--copies", "1", "--markers", "8-20", "--tile-width", width, "-o", tmp_path / "w.3mf")
        assert_one_line_error(result, "under the 0.4 mm nozzle", folder=tmp_path)
        advice.add(re.search(r"at least ([0-9.]+) mm", result.err).group(1))
    assert len(advice) == 1
    result = cli("pieces3d", "--copies", "1", "--markers", "8-20", "--tile-width", f"{advice.pop()}mm",
                 "-o", tmp_path / "w.3mf")
    assert result.status == 0, result.err
