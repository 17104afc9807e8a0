"""3MF and STL files read back: lib3mf (strict) sees one closed, oriented object per piece, two materials set
per triangle, the parts PrusaSlicer reads with their extruders; STL files hold every triangle of one filament
and plate; the same run gives the same bytes; plates keep pieces on the bed and apart."""

import io
import zipfile

import numpy
import pytest

from modlinseq_print.printables.markers import marker_set
from modlinseq_print.printables.tiles import Piece, tile_set
from modlinseq_print.render.imposition import place_outline, polygons_gap, Slot
from modlinseq_print.solids.files import PrintJob, piece_run, stl_files, threemf_files
from modlinseq_print.solids.pieces import SolidError, SolidSpec, solid_look
from modlinseq_print.solids.plates import BED_EDGE, Placed, Plate, check_fit, filament_change, footprint, plan_plates
from solids_helpers import (
    build_items, edge_report, mesh_objects, object_arrays, read_3mf, read_stl, signed_volume, slicer_config, stl_mesh,
)

SMALL_SET = tile_set(13, 1, wild=1, blockers=1) + marker_set(12, 13)


def small_run(number="raised", pieces=SMALL_SET, bed=(120.0, 120.0)):
    return piece_run(pieces, solid_look(25.0), SolidSpec(number=number), PrintJob(bed=bed))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """The 3MF plates of the small set, written to a folder, and their run."""
    folder = tmp_path_factory.mktemp("threemf")
    run = small_run("inlay")
    files = threemf_files(run, folder / "set.3mf")
    for path, data in files:
        path.write_bytes(data)
    return run, [path for path, data in files]


def test_lib3mf_reads_each_plate_strictly_with_one_closed_object_per_piece(written):
    run, paths = written
    assert len(paths) == len(run.plates) >= 2
    for plate, path in zip(run.plates, paths):
        model, warnings = read_3mf(path)
        assert warnings == []
        assert model.GetUnit() == 1  # millimetre (lib3mf's eModelUnit.MilliMeter)
        objects = mesh_objects(model)
        assert len(objects) == len(build_items(model)) == len(plate.placed)
        for mesh_object in objects:
            assert mesh_object.IsManifoldAndOriented()
            vertices, triangles = object_arrays(mesh_object)
            properties = numpy.array([p.PropertyIDs[0] for p in mesh_object.GetAllTriangleProperties()])
            for material in set(properties):  # each part (the body, the text) is closed on its own
                closed, why = edge_report(vertices, triangles[properties == material])
                assert closed, why
                assert signed_volume(vertices, triangles[properties == material]) > 1


def test_each_part_has_its_own_material_and_extruder(written):
    run, paths = written
    model, _ = read_3mf(paths[0])
    groups = model.GetBaseMaterialGroups()
    assert groups.MoveNext()
    group = groups.GetCurrentBaseMaterialGroup()
    colours = [group.GetDisplayColor(k) for k in group.GetAllPropertyIDs()]
    assert [(c.Red, c.Green, c.Blue) for c in colours] == [(0xff, 0xd5, 0x4f), (0x22, 0x22, 0x22)]
    config = slicer_config(paths[0])
    for mesh_object, entry in zip(mesh_objects(model), config.findall("object")):
        assert entry.get("id") == str(mesh_object.GetResourceID())
        volumes = entry.findall("volume")
        properties = [p.PropertyIDs[0] for p in mesh_object.GetAllTriangleProperties()]
        assert int(volumes[-1].get("lastid")) + 1 == mesh_object.GetTriangleCount()
        for volume in volumes:
            first, last = int(volume.get("firstid")), int(volume.get("lastid"))
            extruder = {m.get("key"): m.get("value") for m in volume.findall("metadata")}["extruder"]
            assert set(properties[first:last + 1]) == {int(extruder)}  # material k is extruder k
        if "text" in entry.find("metadata").get("value") or len(volumes) == 2:
            assert len(volumes) == 2


