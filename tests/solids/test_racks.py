"""Racks: the printed one is a closed solid its tiles fit in; the laser-cut one assembles on paper (every
finger and tab has its slot in its mate, none collide, none leave a gap), with the material thickness and
the kerf as cut; its cut files carry Cut and Engrave layers (SVG) or a CUT layer (DXF)."""

import re

import numpy
import pytest

from cli_helpers import assert_one_line_error, files_in
from modlinseq_print.printables.cutfile import CUT_LAYER, CutSpec
from modlinseq_print.printables.rack import RackSize
from modlinseq_print.printables.rack_laser import rack_cut_scenes, rack_parts
from modlinseq_print.render.imposition import bounding_box, offset_convex
from modlinseq_print.render.paper import Sheet
from modlinseq_print.solids import kernel
from modlinseq_print.solids.pieces import solid_look
from modlinseq_print.solids.rack import rack_profile, rack_solid, tiles_in_rack
from solids_helpers import edge_report, mesh_objects, png_pixels, read_3mf, stl_mesh

LOOK = solid_look(25.0)
HEIGHT = bounding_box(LOOK.outline).height


def size_for(thickness=3.0, hand=7):
    return RackSize(25.0, HEIGHT, thickness, hand)


def tiles_solid(size, corner):
    """The hand's tiles standing in the rack, as one solid."""
    meshes = [mesh for mesh, _ in tiles_in_rack(size, LOOK, corner)]
    import manifold3d

    return kernel.union([manifold3d.Manifold(manifold3d.Mesh(m.vertices.astype(numpy.float32),
                                                             m.triangles.astype(numpy.uint32))) for m in meshes])


@pytest.mark.parametrize("thickness, hand", [(3.0, 7), (9.0, 5), (1.0, 1), (3.0, 9)])
def test_the_printed_rack_is_closed_and_its_tiles_fit_its_slot(thickness, hand):
    size = size_for(thickness, hand)
    solid = rack_solid(size)
    mesh = kernel.to_mesh(solid)
    assert edge_report(mesh.vertices, mesh.triangles)[0]
    low, high = mesh.bounds
    depth = max(y for y, _ in rack_profile(size))
    assert numpy.allclose(high - low, [size.length, depth, high[2]], atol=1e-6)
    tiles = tiles_solid(size, rack_profile(size)[4])
    assert kernel.volume(kernel.intersection(solid, tiles)) == pytest.approx(0.0, abs=1e-3)
    assert mesh.vertices[:, 0].max() - (size.length - 6.0) >= 0  # room beyond the last tile


def cut_paths(scenes, placed, spec):
    """Each placed part's cut paths read back from the scenes, in the part's own coordinates:
    (part, outline path, hole paths)."""
    queues = {}
    for number, scene in enumerate(scenes):
        items = [item.points for item in scene.layer(CUT_LAYER).items]
        queues[number] = iter(items[1:] if spec.reference else items)  # each bed's reference square first
    out = []
    for item in placed:
        box = bounding_box(item.part.outline)
        queue = queues[item.bed]

        def back(points, item=item, box=box):
            return [(x - item.x + box.x, box.y + box.height - (y - item.y)) for x, y in points]

        out.append((item.part, back(next(queue)), [back(next(queue)) for _ in item.part.holes]))
    return out


def nominal_parts(scenes, placed, spec):
    """Each placed part as the laser leaves it: its cut paths less half the kerf (holes: plus half)."""
    return [(part, offset_convex(outline, -spec.kerf / 2), [offset_convex(h, spec.kerf / 2) for h in holes])
            for part, outline, holes in cut_paths(scenes, placed, spec)]


def assembled(part, outline, holes, material):
    solid = kernel.extrude(kernel.region_with_holes(outline, holes), 0.0, material)
    return kernel.transformed(solid, part.pose.matrix)


