"""The solid kernel: the only module that imports manifold3d (an optional extra, imported lazily).

Outlines are lists of (x, y) points in millimetres, y upward, z upward from the print bed. A region is a
manifold3d CrossSection (filled by the nonzero rule, as TrueType glyphs are); a solid is a manifold3d
Manifold, which is always closed and manifold, so every boolean of two solids is a printable solid too.
"""

from __future__ import annotations

from typing import Any, Protocol

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.solids.mesh import Mesh

INSTALL_HINT = "in a checkout: .venv/bin/pip install -e '.[3d]'; with pipx: pipx install '.[3d]'"
STROKE_LIMIT = 3.0  # mm: strokes are measured up to this width (the widest nozzle is 1.2 mm)
STROKE_STEPS = 8  # halvings of the search for the thinnest stroke: 3 mm / 2**8, about 0.01 mm
DRAWN = 0.95  # the share of a text's area a nozzle-wide pen must reach


class Region(Protocol):
    """What this module asks of a region (a manifold3d CrossSection; manifold3d ships no type information)."""

    def __sub__(self, other: Region) -> Region: ...

    def offset(self, delta: float, join_type: Any, miter_limit: float = 2.0) -> Region: ...

    def is_empty(self) -> bool: ...

    def area(self) -> float: ...

    def to_polygons(self) -> list[list[tuple[float, float]]]: ...


class SolidsUnavailable(ModlinseqError):
    """3D output was asked for but manifold3d, its optional extra, is not installed."""


def manifold3d():
    """The manifold3d module, or a one-line SolidsUnavailable naming the extra to install."""
    try:
        import manifold3d as module  # lazily: an optional extra
    except ImportError:
        raise SolidsUnavailable("3D output needs manifold3d, an optional extra: install it beside the tool "
                                f"({INSTALL_HINT})") \
            from None
    return module


def region(contours) -> Region:
    """The region filled by closed contours (lists of (x, y)) by the nonzero rule: holes wind the other way."""
    m3d = manifold3d()
    return m3d.CrossSection([list(map(tuple, c)) for c in contours if len(c) >= 3], m3d.FillRule.NonZero)


def region_with_holes(outline, holes) -> Region:
    """The region inside `outline` and outside every hole, whichever way each winds."""
    shape = region([outline])
    for hole in holes:
        shape = shape - region([hole])
    return shape


def region_area(shape) -> float:
    """The area of a region in square millimetres."""
    return shape.area()


def region_bounds(shape) -> tuple[float, float, float, float]:
    """(min x, min y, max x, max y) of a region."""
    return tuple(shape.bounds())


def drawable(shape, radius: float, parts=None) -> bool:
    """True when a round pen of `radius` draws the region: it reaches into every separate part (`parts`, the
    region's parts when known), and what it can reach (the region shrunk by the radius, then grown by it
    again) is at least DRAWN of the area."""
    m3d = manifold3d()
    reached = shape.offset(-radius, m3d.JoinType.Round).offset(radius, m3d.JoinType.Round)
    if reached.is_empty() or reached.area() < DRAWN * shape.area():
        return False
    return not any((part ^ reached).is_empty() for part in (parts if parts is not None else shape.decompose()))


def thinnest_stroke(shape, limit: float = STROKE_LIMIT, steps: int = STROKE_STEPS) -> float:
    """The width of the thinnest stroke of a region, at most `limit`: the widest round pen that still draws
    it (see drawable), found to within limit / 2**steps. Corners and the narrow joins of strokes (ink traps)
    are what no pen reaches and are allowed for; a stroke thinner than the pen is not."""
    if shape.is_empty():
        return 0.0
    parts = shape.decompose()
    low, high = 0.0, limit / 2
    for _ in range(steps):
        middle = (low + high) / 2
        low, high = (middle, high) if drawable(shape, middle, parts) else (low, middle)
    return 2 * low


def clearance(shape, outline, limit: float, steps: int = STROKE_STEPS) -> float:
    """How far a region keeps inside a convex outline, at most `limit` (to within limit / 2**steps, never more
    than the true distance): the largest inset of the outline that still holds it."""
    m3d = manifold3d()
    full, low, high = region([outline]), 0.0, limit
    if (shape - full.offset(-limit, m3d.JoinType.Miter, 10.0)).is_empty():
        return limit
    for _ in range(steps):
        middle = (low + high) / 2
        inside = (shape - full.offset(-middle, m3d.JoinType.Miter, 10.0)).is_empty()
        low, high = (middle, high) if inside else (low, middle)
    return low


def prism(outline, thickness: float, bottom_chamfer: float = 0.0, top_chamfer: float = 0.0) -> object:
    """A convex outline extruded from z = 0 to `thickness`, its bottom and top edges cut at 45 degrees by the
    chamfers (the outline inset by the chamfer at the very bottom and top)."""
    m3d = manifold3d()
    full = region([outline])
    rings = [(full.offset(-bottom_chamfer, m3d.JoinType.Miter, 10.0), 0.0), (full, bottom_chamfer),
             (full, thickness - top_chamfer), (full.offset(-top_chamfer, m3d.JoinType.Miter, 10.0), thickness)]
    points = [(x, y, z) for ring, z in rings for polygon in ring.to_polygons() for x, y in polygon]
    return m3d.Manifold.hull_points(points)


def extrude(shape, bottom: float, top: float) -> object:
    """A region extruded from z = bottom to z = top."""
    return manifold3d().Manifold.extrude(shape, top - bottom).translate((0.0, 0.0, bottom))


def extrude_along_x(profile, length: float) -> object:
    """A profile in the (y, z) plane (points as (y, z)) extruded along x from 0 to `length`."""
    solid = manifold3d().Manifold.extrude(region([profile]), length)  # along z, profile in (x, y) = (y, z)
    return solid.transform([[0.0, 0.0, 1.0, 0.0], [1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])


def transformed(solid, matrix) -> object:
    """A solid moved by a 3 x 4 affine matrix (rows: x, y, z; the last column the translation)."""
    return solid.transform(matrix)


def box(x0: float, y0: float, z0: float, x1: float, y1: float, z1: float) -> object:
    """The axis-aligned box between two corners."""
    return manifold3d().Manifold.cube((x1 - x0, y1 - y0, z1 - z0)).translate((x0, y0, z0))


def union(solids) -> object:
    """The union of solids."""
    m3d = manifold3d()
    return m3d.Manifold.batch_boolean(list(solids), m3d.OpType.Add)


def difference(solid, cutter) -> object:
    """`solid` with `cutter` taken away."""
    return solid - cutter


def intersection(first, second) -> object:
    """The part two solids share."""
    return first ^ second


def volume(solid) -> float:
    """The volume of a solid in cubic millimetres."""
    return solid.volume()


def is_empty(solid) -> bool:
    """True for a solid with no volume."""
    return solid.is_empty()


def to_mesh(solid) -> Mesh:
    """The triangles of a solid (outward facing, shared vertices) as a Mesh."""
    import numpy

    mesh = solid.to_mesh64()
    return Mesh(numpy.asarray(mesh.vert_properties, dtype=numpy.float64)[:, :3].copy(),
                numpy.asarray(mesh.tri_verts, dtype=numpy.int64).copy())
