"""The STL writer: a mesh as binary STL (little-endian, a normal per triangle), deterministic bytes."""

from __future__ import annotations

import numpy

from modlinseq_print.solids.mesh import Mesh

_TRIANGLE = numpy.dtype([("normal", "<f4", (3,)), ("corners", "<f4", (3, 3)), ("attribute", "<u2")])


def stl_bytes(mesh: Mesh, title: str) -> bytes:
    """The binary STL of a mesh: an 80-byte header holding the title, the triangle count, the triangles."""
    header = title.encode("ascii", "replace")[:80].ljust(80, b" ")
    if header.lower().startswith(b"solid"):  # a binary file must not read as ASCII STL
        header = (b"binary " + header)[:80]
    records = numpy.zeros(len(mesh.triangles), dtype=_TRIANGLE)
    records["normal"] = mesh.face_normals
    records["corners"] = mesh.vertices[mesh.triangles]
    return header + numpy.uint32(len(records)).astype("<u4").tobytes() + records.tobytes()