@pytest.mark.parametrize("material, kerf", [(3.0, 0.0), (3.0, 0.15), (6.0, 0.2), (1.0, 0.05), (10.0, 2.0)])
def test_every_finger_and_tab_of_the_laser_rack_has_its_slot(material, kerf):
    size = size_for()
    spec = CutSpec(kerf=kerf, gap=max(3.0, kerf))
    parts = rack_parts(size, material)
    scenes, placed = rack_cut_scenes(parts, 1, Sheet(600.0, 400.0, 5.0, "bed"), spec)
    solids = {p.number: assembled(p, o, h, material) for p, o, h in nominal_parts(scenes, placed, spec)}
    for a in solids:
        for b in solids:
            if a < b:  # no finger or tab runs into its mate: every one meets a slot
                assert kernel.volume(kernel.intersection(solids[a], solids[b])) == pytest.approx(0.0, abs=1e-3), (a, b)
    # the fingers of the ledge and the backrest fill the corner between them, leaving no gap
    band = kernel.transformed(kernel.box(0.0, -material, 0.0, size.length, 0.0, material), parts[0].pose.matrix)
    filled = kernel.volume(kernel.intersection(kernel.union([solids[1], solids[2]]), band))
    assert filled == pytest.approx(size.length * material * material, rel=1e-6)
    # each tab fills its slot in the side: the parts' volumes add up to the material of the rack
    total = sum(kernel.volume(s) for s in solids.values())
    assert kernel.volume(kernel.union(list(solids.values()))) == pytest.approx(total, rel=1e-9)
    for side in (3, 4):
        whole_side = kernel.extrude(kernel.region([parts[side - 1].outline]), 0.0, material)
        tabs = kernel.intersection(kernel.union([solids[1], solids[2]]),
                                   kernel.transformed(whole_side, parts[side - 1].pose.matrix))
        holes = sum(kernel.region_area(kernel.region([h])) for h in parts[side - 1].holes) * material
        assert kernel.volume(tabs) == pytest.approx(holes, rel=1e-6)


def test_the_laser_racks_tiles_fit_on_its_ledge_against_its_backrest():
    size, material = size_for(), 3.0
    parts = rack_parts(size, material)
    rack = kernel.union([assembled(p, p.outline, p.holes, material) for p in parts])
    tiles = tiles_solid(size, parts[0].pose.origin[1:])
    assert kernel.volume(kernel.intersection(rack, tiles)) == pytest.approx(0.0, abs=1e-3)


def test_kerf_grows_outlines_and_shrinks_slots_by_half_the_kerf_each_side():
    size, material, kerf = size_for(), 3.0, 0.2
    spec = CutSpec(kerf=kerf)
    parts = rack_parts(size, material)
    scenes, placed = rack_cut_scenes(parts, 2, Sheet(600.0, 400.0, 5.0, "bed"), spec)
    assert len(placed) == 8
    for part, outline, holes in cut_paths(scenes, placed, spec):
        assert numpy.allclose(offset_convex(outline, -kerf / 2), part.outline, atol=1e-9)  # every edge k/2 out
        if part.number in (1, 2):  # the panels are square-cornered: their box grows by the kerf
            nominal = bounding_box(part.outline)
            assert bounding_box(outline).width == pytest.approx(nominal.width + kerf, abs=1e-9)
            assert bounding_box(outline).height == pytest.approx(nominal.height + kerf, abs=1e-9)
        for hole, cut in zip(part.holes, holes):
            area = kernel.region_area(kernel.region([hole]))
            assert kernel.region_area(kernel.region([cut])) < area  # a slot is cut smaller by the kerf
            shrunk = offset_convex(hole, -kerf / 2)
            assert numpy.allclose(sorted(cut), sorted(shrunk), atol=1e-9)


def test_the_laser_files_have_cut_and_engrave_layers(tmp_path, cli):
    result = cli("rack", "-o", tmp_path / "rack.svg", "--kerf", "0.1mm", "--copies", "2", "--material", "4mm")
    assert result.status == 0, result.err
    svg = (tmp_path / "rack.svg").read_text()
    assert 'inkscape:label="Cut"' in svg and 'inkscape:label="Engrave"' in svg
    assert len(re.findall(r"<polygon", svg)) == 1 + 2 * (4 + 2 * 2)  # the square, 2 racks of 4 parts and 4 holes
    assert cli("rack", "-o", tmp_path / "rack.dxf").status == 0
    import ezdxf

    doc = ezdxf.readfile(tmp_path / "rack.dxf")
    lines = list(doc.modelspace().query("LWPOLYLINE"))
    assert {e.dxf.layer for e in lines} == {"CUT"} and all(e.closed for e in lines)
    assert len(lines) == 1 + 4 + 2 * 2
    assert doc.layers.get("CUT").color == 1


def test_the_printed_rack_file_and_pictures(tmp_path, cli):
    result = cli("rack", "-o", tmp_path / "r.3mf", "--copies", "3", "--preview", tmp_path / "r.png")
    assert result.status == 0, result.err
    model, warnings = read_3mf(tmp_path / "r.3mf")
    assert warnings == [] and len(mesh_objects(model)) == 3
    assert all(o.IsManifoldAndOriented() for o in mesh_objects(model))
    pixels = png_pixels((tmp_path / "r.png").read_bytes())
    assert (pixels.max(axis=2) < 60).mean() > 0.002  # the numbers of the tiles in it
    assert cli("rack", "-o", tmp_path / "l.svg", "--preview", tmp_path / "l.png").status == 0
    assert png_pixels((tmp_path / "l.png").read_bytes()).shape == (700, 900, 3)