def test_inlaid_parts_are_flush_and_disjoint_in_the_file(written):
    run, paths = written
    model, _ = read_3mf(paths[0])
    mesh_object = mesh_objects(model)[0]
    vertices, triangles = object_arrays(mesh_object)
    properties = numpy.array([p.PropertyIDs[0] for p in mesh_object.GetAllTriangleProperties()])
    body, text = triangles[properties == 1], triangles[properties == 2]
    assert vertices[numpy.unique(text)][:, 2].max() == pytest.approx(3.0, abs=1e-4)
    assert vertices[numpy.unique(body)][:, 2].max() == pytest.approx(3.0, abs=1e-4)
    whole = run.solids.body
    total = signed_volume(vertices, body) + signed_volume(vertices, text)
    from modlinseq_print.solids import kernel

    assert total == pytest.approx(kernel.volume(whole()), rel=1e-4)


def test_pieces_sit_on_the_bed_inside_its_edge_and_apart(written):
    run, _paths = written
    outline = [(x, -y) for x, y in solid_look(25.0).outline]  # on the bed, y grows to the back
    for plate in run.plates:
        shapes = [place_outline(outline, Slot(0, p.x, p.y, p.turn)) for p in plate.placed]
        for shape in shapes:
            xs, ys = [x for x, _ in shape], [y for _, y in shape]
            assert min(xs) >= BED_EDGE - 1e-6 and max(xs) <= 120 - BED_EDGE + 1e-6
            assert min(ys) >= BED_EDGE - 1e-6 and max(ys) <= 120 - BED_EDGE + 1e-6
        for i, a in enumerate(shapes):
            for b in shapes[i + 1:]:
                assert polygons_gap(a, b) >= 3.0 - 1e-4  # centres are rounded to 0.1 um


def test_light_and_dark_bodies_get_plates_of_their_own():
    plates = plan_plates(SMALL_SET, solid_look(25.0).outline, (120.0, 120.0), 3.0)
    for plate in plates:
        kinds = {p.piece.kind in ("marker", "blocker") for p in plate.placed}
        assert kinds == {plate.dark}
    assert sum(len(p.placed) for p in plates) == len(SMALL_SET)


def test_a_bed_smaller_than_a_piece_is_refused():
    with pytest.raises(SolidError, match="does not fit a 30 x 30 mm bed"):
        plan_plates(SMALL_SET, solid_look(25.0).outline, (30.0, 30.0), 3.0)


@pytest.mark.parametrize("bed, spacing, words", [
    ((19.0, 200.0), 3.0, "out of range"), ((200.0, 1001.0), 3.0, "out of range"),
    ((200.0, 200.0), 0.5, "spacing"), ((200.0, 200.0), 51.0, "spacing"),
])
def test_beds_and_spacings_out_of_range_are_refused(bed, spacing, words):
    with pytest.raises(SolidError, match=words):
        plan_plates(SMALL_SET, solid_look(25.0).outline, bed, spacing)


def test_more_pieces_than_one_run_makes_are_refused():
    with pytest.raises(SolidError, match="at most 1000"):
        plan_plates([Piece("number", 1)] * 1001, solid_look(25.0).outline, (256.0, 256.0), 3.0)


@pytest.mark.parametrize("top, layer, first, expected", [
    (3.0, 0.2, 0.2, (3.2, 16)), (3.0, 0.3, 0.2, (3.2, 11)), (9.0, 0.2, 0.3, (9.1, 45)), (3.1, 0.2, 0.2, (3.2, 16)),
])
def test_the_filament_change_is_the_first_layer_above_the_body(top, layer, first, expected):
    height, number = filament_change(top, layer, first)
    assert (height, number) == (pytest.approx(expected[0]), expected[1])
    assert height == pytest.approx(first + (number - 1) * layer)
    assert height > top and height - layer <= top + 1e-9


