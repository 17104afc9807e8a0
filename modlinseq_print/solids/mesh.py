"""Triangle meshes as values: vertices and triangles in numpy arrays, millimetres, z up; no solid kernel here."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy


@dataclass(frozen=True, eq=False)
class Mesh:
    """A triangle mesh: `vertices` (n, 3) floats in mm and `triangles` (m, 3) vertex indices, counter-clockwise
    seen from outside."""

    vertices: numpy.ndarray
    triangles: numpy.ndarray

    def moved(self, x: float = 0.0, y: float = 0.0, z: float = 0.0, turn: float = 0.0) -> "Mesh":
        """The mesh turned by `turn` degrees about the z axis, then moved by (x, y, z)."""
        angle = math.radians(turn)
        cos, sin = math.cos(angle), math.sin(angle)
        rotation = numpy.array([[cos, -sin, 0.0], [sin, cos, 0.0], [0.0, 0.0, 1.0]])
        vertices = self.vertices @ rotation.T if turn % 360 else self.vertices
        return Mesh(vertices + numpy.array([x, y, z]), self.triangles)

    def transformed(self, matrix) -> "Mesh":
        """The mesh moved by a 3 x 4 affine matrix (rows x, y, z; the last column the translation); a
        mirroring matrix turns the triangles round so that they still face outward."""
        matrix = numpy.asarray(matrix, dtype=numpy.float64)
        vertices = self.vertices @ matrix[:, :3].T + matrix[:, 3]
        flip = numpy.linalg.det(matrix[:, :3]) < 0
        return Mesh(vertices, self.triangles[:, ::-1] if flip else self.triangles)

    @property
    def bounds(self) -> tuple[numpy.ndarray, numpy.ndarray]:
        """The (min x, y, z) and (max x, y, z) corners of the mesh's box."""
        return self.vertices.min(axis=0), self.vertices.max(axis=0)

    @property
    def volume(self) -> float:
        """The enclosed volume in cubic mm (positive for a closed, outward-facing mesh)."""
        a, b, c = (self.vertices[self.triangles[:, k]] for k in range(3))
        return float(numpy.einsum("ij,ij->i", a, numpy.cross(b, c)).sum() / 6.0)

    @property
    def face_normals(self) -> numpy.ndarray:
        """The unit normal of each triangle."""
        a, b, c = (self.vertices[self.triangles[:, k]] for k in range(3))
        normals = numpy.cross(b - a, c - a)
        lengths = numpy.linalg.norm(normals, axis=1, keepdims=True)
        return normals / numpy.where(lengths == 0, 1.0, lengths)


def joined(meshes) -> Mesh:
    """One mesh holding every triangle of the given meshes (their vertices renumbered, in order)."""
    meshes = list(meshes)
    if not meshes:
        return Mesh(numpy.zeros((0, 3)), numpy.zeros((0, 3), dtype=numpy.int64))
    offsets = numpy.cumsum([0] + [len(m.vertices) for m in meshes[:-1]])
    return Mesh(numpy.concatenate([m.vertices for m in meshes]),
                numpy.concatenate([m.triangles + offset for m, offset in zip(meshes, offsets)]))


def box_mesh(low, high) -> Mesh:
    """The axis-aligned box between two corners (x, y, z) as a closed mesh facing outward."""
    (x0, y0, z0), (x1, y1, z1) = low, high
    vertices = numpy.array([(x, y, z) for z in (z0, z1) for y in (y0, y1) for x in (x0, x1)], dtype=numpy.float64)
    faces = [(0, 2, 3, 1), (4, 5, 7, 6), (0, 1, 5, 4), (2, 6, 7, 3), (0, 4, 6, 2), (1, 3, 7, 5)]
    triangles = [(a, b, c) for a, b, c, d in faces] + [(a, c, d) for a, b, c, d in faces]
    return Mesh(vertices, numpy.array(triangles, dtype=numpy.int64))
