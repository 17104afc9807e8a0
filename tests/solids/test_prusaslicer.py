"""A real slicer reads the files as they are: PrusaSlicer's command line slices one plate of the 3MF (two
extruders: the text's part prints with the second) and an STL, unattended, with no error and no repair."""

import re
import subprocess

import pytest

from solids_helpers import extents, extrusion_segments, off_the_bed
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


SKIRT = "Skirt/Brim"


def plate_file(tmp_path, pieces, bed, plates=None):
    """The first plate of `pieces` on `bed` as a 3MF file (with `plates`, those plates instead of the planned
    ones), and the run."""
    from modlinseq_print.solids.files import PrintJob, piece_run, threemf_files
    from modlinseq_print.solids.pieces import SolidSpec, solid_look

    run = piece_run(pieces, solid_look(25.0), SolidSpec(), PrintJob(bed=bed))
    if plates is not None:
        run.plates = plates
    path, data = threemf_files(run, tmp_path / "plate.3mf", earlier=False)[0]
    path.write_bytes(data)
    return path, run


def sliced(slicer, path, bed):
    """The extruding moves of a plate sliced by PrusaSlicer with its defaults on a bed of `bed` mm."""
    shape = f"0x0,{bed[0]:g}x0,{bed[0]:g}x{bed[1]:g},0x{bed[1]:g}"
    gcode = path.with_suffix(".gcode")
    result = run(slicer, "--export-gcode", path, "--output", gcode, "--bed-shape", shape, "--dont-arrange")
    assert result.returncode == 0, result.stderr + result.stdout  # PrusaSlicer exits 0 even off the bed
    return extrusion_segments(gcode.read_text())


def test_every_extrusion_of_a_plate_skirt_included_lies_on_the_bed(slicer, tmp_path):
    from modlinseq_print.printables.tiles import tile_set
    from modlinseq_print.solids.plates import BED_EDGE, footprint

    bed = (69.0, 69.0)
    path, plan = plate_file(tmp_path, tile_set(3, 1), bed)
    segments = sliced(slicer, path, bed)
    skirt = [s for s in segments if s[2] == SKIRT]
    assert skirt and len(skirt) < len(segments)
    assert off_the_bed(segments, bed) == []
    left, front, right, back = footprint(plan.plates[0], plan.solids.look.outline)
    assert min(left, front, bed[0] - right, bed[1] - back) >= BED_EDGE - 1e-6
    sx0, sy0, sx1, sy1 = extents(skirt)
    reach = max(left - sx0, front - sy0, sx1 - right, sy1 - back)  # how far the skirt's line runs past the pieces
    assert 6.0 < reach < BED_EDGE - 1.0  # the default skirt, 6 mm out, and its line's width fit in the edge


def test_the_extrusion_check_catches_a_skirt_that_runs_off_the_bed(slicer, tmp_path):
    from modlinseq_print.printables.tiles import Piece, tile_set
    from modlinseq_print.solids.pieces import SolidError
    from modlinseq_print.solids.plates import BED_EDGE, Placed, Plate, check_fit

    bed = (60.0, 60.0)
    tight = Plate(1, False, (Placed(Piece("number", 1), 5.0 + 12.5, 30.0, 0),))  # 5 mm from the left edge
    path, plan = plate_file(tmp_path, tile_set(2, 1), bed, [tight])
    with pytest.raises(SolidError, match=f"reach 5.0 mm from the edge .* less than the {BED_EDGE:g} mm"):
        check_fit(tight, plan.solids.look.outline, bed)  # the library refuses such a plate
    segments = sliced(slicer, path, bed)
    outside = off_the_bed(segments, bed)
    assert outside and {s[2] for s in outside} == {SKIRT}  # the pieces fit: only the skirt runs off
    assert extents(outside)[0] < 0


def test_the_extrusion_check_catches_a_plate_larger_than_the_bed(slicer, tmp_path):
    from modlinseq_print.printables.tiles import tile_set

    path, _ = plate_file(tmp_path, tile_set(4, 1), (120.0, 120.0))
    outside = off_the_bed(sliced(slicer, path, (60.0, 60.0)), (60.0, 60.0))
    assert outside and {s[2] for s in outside} - {SKIRT}  # pieces too, not only the skirt


def test_every_extrusion_of_a_rack_plate_lies_on_the_bed(slicer, tmp_path, cli):
    assert cli("rack", "--hand", "8", "-o", tmp_path / "rack.3mf").status == 0  # the longest rack a 256 mm bed holds
    segments = sliced(slicer, tmp_path / "rack.3mf", (256.0, 256.0))
    assert any(s[2] == SKIRT for s in segments)
    assert off_the_bed(segments, (256.0, 256.0)) == []
    assert extents(segments)[2] - extents(segments)[0] > 230  # the rack and its skirt span most of the bed
