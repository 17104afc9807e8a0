"""Shaded pictures of solids, drawn on the server with numpy: no GPU, no browser 3D, a PNG at the end.

The meshes are seen from above and in front (an orthographic camera), each triangle lit by one light
and a little ambient light (flat shading, so that a face's edges stay crisp), hidden faces removed by a
depth buffer. Triangles are split along their longest edge until every edge is short on screen, so that
the pixels tested stay close to the pixels covered; the picture is drawn at twice its size and reduced,
which smooths the edges. Deterministic: the same meshes give the same bytes.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass

import numpy

from modlinseq_print.solids.mesh import Mesh

SUPERSAMPLE = 2
MAX_EDGE = 24.0  # pixels: triangles are split until no edge is longer on screen
CHUNK_PIXELS = 2_000_000  # pixels tested at once (bounded memory)
BACKGROUND = (246, 246, 243)
LIGHT = numpy.array([-0.3, 0.35, 0.89])  # camera space: from the upper left, in front
AMBIENT = 0.38
MAX_SIDE = 4000  # pixels


@dataclass(frozen=True)
class View:
    """The camera: turned `azimuth` degrees about the vertical, looking down `elevation` degrees."""

    azimuth: float = -25.0
    elevation: float = 50.0


def _camera(view: View) -> numpy.ndarray:
    """The rows of the world-to-camera rotation: screen right, screen up, towards the viewer."""
    a, e = math.radians(view.azimuth), math.radians(view.elevation)
    right = numpy.array([math.cos(a), math.sin(a), 0.0])
    towards = numpy.array([math.sin(a) * math.cos(e), -math.cos(a) * math.cos(e), math.sin(e)])
    up = numpy.cross(towards, right)
    return numpy.array([right, up, towards])


def _triangles(items) -> tuple[numpy.ndarray, numpy.ndarray]:
    """All triangles' corners (n, 3, 3) and their colours (n, 3) as 0-255 floats."""
    corners, colours = [], []
    for mesh, colour in items:
        rgb = numpy.array([int(colour[k:k + 2], 16) for k in (1, 3, 5)], dtype=numpy.float64)
        corners.append(mesh.vertices[mesh.triangles])
        colours.append(numpy.broadcast_to(rgb, (len(mesh.triangles), 3)))
    return numpy.concatenate(corners), numpy.concatenate(colours)


def _shade(corners: numpy.ndarray, colours: numpy.ndarray, rotation: numpy.ndarray):
    """Camera-space corners and shaded colours of the triangles that face the camera."""
    normals = numpy.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    lengths = numpy.linalg.norm(normals, axis=1)
    keep = lengths > 1e-12
    normals = normals[keep] / lengths[keep, None]
    seen = normals @ rotation[2] > 1e-9
    light = LIGHT / numpy.linalg.norm(LIGHT)
    lit = AMBIENT + (1 - AMBIENT) * numpy.clip((normals[seen] @ rotation.T) @ light, 0.0, 1.0)
    return corners[keep][seen] @ rotation.T, colours[keep][seen] * lit[:, None]


def _split_long(points: numpy.ndarray, colours: numpy.ndarray, limit: float):
    """Triangles (screen x, y, depth) split at the middle of their longest edge until every edge is at most
    `limit` pixels long."""
    done_points, done_colours = [], []
    while len(points):
        edges = numpy.stack([points[:, (k + 1) % 3, :2] - points[:, k, :2] for k in range(3)], axis=1)
        lengths = numpy.linalg.norm(edges, axis=2)
        longest = lengths.argmax(axis=1)
        short = lengths.max(axis=1) <= limit
        done_points.append(points[short])
        done_colours.append(colours[short])
        points, colours, longest = points[~short], colours[~short], longest[~short]
        rows = numpy.arange(len(points))
        a, b, c = (points[rows, (longest + k) % 3] for k in range(3))
        middle = (a + b) / 2
        points = numpy.concatenate([numpy.stack([a, middle, c], axis=1), numpy.stack([middle, b, c], axis=1)])
        colours = numpy.concatenate([colours, colours])
    return numpy.concatenate(done_points), numpy.concatenate(done_colours)