@pytest.mark.parametrize("argv, words", [
    (["--hand", "0"], "1 to 30 tiles"),
    (["--hand", "31"], "1 to 30 tiles"),
    (["--hand", "12"], "more than a 256 x 256 mm bed holds"),
    (["--copies", "0"], "1 to 20"),
    (["--copies", "21"], "1 to 20"),
    (["--thickness", "50mm"], "use 1 to 40 mm"),
    (["-o", "r.svg", "--material", "0.5mm"], "0.5 mm thick"),
    (["-o", "r.svg", "--material", "11mm"], "1 to 10 mm"),
    (["-o", "r.svg", "--kerf", "3mm"], "kerf"),
    (["-o", "r.svg", "--bed", "150x150mm"], "does not fit"),
    (["-o", "r.dxf", "--cut-color", "pink"], "bad colour"),
    (["-o", "r.pdf"], "name it .3mf, .stl, .svg or .dxf, or give --format"),
    (["-o", "r.svg", "--format", "dxf"], "contradicts"),
    (["--preview", "r.svg"], "PNG"),
    (["--tile-width", "1m"], "bad tile width"),
    (["--kerf", "0.1mm"], "--kerf is an option of the laser-cut rack"),
    (["-o", "r.stl", "--no-reference"], "--no-reference is an option of the laser-cut rack"),
    (["-o", "r.svg", "--bed", "9000x9000mm"], "too large"),
    (["--bed", "2000x2000mm"], "out of range"),
])
def test_bad_rack_input_is_one_line_exit_2_and_no_file(tmp_path, cli, argv, words):
    if "-o" not in argv:
        argv = ["-o", "r.3mf", *argv]
    argv = [str(tmp_path / a) if a.startswith("r.") else a for a in argv]
    assert_one_line_error(cli("rack", *argv), words, folder=tmp_path)
    assert files_in(tmp_path) == []


def test_the_assembly_check_catches_fingers_without_slots():
    from dataclasses import replace

    from modlinseq_print.printables.rack_laser import panel_outline

    size, material = size_for(), 3.0
    parts = rack_parts(size, material)
    back = parts[1]
    wrong = replace(back, outline=panel_outline(size.length, size.back_height, material, 0, (back.outline[0][1], 1)))
    ledge = assembled(parts[0], parts[0].outline, [], material)
    clash = kernel.volume(kernel.intersection(ledge, assembled(wrong, wrong.outline, [], material)))
    assert clash > material * material  # the backrest's fingers now sit where the ledge's are


@pytest.mark.parametrize("argv", [
    ["-o", "r.svg", "--material", "1mm", "--kerf", "0mm", "--hand", "1"],
    ["-o", "r.dxf", "--material", "10mm", "--kerf", "2mm", "--spacing", "3mm", "--no-engrave", "--no-reference"],
    ["-o", "r.svg", "--reference-size", "5mm", "--hairline", "1mm", "--cut-color", "0,0,255",
     "--engrave-color", "#00ff00"],
    ["-o", "r.svg", "--hand", "30", "--bed", "5000x400mm", "--copies", "20"],
    ["-o", "r.3mf", "--hand", "8", "--style", "standing"],
    ["-o", "r.stl", "--hand", "30", "--bed", "1000x1000mm", "--thickness", "40mm", "--tile-shape", "house"],
    ["-o", "r.3mf", "--preset", "standard-letter", "--hand", "1", "--thickness", "1mm"],
])
def test_the_ends_of_the_racks_ranges_work(tmp_path, cli, argv):
    argv = [str(tmp_path / a) if a.startswith("r.") else a for a in argv]
    result = cli("rack", *argv)
    assert result.status == 0, result.err
    assert files_in(tmp_path)


def test_racks_keep_the_skirts_room_at_the_bed_edge_or_are_refused(tmp_path, cli, monkeypatch):
    from modlinseq_print.solids import rack_files
    from modlinseq_print.solids.pieces import SolidError
    from modlinseq_print.solids.plates import BED_EDGE

    result = cli("rack", "--copies", "2", "-o", tmp_path / "rack.stl")
    assert result.status == 0, result.err
    vertices = numpy.concatenate([stl_mesh((tmp_path / name).read_bytes())[0] for name in files_in(tmp_path)])
    assert vertices[:, :2].min() >= BED_EDGE - 1e-3 and vertices[:, :2].max() <= 256 - BED_EDGE + 1e-3
    size = size_for()
    monkeypatch.setattr(rack_files, "rack_plates", lambda *args: [[(5.0 + size.length / 2, 100.0, 0)]])
    with pytest.raises(SolidError, match=f"the racks of plate 1 reach 5.0 mm from the edge .* {BED_EDGE:g} mm"):
        rack_files.rack_plate_files(size, LOOK, copies=1, bed=(256.0, 256.0), spacing=3.0,
                                    path=str(tmp_path / "r.3mf"), fmt="3mf", preview=None)
