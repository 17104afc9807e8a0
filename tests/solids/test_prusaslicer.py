"""A real slicer reads the files as they are: PrusaSlicer's command line slices one plate of the 3MF (two
extruders: the text's part prints with the second) and an STL, unattended, with no error and no repair."""

import re
import subprocess

import pytest

from tool_helpers import require_tool

BED = ["--bed-shape", "0x0,120x0,120x120,0x120"]
REPAIRS = ("degenerate_facets", "edges_fixed", "facets_removed", "facets_reversed", "backwards_edges")


pytestmark = pytest.mark.slow  # a real slicer: seconds a test


@pytest.fixture(scope="module")
def slicer():
    """PrusaSlicer's command line (a skip when it is missing; a failure in CI)."""
    return require_tool("prusa-slicer")


def run(slicer, *argv, timeout=300):
    return subprocess.run([slicer, "--loglevel", "1", *map(str, argv)], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def info(slicer, path) -> list[dict]:
    """PrusaSlicer's report of each object of a file: {key: value}."""
    result = run(slicer, "--info", path)
    assert result.returncode == 0, result.stderr
    objects = []
    for line in result.stdout.splitlines():
        if re.fullmatch(r"\[[^\]]+\]", line) and not re.match(r"\[\d{4}-", line):  # "[file.3mf]", not a log line
            objects.append({})
        elif "=" in line and objects:
            key, value = (part.strip() for part in line.split("=", 1))
            objects[-1][key] = value
    return objects


def assert_clean(objects, count, parts=None):
    assert len(objects) == count
    for found in objects:
        assert found["manifold"] == "yes", found
        assert not set(REPAIRS) & set(found), found
        assert float(found["volume"]) > 0
        if parts is not None:
            assert int(found["number_of_parts"]) == parts


def slice_to_gcode(slicer, path, gcode, *extra):
    result = run(slicer, "--export-gcode", path, "--output", gcode, *BED, "--dont-arrange", *extra)
    assert result.returncode == 0, result.stderr + result.stdout
    assert "error" not in result.stderr.lower(), result.stderr
    return gcode.read_text()


def test_prusaslicer_slices_a_3mf_plate_with_its_text_on_the_second_extruder(slicer, tmp_path, cli):
    assert cli("pieces3d", "--modulus", "3", "--copies", "1", "--markers", "9", "--bed", "120x120mm",
               "-o", tmp_path / "set.3mf").status == 0
    plate = tmp_path / "set-1.3mf"
    assert_clean(info(slicer, plate), 3, parts=2)  # three tiles, each its body and its number
    gcode = slice_to_gcode(slicer, plate, tmp_path / "set-1.gcode", "--nozzle-diameter", "0.4,0.4")
    assert re.search(r"^T1\b", gcode, re.MULTILINE)  # the numbers print with the second extruder
    assert re.search(r"^T0\b", gcode, re.MULTILINE)


def test_prusaslicer_slices_an_stl_plate(slicer, tmp_path, cli):
    assert cli("pieces3d", "--modulus", "3", "--copies", "1", "--bed", "120x120mm", "--number", "inlay",
               "-o", tmp_path / "set.stl").status == 0
    bodies = tmp_path / "set-filament1.stl"
    assert_clean(info(slicer, bodies), 1, parts=3)  # one file, three tile bodies
    gcode = slice_to_gcode(slicer, bodies, tmp_path / "bodies.gcode")
    assert ";LAYER_CHANGE" in gcode


def test_prusaslicer_reads_the_printed_rack(slicer, tmp_path, cli):
    assert cli("rack", "-o", tmp_path / "rack.3mf", "--copies", "2").status == 0
    assert_clean(info(slicer, tmp_path / "rack.3mf"), 2, parts=1)