def test_stl_files_hold_one_filament_of_one_plate_each(tmp_path):
    run = small_run("raised")
    files = [(p, d) for p, d in stl_files(run, tmp_path / "set.stl") if d is not None]
    names = sorted(p.name for p, _ in files)
    plates = len(run.plates)
    assert names == sorted(f"set-filament{k}-{n}.stl" for k in (1, 2) for n in range(1, plates + 1))
    counts = {1: 0, 2: 0}
    for path, data in files:
        header, normals, corners = read_stl(data)
        assert not header.startswith("solid")
        closed, why = edge_report(*stl_mesh(data))
        assert closed, (path.name, why)
        assert numpy.allclose(numpy.linalg.norm(normals, axis=1), 1.0, atol=1e-4)
        counts[int(path.name.split("filament")[1][0])] += len(corners)
    expected = {k: sum(len(part.mesh.triangles) for plate in run.plates for p in plate.placed
                       for part in run.solids.model(p.piece).parts if part.filament == k) for k in (1, 2)}
    assert counts == expected


def test_a_sunk_run_of_tiles_has_no_second_filament_file(tmp_path):
    (tmp_path / "old-filament2.stl").write_bytes(b"stale")
    run = small_run("sunk", pieces=tile_set(3, 1))
    files = stl_files(run, tmp_path / "old.stl")
    written = [p.name for p, d in files if d is not None]
    removed = [p.name for p, d in files if d is None]
    assert written == ["old-filament1.stl"] and "old-filament2.stl" in removed


def test_the_same_run_gives_the_same_bytes(tmp_path):
    first = threemf_files(small_run("raised"), tmp_path / "a.3mf")
    second = threemf_files(small_run("raised"), tmp_path / "a.3mf")
    assert [d for _, d in first] == [d for _, d in second]
    with zipfile.ZipFile(io.BytesIO(first[0][1])) as archive:
        assert archive.namelist() == ["[Content_Types].xml", "_rels/.rels", "3D/3dmodel.model",
                                      "Metadata/Slic3r_PE_model.config", "Metadata/thumbnail.png"]
        assert {info.date_time for info in archive.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_the_checks_fail_on_broken_files(tmp_path, written):
    run, paths = written
    mesh = run.solids.model(Piece("number", 0)).parts[0].mesh
    assert not edge_report(mesh.vertices, mesh.triangles[1:])[0]  # a hole
    assert not edge_report(mesh.vertices, numpy.vstack([mesh.triangles[:1, ::-1], mesh.triangles[1:]]))[0]  # flipped
    broken = tmp_path / "broken.3mf"
    with zipfile.ZipFile(paths[0]) as source, zipfile.ZipFile(broken, "w") as target:
        for name in source.namelist():
            data = source.read(name)
            if name == "3D/3dmodel.model":
                data = data.replace(b'<item objectid="2"', b'<item printable="1" objectid="2"')
            target.writestr(name, data)
    import lib3mf

    with pytest.raises(lib3mf.ELib3MFException):
        read_3mf(broken)


def test_a_plates_footprint_is_the_extent_of_its_solids(written):
    run, _paths = written
    outline = run.solids.look.outline
    for plate in run.plates:
        assert any(p.turn for p in plate.placed) or len(plate.placed) < 2  # turned pieces are measured too
        meshes = [mesh for filament in (1, 2) for mesh in run.meshes(plate, filament)]
        low = numpy.min([m.bounds[0][:2] for m in meshes], axis=0)
        high = numpy.max([m.bounds[1][:2] for m in meshes], axis=0)
        assert numpy.allclose(footprint(plate, outline), [*low, *high], atol=1e-3)


@pytest.mark.parametrize("left, refused", [(5.0, True), (BED_EDGE - 0.1, True), (BED_EDGE, False), (20.0, False)])
def test_a_plate_nearer_the_bed_edge_than_the_skirt_needs_is_refused(left, refused):
    outline = solid_look(25.0).outline
    for turn in (0, 180):
        plate = Plate(1, False, (Placed(Piece("number", 1), left + 12.5, 60.0, turn),))
        if refused:
            with pytest.raises(SolidError, match=f"reach {left:.1f} mm from the edge of the 120 x 120 mm bed, less "
                                                 f"than the {BED_EDGE:g} mm a slicer's skirt needs"):
                check_fit(plate, outline, (120.0, 120.0))
        else:
            check_fit(plate, outline, (120.0, 120.0))
            mirrored = Plate(1, False, (Placed(Piece("number", 1), 120.0 - left - 12.5, 60.0, turn),))
            check_fit(mirrored, outline, (120.0, 120.0))
