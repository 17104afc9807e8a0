"""Checks of solids written independently of the code under test: closed, oriented meshes by their edges,
shells by their shared vertices, 3MF files read back by lib3mf (the 3MF Consortium's library, strict mode),
binary STL files parsed with numpy."""

import io
import re
import struct
import zipfile
from collections import Counter
from xml.etree import ElementTree

import numpy


def edge_report(vertices, triangles) -> tuple[bool, str]:
    """(True, '') when every directed edge of the triangles appears once and its reverse once: the mesh is
    closed (watertight), two-manifold and consistently oriented; else (False, what is wrong)."""
    vertices = numpy.asarray(vertices, dtype=float)
    keys = [tuple(numpy.round(v, 6)) for v in vertices]  # vertices at one place count as one
    ids = {key: i for i, key in enumerate(dict.fromkeys(keys))}
    corner = [ids[k] for k in keys]
    directed = Counter()
    for a, b, c in numpy.asarray(triangles):
        a, b, c = corner[a], corner[b], corner[c]
        if len({a, b, c}) < 3:
            return False, "a degenerate triangle"
        directed.update([(a, b), (b, c), (c, a)])
    for (a, b), count in directed.items():
        if count != 1:
            return False, f"edge {a}->{b} used {count} times"
        if directed.get((b, a)) != 1:
            return False, f"edge {a}->{b} has no opposite edge"
    return True, ""


def signed_volume(vertices, triangles) -> float:
    """The enclosed volume by the divergence theorem (positive when the triangles face outward)."""
    v = numpy.asarray(vertices, dtype=float)
    t = numpy.asarray(triangles)
    return float(numpy.einsum("ij,ij->i", v[t[:, 0]], numpy.cross(v[t[:, 1]], v[t[:, 2]])).sum() / 6)


def shells(triangles) -> int:
    """The number of connected pieces of a mesh (triangles sharing a vertex are connected)."""
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b, c in numpy.asarray(triangles).tolist():
        for other in (b, c):
            parent[find(a)] = find(other)
    return len({find(v) for tri in numpy.asarray(triangles).tolist() for v in tri})


def read_3mf(path):
    """A 3MF read by lib3mf in strict mode: (model, warnings). Raises on any error."""
    import lib3mf

    model = lib3mf.get_wrapper().CreateModel()
    reader = model.QueryReader("3mf")
    reader.SetStrictModeActive(True)
    reader.ReadFromFile(str(path))
    return model, [reader.GetWarning(k) for k in range(reader.GetWarningCount())]


def mesh_objects(model) -> list:
    """Every mesh object of a lib3mf model."""
    objects, iterator = [], model.GetMeshObjects()
    while iterator.MoveNext():
        objects.append(iterator.GetCurrentMeshObject())
    return objects


def object_arrays(mesh_object) -> tuple[numpy.ndarray, numpy.ndarray]:
    """(vertices, triangles) of a lib3mf mesh object."""
    vertices = numpy.array([v.Coordinates[0:3] for v in mesh_object.GetVertices()], dtype=float)
    triangles = numpy.array([t.Indices[0:3] for t in mesh_object.GetTriangleIndices()], dtype=int)
    return vertices, triangles


def build_items(model) -> list:
    """Every build item of a lib3mf model."""
    items, iterator = [], model.GetBuildItems()
    while iterator.MoveNext():
        items.append(iterator.GetCurrent())
    return items


def slicer_config(path) -> ElementTree.Element:
    """The PrusaSlicer model config of a 3MF (its parts and their extruders), parsed."""
    with zipfile.ZipFile(path) as archive:
        return ElementTree.fromstring(archive.read("Metadata/Slic3r_PE_model.config"))


def read_stl(data: bytes) -> tuple[str, numpy.ndarray, numpy.ndarray]:
    """(header, normals (n, 3), corners (n, 3, 3)) of a binary STL, checking its length."""
    header = data[:80].decode("ascii")
    (count,) = struct.unpack("<I", data[80:84])
    assert len(data) == 84 + 50 * count, (len(data), count)
    records = numpy.frombuffer(data[84:], dtype=numpy.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]))
    return header, records["n"].astype(float), records["v"].astype(float)


def stl_mesh(data: bytes) -> tuple[numpy.ndarray, numpy.ndarray]:
    """The STL's triangles as (vertices, triangles), one vertex per corner (edge_report merges equal ones)."""
    _header, _normals, corners = read_stl(data)
    return corners.reshape(-1, 3), numpy.arange(len(corners) * 3).reshape(-1, 3)


def png_pixels(data: bytes) -> numpy.ndarray:
    """The RGB pixels of a PNG."""
    from PIL import Image

    return numpy.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


_WORD = re.compile(r"([A-Z])(-?[0-9]*\.?[0-9]+)")


def extrusion_segments(gcode: str) -> list[tuple[tuple[float, float], tuple[float, float], str]]:
    """Every extruding move of a G-code file as ((x0, y0), (x1, y1), feature): G0/G1 moves that push filament
    (E grows under M82, the default, or is positive under M83; G92 resets E), with the feature of the last
    ';TYPE:' comment (the skirt is 'Skirt/Brim'). Arcs (G2/G3) are refused: the check would not see them."""
    x = y = e = 0.0
    relative, feature, segments = False, "", []
    for line in gcode.splitlines():
        code, _, comment = line.partition(";")
        if comment.startswith("TYPE:"):
            feature = comment[5:].strip()
        words = dict(_WORD.findall(code.strip().upper()))
        command = code.split()[0].upper() if code.split() else ""
        if command in ("M82", "M83"):
            relative = command == "M83"
        elif command == "G92" and "E" in words:
            e = float(words["E"])
        elif command in ("G2", "G3") and "E" in words:
            raise ValueError(f"an arc move, which this check does not follow: {line}")
        elif command in ("G0", "G1", "G00", "G01"):
            nx, ny = float(words.get("X", x)), float(words.get("Y", y))
            pushed = "E" in words and (float(words["E"]) > 0 if relative else float(words["E"]) > e)
            if "E" in words and not relative:
                e = float(words["E"])
            if pushed and (nx, ny) != (x, y):
                segments.append(((x, y), (nx, ny), feature))
            x, y = nx, ny
    return segments


def extents(segments) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of the segments' ends."""
    xs = [p[0] for s in segments for p in s[:2]]
    ys = [p[1] for s in segments for p in s[:2]]
    return min(xs), min(ys), max(xs), max(ys)


def off_the_bed(segments, bed: tuple[float, float]) -> list:
    """The extruding moves with an end outside a bed of (width, depth) mm whose corner is at the origin."""
    return [s for s in segments if any(not (0 <= px <= bed[0] and 0 <= py <= bed[1]) for px, py in s[:2])]