def _rasterise(points: numpy.ndarray, colours: numpy.ndarray, width: int, height: int) -> numpy.ndarray:
    """An image (height, width, 3) of the triangles, the nearest one at each pixel."""
    depth = numpy.full(width * height, -numpy.inf, dtype=numpy.float32)
    image = numpy.empty((width * height, 3), dtype=numpy.float32)
    image[:] = BACKGROUND
    x0 = numpy.floor(points[:, :, 0].min(axis=1) - 0.5).astype(numpy.int32)
    y0 = numpy.floor(points[:, :, 1].min(axis=1) - 0.5).astype(numpy.int32)
    spans = numpy.stack([numpy.floor(points[:, :, 0].max(axis=1) - 0.5).astype(numpy.int32) - x0 + 1,
                         numpy.floor(points[:, :, 1].max(axis=1) - 0.5).astype(numpy.int32) - y0 + 1], axis=1)
    local = points.copy()  # each triangle from its box's corner: small numbers keep float32 exact enough
    local[:, :, 0] -= x0[:, None]
    local[:, :, 1] -= y0[:, None]
    local = local.astype(numpy.float32)
    for (span_x, span_y) in numpy.unique(spans, axis=0):  # triangles of one box size are tested together
        group = numpy.nonzero((spans[:, 0] == span_x) & (spans[:, 1] == span_y))[0]
        dx, dy = (grid.ravel() for grid in numpy.meshgrid(numpy.arange(span_x + 1, dtype=numpy.int32),
                                                           numpy.arange(span_y + 1, dtype=numpy.int32)))
        step = max(1, CHUNK_PIXELS // len(dx))
        for start in range(0, len(group), step):
            rows = group[start:start + step]
            _draw(local[rows], colours[rows], (x0[rows], y0[rows]), (dx, dy), (width, height), depth, image)
    return image.reshape(height, width, 3)


def _draw(tri, col, corner, grid, size, depth, image) -> None:
    """Test the pixels of each triangle's box (the grid from its corner; the triangles given from their box's
    corner) and keep those nearer than the depth buffer."""
    (width, height), (dx, dy) = size, grid
    px, py = corner[0][:, None] + dx, corner[1][:, None] + dy
    cx, cy = (dx.astype(numpy.float32) + 0.5)[None, :], (dy.astype(numpy.float32) + 0.5)[None, :]
    (ax, ay, az), (bx, by, bz), (qx, qy, qz) = (tri[:, k, :].T[:, :, None] for k in range(3))
    area = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax)
    w0 = ((bx - cx) * (qy - cy) - (by - cy) * (qx - cx)) / area
    w1 = ((qx - cx) * (ay - cy) - (qy - cy) * (ax - cx)) / area
    w2 = 1 - w0 - w1
    inside = (w0 >= -1e-6) & (w1 >= -1e-6) & (w2 >= -1e-6) & (px >= 0) & (py >= 0) & (px < width) & (py < height)
    which = numpy.nonzero(inside)
    pixel = (py * width + px)[which]
    z = (w0 * az + w1 * bz + w2 * qz)[which].astype(numpy.float32)  # compared with the buffer's own values
    numpy.maximum.at(depth, pixel, z)
    nearest = z >= depth[pixel]
    image[pixel[nearest]] = col[which[0][nearest]]


def render_png(items: list[tuple[Mesh, str]], width: int = 800, height: int = 600, view: View = View()) -> bytes:
    """A PNG of the meshes (each with a colour '#rrggbb'), fitted to width x height pixels with a margin."""
    from PIL import Image  # lazily: only pictures need it (Pillow comes with reportlab)

    width, height = (max(16, min(MAX_SIDE, int(side))) for side in (width, height))
    corners, colours = _triangles(items)
    rotation = _camera(view)
    points, shades = _shade(corners, colours, rotation)
    big_w, big_h = width * SUPERSAMPLE, height * SUPERSAMPLE
    flat = points.reshape(-1, 3)
    low, high = flat[:, :2].min(axis=0), flat[:, :2].max(axis=0)
    scale = 0.92 * min(big_w / max(high[0] - low[0], 1e-9), big_h / max(high[1] - low[1], 1e-9))
    centre = (low + high) / 2
    screen = points.copy()
    screen[:, :, 0] = (points[:, :, 0] - centre[0]) * scale + big_w / 2
    screen[:, :, 1] = big_h / 2 - (points[:, :, 1] - centre[1]) * scale
    screen, shades = _split_long(screen, shades, MAX_EDGE)
    image = _rasterise(screen, shades, big_w, big_h)
    picture = Image.fromarray(numpy.clip(image, 0, 255).astype(numpy.uint8), "RGB")
    picture = picture.resize((width, height), Image.Resampling.BOX)
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    return buffer.getvalue()
